-- The Bowman: a hero added by the unmatched_bowman mod.
-- SAMPLE CONTENT — not from the rulebook: the hero, his hound, every stat and card.
local fx = require("unmatched.effects")

return {
  key = "unmatched/bowman",
  kind = "character",
  name = "The Bowman (character card)",
  move = 2,
  fighters = {
    { id = "bowman", name = "The Bowman", health = 13, ranged = true },
    { id = "hound", name = "The Hound", health = 5, ranged = false },
  },
  deck = {
    { "longshot", 3 }, { "volley", 3 }, { "bite", 3 }, { "stalk", 3 }, { "fletching", 3 },
    { "loose", 4 }, { "cover", 4 }, { "track", 3 }, { "steady_aim", 4 },
  },

  -- Ability: when you MANEUVER, the Hound moves 1 extra space (it runs ahead of its master).
  maneuver = function(ctx)
    local hound = fx.state.find(ctx.player, "hound")
    if hound then
      effect.modify { target = hound, stat = "move", op = "add", amount = 1, source = ctx.self, expires = "action" }
    end
  end,
}
