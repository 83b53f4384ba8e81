-- King Arthur: character card. From the rulebook: 30 cards, the King Arthur figure, the Merlin
-- token (own health dial); his ability lets you BOOST an attack value (rulebook "boost";
-- Noble Sacrifice's text). Holy Grail implies his dial reaches at least 8.
-- SAMPLE CONTENT — not from the rulebook: the stats and the ability's exact text, read as
-- "When King Arthur attacks, you may BOOST that attack (DURING COMBAT)", and the 23 sample
-- cards that complete the deck.
local fx = require("unmatched.effects")

return {
  key = "unmatched/king_arthur",
  kind = "character",
  name = "King Arthur (character card)",
  move = 2,
  fighters = {
    { id = "king_arthur", name = "King Arthur", health = 18, ranged = false },
    { id = "merlin", name = "Merlin", health = 7, ranged = true },
  },
  deck = {
    { "skirmish", 3 }, { "noble_sacrifice", 3 }, { "holy_grail", 1 },
    { "excalibur", 2 }, { "round_table", 2 }, { "shield_wall", 3 }, { "lance_charge", 3 },
    { "arcane_bolt", 3 }, { "prophecy", 2 }, { "lady_of_the_lake", 1 }, { "knightly_guard", 3 }, { "tower_shield", 1 },
    { "valiant_blow", 3 },
  },

  during_combat = function(ctx)
    if ctx.attacking and entity.get(ctx.me, "fid") == "king_arthur" then
      fx.boost_card(ctx.player, ctx.card, "arthur_boost")
    end
  end,
}
