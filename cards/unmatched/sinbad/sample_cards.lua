-- Sinbad's other 27 cards. SAMPLE CONTENT — not from the rulebook (the rulebook prints only
-- Turning Point of his 30 cards).
-- A card's `text` is its effect as printed, read aloud in the narration when it takes effect.
local fx = require("unmatched.effects")

return {
  { key = "unmatched/sinbad/scimitar", name = "Scimitar", props = { type = "attack", user = "sinbad", value = 4, boost = 2 } },
  { key = "unmatched/sinbad/seven_voyages", name = "Seven Voyages", text = "draw 2 cards",
    props = { type = "scheme", user = "sinbad", boost = 2 },
    scheme = function(ctx) fx.draw(ctx.player, 2) end },
  { key = "unmatched/sinbad/sea_legs", name = "Sea Legs", props = { type = "versatile", user = "any", value = 2, boost = 2 } },
  { key = "unmatched/sinbad/roc_feather", name = "Roc Feather", text = "move one of your fighters up to 3 spaces",
    props = { type = "scheme", user = "any", boost = 1 },
    scheme = function(ctx)
      local f = fx.choose_fighter(ctx.player, fx.state.alive(ctx.player), "roc_fighter", "move which fighter up to 3 spaces?")
      if f then fx.move.move_fighter(ctx.player, f, 3, "roc_move") end
    end },
  { key = "unmatched/sinbad/heavy_load", name = "Heavy Load", props = { type = "attack", user = "porter", value = 3, boost = 1 } },
  { key = "unmatched/sinbad/parry", name = "Parry", props = { type = "defense", user = "any", value = 3, boost = 1 } },
  { key = "unmatched/sinbad/cunning_escape", name = "Cunning Escape", text = "Sinbad may move up to 1 space",
    props = { type = "defense", user = "sinbad", value = 2, boost = 2 },
    after_combat = function(ctx)
      local s = fx.state.find(ctx.player, "sinbad")
      if s then fx.move.move_fighter(ctx.player, s, 1, "escape_move") end
    end },
  { key = "unmatched/sinbad/spoils", name = "Spoils of the Sea", text = "if you won the combat, draw 1 card",
    props = { type = "attack", user = "sinbad", value = 3, boost = 3 },
    after_combat = function(ctx) if ctx.won then fx.draw(ctx.player, 1) end end },
  { key = "unmatched/sinbad/porters_sack", name = "The Porter's Sack", props = { type = "versatile", user = "porter", value = 2, boost = 2 } },
  { key = "unmatched/sinbad/trade_winds", name = "Trade Winds", props = { type = "versatile", user = "any", value = 3, boost = 1 } },
}
