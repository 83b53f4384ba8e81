-- battlecon.kit: fighter components and their verbs (spec §6.2-6.9): tokens and counters
-- (pool area / exhausted area / box), markers on the line, special cards and forms.
--
-- Tokens and counters are entities (kind "token" / "counter") named by their resource
-- ("frost"); a token's definition may have handlers (its effect) fired by `use`.
-- Markers are entities of kind "marker" in the owner's "markers" zone with prop `space`
-- (nil = in the pool area); they never block or get jumped by fighters (§6.7).

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local board_space_count, cards_create, cards_of = board.space_count, cards.create, cards.of
local effect_remove, entity_create, entity_get, entity_name = effect.remove, entity.create, entity.get, entity.name
local entity_owner, entity_set, flag_get, flag_set = entity.owner, entity.set, flag.get, flag.set
local zone_count, zone_find, zone_items, zone_move = zone.count, zone.find, zone.items, zone.move
local zone_of = zone.of

local S = require("battlecon.state")
local fire = require("battlecon.fire")
local stats_modify = require("battlecon.stats").modify
-- Functions of the modules above, read once (a module is a read-only front).
local S_box, S_pe, fire_activate, fire_deactivate = S.box, S.pe, fire.activate, fire.deactivate
local kept_zone = S.kept_zone
local POOL_AREA = {}   -- each player's pool area, found once per match (S.kept_zone)
local fire_run_one = fire.run_one

local M = {}

---------------------------------------------------------------------------------------------
-- Tokens and counters (§6.2)
---------------------------------------------------------------------------------------------

---Creates n tokens/counters named `name` for p in `area` ("pool_area" or "exhausted").
---`key` (optional) is a card definition giving a token its effect.
function M.create(p, kind, name, n, area, key)
  local out = {}
  for i = 1, n do
    if key then out[i] = cards_create(key, p, zone_find(area or "pool_area", p))
    else out[i] = entity_create { kind = kind, name = name, owner = p, zone = zone_find(area or "pool_area", p) } end
  end
  return out
end

---How many `name` items p has in `area` (default the pool area: "3+ frost in pool area").
function M.count(p, name, area)
  local z
  if area then z = zone_find(area, p) else z = POOL_AREA[p] or kept_zone(POOL_AREA, "pool_area", p) end
  return zone_count(z, nil, name)      -- the kernel compares names
end

local function take(p, name, area, n)
  local out = zone_items(zone_find(area, p), nil, name)
  for i = #out, n + 1, -1 do out[i] = nil end                            -- the top n
  return out
end

---Moves n items pool -> exhausted without their effect; all or nothing. "spend" and
---"exhaust" move alike (§0.3) but stay separate names for triggers.
function M.spend(p, name, n)
  n = n or 1
  local list = take(p, name, "pool_area", n)
  if #list < n then return false end                                    -- no partial payment
  for i = 1, #list do zone_move(list[i], zone_find("exhausted", p)) end
  return true
end
---The same as spend (the rules say "exhaust" for some tokens).
M.exhaust = M.spend

---"use": the token's effect applies (its "advantage" handler), then it is exhausted.
function M.use(p, token)
  if zone_of(token) ~= zone_find("pool_area", p) then return false end
  -- (the nil fields size the table for those window.run sets per handler: no rehash)
  fire_run_one(token, "advantage", { user = p, card = token, self = nil, player = nil, window = nil, handler = nil })
  zone_move(token, zone_find("exhausted", p))
  return true
end

---"return": moves n (default 1) of p's `name` items from the exhausted area back to the pool
---area; all or nothing. (The underscore: `return` is a Lua keyword.)
---@return boolean ok false when p has fewer than n such items exhausted
function M.return_(p, name, n)
  n = n or 1
  local list = take(p, name, "exhausted", n)
  if #list < n then return false end
  for i = 1, #list do zone_move(list[i], zone_find("pool_area", p)) end
  return true
end

---Removes entity `e` from the game: its effects end (fire.deactivate) and it goes to the box.
---@param e integer
function M.remove(e)
  fire_deactivate(e)
  zone_move(e, S_box())
