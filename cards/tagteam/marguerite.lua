-- Marguerite, the intriguer. SAMPLE CONTENT — not from the rulebook (an original fighter: every
-- number, name and card; she is given the Intrigue tokens, whose owner the rulebook does not
-- name). Schemes store Intrigue; her cards spend it to steal power or cancel.
local C = require("tagteam.content")
local id = "marguerite"
local function card(...) return C.card(id, ...) end

local function has_intrigue(T, p) return counter.get(T.A[p], "intrigue") > 0 end
local spend = { "token", "intrigue", -1, if_fn = has_intrigue }

return {
  C.fighter(id, "Marguerite", {
    base_power = 2, start_card = "whisper", sample = true,
    track = C.track(12, { [8] = { gain = 1 }, [4] = { heal = 1 } }),
    tokens = { { "intrigue", 1, 11, label = "Intrigue" } },
  }),
  card("whisper", "Whisper", "Attack. Gain an Intrigue token.", { { "attack" }, { "token", "intrigue", 1 } }, { start = true }),
  card("scheme", "Scheme", "Gain 2 Intrigue tokens.", { { "token", "intrigue", 2 } }),
  card("blackmail", "Blackmail", "If you have an Intrigue token: spend it; the Opponent passes you 2 power.",
    { spend, { "transfer", 2, from = "opponent", to = "you", if_fn = has_intrigue } }),
  card("poisoned_cup", "Poisoned Cup", "The Opponent takes 2 direct damage.", { { "damage", 2, to = "opponent" } }),
  card("counterplot", "Counterplot", "If you have an Intrigue token: spend it and cancel.",
    { spend, { "cancel", if_fn = has_intrigue } }),
  card("stiletto", "Stiletto", "Attack. Success: gain an Intrigue token.", { { "attack" } },
    { success = { { "token", "intrigue", 1 } } }),
  card("false_friend", "False Friend", "Attack the Opponent's partner. Your partner attacks.",
    { { "attack", at = "opp_partner" }, { "attack", by = "partner" } }),
  card("veil", "Veil", "Block. Success: heal 2.", { { "block" } }, { success = { { "heal", 2 } } }),
  card("court_favour", "Court Favour", "Gain 1 power. Your partner heals 2.", { { "gain", 1 }, { "heal", 2, to = "partner" } }),
  card("secret_letter", "Secret Letter", "Instant bonus: gain 2 Intrigue tokens. Attack.",
    { { "attack" } }, { instant = { { "token", "intrigue", 2 } }, instant_text = "Marguerite gains 2 Intrigue tokens" }),
}
