-- unmatched.move: moving and placing fighters on the map graph.
--
-- Movement (rulebook "maneuver"): each step to an adjacent space; through spaces of the
-- moving fighter's allies but never through its enemies; it ends on an empty space or stays.
-- "Allies" are always the moving fighter's own side, whoever moves it, which is the rule's
-- "from the opponent's perspective" when you move an opposing fighter. The kernel computes
-- the reachable set and the path (board.reachable / board.path with "allies").

local M = {}

---Player `chooser` moves fighter `f` up to `steps` spaces (0 = stay). Returns the space.
function M.move_fighter(chooser, f, steps, id)
  local at = board.position(f)
  if not at then return nil end
  local options = { { label = "stay on " .. board.name(at), space = at } }
  if steps > 0 then
    for _, r in ipairs(board.reachable(f, steps, "allies")) do
      options[#options + 1] = { label = board.name(r.space), space = r.space }
    end
  end
  local to = at
  if #options > 1 then
    local pick = decide { player = chooser, id = id or "move", prompt = "move " .. entity.name(f) .. " up to " .. steps ..
        " space(s)", options = options }[1]
    to = options[pick].space
  end
  if to == at then
    log.event("stay", "{e:fighter} stays on {s:space}", { fighter = f, space = at }, { rule = "maneuver" })
    return at
  end
  local path, names = board.path(f, to, "allies", steps), {}
  for i, s in ipairs(path) do names[i] = board.name(s) end
  board.place(f, to)
  log.event("move", "{e:fighter} moves {path}", { fighter = f, from = at, to = to, path = table.concat(names, "-") },
    { rule = "maneuver" })
  return to
end

---Every empty space on the board, in space order.
function M.empty_spaces()
  local out = {}
  for s = 1, board.space_count() do
    if #board.figures_at(s) == 0 then out[#out + 1] = s end
  end
  return out
end

---Player `chooser` places fighter `f` on an empty space other than its own ("place" is not
---movement: no adjacency, no blocking).
function M.place_anywhere(chooser, f, id)
  local options = {}
  for _, s in ipairs(M.empty_spaces()) do options[#options + 1] = { label = board.name(s), space = s } end
  if #options == 0 then return nil end
  local pick = decide { player = chooser, id = id or "place", prompt = "place " .. entity.name(f), options = options }[1]
  board.place(f, options[pick].space)
  return options[pick].space
end

---Opposing fighters fighter `f` may attack: adjacent ones, and for a ranged fighter any
---in a zone it shares (rulebook "attack", step 1).
function M.targets(f, enemies)
  local at, out = board.position(f), {}
  if not at then return out end
  local ranged = entity.get(f, "ranged") == true
  for _, e in ipairs(enemies) do
    local s = board.position(e)
    if s and (board.adjacent(at, s) or (ranged and board.share_region(at, s))) then out[#out + 1] = e end
  end
  return out
end

return M
