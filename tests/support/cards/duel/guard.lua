-- Guard: +2 guard this round, no attack. TEST FIXTURE / SAMPLE CONTENT — not from any rulebook.
return {
  name = "Guard",
  props = { speed = 7, attack = false },
  on_reveal = function(ctx)
    effect.modify { target = match.player_entity(ctx.player), stat = "guard", op = "add", amount = 2,
      source = ctx.self, expires = "round" }
  end,
}
