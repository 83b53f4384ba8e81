-- Noble Sacrifice (БЛАГОРОДНАЯ ЖЕРТВА), King Arthur x3. Rulebook card: King Arthur, value 2
-- (one rendering only), boost 3. "DURING COMBAT: You may BOOST this attack (in addition to
-- any boost from King Arthur's ability)." An attack card ("this attack").
local fx = require("unmatched.effects")

return {
  key = "unmatched/king_arthur/noble_sacrifice",
  name = "Noble Sacrifice",
  text = "you may BOOST this attack (in addition to any boost from King Arthur's ability)",
  props = { type = "attack", user = "king_arthur", value = 2, boost = 3 },
  during_combat = function(ctx)
    if ctx.attacking then fx.boost_card(ctx.player, ctx.card, "noble_sacrifice_boost") end
  end,
}
