-- Hole #16.8: match state written into tables file-level locals hold, nested and through a
-- metatable, and a module's own table; each match must find them as they were at load.
-- TEST FIXTURE.
local state = { inner = { n = 0 }, list = { "a", "b" } }
local inner = state.inner
return {
  name = "Table deep",
  go = function(ctx)
    print(inner.n, state.inner == inner, #state.list, getmetatable(state) == nil, state.extra)
    inner.n = inner.n + 1
    state.inner = { n = 100 }
    state.list[3] = "c"
    state.list[1] = nil
    state.extra = true
    setmetatable(state, { __index = function() return 5 end })
  end,
}
