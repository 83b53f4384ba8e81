-- battlecon.stats: attack pair arithmetic (spec §4), as derived values the kernel keeps.
--
-- Card props: range_min, range_max (a single value sets both), power, speed, defense;
-- "none" as a value = NONE (§4.6); <stat>_fixed = true = the `*` mark (§4.4);
-- range_x = "2,4" marks distances (§4.2 R5, cells read as distances); stability = true in
-- place of defense (P4); tiebreak = true = ▲ (§3.6).
-- Modifiers are effect.modify on the player entity with stat = the stat name (op add for
-- bonuses and penalties); "equal to X" is op set on stat "equal.<stat>" (§4.5); a modifier
-- on "unnone.<stat>" gives a NONE stat a value.
--
-- M.define(p) (at setup) asks the kernel for one derived value per stat (derived.define):
-- the attack cards are the first style and the first (top) base of p's pair, or a special
-- attack alone (kinds/alone); §4.7 steps 2-5 are the definition's fixed / none / override /
-- modifier steps. A read is then one kernel call, recomputed only after the match changed.

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local ipairs, tonumber, tostring = ipairs, tonumber, tostring
local derived_define, effect_modify, string_gmatch = derived.define, effect.modify, string.gmatch
local table_concat, zone_find = table.concat, zone.find

local derived_get, derived_source_with, effect_stat = derived.get, derived.source_with, effect.stat
local pe_of = match.player_entity
local max = math.max

local M = {}
M.NONE = "none"

-- The stats defined per player, and the floor each keeps (P1: power, P2: defense, R4: range).
local DEFINED = {
  { stat = "power", floor = 0 }, { stat = "speed" }, { stat = "defense", floor = 0 },
  { stat = "range_min", floor = 0 }, { stat = "range_max" },
}

-- The marks defined per player besides the stats (P4 stability, §3.6 tiebreak).
local MARKS = { "stability", "tiebreak" }

-- IDS[p][name]: the ids M.define got for player p's values, so a read is derived.get(id) with
-- no look-up by name (a file-level table is given back its load-time contents, empty, before
-- each match; setup defines them again).
local IDS = {}

-- The printed value of stat d (§8): the bare sum, `*` kept, no modifier. Defined the first time a
-- rule asks for it (M.printed, M.id), not at setup: few cards read a printed value, and a
-- definition costs a kernel call that a match reading none would pay twelve times over.
local function define_printed(p, d)
  return derived_define { name = "printed." .. d.stat, zones = { zone_find("pair", p) }, kinds = { "style", "base" },
    alone = "special", prop = d.stat, none = M.NONE, fixed = d.stat .. "_fixed", target = pe_of(p) }
end

-- "printed.<stat>" -> its entry of DEFINED, for the definitions made on first use.
local PRINTED = {}
for i = 1, #DEFINED do PRINTED["printed." .. DEFINED[i].stat] = DEFINED[i] end

---Setup: asks the kernel for player p's derived stats over the attack cards in p's pair: power,
---speed, defense, range_min, range_max, stability and tiebreak; their printed.* values are
---defined on first use (M.printed, M.id).
---@param p integer
function M.define(p)
  local pe, pair = pe_of(p), zone_find("pair", p)
  local zones, kinds = { pair }, { "style", "base" }
  local ids = {}
  for i = 1, #DEFINED do
    local d = DEFINED[i]
    ids[d.stat] = derived_define { name = d.stat, zones = zones, kinds = kinds, alone = "special", prop = d.stat,
      none = M.NONE, fixed = d.stat .. "_fixed", target = pe, stat = d.stat, override = "equal." .. d.stat,
      unnone = "unnone." .. d.stat, floor = d.floor }
  end
  for _, mark in ipairs(MARKS) do
    ids[mark] = derived_define { name = mark, zones = zones, kinds = kinds, alone = "special", prop = mark, target = pe }
  end
  IDS[p] = ids
end

