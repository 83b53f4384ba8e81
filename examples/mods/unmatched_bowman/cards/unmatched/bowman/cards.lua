-- The Bowman's 30 cards. SAMPLE CONTENT — not from the rulebook.
local fx = require("unmatched.effects")

return {
  { key = "unmatched/bowman/longshot", name = "Longshot", props = { type = "attack", user = "bowman", value = 4, boost = 2 } },
  { key = "unmatched/bowman/volley", name = "Volley", props = { type = "attack", user = "bowman", value = 3, boost = 2 },
    -- AFTER COMBAT: if you won the combat, draw 1 card.
    after_combat = function(ctx) if ctx.won then fx.draw(ctx.player, 1) end end },
  { key = "unmatched/bowman/bite", name = "Bite", props = { type = "attack", user = "hound", value = 3, boost = 1 } },
  { key = "unmatched/bowman/stalk", name = "Stalk", props = { type = "scheme", user = "any", boost = 1 },
    -- Move one of your fighters up to 3 spaces.
    scheme = function(ctx)
      local f = fx.choose_fighter(ctx.player, fx.state.alive(ctx.player), "stalk_fighter", "move which fighter up to 3 spaces?")
      if f then fx.move.move_fighter(ctx.player, f, 3, "stalk_move") end
    end },
  { key = "unmatched/bowman/fletching", name = "Fletching", props = { type = "scheme", user = "bowman", boost = 2 },
    -- Draw 2 cards.
    scheme = function(ctx) fx.draw(ctx.player, 2) end },
  { key = "unmatched/bowman/loose", name = "Loose", props = { type = "versatile", user = "any", value = 2, boost = 2 } },
  { key = "unmatched/bowman/cover", name = "Take Cover", props = { type = "defense", user = "any", value = 3, boost = 1 } },
  { key = "unmatched/bowman/track", name = "Track", props = { type = "versatile", user = "hound", value = 2, boost = 2 } },
  { key = "unmatched/bowman/steady_aim", name = "Steady Aim", props = { type = "defense", user = "bowman", value = 2, boost = 2 } },
}
