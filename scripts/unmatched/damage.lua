-- unmatched.damage: damage, healing, defeat and the win (rulebook "defeat" and "winning").
--
-- Damage is applied to a list of fighters at once and only then are defeats checked, so
-- exhaustion (2 to each of your fighters) is one simultaneous blow. The game-end check runs
-- after every defeat: match.finish ends the rules where it is called (it does not return).

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local type = type
local counter_set, entity_owner, entity_set, match_finish = counter.set, entity.owner, entity.set, match.finish
local match_player_entity, match_players, match_team, zone_find = match.player_entity, match.players, match.team, zone.find
local zone_move = zone.move

local state = require("unmatched.state")
-- Functions of the modules above, read once (a module is a read-only front).
local state_any_alive, state_defeated, state_eliminated, state_health = state.any_alive, state.defeated, state.eliminated, state.health
local state_hero = state.hero

local log_event, counter_add = log.event, counter.add
local defeated = state.defeated

-- Log options, built once (log.event only reads them).
local RULE = require("unmatched.rules").options({ "defeat", "team play", "damage", "health" })

local M = {}

-- The events this file appends most, declared once (log.kind): a call per event, no table.
local log_kind = log.kind
local EV_DAMAGE = log_kind("damage", "{e:fighter} takes {amount} {kind} damage ({health} health left)",
  { "fighter", "amount", "kind", "health" }, RULE["damage"])

---Ends the match when at most one team still has an undefeated hero (duel: your hero
---defeated, you lose; team play: both heroes of a team defeated, the other team wins).
---Teams are taken in seat order (a team is the set of players match.allies groups together).
function M.check_end()
  local standing, first, seen = 0, nil, {}
  for p = 1, match_players() do
    local t = match_team(p)
    if not seen[t] and not defeated(state_hero(p)) then
      seen[t] = true
      standing = standing + 1
      first = first or t
      if standing > 1 then return false end
    end
  end
  if standing == 1 then
    local players = {}
    for p = 1, match_players() do
      if match_team(p) == first then players[#players + 1] = p end
    end
    match_finish(players, "heroes defeated")
  else
    match_finish(nil, "every hero defeated")
  end
  return true
end

---Fighter `f` is defeated: off the board at once; a player left with no fighter is eliminated.
function M.defeat(f)
  entity_set(f, "defeated", true)
  zone_move(f, zone_find("defeated"))
  log_event("defeat", "{e:fighter} is defeated", { fighter = f, player = entity_owner(f) }, RULE["defeat"])
  local p = entity_owner(f)
  if not state_any_alive(p) and not state_eliminated(p) then
    entity_set(match_player_entity(p), "eliminated", true)
    -- "Eliminated" is a team-play word (the rulebook's КОМАНДНАЯ ИГРА); in a duel the defeat of
    -- the hero has already lost the match (check_end says so), nobody plays on without fighters.
    if match_players() > 2 then
      log_event("eliminated", "{p:player} has no fighter left and is eliminated", { player = p }, RULE["team play"])
    end
  end
  M.check_end()
end

---Deals `n` damage to each fighter of `list` at once, then checks defeats in list order.
---kind: "combat" (the attack itself), "effect" or "exhaustion". Returns the damage dealt to
---the first fighter (for the combat winner).
function M.deal(list, n, kind)
  if n <= 0 then return 0 end
  if type(list) ~= "table" then list = { list } end
  local dealt = 0
  for i = 1, #list do
    local f = list[i]
    if not defeated(f) then
      local to, from = counter_add(f, "health", -n)
      if i == 1 then dealt = from - to end
      EV_DAMAGE(f, n, kind, to)
    end
  end
  for i = 1, #list do
    local f = list[i]
    if not defeated(f) and state_health(f) == 0 then
      M.defeat(f)
    end
  end
  return dealt
end

---Recovers `n` health, never above the dial's maximum. Defeated fighters cannot heal.
function M.heal(f, n)
  if state_defeated(f) then return end
  local to, from = counter_add(f, "health", n)
  log_event("heal", to > from and "{e:fighter} recovers {amount} health (now {health})" or
    "{e:fighter} is already at full health ({health})", { fighter = f, health = to, amount = to - from }, RULE["health"])
end

---Sets health to `n` (capped by the dial), as Holy Grail does.
function M.set_health(f, n)
  if state_defeated(f) then return end
  local to = counter_set(f, "health", n)
  log_event("heal", "{e:fighter}'s health is restored to {health}", { fighter = f, health = to }, RULE["health"])
end

return M