-- Every name M.define gives a derived value (from the same lists), in a fixed order.
local NAMES = {}
for i = 1, #DEFINED do
  NAMES[#NAMES + 1] = DEFINED[i].stat
  NAMES[#NAMES + 1] = "printed." .. DEFINED[i].stat
end
for i = 1, #MARKS do NAMES[#NAMES + 1] = MARKS[i] end

local derived_find = derived.find

---After a checkpoint (game.resume): finds again the derived stats battlecon.stats.define made
---for player p (and the printed values defined by then).
---They are the kernel's, so they came back with its state; only this file's ids of them did not.
---@param p integer
function M.restore(p)
  local pe, ids = pe_of(p), {}
  for i = 1, #NAMES do
    local id = derived_find(NAMES[i], pe)
    -- A printed value no rule read before the checkpoint is not defined yet: it will be on
    -- first use, as in the match this copies.
    if not id and not PRINTED[NAMES[i]] then
      error(("no derived stat '%s' for player %d to restore: did setup run battlecon.stats.define?"):format(NAMES[i], p), 2)
    end
    ids[NAMES[i]] = id
  end
  IDS[p] = ids
end

-- Raised when p's stats were never defined (a setup that skipped M.define): says what to do.
local function missing(p)
  error(("no stats are defined for player %s (battlecon.stats.define runs at setup)"):format(tostring(p)), 3)
end

---The id of player p's derived value `name` ("power", "printed.speed", "stability", ...): for
---derived.get and derived.source_with. Its sources are p's attack cards, whichever stat it is.
---@param p integer
---@param name string
---@return integer
function M.id(p, name)
  local ids = IDS[p] or missing(p)
  local id = ids[name]
  if not id and PRINTED[name] then
    id = define_printed(p, PRINTED[name])
    ids[name] = id
  end
  if not id then error(("no derived stat '%s' (battlecon.stats.define)"):format(tostring(name)), 2) end
  return id
end
local id_of = M.id

---The printed value: the bare sum (§8 "printed value"); NONE stays NONE.
function M.printed(p, stat) return derived_get(id_of(p, "printed." .. stat)) end

---Player p's power: M.NONE, or a number of at least 0.
---@param p integer
---@return integer|string
function M.power(p) return derived_get((IDS[p] or missing(p)).power) end                  -- NONE, or at least 0 (P1)

---Player p's speed (NONE reads 0).
---@param p integer
---@return integer
function M.speed(p)
  local v = derived_get((IDS[p] or missing(p)).speed)
  return v == M.NONE and 0 or v
end

---Whether p's attack has stability: marked on an attack card, or given by an effect on the
---"stability" stat.
---@param p integer
---@return boolean
function M.stable(p)
  return derived_get((IDS[p] or missing(p)).stability) > 0 or effect_stat(pe_of(p), "stability", 0) > 0
end

---Defense reads 0 under stability (P4) and never below 0 (P2).
function M.defense(p)
  if M.stable(p) then return 0 end
  local v = derived_get((IDS[p] or missing(p)).defense)
  return v == M.NONE and 0 or v
end

---Whether p has ▲ (§3.6): marked on an attack card, or given by an effect on the "tiebreak" stat.
---@param p integer
---@return boolean
function M.tiebreak(p)
  return derived_get((IDS[p] or missing(p)).tiebreak) > 0 or effect_stat(pe_of(p), "tiebreak", 0) > 0
end

-- The range tables M.range answers with, shared: NONE_RANGE, and {min=, max=} by min * 1024 +
-- max, made the first time (file-level: the host empties RANGE before each match). A beat reads
-- both players' ranges twice (Reveal's log, the range check).
local NONE_RANGE = { none = true }
local RANGE = {}

---Range: {none=true} | {x={d...}} | {min=, max=} after R3/R4 clamps. The table may be shared by
---other calls: read it, do not change it.
function M.range(p)
  local ids = IDS[p] or missing(p)
  local lo_id = ids.range_min
  local card, x = derived_source_with(lo_id, "range_x")
  if card then                                                   -- R5: the other card is ignored
    local cells = {}
    for d in string_gmatch(x, "%-?%d+") do cells[#cells + 1] = tonumber(d) end
    return { x = cells }
  end
  local lo, hi = derived_get(lo_id), derived_get(ids.range_max)
  if lo == M.NONE or hi == M.NONE then return NONE_RANGE end
  hi = max(lo, hi)                                               -- R4 (the floor), R3
  local small = lo >= 0 and hi < 1024
  local r = small and RANGE[lo * 1024 + hi]
  if r then return r end
  r = { min = lo, max = hi }
  if small then RANGE[lo * 1024 + hi] = r end
  return r
end

---Whether `distance` is within range `r` (a M.range table): never for NONE, one of the listed
---distances for X, else between min and max.
---@param r table
---@param distance integer
---@return boolean
function M.in_range(r, distance)
  if r.none then return false end
  if r.x then
    for _, d in ipairs(r.x) do if d == distance then return true end end
    return false
  end
  return distance >= r.min and distance <= r.max
end

-- The texts of ranges "min~max" made so far this match, by min * 1024 + max: a beat logs both
-- pairs' ranges, and making a text from numbers costs about a thousand instructions. File-level,
-- so the host empties it before each match.
local RANGE_TEXT = {}

---Range `r` (a M.range table) as text for the log, as a player says it: "none", "2 or 4"
---(an X range: only those distances), "2" or "1~3".
---@param r table
---@return string
function M.range_text(r)
  if r.none then return "none" end
  if r.x then
    local n = #r.x
    if n == 1 then return tostring(r.x[1]) end
    return table_concat(r.x, ", ", 1, n - 1) .. " or " .. r.x[n]
  end
  local lo, hi = r.min, r.max
  local small = lo >= 0 and hi >= 0 and hi < 1024
  local key = small and lo * 1024 + hi
  local text = small and RANGE_TEXT[key]
  if text then return text end
  text = lo == hi and tostring(lo) or (lo .. "~" .. hi)
  if small then RANGE_TEXT[key] = text end
  return text
end

---Numeric read of a stat for effects: NONE reads 0 (N4).
function M.number(v) return v == M.NONE and 0 or v end

-- The request M.modify hands effect.modify, one table refilled whole on every call:
-- effect.modify reads it before it returns and keeps nothing of it.
local MODIFY = {}

---effect.modify{target=, stat=, op=, amount=, source=, expires=} with no table made per call:
---the modifier's id. `expires` nil = until removed.
---@return integer
function M.modify(target, stat, op, amount, source, expires)
  local t = MODIFY
  t.target, t.stat, t.op, t.amount, t.source, t.expires = target, stat, op, amount, source, expires
  return effect_modify(t)
end
local modify = M.modify

---Stat modifiers for card effects. `amount` may be negative (a penalty).
function M.bonus(p, stat, amount, source, expires)
  return modify(pe_of(p), stat, "add", amount, source, expires or "beat")
end
---"Equal to X" (§4.5): player p's `stat` becomes x until the end of the beat (an effect set on
---"equal.<stat>"). Returns the effect's id.
---@return integer
function M.equal_to(p, stat, x, source)
  return modify(pe_of(p), "equal." .. stat, "set", x, source, "beat")
end

return M
