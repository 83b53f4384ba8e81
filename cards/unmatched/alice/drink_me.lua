-- Drink Me (ВЫПЕЙ МЕНЯ), Alice x2. Rulebook card: scheme, boost 2, "Draw 2 cards. Change
-- Alice's size." The user label is read as Alice (spec C3).
local fx = require("unmatched.effects")

return {
  key = "unmatched/alice/drink_me",
  name = "Drink Me",
  text = "draw 2 cards, then change Alice's size",
  props = { type = "scheme", user = "alice", boost = 2 },
  scheme = function(ctx)
    fx.draw(ctx.player, 2)
    local alice = fx.state.find(ctx.player, "alice")
    if alice then fx.set_size(alice, fx.size(alice) == "big" and "small" or "big") end
  end,
}
