-- tagteam.actions: the card action vocabulary (spec §8.13) and one simultaneous step's
-- accumulator. An action is a table whose [1] is the verb:
--   {"attack", by = "you"|"partner", at = "opponent"|"opp_partner"|"opponents", plus = n}
--   {"block"}  {"cancel"}
--   {"heal", n, to = "you"}           {"damage", n, to = "you"}     (direct damage: to is required)
--   {"gain", n, to = "you"}           {"lose", n, to = "you"}
--   {"transfer", n, from = "you", to = "partner", item = "power"|token name}
--   {"special", n, to = "you"}        move the fighter's special-track marker
--   {"token", name, n, to = "you"}    gain (or with n < 0 lose) tokens, floor 0
--   {"call", fn = function(T, p, acc, actions) end}   fighter-specific effects
-- Any action may carry a condition, read on the turn-start snapshot (spec §7):
--   if_power = n (your power >= n), if_hp_at_most = n, if_fn = function(T, p) -> bool.
-- n may be a number, "power" (your snapshot power) or function(T, p) -> number.

local track = require("tagteam.track")

local M = {}

---The fighters a target word names for player p this turn (spec §5).
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

function M.amount(T, p, n)
  if type(n) == "number" then return n end
  if n == "power" then return T.P0[T.A[p]] end
  if type(n) == "function" then return n(T, p) end
  error("bad amount " .. tostring(n), 2)
end

function M.holds(T, p, a)
  local you = T.A[p]
  if a.if_power and T.P0[you] < a.if_power then return false end
  if a.if_hp_at_most and T.H0[you] > a.if_hp_at_most then return false end
  if a.if_fn and not a.if_fn(T, p) then return false end
  return true
end

function M.new_acc()
  return { atk = {}, hit = {}, dd = {}, heal = {}, pow = {}, transfers = {}, special = {}, tokens = {} }
end

local function add(t, k, n) t[k] = (t[k] or 0) + n end

---Attack strength of src: its snapshot power plus every attack modifier that applies
---(spec §8.1, Q-06: a modifier applies to its owner's attacks; with scope "team" also to its
---owner's partner's). Modifiers live in fighter definitions as attack_mod = {add=, scope=,
---token=} (token: only while the owner holds one).
function M.strength(T, src, plus)
  local s = T.P0[src] + (plus and M.amount(T, T.team[src], plus) or 0)
  for _, m in ipairs(T.fighters_of[T.team[src]]) do
    local mod = track.board(m).attack_mod
    if mod and (not mod.token or counter.get(m, mod.token) > 0) then
      local scope = T.options.modifier_scope ~= "" and T.options.modifier_scope or mod.scope or "self"
      if m == src or scope == "team" then s = s + mod.add end
    end
  end
  return s
end

---Records one attack action of player p (spec §10 STEP 2-3).
local function attack(T, p, a, acc)
  local q = 3 - p
  for _, src in ipairs(M.who(T, p, a.by or "you")) do
    for _, tgt in ipairs(M.who(T, p, a.at or "opponent")) do
      local r = { p = p, src = src, tgt = tgt, strength = M.strength(T, src, a.plus), blocked = T.blocked_team[p] }
      T.records[p][#T.records[p] + 1] = r
      if r.blocked then
        T.block_success[q] = true
        log.event("tagteam.blocked", "{e:source}'s attack on {e:target} is blocked", { source = src, target = tgt },
          { rule = "§8.2" })
      else
        add(acc.atk, tgt, r.strength)
        acc.hit[tgt] = true
      end
    end
  end
end

---Adds action `a` of player p to the step's accumulator.
function M.apply(T, p, a, acc)
  if not M.holds(T, p, a) then return end
  local verb = a[1]
  if verb == "block" or verb == "cancel" then return end   -- settled before the steps (R3, R4)
  if verb == "attack" then attack(T, p, a, acc)
  elseif verb == "heal" then
    for _, f in ipairs(M.who(T, p, a.to)) do add(acc.heal, f, M.amount(T, p, a[2])) end
  elseif verb == "damage" then
    if not a.to then error("direct damage needs an explicit target (spec Q-07)", 2) end
    for _, f in ipairs(M.who(T, p, a.to)) do add(acc.dd, f, M.amount(T, p, a[2])) end
  elseif verb == "gain" or verb == "lose" then
    local n = M.amount(T, p, a[2]) * (verb == "lose" and -1 or 1)
    for _, f in ipairs(M.who(T, p, a.to)) do add(acc.pow, f, n) end
  elseif verb == "transfer" then
    local from = M.who(T, p, a.from or "you")[1]
    for _, to in ipairs(M.who(T, p, a.to or "partner")) do
      acc.transfers[#acc.transfers + 1] = { from = from, to = to, n = M.amount(T, p, a[2]), item = a.item or "power" }
    end
  elseif verb == "special" then
    for _, f in ipairs(M.who(T, p, a.to)) do add(acc.special, f, M.amount(T, p, a[2])) end
  elseif verb == "token" then
    for _, f in ipairs(M.who(T, p, a.to)) do
      acc.tokens[#acc.tokens + 1] = { f = f, name = a[2], n = M.amount(T, p, a[3] or 1) }
    end
  elseif verb == "call" then
    a.fn(T, p, acc, M)
  else
    error("unknown action '" .. tostring(verb) .. "'", 2)
  end
end

---Whether a card's action list (all segments) contains the verb.
function M.has(list, verb)
  for _, a in ipairs(list or {}) do
    if type(a) == "table" and a[1] == verb then return true end
  end
  return false
end

---Splits a card's actions at each "then" into segments (spec §8.10).
function M.segments(list)
  local segs, cur = {}, {}
  for _, a in ipairs(list or {}) do
    if a == "then" then segs[#segs + 1] = cur; cur = {} else cur[#cur + 1] = a end
  end
  segs[#segs + 1] = cur
  return segs
end

return M
