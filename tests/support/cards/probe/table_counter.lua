-- Hole #16.8: match state kept in a table a file-level local holds survives on a reused host
-- (the host cannot tell it from a definition cache); `duelbox check` finds it by playing the
-- scenario on a fresh and on a reused host. TEST FIXTURE.
local state = { plays = 0 }
return {
  name = "Table counter",
  go = function(ctx)
    state.plays = state.plays + 1
    print(state.plays)
  end,
}
