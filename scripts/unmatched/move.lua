-- unmatched.move: moving and placing fighters on the map graph.
--
-- Movement (rulebook "maneuver"): each step to an adjacent space; through spaces of the
-- moving fighter's allies but never through its enemies; it ends on an empty space or stays.
-- "Allies" are always the moving fighter's own side, whoever moves it, which is the rule's
-- "from the opponent's perspective" when you move an opposing fighter. The kernel computes
-- the reachable set and the path (board.reach / board.path with "allies").

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local board_figures_at, board_place, board_space_count = board.figures_at, board.place, board.space_count
local entity_get = entity.get

local board_ask_reach, board_name, board_position = board.ask_reach, board.name, board.position
local board_near = board.near
local log_event, entity_name = log.event, entity.name

-- Log options, built once (log.event only reads them).
local RULE = require("unmatched.rules").options({ "maneuver" })

local M = {}

-- The events this file appends most, declared once (log.kind): a call per event, no table.
local log_kind = log.kind
local EV_MOVE = log_kind("move", "{e:fighter} moves {path}", { "fighter", "from", "to", "path" }, RULE["maneuver"])

-- The move question, one table for every move (board.ask_reach reads it before it asks): the
-- kernel lists the reachable spaces and asks, so a move builds no list, request or option.
local MOVE_ASK = { id = "", prompt = "", stay = "" }
-- The texts a move shows, made once a match (a name never changes; making text costs about a
-- thousand instructions): "stay on <space>" by space, the prompt by fighter * 64 + steps.
-- File-level, so the host empties them before each match.
local STAY_TEXT, MOVE_PROMPT = {}, {}

---Player `chooser` moves fighter `f` up to `steps` spaces (0 = stay). Returns the space.
function M.move_fighter(chooser, f, steps, id)
  local at = board_position(f)
  if not at then return nil end
  local to, path = at, nil
  if steps > 0 then   -- option 1 stays; the others are the spaces in reach (board.ask_reach)
    local stay = STAY_TEXT[at]
    if not stay then stay = "stay on " .. board_name(at); STAY_TEXT[at] = stay end
    local key = f * 64 + steps
    local prompt = steps < 64 and MOVE_PROMPT[key]
    if not prompt then
      prompt = "move " .. entity_name(f) .. " up to " .. steps .. " space(s)"
      if steps < 64 then MOVE_PROMPT[key] = prompt end
    end
    MOVE_ASK.id, MOVE_ASK.prompt, MOVE_ASK.stay = id or "move", prompt, stay
    to, path = board_ask_reach(chooser, f, steps, "allies", MOVE_ASK)   -- and the path's names, "s1-s4-s10"
  end
  if to == at then
    log_event("stay", "{e:fighter} stays on {s:space}", { fighter = f, space = at }, RULE["maneuver"])
    return at
  end
  board_place(f, to)
  EV_MOVE(f, at, to, path)
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
---movement: no adjacency, no blocking). A fighter off the board (defeated, §4.7) is not placed:
---nil, and nothing is asked.
function M.place_anywhere(chooser, f, id)
  if not board_position(f) then return nil end
  local spaces = M.empty_spaces()
  if #spaces == 0 then return nil end
  local to = spaces[decide { player = chooser, id = id or "place", prompt = "place " .. entity_name(f), spaces = spaces,
    single = true }]
  board_place(f, to)
  log_event("place", "{e:fighter} is placed on {s:space}", { fighter = f, space = to }, RULE["maneuver"])
  return to
end

---Opposing fighters fighter `f` may attack: adjacent ones, and for a ranged fighter any
---in a zone it shares (rulebook "attack", step 1).
function M.targets(f, enemies)
  return board_near(f, enemies, entity_get(f, "ranged") == true)   -- the kernel looks: one call
end

return M
