-- A handler under a window name the game does not have. TEST FIXTURE.
return { name = "Misspelt", on_hti = function(ctx) end }
