-- Removes its own handler the first time it fires. TEST FIXTURE.
return {
  name = "Once",
  go = function(ctx)
    log.event("fired", "{e:card} fires", { card = ctx.self })
    window.off(ctx.handler)
  end,
}
