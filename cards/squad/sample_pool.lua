-- The sample card pool of the squad-battle spec (§6.7). SAMPLE CONTENT — not from the
-- rulebook: the rulebook prints no card list, stats, costs or texts; these cards are the
-- spec's invented pool, implemented as the spec gives them.
--
-- Props every card reads (scripts/squad/cards.lua): colour ("red", "blue" or "any"),
-- colour_req / total_req (Resources of its colour / of any colour needed in the Base area),
-- cost (cards milled from the player's own deck to pay). Units add attack / shooting /
-- defense, space / ground (the unit type) and base / fortress (traits). A Character or an
-- Operation adds its bonuses to the unit it is attached to under the same prop names.
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
}
