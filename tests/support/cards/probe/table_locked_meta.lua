-- Hole #16.8: a table reached only through a locked metatable (`__metatable` set, so
-- getmetatable cannot return it) still takes match state: `front.plays = ...` writes into
-- `store` through __newindex. It must start every match as it loaded. TEST FIXTURE.
local front
do
  local store = { plays = 0 }
  front = setmetatable({}, { __metatable = "mine", __newindex = store, __index = store })
end
return {
  name = "Table locked meta",
  go = function(ctx)
    front.plays = front.plays + 1
    print(front.plays)
  end,
}
