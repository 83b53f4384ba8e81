-- battlecon.set: the Set phase (spec §3.2) and the Advantage phase (§3.3).
--
-- SAMPLE CONTENT — not from the rulebook: what the three support tokens raise and by how
-- much (M.SUPPORT; the rulebook gives their names and cost only, §6.5 [GAP]).

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local ipairs = ipairs
local cards_of, entity_kind, match_players = cards.of, entity.kind, match.players
local entity_name, flag_set, log_event = entity.name, flag.set, log.event
local log_within_rule, match_asks_person, string_lower = log.within_rule, match.asks_person, string.lower
local zone_move = zone.move

local S = require("battlecon.state")
local stats = require("battlecon.stats")
local fire = require("battlecon.fire")
local verbs = require("battlecon.verbs")
local kit = require("battlecon.kit")
-- Functions of the modules above, read once (a module is a read-only front).
local S_active, S_flag, S_force, S_pe = S.active, S.flag, S.force, S.pe
local S_opponent, S_set_flag, S_team_mode, S_tracker = S.opponent, S.set_flag, S.team_mode, S.tracker
local kept_zone, S_force_holder = S.kept_zone, S.force_holder
-- Each player's hand and pair zones, found once per match (battlecon.state.kept_zone).
local HAND, PAIR = {}, {}
local fire_run_one, kit_use, stats_bonus = fire.run_one, kit.use, stats.bonus
local stats_id = stats.id
local verbs_pay_force = verbs.pay_force

local M = {}

-- The events this file appends, declared once (log.kind): a call per event, no table.
local log_kind = log.kind
local EV_SET = log_kind("bc.set", "both pairs are set face down", {}, { rule = "§3.2" })
local EV_SUPPORT = log_kind("bc.support", "{p:player} pays {cost} force for {token}: +{n} {stat}",
  { "player", "token", "n", "stat", "cost" }, { rule = "§3.3 ADV3" })
local EV_ADVANTAGE = log_kind("bc.advantage", "{p:player} chooses to {said}", { "player", "label", "said" }, { rule = "§3.3" })
local EV_PASS = log_kind("bc.pass", "{p:player} passes", { "player" }, { rule = "§3.3 ADV2" })

local zone_items, zone_count = zone.items, zone.count

-- The entities of one kind in zone z, top first (the kernel filters).
local function of_kind(z, kind) return zone_items(z, kind) end
---The entities of one kind in zone z, top first (the kernel filters).
M.of_kind = of_kind

-- SET3: with no style or no base in hand, recycle first (no Recycle-condition effects).
-- Option set3 = "literal" runs steps 1-4 (force too); "cards" runs steps 1-2 only.
local function empty_hand_recycle(ctx, p, recycle)
  for _ = 1, 3 do
    local hand = HAND[p] or kept_zone(HAND, "hand", p)
    if zone_count(hand, "style") > 0 and zone_count(hand, "base") > 0 then return true end
    log_within_rule("§3.2 SET3 Empty hand: recycle first", function()
      log_event("bc.set3", "{p:player} has no style or no base in hand and recycles first", { player = p })
      recycle.cards(p)
      if ctx.options.set3 == "literal" then recycle.force(p) end
    end)
  end
  local hand = HAND[p] or kept_zone(HAND, "hand", p)
  return zone_count(hand, "style") > 0 and zone_count(hand, "base") > 0
end

local PAIR_KINDS = { "style", "base" }
local SET_ID = { style = "set.style", base = "set.base" }
local SET_PROMPT = { style = "set your style face down", base = "set your base face down" }

-- The Set questions: each player's two requests made once per match (zone.choose_all reads
-- them before it asks; the kernel lists the hand's cards of the kind, so no list is made in Lua),
-- and the beat's list of them. File-level tables start every match as loaded, so none of this
-- outlives its match.
local SET_ASK = {}                           -- [p][k]: player p's request for PAIR_KINDS[k]
local REQUESTS, WHO = {}, {}
local zone_choose_all = zone.choose_all

local function set_requests(p)
  local asks = SET_ASK[p]
  if not asks then
    asks = {}
    local hand = HAND[p] or kept_zone(HAND, "hand", p)
    for k = 1, #PAIR_KINDS do
      local kind = PAIR_KINDS[k]
      asks[k] = { player = p, id = SET_ID[kind], prompt = SET_PROMPT[kind], zone = hand, kind = kind, secret = true }
    end
    SET_ASK[p] = asks
  end
  return asks
end

