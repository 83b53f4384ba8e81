-- squad.turn: one player's turn, Ready -> Draw -> Deploy -> Battle -> End (spec §6.2, §4),
-- with a priority window (squad.priority) after each step's fixed action and after each
-- card deployed; none in the end phase.

local C = require("squad.cards")
local battle = require("squad.battle")
local deploy = require("squad.deploy")
local priority = require("squad.priority")

local M = {}

local zone_items, zone_count, zone_move, zone_top = zone.items, zone.count, zone.move, zone.top
local within = log.within_rule

local EV_TURN = log.kind("squad.turn", "Turn {turn}: {p:player}", { "turn", "player" }, { rule = "§6.2 Turn order" })
local EV_READY = log.kind("squad.ready", "{p:player} untaps {n} of their cards", { "player", "n" }, { rule = "§6.2 Ready phase" })
local EV_READY_NONE = log.kind("squad.ready", "{p:player} has nothing to untap", { "player", "n" }, { rule = "§6.2 Ready phase" })
local EV_DRAW = log.kind("squad.draw", "{p:player} draws a card ({left} left in the play deck)", { "player", "left" },
  { rule = "§6.2 Draw phase" })
local EV_SKIP = log.kind("squad.no_draw", "{p:player} skips the draw on the first turn of the game", { "player" },
  { rule = "§6.1 Setup" })
local EV_HAND = log.kind("squad.hand_limit", "{p:player} discards {cards} down to {limit} cards", { "player", "cards", "limit" },
  { rule = "§4 E1 Hand limit" })
local EV_CLEAR = log.kind("squad.damage_cleared", "All damage is removed from the units", {}, { rule = "§4 E3" })
local EV_OVER = log.kind("squad.turn_over", "{p:player}: \"your turn\"", { "player" }, { rule = "§4 E5" })

-- Ready phase: untap every card of the active player (nothing is played before this).
local function ready(G, p)
  local list = zone_items(G.base[p])
  local n = 0
  for i = 1, #list do
    if C.tapped(list[i]) then
      C.set_tapped(list[i], false)
      n = n + 1
    end
  end
  if n > 0 then EV_READY(p, n) else EV_READY_NONE(p, 0) end
end

-- Draw phase; false when the deck was empty (the player loses: §6.6).
local function draw(G, p)
  local top = zone_top(G.deck[p])
  if not top then return false end
  zone_move(top, G.hand[p], "bottom")
  EV_DRAW(p, zone_count(G.deck[p]))
  return true
end

-- End phase (spec §4): hand limit for the active player, end-of-turn effects in the order the
-- active player chooses, all damage removed, "until end of turn" effects end. No windows.
local function end_phase(G, p)
  local limit = G.options.hand_limit
  local over = zone_count(G.hand[p]) - limit
  if over > 0 then
    local hand = zone_items(G.hand[p])
    local picks = decide { player = p, id = "hand_limit", min = over, max = over, entities = hand,
      prompt = ("Discard %d %s to the Dump (hand limit %d)"):format(over, over == 1 and "card" or "cards", limit) }
    local names = {}
    for i = 1, #picks do
      local c = hand[picks[i]]
      names[i] = entity.name(c)
      zone_move(c, G.dump[p], "top")
    end
    EV_HAND(p, table.concat(names, ", "), limit)
  end
  -- End-of-turn effects of every card in play, both sides, in the order the active player picks.
  local live = C.in_play(G, p)
  local theirs = C.in_play(G, 3 - p)
  for i = 1, #theirs do live[#live + 1] = theirs[i] end
  within("§4 E2 End-of-turn effects", C.fire_ordered, "end_of_turn", live, p, { G = G })
  local cleared = false
  for q = 1, 2 do
    local units = zone_items(G.base[q], "unit")
    for i = 1, #units do
      if counter.get(units[i], "damage") ~= 0 then
        counter.set(units[i], "damage", 0)
        cleared = true
      end
    end
  end
  if cleared then EV_CLEAR() end
  match.end_period("turn")   -- "until end of turn" effects, enter-battle ones included, end here
  EV_OVER(p)
end

---Plays turn number n of player p; `check` runs the deck-out check (true: match over).
function M.play(G, p, n, check)
  local function window(step) return within("§6.4 Priority window", priority.window, G, p, step, check) end
  G.active = p
  EV_TURN(n, p)
  within("§6.2 Ready phase", ready, G, p)   -- nothing is played before the untap
  if check() or window("ready") then return true end
  if n == 1 then
    EV_SKIP(p)
  elseif not within("§6.2 Draw phase", draw, G, p) then
    return check(p)
  end
  if check() or window("draw") then return true end
  if window("deploy") then return true end
  if within("§6.2 Deploy phase", deploy.phase, G, p, function() return check() or window("deploy") end) then
    return true
  end
  if battle.phase(G, p, check, window) then return true end
  within("§4 End phase", end_phase, G, p)
  return check()
end

return M
