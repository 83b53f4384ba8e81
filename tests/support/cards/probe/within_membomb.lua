-- Hole #16.11: the memory cap struck inside log.within_rule was reported with no file or
-- line ("memory cap of 64 MB exceeded [card ...]"). TEST FIXTURE.
local within = log.within_rule
return {
  name = "Within memory bomb",
  go = function(ctx)
    within("step", function()
      local t, s = {}, string.rep("x", 1024)
      for i = 1, math.maxinteger do
        t[i] = s .. i
      end
    end)
  end,
}
