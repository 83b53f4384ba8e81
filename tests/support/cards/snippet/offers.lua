-- Offers: cards that offer plays in a round of the `offers` module (runtime/lua/lua_offers.cpp),
-- one of each shape the kernel reads. TEST FIXTURE.
return {
  { key = "snippet/offer/gift", name = "Gift", kind = "relic", tags = { "offer" }, offer = { label = "open the gift", cost = 1 } },
  { key = "snippet/offer/charm", name = "Charm", kind = "relic", tags = { "offer" }, offer = { once = true } },   -- labelled by its name
  { key = "snippet/offer/curse", name = "Curse", kind = "relic", tags = { "offer" },
    offer = { label = "lift the curse", for_opponent = true } },
  { key = "snippet/offer/lamp", name = "Lamp", kind = "relic", tags = { "offer" }, props = { lit = false },
    offer = { label = "rub the lamp", can = function(_, card) return entity.get(card, "lit") == true end } },
  { key = "snippet/offer/plain", name = "Plain", kind = "relic", tags = { "offer" } },                      -- tagged, offers nothing
  { key = "snippet/offer/hidden", name = "Hidden", kind = "relic", offer = { label = "never listed" } },   -- offers, not tagged
  { key = "snippet/offer/bad_cost", name = "Bad cost", kind = "relic", tags = { "offer" }, offer = { cost = "lots" } },
  -- Its condition asks a question, which a condition may not do.
  { key = "snippet/offer/nosy", name = "Nosy", kind = "relic", tags = { "offer" },
    offer = { label = "nosy", can = function(p) return decide{ player = p, id = "nosy", options = { "a", "b" } } end } },
}
