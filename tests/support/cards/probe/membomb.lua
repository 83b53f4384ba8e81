-- Allocates without end. TEST FIXTURE.
return {
  name = "Memory bomb",
  go = function(ctx)
    local t = {}
    local s = string.rep("x", 1024)
    for i = 1, math.maxinteger do
      t[i] = s .. i
    end
  end,
}
