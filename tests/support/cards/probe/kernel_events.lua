-- Hole #16.7: events hold their string fields in the kernel, outside Lua's heap. Without a
-- charge, this fills the match log with a gigabyte under a 64 MB cap while Lua's own heap
-- stays small (one fields table, one string). pcall must not swallow the cap. TEST FIXTURE.
return {
  name = "Kernel events",
  go = function(ctx)
    local fields = { text = string.rep("x", 1000) }
    for _ = 1, 100 do
      pcall(function()
        for _ = 1, 10000 do
          log.event("filler", "", fields)
        end
      end)
    end
  end,
}