---SET1: both players choose a style and a base at once, secretly (zone.choose_all, decide_all's
---simultaneous hidden choice); the cards go face down into the "pair" zone (owner-visible) until
---Reveal.
function M.set_phase(ctx, recycle)
  local n = 0
  for p = 1, ctx.players do
    if not S_flag(p, "eliminated") and empty_hand_recycle(ctx, p, recycle) then
      local asks = set_requests(p)
      for k = 1, #PAIR_KINDS do
        n = n + 1
        REQUESTS[n], WHO[n] = asks[k], p
      end
    end
  end
  for i = #REQUESTS, n + 1, -1 do REQUESTS[i], WHO[i] = nil, nil end
  local picked = zone_choose_all(REQUESTS)
  for i = 1, n do
    local p = WHO[i]
    zone_move(picked[i], PAIR[p] or kept_zone(PAIR, "pair", p), "bottom")
  end
  EV_SET()
end

---------------------------------------------------------------------------------------------
-- Advantage phase
---------------------------------------------------------------------------------------------

-- Support tokens (§6.5). What they raise and by how much is [GAP]: SAMPLE values. `fixed`
-- and `label` are worked out once here, not on every Advantage turn.
M.SUPPORT = {
  { key = "boost", used = "used_boost", name = "Boost", stat = "power", amount = 1 },
  { key = "fortify", used = "used_fortify", name = "Fortify", stat = "defense", amount = 2 },
  { key = "accelerate", used = "used_accelerate", name = "Accelerate", stat = "speed", amount = 1 },
}
M.SUPPORT_COST = 2
for _, t in ipairs(M.SUPPORT) do
  t.fixed = t.stat .. "_fixed"
  t.label = t.name .. " (+" .. t.amount .. " " .. t.stat .. ", " .. M.SUPPORT_COST .. " force)"
  t.choice = { label = t.label, token = t }   -- its entry in M.choices, shared by every turn
end
local PASS = { label = "pass" }               -- the first entry of M.choices

local entity_get = entity.get
local offers_choose, offers_entry, offers_list, offers_prepare = offers.choose, offers.entry, offers.list, offers.prepare

