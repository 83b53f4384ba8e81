-- Line Duel rules steps (TEST FIXTURE / SAMPLE CONTENT). See game.lua for the rules text.

local windows = require("core.windows")

local M = {}

local function opponent(p) return p == 1 and 2 or 1 end
M.opponent = opponent

function M.figure(p) return entity.get(match.player_entity(p), "figure") end

function M.draw(p)
  local deck, discard = zone.find("deck", p), zone.find("discard", p)
  if zone.count(deck) == 0 then
    if zone.count(discard) == 0 then return nil end
    for _, c in ipairs(zone.items(discard)) do zone.move(c, deck) end
    zone.shuffle(deck)
  end
  local card = zone.top(deck)
  zone.move(card, zone.find("hand", p))
  return card
end

-- §2: both choose at once; neither sees the other's choice until both are in.
function M.choose_cards(players)
  local requests, hands = {}, {}
  for p = 1, players do
    hands[p] = zone.items(zone.find("hand", p))
    local options = {}
    for i, c in ipairs(hands[p]) do options[i] = { label = entity.name(c), entity = c } end
    requests[p] = { player = p, id = "play", prompt = "choose a card to play", options = options, secret = true }
  end
  local answers = decide_all(requests)
  local played = {}
  for p = 1, players do
    played[p] = hands[p][answers[p][1]]
    zone.move(played[p], zone.find("set", p))
  end
  for p = 1, players do
    zone.reveal(played[p], "all")
    log.event("reveal", "{p:player} reveals {e:card}", { player = p, card = played[p] }, { rule = "§2" })
  end
  return played
end

-- §3: faster first; ties go to the round's first player.
function M.resolution_order(played, first)
  local order = {}
  for p, card in ipairs(played) do order[#order + 1] = { player = p, card = card } end
  local function speed(x) return effect.stat(x.card, "speed", entity.get(x.card, "speed") or 0) end
  table.sort(order, function(a, b)
    if speed(a) ~= speed(b) then return speed(a) > speed(b) end
    return a.player == first
  end)
  return order
end

function M.resolve(play, first)
  local p, card = play.player, play.card
  local o = opponent(p)
  cards.activate(card)
  local ctx = { card = card, opponent = o, me = M.figure(p), them = M.figure(o) }
  windows.dispatch("on_reveal", ctx, p, { only = card })
  if entity.get(card, "attack") == false then return end
  local distance = board.distance(board.position(ctx.me), board.position(ctx.them))
  local lo, hi = entity.get(card, "range_min") or 1, entity.get(card, "range_max") or 1
  if distance < lo or distance > hi then
    log.event("miss", "{e:card} misses (range {lo}-{hi}, distance {d})", { card = card, lo = lo, hi = hi, d = distance },
      { rule = "§3" })
    return
  end
  log.event("hit", "{e:card} hits {p:target}", { card = card, target = o }, { rule = "§3" })
  windows.dispatch("on_hit", ctx, p, { only = card })
  local attacker, defender = match.player_entity(p), match.player_entity(o)
  local power = effect.stat(attacker, "power", entity.get(card, "power") or 0)
  local guard = effect.stat(defender, "guard", 0)
  local damage = math.max(0, power - guard)
  local health = counter.add(defender, "health", -damage)
  log.event("damage", "{p:target} takes {damage} damage ({health} left)",
    { target = o, damage = damage, health = health }, { rule = "§3" })
  if health == 0 then match.finish(p, "knockout") end
end

-- §5
function M.time_out(players)
  local best, winner, tie = -1, nil, false
  for p = 1, players do
    local h = counter.get(match.player_entity(p), "health")
    if h > best then best, winner, tie = h, p, false elseif h == best then tie = true end
  end
  if tie then match.finish(nil, "time-out") else match.finish(winner, "time-out") end
end

return M
