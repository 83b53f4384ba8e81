-- Jeanne. From the rulebook: base power 1, a special marker on cell Д at setup, the start card
-- "Dieu Premier Servi", "Hand of the Righteous" (an attack) and an attack whose Success heals
-- Jeanne by her power [L582]. SAMPLE CONTENT — not from the rulebook: the health track, the
-- Faith track (cell Д = its 0), every other card text and card, and the start card's text.
local C = require("tagteam.content")
local id = "jeanne"
local function card(...) return C.card(id, ...) end

return {
  C.fighter(id, "Jeanne", {
    base_power = 1,
    start_card = "dieu_premier_servi",
    track = C.track(14, { [9] = { gain = 1 }, [4] = { gain = 1 } }),
    -- Faith: the special marker starts on cell Д (0); cell 2 gives power, cell 4 heals her
    special = { name = "Faith", max = 4, min = 0, start = 0, cells = { [2] = { gain = 1 }, [4] = { heal = 2 } } },
  }),
  card("dieu_premier_servi", "Dieu Premier Servi", "Attack. Faith +1.",
    { { "attack" }, { "special", 1 } }, { start = true }),
  card("hand_of_the_righteous", "Hand of the Righteous", "Attack.", { { "attack" } }),
  card("righteous_mercy", "Righteous Mercy", "Attack. Success: heal as much as your power.",
    { { "attack" } }, { success = { { "heal", "power" } } }),
  card("banner_of_orleans", "Banner of Orleans", "Block. Success: gain 1 power.",
    { { "block" } }, { success = { { "gain", 1 } } }),
  card("rally", "Rally", "Gain 1 power. Your partner gains 1 power.",
    { { "gain", 1 }, { "gain", 1, to = "partner" } }),
  card("martyrs_resolve", "Martyr's Resolve", "You take 1 direct damage. Faith +2.",
    { { "damage", 1, to = "you" }, { "special", 2 } }),
  card("charge", "Charge", "Attack. Your partner attacks.",
    { { "attack" }, { "attack", by = "partner" } }),
  card("prayer", "Prayer", "Heal 2. Faith +1.", { { "heal", 2 }, { "special", 1 } }),
  card("holy_wrath", "Holy Wrath", "Faith +1. THEN attack.", { { "special", 1 }, "then", { "attack" } }),
  card("consecrate", "Consecrate", "Instant bonus: gain 1 power. Heal your partner 2.",
    { { "heal", 2, to = "partner" } }, { instant = { { "gain", 1 } }, instant_text = "Jeanne gains 1 power" }),
}
