-- Old Tomas, the hermit. SAMPLE CONTENT — not from the rulebook (an original fighter: every
-- number, name and card). A healer with a Serenity special track whose symbols heal the team.
local C = require("tagteam.content")
local id = "old_tomas"
local function card(...) return C.card(id, ...) end

return {
  C.fighter(id, "Old Tomas", {
    base_power = 1, start_card = "walking_staff", sample = true,
    track = C.track(16, { [12] = { partner_gain = 1 }, [7] = { gain = 1 }, [2] = { stop = true } }),
    special = { name = "Serenity", max = 4, min = 0, start = 0, cells = { [2] = { gain = 1 }, [4] = { heal = 3 } } },
  }),
  card("walking_staff", "Walking Staff", "Attack. Serenity +1.", { { "attack" }, { "special", 1 } }, { start = true }),
  card("herb_poultice", "Herb Poultice", "Your partner heals 3.", { { "heal", 3, to = "partner" } }),
  card("still_water", "Still Water", "Heal 2. Serenity +1.", { { "heal", 2 }, { "special", 1 } }),
  card("old_trick", "Old Trick", "Cancel.", { { "cancel" } }),
  card("staff_sweep", "Staff Sweep", "Attack the Opponents.", { { "attack", at = "opponents" } }),
  card("parable", "Parable", "Block. Success: Serenity +2.", { { "block" } }, { success = { { "special", 2 } } }),
  card("teach", "Teach", "Pass 1 power to your partner. Your partner gains 1 power.",
    { { "transfer", 1, to = "partner" }, { "gain", 1, to = "partner" } }),
  card("mountain_air", "Mountain Air", "The team heals 1.", { { "heal", 1, to = "team" } }),
  card("quiet_strike", "Quiet Strike", "Serenity +1. THEN attack.", { { "special", 1 }, "then", { "attack" } }),
  card("hermits_blessing", "Hermit's Blessing", "Instant bonus: Serenity +1. Heal 1.",
    { { "heal", 1 } }, { instant = { { "special", 1 } }, instant_text = "Old Tomas's Serenity rises by 1" }),
}
