-- battlecon.set: the Set phase (spec §3.2) and the Advantage phase (§3.3).
--
-- SAMPLE CONTENT — not from the rulebook: what the three support tokens raise and by how
-- much (M.SUPPORT; the rulebook gives their names and cost only, §6.5 [GAP]).

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local ipairs = ipairs
local cards_get, cards_of, entity_def, entity_kind = cards.get, cards.of, entity.def, entity.kind
local entity_name, entity_owner, flag_set, log_event = entity.name, entity.owner, flag.set, log.event
local log_within_rule, match_asks_person, match_finished, string_lower = log.within_rule, match.asks_person, match.finished, string.lower
local zone_move = zone.move

local S = require("battlecon.state")
local stats = require("battlecon.stats")
local fire = require("battlecon.fire")
local verbs = require("battlecon.verbs")
local kit = require("battlecon.kit")
-- Functions of the modules above, read once (a module is a read-only front).
local S_active, S_flag, S_force, S_pe = S.active, S.flag, S.force, S.pe
local S_opponent, S_set_flag, S_team_mode, S_tracker = S.opponent, S.set_flag, S.team_mode, S.tracker
local kept_zone = S.kept_zone
-- Each player's hand and pair zones, found once per match (battlecon.state.kept_zone).
local HAND, PAIR = {}, {}
local fire_run_one, kit_use, stats_bonus, stats_stable = fire.run_one, kit.use, stats.bonus, stats.stable
local stats_id, derived_marks = stats.id, derived.marks
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

-- The Set questions: each player's two requests made once per match (decide_all reads them
-- whole before it returns), and the beat's lists kept in scratch lists reused every beat.
-- File-level tables start every match as loaded, so none of this outlives its match.
local SET_ASK = {}                           -- [p][k]: player p's request for PAIR_KINDS[k]
local REQUESTS, LISTS, WHO = {}, {}, {}
local OFFERED = {}                           -- [p][k]: the list of p's cards offered for PAIR_KINDS[k] (zone.items' into)

local function set_requests(p)
  local asks = SET_ASK[p]
  if not asks then
    asks = {}
    for k = 1, #PAIR_KINDS do
      local kind = PAIR_KINDS[k]
      asks[k] = { player = p, id = SET_ID[kind], prompt = SET_PROMPT[kind], entities = false, secret = true,
        single = true }   -- the answer is the card's number: no list made
    end
    SET_ASK[p] = asks
  end
  return asks
end

---SET1: both players choose a style and a base at once, secretly (decide_all); the cards go
---face down into the "pair" zone (owner-visible) until Reveal.
function M.set_phase(ctx, recycle)
  local n = 0
  for p = 1, ctx.players do
    if not S_flag(p, "eliminated") and empty_hand_recycle(ctx, p, recycle) then
      local hand, asks = HAND[p] or kept_zone(HAND, "hand", p), set_requests(p)
      local offered = OFFERED[p]
      if not offered then offered = { {}, {} }; OFFERED[p] = offered end
      for k = 1, #PAIR_KINDS do
        local list = zone_items(hand, PAIR_KINDS[k], nil, offered[k])   -- offered as they are: the kernel labels them
        asks[k].entities = list
        n = n + 1
        REQUESTS[n], LISTS[n], WHO[n] = asks[k], list, p
      end
    end
  end
  for i = #REQUESTS, n + 1, -1 do REQUESTS[i], LISTS[i], WHO[i] = nil, nil, nil end
  local answers = decide_all(REQUESTS)
  for i = 1, n do
    local p = WHO[i]
    zone_move(LISTS[i][answers[i]], PAIR[p] or kept_zone(PAIR, "pair", p), "bottom")
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

local entity_get, flag_is = entity.get, flag.is

-- ADV4: a token that would change nothing is not legal (a `*` or NONE stat, stability): one of
-- p's attack cards (the sources of p's derived stat) marks it so. Returns true, or false and
-- why not (the card that makes it so, when one does).
-- The kernel works out which card fixes the stat or makes it NONE with the value itself
-- (derived.marks: one call, cached), the same cards derived.source_with would find.
local function support_changes(p, t, id)
  local fixed_by, none_by = derived_marks(id)
  if fixed_by then return false, "fixed", fixed_by end
  if none_by then return false, "none", none_by end
  if t.stat == "defense" and stats_stable(p) then return false, "stability" end
  return true
