-- Medusa's other 27 cards. SAMPLE CONTENT — not from the rulebook (the rulebook prints only
-- Aimed Shot of her 30 cards).
-- A card's `text` is its effect as printed, read aloud in the narration when it takes effect.
local fx = require("unmatched.effects")

return {
  { key = "unmatched/medusa/gaze_of_stone", name = "Gaze of Stone", text = "if you won the combat, deal 1 damage to the defender",
    props = { type = "attack", user = "medusa", value = 5, boost = 3 },
    after_combat = function(ctx) if ctx.won then fx.deal(ctx.foe, 1) end end },
  { key = "unmatched/medusa/serpent_hair", name = "Serpent Hair", props = { type = "versatile", user = "medusa", value = 3, boost = 1 } },
  { key = "unmatched/medusa/harpy_talons", name = "Harpy Talons", props = { type = "attack", user = "harpy", value = 3, boost = 1 } },
  { key = "unmatched/medusa/swooping_dive", name = "Swooping Dive", props = { type = "versatile", user = "harpy", value = 2, boost = 1 } },
  { key = "unmatched/medusa/aegis_reflection", name = "Aegis Reflection", props = { type = "defense", user = "any", value = 3, boost = 2 } },
  { key = "unmatched/medusa/hiss", name = "Hiss", text = "draw 1 card",
    props = { type = "defense", user = "any", value = 2, boost = 1 },
    after_combat = function(ctx) fx.draw(ctx.player, 1) end },
  { key = "unmatched/medusa/petrify", name = "Petrify", text = "deal 1 damage to an opposing fighter in Medusa's zone",
    props = { type = "scheme", user = "medusa", boost = 3 },
    scheme = function(ctx)
      local at, list = board.position(ctx.me), {}
      for _, f in ipairs(fx.state.enemies(ctx.player)) do
        if board.share_region(at, board.position(f)) then list[#list + 1] = f end
      end
      local f = fx.choose_fighter(ctx.player, list, "petrify", "deal 1 damage to whom?")
      if f then fx.deal(f, 1) end
    end },
  { key = "unmatched/medusa/dark_temple", name = "Dark Temple", text = "draw 2 cards",
    props = { type = "scheme", user = "any", boost = 2 },
    scheme = function(ctx) fx.draw(ctx.player, 2) end },
  { key = "unmatched/medusa/coils", name = "Coils", props = { type = "versatile", user = "any", value = 2, boost = 2 } },
  { key = "unmatched/medusa/second_glance", name = "Second Glance", props = { type = "attack", user = "medusa", value = 4, boost = 2 } },
}
