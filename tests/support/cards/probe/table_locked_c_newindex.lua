-- A red team (2026-11-30): a table behind a locked metatable whose __newindex is a C function
-- the script chose (rawequal) passed for a library's read-only front, so the host never put it
-- back, and a count in it carried from one match to the next (1, 2, 3 on one host). It must
-- start every match as it loaded. TEST FIXTURE.
local front = setmetatable({}, { __metatable = "locked", __newindex = rawequal, __index = { box = { n = 0 } } })
return {
  name = "Table locked, C newindex",
  go = function(ctx)
    local box = front.box
    box.n = box.n + 1
    print(box.n)
  end,
}
