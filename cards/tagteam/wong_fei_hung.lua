-- Wong Fei-hung. From the rulebook: base power 2, two focus tokens by his board at setup, the
-- start card "...The Harder They Fall" and a card that heals his partner 1 [L604].
-- SAMPLE CONTENT — not from the rulebook: what focus tokens do (spend one: +2 to an attack),
-- the health track, the names and every other card and text.
local C = require("tagteam.content")
local id = "wong_fei_hung"
local function card(...) return C.card(id, ...) end

-- Spends one focus token, if Wong held one at the start of the turn (snapshot), for +2.
local function focused(T, p)
  local you = T.A[p]
  if counter.get(you, "focus") > 0 and (T.focus_spent or {})[you] ~= T.turn then
    T.focus_spent = T.focus_spent or {}
    T.focus_spent[you] = T.turn
    local left = counter.add(you, "focus", -1)
    log.event("tagteam.token", "{e:fighter} spends one focus token: +2 strength ({count} left)",
      { fighter = you, token = "focus", n = 1, count = left })
    return 2
  end
  return 0
end

return {
  C.fighter(id, "Wong Fei-hung", {
    base_power = 2,
    start_card = "the_harder_they_fall",
    track = C.track(15, { [7] = { gain = 1 } }),
    tokens = { { "focus", 2, 2, label = "focus" } },   -- the box holds two [L86-87]: a cap
  }),
  card("the_harder_they_fall", "...The Harder They Fall",
    "Attack. If the Opponent had at least 4 power, the Opponent also takes 2 direct damage.",
    { { "attack" }, { "damage", 2, to = "opponent", if_fn = function(T, p) return T.P0[T.A[3 - p]] >= 4 end } },
    { start = true }),
  card("iron_thread_fist", "Iron Thread Fist", "Attack. Spend a focus token if you have one: +2 strength.",
    { { "attack", plus = focused } }),
  card("healing_hands", "Healing Hands", "Heal your partner 1. Gain a focus token.",
    { { "heal", 1, to = "partner" }, { "token", "focus", 1 } }),
  card("shadowless_kick", "Shadowless Kick", "Attack the Opponent's partner.", { { "attack", at = "opp_partner" } }),
  card("tiger_crane", "Tiger and Crane", "Block. Success: gain a focus token.",
    { { "block" } }, { success = { { "token", "focus", 1 } } }),
  card("meditation", "Meditation", "Gain 1 power. Gain a focus token.", { { "gain", 1 }, { "token", "focus", 1 } }),
  card("lion_dance", "Lion Dance", "Your partner attacks.", { { "attack", by = "partner" } }),
  card("drunken_boxing", "Drunken Boxing", "Cancel. You take 1 direct damage.",
    { { "cancel" }, { "damage", 1, to = "you" } }),
  card("pole_fighting", "Pole Fighting", "Attack. THEN attack the Opponent's partner.",
    { { "attack" }, "then", { "attack", at = "opp_partner" } }),
  card("herbal_remedy", "Herbal Remedy", "Instant bonus: heal 2. Heal 2; your partner heals 1.",
    { { "heal", 2 }, { "heal", 1, to = "partner" } }, { instant = { { "heal", 2 } }, instant_text = "Wong Fei-hung heals 2" }),
}
