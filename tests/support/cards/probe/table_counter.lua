-- Hole #16.8: match state kept in a table a file-level local holds survived on a reused host
-- (1, 2, 3); the host now gives the table its load-time contents back before each match, so
-- every match prints 1 and `duelbox check`'s fresh-versus-reused run agrees. TEST FIXTURE.
local state = { plays = 0 }
return {
  name = "Table counter",
  go = function(ctx)
    state.plays = state.plays + 1
    print(state.plays)
  end,
}
