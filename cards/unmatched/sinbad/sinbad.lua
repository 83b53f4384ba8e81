-- Sinbad: character card. From the rulebook: 30 cards, the Sinbad figure, the Porter token
-- (own health dial). The rulebook gives no ability text for him.
-- SAMPLE CONTENT — not from the rulebook: the stats, the ability "Seasoned voyager: when you
-- MANEUVER, Sinbad moves up to 1 extra space", and the 27 sample cards that complete the deck.
local state = require("unmatched.state")

return {
  key = "unmatched/sinbad",
  kind = "character",
  name = "Sinbad (character card)",
  move = 2,
  fighters = {
    { id = "sinbad", name = "Sinbad", health = 15, ranged = false },
    { id = "porter", name = "The Porter", health = 6, ranged = false },
  },
  deck = {
    { "turning_point", 3 },
    { "scimitar", 3 }, { "seven_voyages", 2 }, { "sea_legs", 3 }, { "roc_feather", 2 }, { "heavy_load", 3 },
    { "parry", 4 }, { "cunning_escape", 3 }, { "spoils", 2 }, { "porters_sack", 3 }, { "trade_winds", 2 },
  },

  maneuver = function(ctx)
    local sinbad = state.find(ctx.player, "sinbad")
    if sinbad then
      effect.modify { target = sinbad, stat = "move", op = "add", amount = 1, source = ctx.self, expires = "action" }
    end
  end,
}
