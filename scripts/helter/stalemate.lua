-- helter.stalemate: ending a match that can never change again (docs/rules-decisions.md,
-- "Helter Skelter", Stalemate).
--
-- SAMPLE CONTENT — not from the rulebook: the rulebook has no discard, so hands full of
-- cards that show only dead or absent characters, with the hand at its limit and no draw
-- possible, freeze a match for good, and the rulebook says nothing about it. The most points
-- wins, as after an elimination (§8.4, the nearest rule it gives). Tied leaders cannot play the
-- tie out as §8.4 asks (nothing can change any more), so the option `stalemate_tie` says what
-- happens: "standing" (default) compares the tied leaders' health left on living characters,
-- then how many characters are alive, then gives the match to the one later in turn order (the
-- first player had the tempo); "draw" calls it a draw.

local state = require("helter.state")
local counter_get = counter.get

local M = {}

local EV_STALEMATE = log.kind("helter.stalemate",
  "A whole round without a possible deploy, action, interrupt or draw: nothing can change any more", { "turns" },
  { rule = "§8.5 Stalemate" })
local EV_STANDING = log.kind("helter.stalemate_standing",
  "{p:player} has {health} health left, {alive} character(s) alive, place {place} in turn order from the first player",
  { "player", "health", "alive", "place" }, { rule = "§8.5 Stalemate" })

-- Player p's health left on living characters and how many of them live.
local function standing(G, p)
  local health, alive = 0, 0
  local chars = G.chars[p]
  for i = 1, #chars do
    local f = chars[i]
    if not state.dead(f) then
      health, alive = health + (counter_get(f, "health") or 0), alive + 1
    end
  end
  return health, alive
end

-- Whether standing a = {health, alive, place} is ahead of b: compared in that order (places
-- differ, so one always is).
local function ahead(a, b)
  for k = 1, 3 do
    if a[k] ~= b[k] then return a[k] > b[k] end
  end
  return false
end

-- The tied leader who stands best: most health, then most alive, then later in turn order.
-- Each leader's standing is told first, so a reader sees why.
local function best_standing(G, leaders)
  local place = {}
  local p = G.first_player
  if not p then error("helter.stalemate: G.first_player is not set (helter.setup.run sets it)", 2) end
  for i = 1, G.n do place[p], p = i, state.left(G, p) end
  local best, best_key
  for i = 1, #leaders do
    local q = leaders[i]
    local health, alive = standing(G, q)
    EV_STANDING(q, health, alive, place[q])
    local key = { health, alive, place[q] }
    if not best_key or ahead(key, best_key) then best, best_key = q, key end
  end
  return best
end

---Ends the match at a stalemate: `idle` turns in a row (a whole round) changed nothing. The
---remaining player with the most points wins; tied leaders as option `stalemate_tie` says.
---@param G table the match's state (helter.setup)
---@param idle integer the idle turns in a row
function M.finish(G, idle)
  EV_STALEMATE(idle)
  local top, leaders = -1, {}
  local remaining = state.remaining(G)
  for i = 1, #remaining do
    local p = remaining[i]
    local points = state.points(p)
    if points > top then top, leaders = points, { p } elseif points == top then leaders[#leaders + 1] = p end
  end
  if #leaders == 1 then
    match.finish(leaders[1], "most points at a stalemate")
  elseif G.options.stalemate_tie == "draw" then
    match.finish(nil, "stalemate")
  else
    match.finish(best_standing(G, leaders), "tied at a stalemate: best standing")
  end
end

return M
