-- Golem. From the rulebook: a "+1 power" symbol on his health track between 16 and 14 (cell 15),
-- "Clay Fist" (a basic attack) and "Protect the Innocent" (Golem takes 3 direct damage; the card
-- also names his partner). SAMPLE CONTENT — not from the rulebook: base power 3, the rest of the
-- track, what Protect the Innocent gives the partner (heal 3), every other card and text.
local C = require("tagteam.content")
local id = "golem"
local function card(...) return C.card(id, ...) end

return {
  C.fighter(id, "Golem", {
    base_power = 3,
    start_card = "stone_awakening",
    track = C.track(20, { [15] = { gain = 1 }, [10] = { gain = 1 }, [5] = { gain = 1 } }),
  }),
  card("stone_awakening", "Stone Awakening", "Gain 1 power. Heal 1.", { { "gain", 1 }, { "heal", 1 } }, { start = true }),
  card("clay_fist", "Clay Fist", "Attack.", { { "attack" } }),
  card("protect_the_innocent", "Protect the Innocent", "You take 3 direct damage. Your partner heals 3.",
    { { "damage", 3, to = "you" }, { "heal", 3, to = "partner" } }),
  card("crushing_step", "Crushing Step", "Attack the Opponent's partner.", { { "attack", at = "opp_partner" } }),
  card("earthen_wall", "Earthen Wall", "Block. Success: gain 1 power.", { { "block" } }, { success = { { "gain", 1 } } }),
  card("mud_skin", "Mud Skin", "Heal 2.", { { "heal", 2 } }),
  card("slow_grind", "Slow Grind", "Attack. THEN gain 1 power.", { { "attack" }, "then", { "gain", 1 } }),
  card("tremor", "Tremor", "Attack the Opponents. You lose 1 power.", { { "attack", at = "opponents" }, { "lose", 1 } }),
  card("shelter", "Shelter", "Block. Success: heal your partner 2.", { { "block" } }, { success = { { "heal", 2, to = "partner" } } }),
  card("clay_remade", "Clay Remade", "Instant bonus: heal 2. Heal 1. Gain 1 power.",
    { { "heal", 1 }, { "gain", 1 } }, { instant = { { "heal", 2 } }, instant_text = "Golem heals 2" }),
}
