-- Brakk the Ironclad. SAMPLE CONTENT — not from the rulebook (an original fighter: every
-- number, name and card). A slow wall: a long track with a STOP cell in the middle (his iron
-- skin holds once), power from taking hits, and blocks that feed his partner.
local C = require("tagteam.content")
local id = "brakk"
local function card(...) return C.card(id, ...) end

return {
  C.fighter(id, "Brakk the Ironclad", {
    base_power = 1, start_card = "iron_stance", sample = true,
    track = C.track(22, { [18] = { gain = 1 }, [12] = { gain = 1 }, [11] = { stop = true }, [6] = { gain = 1 } }),
  }),
  card("iron_stance", "Iron Stance", "Block. Success: gain 1 power.", { { "block" } },
    { success = { { "gain", 1 } }, start = true }),
  card("hammer_fall", "Hammer Fall", "Attack.", { { "attack" } }),
  card("shield_bash", "Shield Bash", "Block. Success: the Opponent takes 2 direct damage.",
    { { "block" } }, { success = { { "damage", 2, to = "opponent" } } }),
  card("bodyguard", "Bodyguard", "Block. Success: your partner gains 1 power.",
    { { "block" } }, { success = { { "gain", 1, to = "partner" } } }),
  card("grind_forward", "Grind Forward", "Attack. You take 1 direct damage. Gain 1 power.",
    { { "attack" }, { "damage", 1, to = "you" }, { "gain", 1 } }),
  card("temper", "Temper", "Gain 2 power.", { { "gain", 2 } }),
  card("forge_heat", "Forge Heat", "Heal 3. Lose 1 power.", { { "heal", 3 }, { "lose", 1 } }),
  card("anvil", "Anvil", "Attack. THEN pass 1 power to your partner.", { { "attack" }, "then", { "transfer", 1, to = "partner" } }),
  card("rivet", "Rivet", "Your partner attacks. Heal 1.", { { "attack", by = "partner" }, { "heal", 1 } }),
  card("reforged", "Reforged", "Instant bonus: heal 3. Block.", { { "block" } },
    { instant = { { "heal", 3 } }, instant_text = "Brakk heals 3" }),
}
