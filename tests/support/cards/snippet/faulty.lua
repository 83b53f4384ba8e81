-- Faulty: its go handler passes a zone that does not exist, so the error names this
-- file:line, the card and the window. TEST FIXTURE.
return {
  name = "Faulty",
  go = function(ctx)
    zone.move(ctx.self, 99)
  end,
}
