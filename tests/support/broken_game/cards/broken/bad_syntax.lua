-- A syntax error on line 4. TEST FIXTURE.
return {
  name = "Bad syntax",
  on_hit = function(ctx) if then end,
}
