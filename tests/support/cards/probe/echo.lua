-- Logs every time it fires. TEST FIXTURE.
return {
  name = "Echo",
  go = function(ctx)
    log.event("fired", "{e:card} fires", { card = ctx.self })
  end,
}