end

---------------------------------------------------------------------------------------------
-- Markers (§6.7)
---------------------------------------------------------------------------------------------

---Creates a marker named `name` for player p in p's "markers" zone, in the pool area (no `space`
---yet: M.place puts it on the line).
---@return integer marker
function M.marker(p, name)
  return entity_create { kind = "marker", name = name, owner = p, zone = zone_find("markers", p) }
end

local function same_name_at(m, space)
  local items = zone_items(zone_of(m))
  for i = 1, #items do
    local o = items[i]
    if o ~= m and entity_name(o) == entity_name(m) and entity_get(o, "space") == space then return true end
  end
  return false
end

---"place": onto any space without a same-name marker of the owner, not back where it was; no
---space (nil: an opponent off the board) places nothing. True when the marker moved.
function M.place(m, space)
  if not space or space < 1 or space > board_space_count() then return false end
  if entity_get(m, "space") == space or same_name_at(m, space) then return false end
  entity_set(m, "space", space)
  return true
end

---"move" n spaces in direction dir (+1/-1): same-name markers are jumped and not counted;
---all or nothing; never off the board ([INF]/[AMBIG] recommended readings).
function M.move(m, n, dir)
  local at = entity_get(m, "space")
  if not at then return false end
  local q = at
  for _ = 1, n do
    q = q + dir
    while q >= 1 and q <= board_space_count() and same_name_at(m, q) do q = q + dir end
    if q < 1 or q > board_space_count() then return false end
  end
  entity_set(m, "space", q)
  return true
end

---Takes marker `m` off the line: its `space` becomes nil (back in the pool area).
---@param m integer
function M.clear(m) entity_set(m, "space", nil) end

---------------------------------------------------------------------------------------------
-- Special cards and forms (§6.8-6.9)
---------------------------------------------------------------------------------------------

-- The stats a special card or form's bonus may raise, and the flag on the card that keeps the
-- id of the modifier it added for each (scratch state: the modifier.add event is the news).
local BONUS_STATS = { "power", "speed", "defense", "range_min", "range_max" }
local BONUS_FLAG = {}
for i = 1, #BONUS_STATS do BONUS_FLAG[i] = "bonus_" .. BONUS_STATS[i] end

---Active = face up = its effects and stats apply (to every attack, §6.8 [INF] as modifiers).
---`on` true adds the card's bonus modifiers, false removes those it added.
function M.apply_bonus(card, on)
  if not on then
    for i = 1, #BONUS_FLAG do
      local id = flag_get(card, BONUS_FLAG[i])
      if id ~= 0 then
        effect_remove(id)
        flag_set(card, BONUS_FLAG[i], nil)
      end
    end
    return
  end
  local def = cards_of(card)
  local bonus = def and def.bonus
  if not bonus then return end
  for i = 1, #BONUS_STATS do
    local stat = BONUS_STATS[i]
    if bonus[stat] then
      flag_set(card, BONUS_FLAG[i], stats_modify(S_pe(entity_owner(card)), stat, "add", bonus[stat], card))
    end
  end
end

---Whether `card` (a special card or form) is active: its effects and bonus stats apply.
---@param card integer
---@return boolean
function M.active(card) return entity_get(card, "active") == true end

---False when the card is already active (not allowed, §6.8).
function M.activate(card)
  if M.active(card) then return false end
  local form = entity_get(card, "form")
  if form then                                                          -- §6.9: one form at a time
    local items = zone_items(zone_of(card))
    for i = 1, #items do
      local o = items[i]
      if o ~= card and entity_get(o, "form") == form and M.active(o) then M.deactivate(o) end
    end
  end
  entity_set(card, "active", true)
  fire_activate(card)
  M.apply_bonus(card, true)
  return true
end

---Turns `card` (a special card or form) inactive: its effects and bonus stats stop.
---@param card integer
---@return boolean ok false when the card was not active
function M.deactivate(card)
  if not M.active(card) then return false end
  entity_set(card, "active", nil)
  fire_deactivate(card)
  M.apply_bonus(card, false)
  return true
end

return M
