-- Lunge: advance 2, then attack. TEST FIXTURE / SAMPLE CONTENT — not from any rulebook.
return {
  name = "Lunge",
  props = { speed = 3, range_min = 1, range_max = 1, power = 2 },
  on_reveal = function(ctx)
    board.move("advance", ctx.me, ctx.them, 2)
  end,
}
