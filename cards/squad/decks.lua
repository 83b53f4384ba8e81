-- The two 30-card quick-start decks (spec §6.1: the starter split in two; at most 3 copies
-- of a card, Resources excepted). SAMPLE CONTENT — not from the rulebook: the rulebook gives
-- no card list; these lists are ours, from the spec's sample pool (sample_pool.lua).
return {
  { key = "squad/red_quickstart", kind = "deck", name = "Red quick-start deck",
    list = { { "squad/red_depot", 14 }, { "squad/blue_depot", 2 }, { "squad/line_walker", 3 }, { "squad/field_gun", 3 },
      { "squad/bastion", 2 }, { "squad/gunship", 3 }, { "squad/interceptor", 3 } } },
  { key = "squad/blue_quickstart", kind = "deck", name = "Blue quick-start deck",
    list = { { "squad/blue_depot", 12 }, { "squad/red_depot", 4 }, { "squad/interceptor", 3 }, { "squad/gunship", 3 },
      { "squad/line_walker", 3 }, { "squad/field_gun", 3 }, { "squad/bastion", 2 } } },
}
