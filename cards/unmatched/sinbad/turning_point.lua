-- Turning Point (ПЕРЕЛОМНЫЙ МОМЕНТ), Sinbad x3. Rulebook card: ANY, versatile (printed under
-- "versatile cards"), value 3, boost 1 (the "11" read as 1). "DURING COMBAT: If your fighter
-- started this turn on a different space, this card's value becomes 5." Moving away and back
-- does not count (the spaces are compared).
local fx = require("unmatched.effects")

return {
  key = "unmatched/sinbad/turning_point",
  name = "Turning Point",
  text = "if your fighter started this turn on a different space, this card's value becomes 5",
  props = { type = "versatile", user = "any", value = 3, boost = 1 },
  during_combat = function(ctx)
    local started = flag.get(ctx.me, "turn_start_space") -- a space, set when the turn began (0 = none)
    if started ~= 0 and started ~= board.position(ctx.me) then fx.set_value(ctx.card, 5) end
  end,
}
