-- tagteam.track: health tracks and special tracks made of cells (spec §6).
--
-- A track is data in the fighter's definition: { max =, min = 0, start =, cells = {[n] = cell} }
-- where a cell may hold `stop = true` and symbol actions (gain, heal, damage, partner_gain,
-- special, fn). The marker's position is a kernel counter on the fighter entity ("hp" for the
-- health track, "special" for a special track), so the match state stays in the kernel.
-- Definitions are read from their compiled entries (tagteam.defs, T.fdef[f]).

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local tostring = tostring

local counter_get, counter_set, counter_define = counter.get, counter.set, counter.define
local entity_get = entity.get

local M = {}

M.COUNTER = { hp = "hp", special = "special" }

---The compiled definition (tagteam.defs.fighter) of fighter entity f.
function M.fighter(T, f)
  local fd = T.fdef[f]
  if not fd then error("entity " .. tostring(f) .. " is not a fighter", 2) end
  return fd
end

---The fighter's current board: its definition, or the side it has flipped to (def.sides[side]).
---Only a fighter with sides has its "side" prop read.
function M.board(T, f)
  local fd = T.fdef[f]
  if not fd then error("entity " .. tostring(f) .. " is not a fighter", 2) end
  local sides = fd.sides
  if sides then
    local side = entity_get(f, "side")
    if side and sides[side] then return sides[side] end
  end
  return fd.def
end

---The track table `which` ("hp" or "special") of fighter f, honouring a flipped board side: the
---compiled copy (tagteam.defs.fighter's tracks), plain tables holding the definition's values.
function M.of(T, f, which)
  local fd = T.fdef[f]
  if not fd then error("entity " .. tostring(f) .. " is not a fighter", 2) end
  local tracks = fd.tracks
  local sides = fd.sides
  if sides then
    local side = entity_get(f, "side")
    if side and sides[side] then tracks = fd.side_tracks[side] end
  end
  if which == "hp" then return tracks.hp end
  return tracks.special
end

---The cell table at position `pos` of fighter f's track (nil when plain).
function M.cell(T, f, which, pos)
  local fd = T.fdef[f]
  local t
  if fd and not fd.sides then          -- one board: M.of's answer without its call (a trigger
    local tracks = fd.tracks           -- wave asks this of every cell entered)
    if which == "hp" then t = tracks.hp else t = tracks.special end
  else
    t = M.of(T, f, which)
  end
  local cells = t and t.cells
  return cells and cells[pos] or nil
end

---Puts fighter f's marker on its start cell (setup, or a board flip).
function M.place(T, f, which, at)
  local t = M.of(T, f, which)
  if not t then return end
  counter_define(f, M.COUNTER[which], at or t.start or t.max, t.min or 0, t.max)
end

---Moves fighter f's marker by n cells (spec §10 MOVE): one cell at a time, stopping at
---either end (the excess is lost) and on entering a STOP cell; a health marker on the KO
---cell cannot move up. Each cell entered is appended to the flat list `entered` as three
---entries: the fighter, `which` and the cell's number (no table per cell); the start cell never
---is (leaving a symbol does not fire it). Returns the cells moved, the position before and the
---position after.
function M.move(T, f, which, n, entered)
  local t = M.of(T, f, which)
  local name = M.COUNTER[which]
  if not t or n == 0 then
    local at = counter_get(f, name)
    return 0, at, at
  end
  local from = counter_get(f, name)
  local lo = t.min or 0
  local dir = n > 0 and 1 or -1
  if dir > 0 and which == "hp" and from == lo then return 0, from, from end   -- no healing out of KO [L482]
  local cells, max = t.cells, t.max
  local pos, left = from, n > 0 and n or -n
  while left > 0 do
    local nxt = pos + dir
    if nxt > max or nxt < lo then break end
    pos = nxt
    left = left - 1
    local k = #entered
    entered[k + 1], entered[k + 2], entered[k + 3] = f, which, pos
    local c = cells and cells[pos]
    if c and c.stop then break end                                -- STOP halts on entry [L610]
  end
  if pos ~= from then pos = counter_set(f, name, pos) end
  return pos - from, from, pos
end

return M
