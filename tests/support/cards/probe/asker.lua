-- Asks its owner a question from inside the window. TEST FIXTURE.
return {
  name = "Asker",
  go = function(ctx)
    local yes = decide { player = ctx.player, kind = "yesno", id = "asker.gain", prompt = "gain 2?" }
    local me = match.player_entity(ctx.player)
    counter.add(me, "score", yes and 2 or 0)
    log.event("answered", "{p:player} said {yes}", { player = ctx.player, yes = yes })
  end,
}
