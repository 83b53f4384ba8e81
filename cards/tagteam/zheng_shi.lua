-- Zheng Shi. From the rulebook: base power 2, a special marker on cell Е at setup, the start
-- card "Scourge of the Seas" and "Gunpowder Wine" (heal 3). SAMPLE CONTENT — not from the
-- rulebook: the health track, the Plunder track (cell Е = its 0), every other card and text.
local C = require("tagteam.content")
local id = "zheng_shi"
local function card(...) return C.card(id, ...) end

return {
  C.fighter(id, "Zheng Shi", {
    base_power = 2,
    start_card = "scourge_of_the_seas",
    track = C.track(15, { [10] = { gain = 1 }, [5] = { heal = 1 } }),
    -- Plunder: the special marker starts on cell Е (0)
    special = { name = "Plunder", max = 5, min = 0, start = 0, cells = { [3] = { gain = 1 }, [5] = { gain = 1, partner_gain = 1 } } },
  }),
  card("scourge_of_the_seas", "Scourge of the Seas", "Attack the Opponents.",
    { { "attack", at = "opponents" } }, { start = true }),
  card("gunpowder_wine", "Gunpowder Wine", "Heal 3.", { { "heal", 3 } }),
  card("boarding_party", "Boarding Party", "Attack. Plunder +1.", { { "attack" }, { "special", 1 } }),
  card("broadside", "Broadside", "Attack the Opponent's partner. The Opponent takes 1 direct damage.",
    { { "attack", at = "opp_partner" }, { "damage", 1, to = "opponent" } }),
  card("smoke_screen", "Smoke Screen", "Block. Success: Plunder +1.",
    { { "block" } }, { success = { { "special", 1 } } }),
  card("pirate_code", "Pirate Code", "Cancel.", { { "cancel" } }),
  card("ransom", "Ransom", "The Opponent passes you 1 power.",
    { { "transfer", 1, from = "opponent", to = "you" } }),
  card("cutlass", "Cutlass", "Attack. Success: gain 1 power.", { { "attack" } }, { success = { { "gain", 1 } } }),
  card("powder_keg", "Powder Keg", "The Opponent takes 2 direct damage. You take 1 direct damage.",
    { { "damage", 2, to = "opponent" }, { "damage", 1, to = "you" } }),
  card("red_flag_fleet", "Red Flag Fleet", "Instant bonus: gain 1 power. Attack. THEN heal 1.",
    { { "attack" }, "then", { "heal", 1 } }, { instant = { { "gain", 1 } }, instant_text = "Zheng Shi gains 1 power" }),
}
