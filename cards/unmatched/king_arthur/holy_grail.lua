-- Holy Grail (СВЯТОЙ ГРААЛЬ), King Arthur x1. Rulebook card: value 1 (the "11" read as 1),
-- boost 2. "AFTER COMBAT: If King Arthur has 4 health or less but is not defeated, restore
-- his health to 8." The type and user labels are lost: read as a defense card for ANY
-- fighter of the deck (spec C7), so Merlin may defend with it too.
local fx = require("unmatched.effects")

return {
  key = "unmatched/king_arthur/holy_grail",
  name = "Holy Grail",
  text = "if King Arthur has 4 health or less but is not defeated, restore his health to 8",
  props = { type = "defense", user = "any", value = 1, boost = 2 },
  after_combat = function(ctx)
    local arthur = fx.state.find(ctx.player, "king_arthur")
    if arthur and fx.state.health(arthur) <= 4 then fx.set_health(arthur, 8) end
  end,
}