end

-- What a person reads on asking why a support token is not offered (decide's `unavailable`).
local function support_refusal(t, what, card)
  if what == "fixed" then
    return ("%s's %s is fixed (*): +%d %s would change nothing (ADV4)"):format(entity_name(card), t.stat, t.amount, t.stat)
  elseif what == "none" then
    return ("%s has no %s (NONE): +%d %s would change nothing (ADV4)"):format(entity_name(card), t.stat, t.amount, t.stat)
  elseif what == "stability" then
    return ("your attack has stability, so its defense counts as 0: +%d defense would change nothing (ADV4)"):format(t.amount)
  elseif what == "used" then
    return ("you used %s this beat already: each support token once per beat (§6.5)"):format(t.name)
  end
  return what
end

-- Card advantages: data `offer = {label=, once=, for_opponent=, force=, can=function(p, card)}`,
-- tag "offer" and an "advantage" handler, on the UA, a special card or form (active or not), a status
-- or a token in the pool area. A face-down pair card offers none (E13).
-- A definition's offer, read once per definition key into a plain table (a field read on a
-- frozen view costs a metamethod hop; consider reads five of them per card and turn): label,
-- once, for_opponent (a boolean), force, can. false = no offer. Definitions never change while
-- a host lives, and the host empties this file-level cache before each match (#16.8).
local OFFER = {}
local function offer_of(card)
  local key = entity_def(card)
  local adv = OFFER[key]
  if adv == nil then
    local def = key ~= "" and cards_get(key)
    local o = def and def.offer
    adv = o and { label = o.label, once = o.once, for_opponent = o.for_opponent == true, force = o.force, can = o.can }
      or false
    OFFER[key] = adv
  end
  return adv
end

-- Where offers can be. A definition with an offer carries tag "offer" (setup.check_card
-- refuses one without), so one kernel query per owner finds them (zone.tagged) and nothing
-- else in these zones is looked at.
local OFFER_ZONES = { "ua", "cards", "status", "pool_area" }
local zone_tagged, zone_find = zone.tagged, zone.find

-- O8: in team play the other team may use each [For opponent] advantage once per beat,
-- whichever of its players uses it (rule option for_opponent_once = "team", the spec's
-- recommended reading); "one_time" limits only those marked one-time, as in a duel.
local function team_once()
  return S_team_mode() and entity_get(S_tracker(), "for_opponent_once") ~= "one_time"
end

-- What consider needs of a card that stays the same while the match lasts, worked out the first
-- time the card is looked at: {adv = its offer (offer_of), owner =, entry = the entry M.choices
-- lists for it} or false. An entity's definition, owner and name are fixed when it is made; the
-- host empties this file-level table before each match and on a checkpoint's resume.
local CARD_OFFER = {}
local function card_offer(card)
  local adv = offer_of(card)
  local c = adv and { adv = adv, owner = entity_owner(card), entry = { card = card, label = adv.label or entity_name(card) } }
    or false
  CARD_OFFER[card] = c
  return c
end

-- Appends to `out` the advantage `card` offers to `user`, if it offers one user may use now;
-- else, when `why` is a list (a person is asking), appends to it what is not offered and why.
local function consider(out, card, user, why)
  local c = CARD_OFFER[card]
  if c == nil then c = card_offer(card) end
  if not c then return end
  local adv = c.adv
  if adv.for_opponent == (c.owner == user) then return end                                 -- ADV6
  local refusal
  if (adv.once or adv.for_opponent and team_once()) and flag_is(card, "adv_used") then     -- ADV5, O8
    refusal = "used this beat already: a one-time advantage (ADV5)"
  elseif adv.force and S_force(user) < adv.force then
    refusal = why and ("it costs %d force and you have %d"):format(adv.force, S_force(user))
  elseif adv.can and not adv.can(user, card) then                                          -- ADV4
    refusal = "its condition does not hold now (ADV4)"
  else
    out[#out + 1] = c.entry
    return
  end
  if why then why[#why + 1] = { label = c.entry.label, why = refusal } end
end

-- Appends to `out` the card advantages p may use: p's own and those p's opponents grant
-- (and to `why`, when a list, those p may not use now).
-- The lists zone.tagged answers into, one per depth of card_advantages (a card's `can` may ask
-- for the choices again): a list kept between turns costs no table per turn. File-level, so
-- the host empties it before each match.
local TAGGED = {}
local tagged_depth = 0

-- Each player's offer zones by id in a duel, the player's own then the opponent's (what
-- card_advantages asks about every turn): a zone keeps its id, so they are found once per
-- match and a turn's offers are one kernel call that finds no name. Kept only once all of
-- them exist (setup makes them); file-level, so the host empties it before each match.
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

local function card_advantages(p, out, why)
  tagged_depth = tagged_depth + 1
  local into = TAGGED[tagged_depth]
  if not into then into = {}; TAGGED[tagged_depth] = into end
  if S_team_mode() then                                                -- O8: p's nearest enemies
    local owners = { p }
    for _, q in ipairs(require("battlecon.team").opponents(p)) do owners[#owners + 1] = q end
    for i = 1, #owners do
      local list = zone_tagged("offer", owners[i], OFFER_ZONES, into)
      for k = 1, #list do consider(out, list[k], p, why) end
    end
  else                                                                 -- a duel: p's zones, then p's opponent's
    local list = zone_tagged("offer", nil, OFFER_IDS[p] or offer_ids(p), into)
    for k = 1, #list do consider(out, list[k], p, why) end
  end
  tagged_depth = tagged_depth - 1
  return out
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

-- Fills the empty list `list` with M.choices(p, why).
local function fill_choices(list, p, why)
  list[1] = PASS
  local force = S_force(p)
  if force >= M.SUPPORT_COST then
    local pe, ids = S_pe(p), TOKEN_IDS[p] or token_ids(p)
    for i = 1, #M.SUPPORT do
      local t = M.SUPPORT[i]
      local ok, what, card
      if flag_is(pe, t.used) then ok, what = false, "used"
      else ok, what, card = support_changes(p, t, ids[i]) end
      if ok then list[#list + 1] = t.choice
      elseif why then why[#why + 1] = { label = t.label, why = support_refusal(t, what, card) } end
    end
  elseif why then
    for i = 1, #M.SUPPORT do
      local t = M.SUPPORT[i]
      why[#why + 1] = { label = t.label, why = ("a support token costs %d force and you have %d (§6.5)"):format(
        M.SUPPORT_COST, force) }
    end
  end
  return card_advantages(p, list, why)
end

---What p may do on an Advantage turn: pass first, then the support tokens, then card
---advantages (the order the options are offered in). With `why` (a list), also what p may not
---do now and why, as decide's `unavailable` entries {label=, why=} (for a person asking).
---@param p integer
---@param why table|nil
---@return table
function M.choices(p, why) return fill_choices({}, p, why) end

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

-- The question of an Advantage turn, one table for every turn: decide reads it whole before
-- it returns, so refilling it costs no table per turn.
local OPTIONS = {}
local ASK = { id = "advantage", prompt = "use an advantage or pass", options = OPTIONS, single = true }
local CHOICES = {}   -- the turn's M.choices, refilled every turn in the same way

---ADV1-2: alternate from the active player; two passes in a row end the phase.
function M.advantage_phase(ctx)
  local turn, prev_pass = S_active(), false
  local team = S_team_mode()
  local guard = 0
  while not match_finished() do
    guard = guard + 1
    if guard > 200 then error("advantage phase does not end", 2) end
    local why = match_asks_person(turn) and {} or nil    -- reasons only for a person to read
    local list = CHOICES
    for i = #list, 1, -1 do list[i] = nil end
    fill_choices(list, turn, why)
    local pick = 1
    if #list > 1 then   -- the same questions whoever answers (a replay asks no person)
      for i = 1, #list do OPTIONS[i] = list[i].label end
      for i = #list + 1, #OPTIONS do OPTIONS[i] = nil end
      ASK.player, ASK.unavailable = turn, why
      pick = decide(ASK)
    end
    if pick == 1 then
      EV_PASS(turn)
      if prev_pass then break end
      prev_pass = true
    else
      M.use(turn, list[pick])
      prev_pass = false
    end
    if team then turn = S_opponent(turn) else turn = turn == 1 and 2 or 1 end   -- (S.opponent in a duel)
  end
end

return M
