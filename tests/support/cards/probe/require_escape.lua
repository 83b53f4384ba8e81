-- Tries to require a module outside the game's folders. TEST FIXTURE.
return {
  name = "Escape",
  go = function(ctx)
    require("os")
  end,
}
