-- Tries to climb out of the game's folders with a path. TEST FIXTURE.
return {
  name = "Climber",
  go = function(ctx)
    require("probe.../../../etc/passwd")
  end,
}
