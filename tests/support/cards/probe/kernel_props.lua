-- Hole #16.7: entities and their props live in the kernel. Without a charge, this makes a
-- million entities, each with a kilobyte prop, under a 64 MB cap. TEST FIXTURE.
return {
  name = "Kernel props",
  go = function(ctx)
    local pile = zone.create("pile", nil, "public")
    local big = string.rep("y", 1000)
    for i = 1, 1000000 do
      local e = entity.create{ zone = pile, name = "filler" }
      entity.set(e, "note", big)
      counter.define(e, "n", i)
    end
  end,
}