-- What a person reads on asking why a support token is not offered (decide's `unavailable`), from
-- the reason offers.list gives: "fixed" and "none" name the card that makes the stat so (ADV4).
local function support_refusal(t, what, card, p)
  if what == "fixed" then
    return ("%s's %s is fixed (*): +%d %s would change nothing (ADV4)"):format(entity_name(card), t.stat, t.amount, t.stat)
  elseif what == "none" then
    return ("%s has no %s (NONE): +%d %s would change nothing (ADV4)"):format(entity_name(card), t.stat, t.amount, t.stat)
  elseif what == "blocked" then
    return ("your attack has stability, so its defense counts as 0: +%d defense would change nothing (ADV4)"):format(t.amount)
  elseif what == "used" then
    return ("you used %s this beat already: each support token once per beat (§6.5)"):format(t.name)
  elseif what == "cost" then
    return ("a support token costs %d force and you have %d (§6.5)"):format(M.SUPPORT_COST, S_force(p))
  end
  return what
end

-- ... and why a card's advantage is not (ADV4-ADV6).
local function card_refusal(adv_force, what, user)
  if what == "once" then return "used this beat already: a one-time advantage (ADV5)" end
  if what == "cost" then return ("it costs %d force and you have %d"):format(adv_force, S_force(user)) end
  if what == "condition" then return "its condition does not hold now (ADV4)" end
  return what
end

-- Card advantages: data `offer = {label=, once=, for_opponent=, force=, can=function(p, card)}`,
-- tag "offer" and an "advantage" handler, on the UA, a special card or form (active or not), a status
-- or a token in the pool area. A face-down pair card offers none (E13): the pair zone is not
-- among the zones looked in.
local OFFER_ZONES = { "ua", "cards", "status", "pool_area" }
local zone_find = zone.find

-- O8: in team play the other team may use each [For opponent] advantage once per beat,
-- whichever of its players uses it (rule option for_opponent_once = "team", the spec's
-- recommended reading); "one_time" limits only those marked one-time, as in a duel.
local function team_once()
  return S_team_mode() and entity_get(S_tracker(), "for_opponent_once") ~= "one_time"
end

-- Each player's offer zones by id in a duel, the player's own then the opponent's (the zones
-- an Advantage turn looks in): found once per match. Kept only once all of them exist (setup
-- makes them); file-level, so the host empties it before each match.
local OFFER_IDS = {}
local function offer_ids(p)
  local ids, all = {}, true
  for side = 1, 2 do
    local owner = side == 1 and p or (p == 1 and 2 or 1)
    for i = 1, #OFFER_ZONES do
      local z = zone_find(OFFER_ZONES[i], owner)
      if z then ids[#ids + 1] = z else all = false end
    end
  end
  if all then OFFER_IDS[p] = ids end
  return ids
end

-- O8: in team play p may use the advantages of p's own cards and those p's nearest enemies grant,
-- which change as players fall: the zones are found on every listing (team play is not the hot path).
local function team_zones(p)
  local ids, owners = {}, { p }
  for _, q in ipairs(require("battlecon.team").opponents(p)) do owners[#owners + 1] = q end
  for k = 1, #owners do
    for i = 1, #OFFER_ZONES do
      local z = zone_find(OFFER_ZONES[i], owners[k])
      if z then ids[#ids + 1] = z end
    end
  end
  return ids
end

-- Each player's derived-stat ids of the support tokens' stats (TOKEN_IDS[p][i] for M.SUPPORT[i]),
-- looked up once per match: setup defines the stats once, and the host empties this file-level
-- table before each match and on a checkpoint's resume.
local TOKEN_IDS = {}
local function token_ids(p)
  local ids = {}
  for i = 1, #M.SUPPORT do ids[i] = stats_id(p, M.SUPPORT[i].stat) end
  TOKEN_IDS[p] = ids
  return ids
end

-- This match's round of advantages (offers.prepare), made at its first listing: the kernel
-- lists what a player may do on an Advantage turn (ADV4-ADV6, §6.5) and asks it, so a turn is a
-- few kernel calls. Each seat: the player's entity (the tokens' "used" flags, the stability
-- effect), the force holder who pays (the team pool in team play), the duel's offer zones and
-- the three support tokens. ADV4 ("would change nothing") is judged on what is face up: Fortify
-- is not offered under a stability effect. The face-down pair is not consulted (rule option
-- adv4_pair = "hidden"): a clash puts a new base on top and Maneuver's Reveal effect swaps in
-- the special attack (rulebook L204, L433-435, L455), so a NONE power or a stable base now may
-- be gone when the bonus counts. With adv4_pair = "known" a token raising a stat the pair fixes
-- (*) or makes NONE is not offered either, nor Fortify under the pair's stability. `[1]`: the
-- handle. File-level, so the host empties it before each match and on a checkpoint's resume.
local ROUND = {}
local function round()
  local r = ROUND[1]
  if r then return r end
  local team, seats = S_team_mode(), {}
  local pair_known = entity_get(S_tracker(), "adv4_pair") == "known"
  for p = 1, match_players() do
    local ids, boosts = TOKEN_IDS[p] or token_ids(p), {}
    for i = 1, #M.SUPPORT do
      local t = M.SUPPORT[i]
      local stable = t.stat == "defense"
      boosts[i] = { label = t.label, cost = M.SUPPORT_COST, used = t.used, stat = pair_known and ids[i] or nil,
        blocked_by = pair_known and stable and { stats_id(p, "stability") } or nil,
        blocked_by_effects = stable and { "stability" } or nil }
    end
    seats[p] = { entity = S_pe(p), payer = S_force_holder(p), zones = not team and (OFFER_IDS[p] or offer_ids(p)) or nil,
      boosts = boosts }
  end
  -- Unannounced: a turn with nothing but pass open is not asked, and what is open may depend on
  -- the face-down pair (a card's `can`; with adv4_pair = "known", no Boost on a NONE power,
  -- BC-68): the others must not learn it from whether a question was put. Every turn's pass or play is told (bc.pass, bc.advantage).
  r = offers_prepare { tag = "offer", field = "offer", cost_field = "force", counter = "force", once_flag = "adv_used",
    once_for_opponent = team_once(), id = "advantage", prompt = "use an advantage or pass", pass = "pass",
    unannounced = true, seats = seats }
  ROUND[1] = r
  return r
end

-- The entry M.choices lists for play i of the round's last listing: PASS, a token's choice, or
-- the card's entry {card =, label =} (one per card for the match: file-level, emptied before each).
local CARD_ENTRY = {}
local function entry(r, i)
  local label, boost, card = offers_entry(r, i)
  if boost then return M.SUPPORT[boost].choice end
  if not card then return PASS end
  local c = CARD_ENTRY[card]
  if not c then c = { card = card, label = label }; CARD_ENTRY[card] = c end
  return c
end

-- Turns offers.list's reasons (`codes`) into what a person reads, appended to `why`.
local function explain(codes, why, p)
  for i = 1, #codes do
    local c = codes[i]
    local text
    if c.boost then
      text = support_refusal(M.SUPPORT[c.boost], c.why, c.because, p)
    else
      text = card_refusal(cards_of(c.card).offer.force, c.why, p)
    end
    why[#why + 1] = { label = c.label, why = text }
  end
  return why
end

-- Lists p's plays (in team play in the zones of p and p's nearest enemies); returns how many.
local function list(r, p, why)
  local codes = why and {} or nil
  local n = offers_list(r, p, codes, S_team_mode() and team_zones(p) or nil)
  if why then explain(codes, why, p) end
  return n
end

---What p may do on an Advantage turn: pass first, then the support tokens, then card
---advantages (the order the options are offered in; the kernel lists them, offers.list). With
---`why` (a list), also what p may not do now and why, as decide's `unavailable` entries
---{label=, why=} (for a person asking).
---@param p integer
---@param why table|nil
---@return table
function M.choices(p, why)
  local r = round()
  local out = {}
  for i = 1, list(r, p, why) do out[i] = entry(r, i) end
  return out
end

---Player p uses `c`, one of M.choices(p) other than "pass" (a support token or a card's advantage),
---inside its rule (§3.3 ADV3).
---@param p integer
---@param c table an entry of M.choices(p): {label=, token=} or {label=, card=}
function M.use(p, c)
  local rule = c.token and "§3.3 ADV3 A support token (§6.5)" or "§3.3 ADV3 A card's advantage (E13)"
  return log_within_rule(rule, M.use_now, p, c)
end

---M.use without its rule context. A support token: pays M.SUPPORT_COST force, is marked used and
---adds its amount to its stat, both for the beat. A card advantage: pays its force, is marked used
---for the beat when limited (ADV5, O8), then its "advantage" handler runs (a token's via kit.use).
function M.use_now(p, c)
  if c.token then
    local t = c.token
    verbs_pay_force(p, M.SUPPORT_COST)                                 -- to the box (TO4)
    S_set_flag(p, t.used, true)
    stats_bonus(p, t.stat, t.amount)
    EV_SUPPORT(p, t.name, t.amount, t.stat, M.SUPPORT_COST)
  else
    local adv = cards_of(c.card).offer
    if adv.force then verbs_pay_force(p, adv.force) end
    if adv.once or adv.for_opponent and team_once() then flag_set(c.card, "adv_used", true, "beat") end
    -- An offer's label is an imperative ("Taunt Bastion: ..."): "Ada chooses to taunt Bastion: ...".
    EV_ADVANTAGE(p, c.label, (c.label:gsub("^%u", string_lower)))
    if entity_kind(c.card) == "token" then return kit_use(p, c.card) end   -- §6.2 "use"
    -- (the nil fields size the table for those window.run sets per handler: no rehash)
    fire_run_one(c.card, "advantage", { user = p, card = c.card, self = nil, player = nil, window = nil, handler = nil })
  end
end

-- The question of an Advantage turn for a person (who may ask why a play is missing) and in
-- team play, one table for every turn: decide reads it whole before it returns.
local OPTIONS = {}
local ASK = { id = "advantage", prompt = "use an advantage or pass", options = OPTIONS, single = true,
  unannounced = true }   -- (why: round() above)

-- One Advantage turn asked with decide: the listing's labels as options, and for a person the
-- plays not offered and why. Returns the pick (1 = pass, unasked when nothing else is open).
local function ask_listed(r, p, person)
  local why = person and {} or nil
  local n = list(r, p, why)
  if n == 1 then return 1 end
  for i = 1, n do OPTIONS[i] = (offers_entry(r, i)) end
  for i = n + 1, #OPTIONS do OPTIONS[i] = nil end
  ASK.player, ASK.unavailable = p, why
  return decide(ASK)
end

---ADV1-2: alternate from the active player; two passes in a row end the phase. The kernel lists
---and asks each turn (offers.choose); a person's turn says what is not offered and why.
function M.advantage_phase(ctx)
  local r = round()
  local turn, prev_pass = S_active(), false
  local team = S_team_mode()
  local guard = 0
  while true do
    guard = guard + 1
    if guard > 200 then error("advantage phase does not end", 2) end
    local pick
    if team or match_asks_person(turn) then pick = ask_listed(r, turn, not team or match_asks_person(turn))
    else pick = offers_choose(r, turn) end
    if pick == 1 then
      EV_PASS(turn)
      if prev_pass then break end
      prev_pass = true
    else
      M.use(turn, entry(r, pick))
      prev_pass = false
    end
    if team then turn = S_opponent(turn) else turn = turn == 1 and 2 or 1 end   -- (S.opponent in a duel)
  end
end

return M
