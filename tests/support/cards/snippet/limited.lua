-- Limited: fires first (priority -1) and at most once per round. TEST FIXTURE.
return {
  name = "Limited",
  kind = "relic",
  timing = { go = { priority = -1, limit = 1, period = "round" } },
  go = function(ctx)
    log.event("limited.go", "{e:card} fires", { card = ctx.self })
  end,
}
