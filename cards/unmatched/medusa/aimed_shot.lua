-- Aimed Shot (МЕТКИЙ ВЫСТРЕЛ), Medusa x3. Rulebook card text: "AFTER COMBAT: Draw 1 card."
-- Its value, boost, type and user were lost in the extraction; SAMPLE CONTENT — not from the
-- rulebook: an attack card for Medusa, value 3, boost 2.
local fx = require("unmatched.effects")

return {
  key = "unmatched/medusa/aimed_shot",
  name = "Aimed Shot",
  text = "draw 1 card",
  props = { type = "attack", user = "medusa", value = 3, boost = 2 },
  after_combat = function(ctx) fx.draw(ctx.player, 1) end,
}
