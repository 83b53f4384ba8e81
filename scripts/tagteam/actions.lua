-- tagteam.actions: the card action vocabulary (spec §8.13) and one simultaneous step's
-- accumulator. An action is a table whose [1] is the verb:
--   {"attack", by = "you"|"partner", at = "opponent"|"opp_partner"|"opponents", plus = n}
--   {"block"}  {"cancel"}
--   {"heal", n, to = "you"}           {"damage", n, to = "you"}     (direct damage: to is required)
--   {"gain", n, to = "you"}           {"lose", n, to = "you"}
--   {"transfer", n, from = "you", to = "partner", item = "power"|token name}
--                                     (a step's transfers: turn.settle, Q-05)
--   {"special", n, to = "you"}        move the fighter's special-track marker
--   {"token", name, n, to = "you"}    gain (or with n < 0 lose) tokens, floor 0
--   {"call", fn = function(T, p, acc, actions) end}   fighter-specific effects
-- Any action may carry a condition, read on the turn-start snapshot (spec §7):
--   if_power = n (your power >= n), if_hp_at_most = n, if_fn = function(T, p) -> bool.
-- n may be a number, "power" (your snapshot power) or function(T, p) -> number.

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local tostring, type = tostring, type

local track = require("tagteam.track")

local counter_get, log_event = counter.get, log.event
local board = track.board

local M = {}

---The fighters a target word names for player p this turn (spec §5), as a list.
function M.who(T, p, word)
  local q = 3 - p
  word = word or "you"
  if word == "you" then return { T.A[p] }
  elseif word == "partner" then return { T.B[p] }
  elseif word == "team" then return { T.A[p], T.B[p] }
  elseif word == "opponent" then return { T.A[q] }
  elseif word == "opp_partner" then return { T.B[q] }
  elseif word == "opponents" then return { T.A[q], T.B[q] }
  end
  error("unknown target '" .. tostring(word) .. "'", 2)
end

-- M.who without the list: the one or two fighters as results (hot paths).
local function who(T, p, word)
  if word == nil or word == "you" then return T.A[p]
  elseif word == "partner" then return T.B[p]
  elseif word == "opponent" then return T.A[3 - p]
  elseif word == "opp_partner" then return T.B[3 - p]
  elseif word == "team" then return T.A[p], T.B[p]
  elseif word == "opponents" then return T.A[3 - p], T.B[3 - p]
  end
  error("unknown target '" .. tostring(word) .. "'", 3)
end

---The value of amount `n` for player p: a number as is, "power" = the snapshot power of p's active
---fighter, a function = n(T, p). Any other value is an error.
---@param n number|string|function
---@return number
function M.amount(T, p, n)
  if type(n) == "number" then return n end
  if n == "power" then return T.P0[T.A[p]] end
  if type(n) == "function" then return n(T, p) end
  error("bad amount " .. tostring(n), 2)
end
local amount = M.amount

---Whether the conditions of action `a` (if_power, if_hp_at_most, if_fn) hold for player p on the
---turn-start snapshot of p's active fighter; true when it has none.
---@param a table
---@return boolean
function M.holds(T, p, a)
  local you = T.A[p]
  if a.if_power and T.P0[you] < a.if_power then return false end
  if a.if_hp_at_most and T.H0[you] > a.if_hp_at_most then return false end
  if a.if_fn and not a.if_fn(T, p) then return false end
  return true
end
local holds = M.holds

---A new, empty step accumulator: atk, hit, dd, heal, pow, special (by fighter), transfers, tokens
---(lists). M.acc reuses one per match instead.
---@return table
function M.new_acc()
  return { atk = {}, hit = {}, dd = {}, heal = {}, pow = {}, transfers = {}, special = {}, tokens = {} }
end

local BY_FIGHTER = { "atk", "hit", "dd", "heal", "pow", "special" }

---An empty accumulator for one step of T's match: the same tables each time, emptied (every
---key is a fighter of T.all). Emptying keeps the fighters' slots, so refilling them does not
---grow the tables again as fresh ones would. One step's at a time: settle it before the next.
---turn.settle empties the by-fighter tables as it reads them and marks the accumulator
---`settled`; only one left unsettled (an error mid-step) is emptied here.
function M.acc(T)
  local acc = T.acc
  if not acc then
    acc = M.new_acc()
    T.acc = acc
    return acc
  end
  if acc.settled then
    acc.settled = false
    return acc
  end
  local all = T.all
  for i = 1, #BY_FIGHTER do
    local t = acc[BY_FIGHTER[i]]
    for j = 1, #all do t[all[j]] = nil end
  end
  local transfers, tokens = acc.transfers, acc.tokens
  for i = #transfers, 1, -1 do transfers[i] = nil end
  for i = #tokens, 1, -1 do tokens[i] = nil end
  return acc
end

