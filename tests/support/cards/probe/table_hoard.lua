-- Hole #16.8: a handler filling a table a file-level local holds. Each match stores about
-- 40 MB there; under the 64 MB cap a second match on a host that kept the first one's
-- entries would exceed it. TEST FIXTURE.
local hoard = {}
return {
  name = "Table hoard",
  go = function(ctx)
    local s = string.rep("x", 1024)
    for i = 1, 40000 do hoard[#hoard + 1] = s .. i end
    print(#hoard)
  end,
}
