-- King Arthur's other 23 cards. SAMPLE CONTENT — not from the rulebook (the rulebook prints
-- only Skirmish, Noble Sacrifice and Holy Grail of his 30 cards).
-- A card's `text` is its effect as printed, read aloud in the narration when it takes effect.
local fx = require("unmatched.effects")

return {
  { key = "unmatched/king_arthur/excalibur", name = "Excalibur", props = { type = "attack", user = "king_arthur", value = 6, boost = 2 } },
  { key = "unmatched/king_arthur/round_table", name = "The Round Table", text = "draw 2 cards",
    props = { type = "scheme", user = "any", boost = 2 },
    scheme = function(ctx) fx.draw(ctx.player, 2) end },
  { key = "unmatched/king_arthur/shield_wall", name = "Shield Wall", props = { type = "defense", user = "any", value = 3, boost = 1 } },
  { key = "unmatched/king_arthur/lance_charge", name = "Lance Charge", props = { type = "versatile", user = "king_arthur", value = 4, boost = 2 } },
  { key = "unmatched/king_arthur/arcane_bolt", name = "Arcane Bolt", text = "draw 1 card",
    props = { type = "attack", user = "merlin", value = 3, boost = 1 },
    after_combat = function(ctx) fx.draw(ctx.player, 1) end },
  { key = "unmatched/king_arthur/prophecy", name = "Prophecy", text = "draw 1 card, then King Arthur recovers 1 health",
    props = { type = "scheme", user = "merlin", boost = 3 },
    scheme = function(ctx)
      fx.draw(ctx.player, 1)
      local arthur = fx.state.find(ctx.player, "king_arthur")
      if arthur then fx.heal(arthur, 1) end
    end },
  { key = "unmatched/king_arthur/lady_of_the_lake", name = "Lady of the Lake", text = "King Arthur recovers 3 health",
    props = { type = "scheme", user = "king_arthur", boost = 3 },
    scheme = function(ctx) fx.heal(ctx.me, 3) end },
  { key = "unmatched/king_arthur/tower_shield", name = "Tower Shield", props = { type = "defense", user = "any", value = 4, boost = 1 } },
  { key = "unmatched/king_arthur/knightly_guard", name = "Knightly Guard", props = { type = "defense", user = "any", value = 2, boost = 1 } },
  { key = "unmatched/king_arthur/valiant_blow", name = "Valiant Blow", props = { type = "versatile", user = "any", value = 3, boost = 1 } },
}