---Attack strength of src: its snapshot power plus every attack modifier that applies
---(spec §8.1, Q-06: a modifier applies to its owner's attacks; with scope "team" also to its
---owner's partner's). Modifiers live in fighter definitions as attack_mod = {add=, scope=,
---token=} (token: only while the owner holds one).
function M.strength(T, src, plus)
  local s = T.P0[src] + (plus and amount(T, T.team[src], plus) or 0)
  local team = T.fighters_of[T.team[src]]
  local forced = T.options.modifier_scope
  for i = 1, #team do
    local m = team[i]
    local mod = board(T, m).attack_mod
    if mod and (not mod.token or counter_get(m, mod.token) > 0) then
      local scope = forced ~= "" and forced or mod.scope or "self"
      if m == src or scope == "team" then s = s + mod.add end
    end
  end
  return s
end
local strength = M.strength

local R_BLOCKED = { rule = "§8.2" }

-- One attack of src on tgt for player p (spec §10 STEP 2-3).
local function attack_one(T, p, a, acc, src, tgt)
  local blocked = T.blocked_team[p]
  local r = { p = p, src = src, tgt = tgt, strength = strength(T, src, a.plus), blocked = blocked }
  local records = T.records[p]
  records[#records + 1] = r
  if blocked then
    T.block_success[3 - p] = true
    log_event("tagteam.blocked", "{e:source}'s attack on {e:target} is blocked", { source = src, target = tgt },
      R_BLOCKED)
  else
    local atk = acc.atk
    atk[tgt] = (atk[tgt] or 0) + r.strength
    acc.hit[tgt] = true
  end
end

---Records one attack action of player p (spec §10 STEP 2-3): each attacker, each target.
local function attack(T, p, a, acc)
  local s1, s2 = who(T, p, a.by)
  local t1, t2 = who(T, p, a.at or "opponent")
  if not (s1 and t1) then return end                -- ipairs over {s1, s2} x {t1, t2}
  attack_one(T, p, a, acc, s1, t1)
  if t2 then attack_one(T, p, a, acc, s1, t2) end
  if s2 then
    attack_one(T, p, a, acc, s2, t1)
    if t2 then attack_one(T, p, a, acc, s2, t2) end
  end
end

-- Adds to t[f], then t[g], the amount `n` of player p (evaluated once per fighter, as a
-- function amount may count or spend something); g only with f, as ipairs over {f, g} did.
local function add_each(T, p, t, n, f, g)
  if not f then return end
  t[f] = (t[f] or 0) + amount(T, p, n)
  if g then t[g] = (t[g] or 0) + amount(T, p, n) end
end

---Adds action `a` of player p to the step's accumulator.
function M.apply(T, p, a, acc)
  if not holds(T, p, a) then return end
  local verb = a[1]
  if verb == "block" or verb == "cancel" then return end   -- settled before the steps (R3, R4)
  if verb == "attack" then attack(T, p, a, acc)
  elseif verb == "heal" then
    add_each(T, p, acc.heal, a[2], who(T, p, a.to))
  elseif verb == "damage" then
    if not a.to then error("direct damage needs an explicit target (spec Q-07)", 2) end
    add_each(T, p, acc.dd, a[2], who(T, p, a.to))
  elseif verb == "gain" or verb == "lose" then
    local n = amount(T, p, a[2]) * (verb == "lose" and -1 or 1)
    local f, g = who(T, p, a.to)
    if f then
      local pow = acc.pow
      pow[f] = (pow[f] or 0) + n
      if g then pow[g] = (pow[g] or 0) + n end
    end
  elseif verb == "transfer" then
    local from = who(T, p, a.from)
    local f, g = who(T, p, a.to or "partner")
    local transfers, item = acc.transfers, a.item or "power"
    if f then transfers[#transfers + 1] = { p = p, from = from, to = f, n = amount(T, p, a[2]), item = item } end
    if f and g then transfers[#transfers + 1] = { p = p, from = from, to = g, n = amount(T, p, a[2]), item = item } end
  elseif verb == "special" then
    add_each(T, p, acc.special, a[2], who(T, p, a.to))
  elseif verb == "token" then
    local f, g = who(T, p, a.to)
    local tokens = acc.tokens
    if f then tokens[#tokens + 1] = { f = f, name = a[2], n = amount(T, p, a[3] or 1) } end
    if f and g then tokens[#tokens + 1] = { f = g, name = a[2], n = amount(T, p, a[3] or 1) } end
  elseif verb == "call" then
    a.fn(T, p, acc, M)
  else
    error("unknown action '" .. tostring(verb) .. "'", 2)
  end
end

---Whether a card's action list (all segments) contains the verb.
function M.has(list, verb)
  if not list then return false end
  for i = 1, #list do
    local a = list[i]
    if type(a) == "table" and a[1] == verb then return true end
  end
  return false
end

---Splits a card's actions at each "then" into segments (spec §8.10).
function M.segments(list)
  local segs, cur = {}, {}
  list = list or {}
  for i = 1, #list do
    local a = list[i]
    if a == "then" then segs[#segs + 1] = cur; cur = {} else cur[#cur + 1] = a end
  end
  segs[#segs + 1] = cur
  return segs
end

return M
