-- tagteam.track: health tracks and special tracks made of cells (spec §6).
--
-- A track is data in the fighter's definition: { max =, min = 0, start =, cells = {[n] = cell} }
-- where a cell may hold `stop = true` and symbol actions (gain, heal, damage, partner_gain,
-- special, fn). The marker's position is a kernel counter on the fighter entity ("hp" for the
-- health track, "special" for a special track), so the match state stays in the kernel.

local M = {}

M.COUNTER = { hp = "hp", special = "special" }

---The definition of a fighter entity (its card table).
function M.fighter_def(f)
  local def = cards.of(f)
  if not def then error("entity " .. tostring(f) .. " is not a fighter", 2) end
  return def
end

---The fighter's current board: its definition, or the side it has flipped to (def.sides[side]).
function M.board(f)
  local def = M.fighter_def(f)
  local side = entity.get(f, "side")
  if side and def.sides and def.sides[side] then return def.sides[side] end
  return def
end

---The track table `which` ("hp" or "special") of fighter f, honouring a flipped board side.
function M.of(f, which)
  local src = M.board(f)
  if which == "hp" then return src.track end
  return src.special
end

---The cell table at position `pos` of fighter f's track (nil when plain).
function M.cell(f, which, pos)
  local t = M.of(f, which)
  return t and t.cells and t.cells[pos] or nil
end

---Puts fighter f's marker on its start cell (setup, or a board flip).
function M.place(f, which, at)
  local t = M.of(f, which)
  if not t then return end
  counter.define(f, M.COUNTER[which], at or t.start or t.max, t.min or 0, t.max)
end

---Moves fighter f's marker by n cells (spec §10 MOVE): one cell at a time, stopping at
---either end (the excess is lost) and on entering a STOP cell; a health marker on the KO
---cell cannot move up. Each cell entered is appended to `entered` as {f=, which=, cell=};
---the start cell never is (leaving a symbol does not fire it). Returns the cells moved.
function M.move(f, which, n, entered)
  local t = M.of(f, which)
  if not t or n == 0 then return 0 end
  local name = M.COUNTER[which]
  local from = counter.get(f, name)
  local lo = t.min or 0
  local dir = n > 0 and 1 or -1
  if dir > 0 and which == "hp" and from == lo then return 0 end   -- no healing out of KO [L482]
  local pos, left = from, math.abs(n)
  while left > 0 do
    local nxt = pos + dir
    if nxt > t.max or nxt < lo then break end
    pos = nxt
    left = left - 1
    entered[#entered + 1] = { f = f, which = which, cell = pos }
    local c = t.cells and t.cells[pos]
    if c and c.stop then break end                                -- STOP halts on entry [L610]
  end
  if pos ~= from then counter.set(f, name, pos) end
  return pos - from
end

return M
