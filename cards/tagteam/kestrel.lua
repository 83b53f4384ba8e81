-- Kestrel, the archer. SAMPLE CONTENT — not from the rulebook (an original fighter: every
-- number, name and card). Plays around the partner: shots at the Opponent's partner, a shot
-- that waits for the Opponent's card (after-opponent timing, like Crippling Touch [L629]).
local C = require("tagteam.content")
local id = "kestrel"
local function card(...) return C.card(id, ...) end

return {
  C.fighter(id, "Kestrel", {
    base_power = 2, start_card = "first_arrow", sample = true,
    track = C.track(13, { [8] = { gain = 1 }, [3] = { partner_gain = 1 } }),
  }),
  card("first_arrow", "First Arrow", "Attack the Opponent's partner. Gain 1 power.",
    { { "attack", at = "opp_partner" }, { "gain", 1 } }, { start = true }),
  card("volley", "Volley", "Attack the Opponents.", { { "attack", at = "opponents" } }),
  card("patient_shot", "Patient Shot", "Resolves after the Opponent's card. Attack.", { { "attack" } },
    { after_opponent = true }),
  card("covering_fire", "Covering Fire", "Block. Success: your partner gains 1 power.",
    { { "block" } }, { success = { { "gain", 1, to = "partner" } } }),
  card("spotter", "Spotter", "Your partner attacks. Gain 1 power.", { { "attack", by = "partner" }, { "gain", 1 } }),
  card("fall_back", "Fall Back", "Heal 2. Pass 1 power to your partner.", { { "heal", 2 }, { "transfer", 1, to = "partner" } }),
  card("pinning_shot", "Pinning Shot", "Attack. The Opponent loses 1 power.", { { "attack" }, { "lose", 1, to = "opponent" } }),
  card("aimed_shot", "Aimed Shot", "Attack with +2 strength. You lose 1 power.", { { "attack", plus = 2 }, { "lose", 1 } }),
  card("double_nock", "Double Nock", "Attack. THEN attack the Opponent's partner.",
    { { "attack" }, "then", { "attack", at = "opp_partner" } }),
  card("high_perch", "High Perch", "Instant bonus: gain 1 power. Heal 1. Your partner heals 1.",
    { { "heal", 1 }, { "heal", 1, to = "partner" } }, { instant = { { "gain", 1 } }, instant_text = "Kestrel gains 1 power" }),
}
