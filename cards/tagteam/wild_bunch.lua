-- Wild Bunch. From the rulebook: STOP cells on the health track below half [L612-618] and a
-- Block whose Success takes the Sheriff token [L578]. SAMPLE CONTENT — not from the rulebook:
-- the track (14 cells, STOP on 1-6), base power 2, what the Sheriff does (+1 to Wild Bunch's
-- attacks while held), the names and every other card and text.
local C = require("tagteam.content")
local id = "wild_bunch"
local function card(...) return C.card(id, ...) end

-- Taking the Sheriff: there is one token, so whoever held it gives it up.
local take_sheriff = { "call", fn = function(T, p)
  for _, f in ipairs(T.all) do if f ~= T.A[p] then counter.set(f, "sheriff", 0) end end
  if counter.get(T.A[p], "sheriff") == 0 then
    counter.set(T.A[p], "sheriff", 1)
    log.event("tagteam.token", "{e:fighter} takes the Sheriff token", { fighter = T.A[p], token = "Sheriff", n = 1, count = 1 })
  end
end }

local cells = { [10] = { gain = 1 } }
for c = 1, 6 do cells[c] = { stop = true } end

return {
  C.fighter(id, "Wild Bunch", {
    base_power = 2,
    start_card = "dust_trail",
    track = C.track(14, cells),
    tokens = { { "sheriff", 0, 1, label = "Sheriff" } },
    attack_mod = { add = 1, scope = "self", token = "sheriff" },
  }),
  card("dust_trail", "Dust Trail", "Attack. Your partner gains 1 power.",
    { { "attack" }, { "gain", 1, to = "partner" } }, { start = true }),
  card("hold_the_line", "Hold the Line", "Block. Success: take the Sheriff token.", { { "block" } },
    { success = { take_sheriff } }),
  card("six_shooters", "Six-Shooters", "Attack. Your partner attacks.", { { "attack" }, { "attack", by = "partner" } }),
  card("ambush", "Ambush", "Attack the Opponent's partner.", { { "attack", at = "opp_partner" } }),
  card("hideout", "Hideout", "Heal 3.", { { "heal", 3 } }),
  card("showdown", "Showdown", "Attack. If you hold the Sheriff token, +2 strength.",
    { { "attack", plus = function(T, p) return counter.get(T.A[p], "sheriff") > 0 and 2 or 0 end } }),
  card("dynamite", "Dynamite", "The Opponents take 1 direct damage each. You take 1 direct damage.",
    { { "damage", 1, to = "opponents" }, { "damage", 1, to = "you" } }),
  card("loot_the_train", "Loot the Train", "Gain 2 power.", { { "gain", 2 } }),
  card("posse", "Posse", "Block. Success: gain 1 power; your partner gains 1 power.",
    { { "block" } }, { success = { { "gain", 1 }, { "gain", 1, to = "partner" } } }),
  card("wanted_poster", "Wanted Poster", "Instant bonus: take the Sheriff token. Attack.",
    { { "attack" } }, { instant = { take_sheriff }, instant_text = "Wild Bunch takes the Sheriff token" }),
}
