-- squad.turn: one player's turn, Ready -> Draw -> Deploy -> Battle -> End (spec §6.2, §4).
-- The priority windows between steps and Chains (§6.4) are not in yet: nothing is offered
-- in them until Orders are (see issue #12's note).

local C = require("squad.cards")
local battle = require("squad.battle")
local core_windows = require("core.windows")

local M = {}

local zone_items, zone_count, zone_move, zone_top = zone.items, zone.count, zone.move, zone.top
local within = log.within_rule

local EV_TURN = log.kind("squad.turn", "Turn {turn}: {p:player}", { "turn", "player" })
local EV_READY = log.kind("squad.ready", "{p:player} untaps their cards", { "player" }, { rule = "§6.2 Ready phase" })
local EV_DRAW = log.kind("squad.draw", "{p:player} draws a card ({left} left in the play deck)", { "player", "left" },
  { rule = "§6.2 Draw phase" })
local EV_SKIP = log.kind("squad.no_draw", "{p:player} skips the draw on the first turn of the game", { "player" },
  { rule = "§6.1 Setup" })
local EV_PLAY = log.kind("squad.play", "{p:player} plays {e:card}, paying {cost} from the play deck", { "player", "card", "cost" },
  { rule = "§6.3 Resources and costs" })
local EV_RESOURCE = log.kind("squad.resource", "{p:player} plays {e:card}", { "player", "card" },
  { rule = "§6.3 Resources and costs" })
local EV_HAND = log.kind("squad.hand_limit", "{p:player} discards {cards} down to {limit} cards", { "player", "cards", "limit" },
  { rule = "§4 E1 Hand limit" })
local EV_CLEAR = log.kind("squad.damage_cleared", "All damage is removed from the units", {}, { rule = "§4 E3" })
local EV_OVER = log.kind("squad.turn_over", "{p:player}: \"your turn\"", { "player" }, { rule = "§4 E5" })

-- Ready phase: untap every card of the active player (nothing is played before this).
local function ready(G, p)
  local list = zone_items(G.base[p])
  for i = 1, #list do C.set_tapped(list[i], false) end
  EV_READY(p)
end

-- Draw phase; false when the deck was empty (the player loses: §6.6).
local function draw(G, p)
  local top = zone_top(G.deck[p])
  if not top then return false end
  zone_move(top, G.hand[p], "bottom")
  EV_DRAW(p, zone_count(G.deck[p]))
  return true
end

---How many Resources of colour `colour` (nil: any) player p has in the Base area, tapped or not.
function M.resources(G, p, colour)
  local list = zone_items(G.base[p], "resource")
  if not colour then return #list end
  local n = 0
  for i = 1, #list do
    if entity.get(list[i], "colour") == colour then n = n + 1 end
  end
  return n
end

---Whether player p may play card c from hand in their deploy phase now, and why not.
function M.playable(G, p, c, resource_played)
  local kind = entity.kind(c)
  if kind == "resource" then
    if resource_played then return false, "one Resource per turn" end
    return true
  end
  if kind ~= "unit" then return false, "not in yet: " .. kind end
  local colour = entity.get(c, "colour")
  local need_colour = entity.get(c, "colour_req") or 0
  if colour ~= "any" and M.resources(G, p, colour) < need_colour then
    return false, ("needs %d %s Resources"):format(need_colour, colour)
  end
  if M.resources(G, p) < (entity.get(c, "total_req") or 0) then
    return false, ("needs %d Resources in all"):format(entity.get(c, "total_req") or 0)
  end
  local cost = entity.get(c, "cost") or 0
  if G.options.payment == "tap" then
    local untapped = 0
    local list = zone_items(G.base[p], "resource")
    for i = 1, #list do
      if not C.tapped(list[i]) then untapped = untapped + 1 end
    end
    if untapped < cost then return false, ("needs %d untapped Resources to pay"):format(cost) end
  elseif zone_count(G.deck[p]) < cost then
    return false, ("needs %d cards in the play deck to pay"):format(cost)
  end
  return true
end

-- Pays card c's cost (§6.3): mills that many cards from the top of the player's own deck to
-- their own Discard, face down; or, with the rule option payment = "tap", taps that many
-- untapped Resources.
local function pay(G, p, c)
  local cost = entity.get(c, "cost") or 0
  if G.options.payment == "tap" then
    local list = zone_items(G.base[p], "resource")
    for i = 1, #list do
      if cost == 0 then break end
      if not C.tapped(list[i]) then
        C.set_tapped(list[i], true)
        cost = cost - 1
      end
    end
    return entity.get(c, "cost") or 0
  end
  for _ = 1, cost do zone_move(zone_top(G.deck[p]), G.discard[p], "top") end
  return cost
end

-- Deploy phase: the active player plays cards from hand until they stop.
local function deploy(G, p)
  local resource_played = false
  while true do
    local hand = zone_items(G.hand[p])
    local can = {}
    for i = 1, #hand do
      if M.playable(G, p, hand[i], resource_played) then can[#can + 1] = hand[i] end
    end
    if #can == 0 then return end
    local pick = decide { player = p, id = "deploy", prompt = "Play a card from your hand, or stop deploying",
      options = { "stop" }, entities = can }[1]
    if pick == 1 then return end
    local c = can[pick - 1]
    if entity.kind(c) == "resource" then
      resource_played = true
      zone_move(c, G.base[p], "bottom")
      C.set_tapped(c, false)
      EV_RESOURCE(p, c)
    else
      local paid = pay(G, p, c)
      zone_move(c, G.base[p], "bottom")   -- units enter untapped and may attack this turn ([SAMPLE])
      C.set_tapped(c, false)
      EV_PLAY(p, c, paid)
    end
  end
end

-- End phase (spec §4): hand limit for the active player, end-of-turn effects in the order the
-- active player chooses, all damage removed, "until end of turn" effects end. No windows.
local function end_phase(G, p)
  local limit = G.options.hand_limit
  local over = zone_count(G.hand[p]) - limit
  if over > 0 then
    local hand = zone_items(G.hand[p])
    local picks = decide { player = p, id = "hand_limit", min = over, max = over, entities = hand,
      prompt = ("Discard %d cards to the Dump (hand limit %d)"):format(over, limit) }
    local names = {}
    for i = 1, #picks do
      local c = hand[picks[i]]
      names[i] = entity.name(c)
      zone_move(c, G.dump[p], "top")
    end
    EV_HAND(p, table.concat(names, ", "), limit)
  end
  within("§4 E2 End-of-turn effects", core_windows.dispatch, "end_of_turn", {}, p, { owner_orders = true })
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
  EV_TURN(n, p)
  within("§6.2 Ready phase", ready, G, p)
  if check() then return true end
  if n == 1 then
    EV_SKIP(p)
  elseif not within("§6.2 Draw phase", draw, G, p) then
    return check(p)
  end
  if check() then return true end
  within("§6.2 Deploy phase", deploy, G, p)
  if check() then return true end
  if battle.phase(G, p, check) then return true end
  within("§4 End phase", end_phase, G, p)
  return check()
end

return M
