-- Hole #16.7: scratch values (flag.set) live in the kernel, out of Lua's sight. Without a
-- charge, this keeps ten million 200-byte keys under a 64 MB cap (the keys grow in order, so
-- each one is stored at the end: the loop is not slowed by the store). TEST FIXTURE.
return {
  name = "Kernel flags",
  go = function()
    local e, pad = match.player_entity(1), string.rep("k", 200)
    for i = 1, 10000000 do flag.set(e, string.format("%s%09d", pad, i), 1) end
  end,
}
