-- Focus: a heavy blow that pushes the opponent 1 on hit (once per round).
-- TEST FIXTURE / SAMPLE CONTENT — not from any rulebook.
return {
  name = "Focus",
  props = { speed = 2, range_min = 1, range_max = 2, power = 4 },
  timing = { on_hit = { limit = 1, period = "round" } },
  on_hit = function(ctx)
    board.move("push", ctx.me, ctx.them, 1)
  end,
}
