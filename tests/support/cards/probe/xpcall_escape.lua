-- Hole #16.1: xpcall's message handler runs with hooks off after the budget error, so a
-- looping handler would hold the host for ever. TEST FIXTURE.
return {
  name = "Handler loop",
  go = function(ctx)
    xpcall(function() while true do end end, function(m) while true do end end)
  end,
}
