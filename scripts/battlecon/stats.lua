-- battlecon.stats: attack pair arithmetic (spec §4), evaluated on demand, never cached.
--
-- Card props: range_min, range_max (a single value sets both), power, speed, defense;
-- "none" as a value = NONE (§4.6); <stat>_fixed = true = the `*` mark (§4.4);
-- range_x = "2,4" marks distances (§4.2 R5, cells read as distances); stability = true in
-- place of defense (P4); tiebreak = true = ▲ (§3.6).
-- Modifiers are effect.modify on the player entity with stat = the stat name (op add for
-- bonuses and penalties); "equal to X" is op set on stat "equal.<stat>" (§4.5).

local S = require("battlecon.state")

local M = {}
M.NONE = "none"
local UNSET = -999999

local function printed_of(cards, stat)
  local sum = 0
  for _, c in ipairs(cards) do
    local v = entity.get(c, stat)
    if v == M.NONE then return M.NONE end
    sum = sum + (v or 0)
  end
  return sum
end

-- The printed value: the bare sum (§8 "printed value"); NONE stays NONE.
function M.printed(p, stat)
  local cards = S.attack_cards(p)
  for _, c in ipairs(cards) do
    if entity.get(c, stat .. "_fixed") then return entity.get(c, stat) end
  end
  return printed_of(cards, stat)
end

-- §4.7 steps 2-5 for one number stat; returns a number or NONE (no clamps).
local function raw(p, stat, cards)
  for _, c in ipairs(cards) do
    if entity.get(c, stat .. "_fixed") then return entity.get(c, stat) end   -- `*`
  end
  local pe = S.pe(p)
  local printed = printed_of(cards, stat)
  if printed == M.NONE and effect.stat(pe, "unnone." .. stat, 0) == 0 then return M.NONE end
  local eq = effect.stat(pe, "equal." .. stat, UNSET)
  if eq ~= UNSET then return eq end
  if printed == M.NONE then printed = 0 end
  return effect.stat(pe, stat, printed)
end

function M.power(p)
  local v = raw(p, "power", S.attack_cards(p))
  if v == M.NONE then return M.NONE end
  return math.max(0, v)                                          -- P1
end

function M.speed(p) local v = raw(p, "speed", S.attack_cards(p)); return v == M.NONE and 0 or v end

function M.stable(p)
  for _, c in ipairs(S.attack_cards(p)) do
    if entity.get(c, "stability") then return true end
  end
  return effect.stat(S.pe(p), "stability", 0) > 0
end

-- Defense reads 0 under stability (P4) and never below 0 (P2).
function M.defense(p)
  if M.stable(p) then return 0 end
  local v = raw(p, "defense", S.attack_cards(p))
  if v == M.NONE then return 0 end
  return math.max(0, v)
end

function M.tiebreak(p)
  for _, c in ipairs(S.attack_cards(p)) do
    if entity.get(c, "tiebreak") then return true end
  end
  return effect.stat(S.pe(p), "tiebreak", 0) > 0
end

-- Range: {none=true} | {x={d...}} | {min=, max=} after R3/R4 clamps.
function M.range(p)
  local cards = S.attack_cards(p)
  for _, c in ipairs(cards) do
    local x = entity.get(c, "range_x")
    if x then                                                    -- R5: the other card is ignored
      local cells = {}
      for d in string.gmatch(x, "%-?%d+") do cells[#cells + 1] = tonumber(d) end
      return { x = cells }
    end
  end
  local lo, hi = raw(p, "range_min", cards), raw(p, "range_max", cards)
  if lo == M.NONE or hi == M.NONE then return { none = true } end
  lo = math.max(0, lo)                                           -- R4
  hi = math.max(lo, hi)                                          -- R3 (and R4)
  return { min = lo, max = hi }
end

function M.in_range(r, distance)
  if r.none then return false end
  if r.x then
    for _, d in ipairs(r.x) do if d == distance then return true end end
    return false
  end
  return distance >= r.min and distance <= r.max
end

function M.range_text(r)
  if r.none then return "NONE" end
  if r.x then return "X{" .. table.concat(r.x, ",") .. "}" end
  return r.min == r.max and tostring(r.min) or (r.min .. "~" .. r.max)
end

-- Numeric read of a stat for effects: NONE reads 0 (N4).
function M.number(v) return v == M.NONE and 0 or v end

-- Stat modifiers for card effects. `amount` may be negative (a penalty).
function M.bonus(p, stat, amount, source, expires)
  return effect.modify { target = S.pe(p), stat = stat, op = "add", amount = amount, source = source,
    expires = expires or "beat" }
end
function M.equal_to(p, stat, x, source)
  return effect.modify { target = S.pe(p), stat = "equal." .. stat, op = "set", amount = x, source = source,
    expires = "beat" }
end

return M
