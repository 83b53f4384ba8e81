-- unmatched.move: moving and placing fighters on the map graph.
--
-- Movement (rulebook "maneuver"): each step to an adjacent space; through spaces of the
-- moving fighter's allies but never through its enemies; it ends on an empty space or stays.
-- "Allies" are always the moving fighter's own side, whoever moves it, which is the rule's
-- "from the opponent's perspective" when you move an opposing fighter. The kernel computes
-- the reachable set and the path (board.reach / board.path with "allies").

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local ipairs = ipairs
local board_figures_at, board_path, board_place, board_space_count = board.figures_at, board.path, board.place, board.space_count
local entity_get, table_concat = entity.get, table.concat

local board_name, board_position, board_reach = board.name, board.position, board.reach
local board_adjacent, board_share_region = board.adjacent, board.share_region
local log_event, entity_name = log.event, entity.name

-- Log options, built once (log.event only reads them).
local RULE = require("unmatched.rules").options({ "maneuver" })

local M = {}

---Player `chooser` moves fighter `f` up to `steps` spaces (0 = stay). Returns the space.
function M.move_fighter(chooser, f, steps, id)
  local at = board_position(f)
  if not at then return nil end
  local options = { { label = "stay on " .. board_name(at), space = at } }
  if steps > 0 then
    local reach = board_reach(f, steps, "allies")
    for i = 1, #reach do
      local s = reach[i]
      options[i + 1] = { label = board_name(s), space = s }
    end
  end
  local to = at
  if #options > 1 then
    local pick = decide { player = chooser, id = id or "move", prompt = "move " .. entity_name(f) .. " up to " .. steps ..
        " space(s)", options = options }[1]
    to = options[pick].space
  end
  if to == at then
    log_event("stay", "{e:fighter} stays on {s:space}", { fighter = f, space = at }, RULE["maneuver"])
    return at
  end
  local path, names = board_path(f, to, "allies", steps), {}
  for i = 1, #path do names[i] = board_name(path[i]) end
  board_place(f, to)
  log_event("move", "{e:fighter} moves {path}", { fighter = f, from = at, to = to, path = table_concat(names, "-") },
    RULE["maneuver"])
  return to
end

---Every empty space on the board, in space order.
function M.empty_spaces()
  local out = {}
  for s = 1, board_space_count() do
    if #board_figures_at(s) == 0 then out[#out + 1] = s end
  end
  return out
end

---Player `chooser` places fighter `f` on an empty space other than its own ("place" is not
---movement: no adjacency, no blocking).
function M.place_anywhere(chooser, f, id)
  local options = {}
  for _, s in ipairs(M.empty_spaces()) do options[#options + 1] = { label = board_name(s), space = s } end
  if #options == 0 then return nil end
  local pick = decide { player = chooser, id = id or "place", prompt = "place " .. entity_name(f), options = options }[1]
  board_place(f, options[pick].space)
  log_event("place", "{e:fighter} is placed on {s:space}", { fighter = f, space = options[pick].space }, RULE["maneuver"])
  return options[pick].space
end

---Opposing fighters fighter `f` may attack: adjacent ones, and for a ranged fighter any
---in a zone it shares (rulebook "attack", step 1).
function M.targets(f, enemies)
  local at, out = board_position(f), {}
  if not at then return out end
  local ranged = entity_get(f, "ranged") == true
  for i = 1, #enemies do
    local e = enemies[i]
    local s = board_position(e)
    if s and (board_adjacent(at, s) or (ranged and board_share_region(at, s))) then out[#out + 1] = e end
  end
  return out
end

return M
