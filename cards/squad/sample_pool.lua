-- The sample card pool of the squad-battle spec (§6.7). SAMPLE CONTENT — not from the
-- rulebook: the rulebook prints no card list, stats, costs or texts; these cards are the
-- spec's invented pool, implemented as the spec gives them.
--
-- Props every card reads (scripts/squad/cards.lua): colour ("red", "blue" or "any"),
-- colour_req / total_req (Resources of its colour / of any colour needed in the Base area),
-- cost (cards milled from the player's own deck to pay). Units add attack / shooting /
-- defense, space / ground (the unit type) and base / fortress (traits). A Character or an
-- Operation adds its bonuses to the unit it is attached to under the same prop names.
-- Orders: `when` and `target` (scripts/squad/priority.lua), their effect in `resolve`.
local battle = require("squad.battle")
local C = require("squad.cards")

return {
  { key = "squad/red_depot", kind = "resource", name = "Red Depot", props = { colour = "red" } },
  { key = "squad/blue_depot", kind = "resource", name = "Blue Depot", props = { colour = "blue" } },
  { key = "squad/line_walker", kind = "unit", name = "Line Walker",
    props = { colour = "red", colour_req = 1, total_req = 1, cost = 1, ground = true, attack = 3, shooting = 1, defense = 2 } },
  { key = "squad/field_gun", kind = "unit", name = "Field Gun",
    props = { colour = "red", colour_req = 1, total_req = 2, cost = 1, ground = true, attack = 1, shooting = 2, defense = 3 } },
  { key = "squad/interceptor", kind = "unit", name = "Interceptor",
    props = { colour = "blue", colour_req = 1, total_req = 1, cost = 1, space = true, attack = 2, shooting = 1, defense = 1 } },
  { key = "squad/gunship", kind = "unit", name = "Gunship",
    props = { colour = "blue", colour_req = 1, total_req = 3, cost = 2, space = true, ground = true, attack = 2, shooting = 2, defense = 3 } },
  { key = "squad/bastion", kind = "unit", name = "Bastion",
    props = { colour = "red", colour_req = 2, total_req = 4, cost = 2, ground = true, fortress = true, attack = 0, shooting = 3, defense = 6 } },
  { key = "squad/ace", kind = "character", name = "Ace", text = "attached unit gets +1 ATTACK and +1 SHOOTING",
    props = { colour = "any", colour_req = 0, total_req = 2, cost = 1, attack = 1, shooting = 1 } },
  { key = "squad/plating", kind = "operation", name = "Plating", text = "attached unit gets +2 DEFENSE",
    props = { colour = "any", colour_req = 0, total_req = 2, cost = 1, defense = 2 } },
  { key = "squad/suppressing_fire", kind = "order", name = "Suppressing Fire", text = "battle phase only: tap one unit in a battle zone",
    props = { colour = "red", colour_req = 1, total_req = 2, cost = 0, when = "battle", target = "unit_in_battle" },
    resolve = function(ctx) C.set_tapped(ctx.target, true) end },
  { key = "squad/jamming", kind = "order", name = "Jamming",
    text = "attack or defense step: one unit cannot enter battle this turn; if it already did, it goes back",
    props = { colour = "blue", colour_req = 1, total_req = 2, cost = 0, when = "attack_or_defense", target = "unit" },
    resolve = function(ctx)
      effect.prohibit { target = ctx.target, action = "enter_battle", source = ctx.self, expires = "turn" }
      battle.send_back(ctx.G, ctx.target)
    end },
}
