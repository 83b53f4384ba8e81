-- Shango. From the rulebook: "Power of Flame", an attack modifier that is always active, "even
-- when the Attack is carried out by the Fighter's Partner" (L469; read as: when Shango attacks
-- as the partner, Q-06 R1). SAMPLE CONTENT — not from the rulebook: Power of Flame's size (+1), base power 2,
-- the track, the five Ignite! tokens' use (stored flame, spent as direct damage), every card.
local C = require("tagteam.content")
local id = "shango"
local function card(...) return C.card(id, ...) end

-- Spends all of Shango's Ignite! tokens; returns how many.
local function spend_ignite(T, p)
  local you = T.A[p]
  local n = counter.get(you, "ignite")
  if n > 0 then
    counter.set(you, "ignite", 0)
    log.event("tagteam.token", n == 1 and "{e:fighter} spends one Ignite! token (0 left)"
      or "{e:fighter} spends {n} Ignite! tokens (0 left)", { fighter = you, token = "Ignite!", n = n, count = 0 })
  end
  return n
end

return {
  C.fighter(id, "Shango", {
    base_power = 2,
    start_card = "thunder_king",
    track = C.track(14, { [9] = { gain = 1 }, [4] = { gain = 1 } }),
    tokens = { { "ignite", 0, 5, label = "Ignite!" } },
    attack_mod = { add = 1, scope = "self" },   -- Power of Flame
  }),
  card("thunder_king", "Thunder King", "Attack. Gain an Ignite! token.", { { "attack" }, { "token", "ignite", 1 } },
    { start = true }),
  card("lightning_axe", "Lightning Axe", "Attack. THEN gain an Ignite! token.",
    { { "attack" }, "then", { "token", "ignite", 1 } }),
  card("kindle", "Kindle", "Gain 2 Ignite! tokens. Gain 1 power.", { { "token", "ignite", 2 }, { "gain", 1 } }),
  card("storm_call", "Storm Call", "Attack the Opponents.", { { "attack", at = "opponents" } }),
  card("wildfire", "Wildfire", "Spend all your Ignite! tokens: the Opponent takes that much direct damage.",
    { { "damage", spend_ignite, to = "opponent" } }),
  card("drum_of_bata", "Drum of Bata", "Your partner attacks. Your partner gains 1 power.",
    { { "attack", by = "partner" }, { "gain", 1, to = "partner" } }),
  card("thunder_shield", "Thunder Shield", "Block. Success: gain an Ignite! token.",
    { { "block" } }, { success = { { "token", "ignite", 1 } } }),
  card("rain_dance", "Rain Dance", "Heal 2.", { { "heal", 2 } }),
  card("oyas_wind", "Oya's Wind", "Cancel.", { { "cancel" } }),
  card("sky_fire", "Sky Fire", "Instant bonus: gain 2 Ignite! tokens. Attack. You take 1 direct damage.",
    { { "attack" }, { "damage", 1, to = "you" } },
    { instant = { { "token", "ignite", 2 } }, instant_text = "Shango gains 2 Ignite! tokens" }),
}
