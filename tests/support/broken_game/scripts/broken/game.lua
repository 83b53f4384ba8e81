-- A game whose cards are broken on purpose, to test load errors. TEST FIXTURE.
return { name = "Broken (test fixture)", windows = { "on_hit" }, play = function(ctx) match.finish(nil, "nothing") end }
