-- Fires at most once per round although dispatched twice per round by remover. TEST FIXTURE.
return {
  name = "Limited",
  timing = { go = { limit = 1, period = "round" } },
  go = function(ctx)
    log.event("fired", "{e:card} fires", { card = ctx.self })
  end,
}
