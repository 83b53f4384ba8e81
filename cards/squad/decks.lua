-- The two 30-card quick-start decks (spec §6.1: the starter split in two; at most 3 copies
-- of a card, Resources excepted). SAMPLE CONTENT — not from the rulebook: the rulebook gives
-- no card list; these lists are ours, from the spec's sample pool (sample_pool.lua) and our
-- own cards (our_cards.lua), every card type in each.
return {
  { key = "squad/red_quickstart", kind = "deck", name = "Red quick-start deck",
    list = { { "squad/red_depot", 11 }, { "squad/blue_depot", 1 }, { "squad/line_walker", 3 }, { "squad/field_gun", 3 },
      { "squad/bastion", 1 }, { "squad/vanguard", 3 }, { "squad/ace", 2 }, { "squad/plating", 2 },
      { "squad/suppressing_fire", 3 }, { "squad/gunship", 1 } } },
  { key = "squad/blue_quickstart", kind = "deck", name = "Blue quick-start deck",
    list = { { "squad/blue_depot", 10 }, { "squad/red_depot", 1 }, { "squad/interceptor", 2 }, { "squad/gunship", 2 },
      { "squad/signal_relay", 2 },
      { "squad/salvage_crawler", 3 }, { "squad/decoy_drone", 2 }, { "squad/ace", 1 }, { "squad/plating", 2 },
      { "squad/jamming", 2 }, { "squad/countermeasure", 3 } } },
}
