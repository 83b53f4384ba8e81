-- A card that loads. TEST FIXTURE.
return { name = "Fine", on_hit = function(ctx) end }
