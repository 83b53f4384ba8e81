-- Mordred. From the rulebook: "Dark Power" — if you have at least 8 power when you play this
-- card, attack [L649]; the card also has a power action the rulebook does not print (Q-12).
-- SAMPLE CONTENT — not from the rulebook: Dark Power's power action (gain 2), base power 4,
-- the track, giving him "Crippling Touch" (its owner is not named; its timing is [L629]),
-- every other card and text.
local C = require("tagteam.content")
local id = "mordred"
local function card(...) return C.card(id, ...) end

return {
  C.fighter(id, "Mordred", {
    base_power = 4,
    start_card = "usurpers_claim",
    track = C.track(14, { [10] = { gain = 2 }, [5] = { gain = 1 } }),
  }),
  card("usurpers_claim", "Usurper's Claim", "Attack. Gain 1 power.", { { "attack" }, { "gain", 1 } }, { start = true }),
  card("dark_power", "Dark Power", "If you have at least 8 power when you play this card, attack. Gain 2 power.",
    { { "attack", if_power = 8 }, { "gain", 2 } }),
  card("treachery", "Treachery", "Attack the Opponent's partner. Success: gain 1 power.",
    { { "attack", at = "opp_partner" } }, { success = { { "gain", 1 } } }),
  card("black_knights_guard", "Black Knight's Guard", "Block. Success: gain 2 power.",
    { { "block" } }, { success = { { "gain", 2 } } }),
  card("siphon", "Siphon", "The Opponent passes you 1 power.", { { "transfer", 1, from = "opponent", to = "you" } }),
  card("crippling_touch", "Crippling Touch", "Resolves after the Opponent's card. Attack. The Opponent loses 1 power.",
    { { "attack" }, { "lose", 1, to = "opponent" } }, { after_opponent = true }),
  card("camlann", "Camlann", "Attack. You take 2 direct damage.", { { "attack" }, { "damage", 2, to = "you" } }),
  card("dark_pact", "Dark Pact", "Gain 3 power. You take 2 direct damage.", { { "gain", 3 }, { "damage", 2, to = "you" } }),
  card("betrayal", "Betrayal", "Cancel. Gain 1 power.", { { "cancel" }, { "gain", 1 } }),
  card("heir_of_shadows", "Heir of Shadows", "Instant bonus: gain 2 power. Lose 1 power. Heal 2.",
    { { "lose", 1 }, { "heal", 2 } }, { instant = { { "gain", 2 } }, instant_text = "Mordred gains 2 power" }),
}
