-- Lab fixture: a one-round duel whose outcome the lab tests know in advance. TEST FIXTURE.
--
-- Each seat fields one hero (setup.hero). Both heroes' two cards are created in the owner's
-- hand; each player sets one card into "pair" (a decision, so the random agent varies it);
-- the higher hero power wins, equal power is a draw. The "faulty" hero raises when it plays,
-- so a match with it fails. The lab sees: every seat played one card and held the other.
return {
  name = "Lab fixture",
  windows = {},
  options = {},
  setup_keys = {},
  seat_keys = { "hero" },
  bench_unit = { event = "labfix.round", name = "round" },
  lab = {
    roster = { prefix = "labfix/hero/", kind = "hero" },
    seat_key = "hero",
    played = { "pair" },
    held = { "hand" },
  },
  play = function(ctx)
    local power = {}
    for p = 1, 2 do
      local hero = cards.get("labfix/hero/" .. ctx.seats[p].setup.hero)
      power[p] = hero.props.power
      local hand = zone.create("hand", p, "owner")
      zone.create("pair", p, "public")
      for _, key in ipairs(hero.deck) do cards.create(key, p, hand, "bottom") end
    end
    for p = 1, 2 do
      local hand = zone.find("hand", p)
      local pick = decide { player = p, id = "set", prompt = "set a card", options = { "first", "second" } }[1]
      local card = zone.at(hand, pick)
      if entity.def(card):find("faulty", 1, true) then error("the faulty hero's card breaks") end
      zone.move(card, zone.find("pair", p))
    end
    log.event("labfix.round", "the round is played", {})
    if power[1] == power[2] then match.finish(nil, "even")
    else match.finish(power[1] > power[2] and 1 or 2, "stronger") end
  end,
}
