-- Ping: printed data and a handler for each window of the snippet game. TEST FIXTURE.
return {
  name = "Ping",
  props = { power = 3, school = "light" },
  tags = { "attack", "fast" },
  go = function(ctx)
    log.event("ping.go", "{e:card} fires", { card = ctx.self, player = ctx.player, round = ctx.round })
  end,
  react = function(ctx)
    log.event("ping.react", "{e:card} reacts", { card = ctx.self })
  end,
}
