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
local entity_get, table_remove, type = entity.get, table.remove, type

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

-- "Which fighter moves next?", one question for every such move (decide reads it whole before
-- it returns), and each option {label = "<fighter> on <space>", entity =} made once a match per
-- fighter and space (file-level tables: the host empties them before each match).
local NEXT_ASK = { player = 0, id = "move_next", prompt = "which fighter moves next?", options = {}, single = true }
local NEXT_OPTION = {}
local function next_option(f)
  local at = board_position(f)
  local key = f * 4096 + (at or 0)
  local o = NEXT_OPTION[key]
  if not o then
    o = { label = entity_name(f) .. " on " .. board_name(at), entity = f }
    NEXT_OPTION[key] = o
  end
  return o
end

---Player p moves each fighter of the list `fighters` once, one after another, in the order p
---picks (question "move_next" while two or more are left): the rulebook's maneuver (L232: any
---order, one fighter's move done before the next starts), and a card's "each of your fighters
---may move". A fighter defeated before its turn does not move. `steps` is how far each may
---move: a number, or a function of the fighter. The list is used up (emptied).
---@param p integer
---@param fighters integer[]
---@param steps integer|fun(f: integer): integer
---@param id string|nil the move question's id (default "move")
function M.each_in_order(p, fighters, steps, id)
  local left = fighters
  while #left > 0 do
    local i = 1
    if #left > 1 then
      local options = NEXT_ASK.options
      for k = 1, #left do options[k] = next_option(left[k]) end
      for k = #left + 1, #options do options[k] = nil end
      NEXT_ASK.player = p
      i = decide(NEXT_ASK)
    end
    local f = table_remove(left, i)
    if not entity_get(f, "defeated") then
      M.move_fighter(p, f, type(steps) == "function" and steps(f) or steps, id)
    end
  end
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
  -- Said as at the table ("Anna places Alice on a3"): the kernel's own "is placed on" is bookkeeping.
  log_event("place", "{p:player} places {e:fighter} on {s:space}", { player = chooser, fighter = f, space = to },
    RULE["maneuver"])
  return to
end

---Opposing fighters fighter `f` may attack: adjacent ones, and for a ranged fighter any
---in a zone it shares (rulebook "attack", step 1).
function M.targets(f, enemies)
  return board_near(f, enemies, entity_get(f, "ranged") == true)   -- the kernel looks: one call
end

return M
