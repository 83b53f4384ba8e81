-- squad.deploy: playing cards from hand (spec §6.3): requirements counted from the Base area,
-- costs paid from the play deck (or by tapping, rule option `payment`), one Resource per
-- turn, Units to the Base area, Characters and Operations attached to a unit, Orders in a
-- priority window (squad.priority).

local C = require("squad.cards")

local M = {}

local zone_items, zone_count, zone_move, zone_top = zone.items, zone.count, zone.move, zone.top
local entity_get, entity_kind = entity.get, entity.kind

local EV_PLAY = log.kind("squad.play", "{p:player} plays {e:card}, paying {cost}", { "player", "card", "cost" },
  { rule = "§6.3 Resources and costs" })
local EV_ATTACH = log.kind("squad.attach", "{p:player} plays {e:card} on {e:unit}, paying {cost}", { "player", "card", "unit", "cost" },
  { rule = "§6.3 Resources and costs" })
local EV_RESOURCE = log.kind("squad.resource", "{p:player} plays {e:card}", { "player", "card" },
  { rule = "§6.3 Resources and costs" })

---How many Resources of colour `colour` (nil: any) player p has in the Base area, tapped or not.
function M.resources(G, p, colour)
  local list = zone_items(G.base[p], "resource")
  if not colour then return #list end
  local n = 0
  for i = 1, #list do
    if entity_get(list[i], "colour") == colour then n = n + 1 end
  end
  return n
end

local function untapped_resources(G, p)
  local n = 0
  local list = zone_items(G.base[p], "resource")
  for i = 1, #list do
    if not C.tapped(list[i]) then n = n + 1 end
  end
  return n
end

---Whether player p meets card c's requirements and can pay its cost now; false and why not.
function M.affordable(G, p, c)
  local colour = entity_get(c, "colour")
  local need_colour = entity_get(c, "colour_req") or 0
  if colour ~= "any" and need_colour > 0 and M.resources(G, p, colour) < need_colour then
    return false, ("needs %d %s Resources"):format(need_colour, colour)
  end
  local need_total = entity_get(c, "total_req") or 0
  if M.resources(G, p) < need_total then return false, ("needs %d Resources in all"):format(need_total) end
  local cost = entity_get(c, "cost") or 0
  if G.options.payment == "tap" then
    if untapped_resources(G, p) < cost then return false, ("needs %d untapped Resources to pay"):format(cost) end
  elseif zone_count(G.deck[p]) < cost then
    return false, ("needs %d cards in the play deck to pay"):format(cost)
  end
  return true
end

---Pays card c's cost (§6.3): mills that many cards from the top of player p's own deck to
---their own Discard, face down; with payment = "tap", taps that many untapped Resources.
---Returns what was paid, as words for the log.
function M.pay(G, p, c)
  local cost = entity_get(c, "cost") or 0
  if cost == 0 then return "nothing" end
  if G.options.payment == "tap" then
    local left = cost
    local list = zone_items(G.base[p], "resource")
    for i = 1, #list do
      if left == 0 then break end
      if not C.tapped(list[i]) then
        C.set_tapped(list[i], true)
        left = left - 1
      end
    end
    return cost .. " by tapping Resources"
  end
  for _ = 1, cost do zone_move(zone_top(G.deck[p]), G.discard[p], "top") end
  return cost .. " from the play deck"
end

---The units of player p in the Base area that card c (a Character or an Operation) may be
---attached to: any of them; a Character only to a unit without a Character ([SAMPLE]).
function M.hosts(G, p, c)
  local out = {}
  local units = zone_items(G.base[p], "unit")
  local character = entity_kind(c) == "character"
  for i = 1, #units do
    local u = units[i]
    if not character or zone_count(C.gear(u), "character") == 0 then out[#out + 1] = u end
  end
  return out
end

-- Whether player p may play card c from hand in the deploy phase now.
local function playable(G, p, c, resource_played)
  local kind = entity_kind(c)
  if kind == "resource" then return not resource_played end
  if kind ~= "unit" and kind ~= "character" and kind ~= "operation" then return false end
  if not M.affordable(G, p, c) then return false end
  return kind == "unit" or #M.hosts(G, p, c) > 0
end

---The deploy phase: the active player plays cards from hand until they stop. `respond(p)`
---runs the priority window after each card played (true: the match is over).
function M.phase(G, p, respond)
  local resource_played = false
  while true do
    local hand = zone_items(G.hand[p])
    local can = {}
    for i = 1, #hand do
      if playable(G, p, hand[i], resource_played) then can[#can + 1] = hand[i] end
    end
    -- Asked only when something is playable, and unannounced (as in squad.priority): a skipped
    -- question must not tell the other player that nothing in the hand can be played.
    if #can == 0 then return false end
    local pick = decide { player = p, id = "deploy", prompt = "Play a card from your hand, or stop deploying",
      unannounced = true, options = { "stop" }, entities = can }[1]
    if pick == 1 then return false end
    local c = can[pick - 1]
    local kind = entity_kind(c)
    if kind == "resource" then
      resource_played = true
      zone_move(c, G.base[p], "bottom")
      EV_RESOURCE(p, c)
    elseif kind == "unit" then
      local paid = M.pay(G, p, c)
      zone_move(c, G.base[p], "bottom")   -- untapped, and may attack this turn ([SAMPLE])
      C.enter_play(c)
      EV_PLAY(p, c, paid)
    else
      local hosts = M.hosts(G, p, c)
      local u = hosts[decide { player = p, id = "attach", prompt = "Attach " .. entity.name(c) .. " to which unit?",
        entities = hosts }[1]]
      local paid = M.pay(G, p, c)
      zone_move(c, C.gear(u), "bottom")   -- it moves, returns and is destroyed with the unit
      EV_ATTACH(p, c, u, paid)
    end
    if respond(p) then return true end
  end
end

return M
