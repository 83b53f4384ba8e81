-- Bodvar / Berserker Bear. From the rulebook: base power 3, a double-sided board that starts on
-- the Bodvar side, a special marker on cell Ж at setup, the start card "Frenzy" and "Berserk!"
-- (an attack). SAMPLE CONTENT — not from the rulebook: the tracks, the Rage track (cell Ж = its
-- 0), when the board flips (Rage 3, or instead of a KO while he is still on the Bodvar side: a KO
-- of the Bear is final, even when Rage flipped him earlier in the same turn), the Bear side, every
-- other card.
local C = require("tagteam.content")
local id = "bodvar"
local function card(...) return C.card(id, ...) end

-- Flipping the board: the Bear keeps Bodvar's health unless `hp` is given.
local function flip(f, hp)
  if entity.get(f, "side") == "bear" then return false end
  entity.set(f, "side", "bear")
  if hp then counter.set(f, "hp", hp) end
  log.event("tagteam.flip", hp and "{e:fighter} flips to the Berserker Bear side on {hp} health"
    or "{e:fighter} flips to the Berserker Bear side", { fighter = f, hp = hp })
  return true
end

return {
  C.fighter(id, "Bodvar", {
    base_power = 3,
    start_card = "frenzy",
    track = C.track(16, { [11] = { special = 1 }, [6] = { special = 1 } }),
    -- Rage: the special marker starts on cell Ж (0); reaching 3 flips the board
    special = { name = "Rage", max = 3, min = 0, start = 0, cells = { [3] = { fn = function(T, f) flip(f) end } } },
    sides = {
      bear = { track = C.track(16, { [2] = { stop = true } }), attack_mod = { add = 1, scope = "self" },
        special = { name = "Rage", max = 3, min = 0, cells = {} } },
    },
    -- Golden rule hook: a KO on the Bodvar side flips him instead, the Bear rising on 4 health
    hooks = { ko = function(T, f) return flip(f, 4) end },
  }),
  card("frenzy", "Frenzy", "Attack. Rage +1.", { { "attack" }, { "special", 1 } }, { start = true }),
  card("berserk", "Berserk!", "Attack.", { { "attack" } }),
  card("shield_wall", "Shield Wall", "Block. Success: Rage +1.", { { "block" } }, { success = { { "special", 1 } } }),
  card("howl", "Howl", "Gain 2 power. You take 1 direct damage.", { { "gain", 2 }, { "damage", 1, to = "you" } }),
  card("bear_hug", "Bear Hug", "Attack. The Opponent loses 1 power.", { { "attack" }, { "lose", 1, to = "opponent" } }),
  card("mead_hall", "Mead Hall", "Heal 3.", { { "heal", 3 } }),
  card("skull_splitter", "Skull Splitter", "Attack. THEN Rage +1.", { { "attack" }, "then", { "special", 1 } }),
  card("into_the_fray", "Into the Fray", "Attack. Your partner attacks. You take 2 direct damage.",
    { { "attack" }, { "attack", by = "partner" }, { "damage", 2, to = "you" } }),
  card("rage_unleashed", "Rage Unleashed", "Rage +2.", { { "special", 2 } }),
  card("oath_brother", "Oath-Brother", "Pass 1 power to your partner. Heal your partner 2.",
    { { "transfer", 1, to = "partner" }, { "heal", 2, to = "partner" } }),
}
