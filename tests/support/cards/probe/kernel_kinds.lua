-- Hole #16.7 for log.kind: an event kind keeps its type, narration and field names in the
-- kernel (and interns them for the process). Without a charge, declaring kinds in a loop while
-- a match plays fills memory outside Lua's heap under a 64 MB cap. pcall must not swallow the
-- cap. TEST FIXTURE.
return {
  name = "Kernel kinds",
  go = function(ctx)
    local key = string.rep("k", 4000)
    for i = 1, 100000 do
      pcall(log.kind, "flood", "", { key .. i })
    end
  end,
}
