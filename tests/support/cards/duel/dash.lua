-- Dash: advance or retreat 2, the player chooses; no attack.
-- TEST FIXTURE / SAMPLE CONTENT — not from any rulebook. (A handler asking a decision.)
return {
  name = "Dash",
  props = { speed = 6, attack = false },
  on_reveal = function(ctx)
    local pick = decide { player = ctx.player, id = "dash.direction", prompt = "dash which way?",
      options = { "advance 2", "retreat 2" } }
    board.move(pick[1] == 1 and "advance" or "retreat", ctx.me, ctx.them, 2)
  end,
}
