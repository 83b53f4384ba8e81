-- battlecon.status: status cards (spec §6.6, E12): an effect lasting longer than one beat,
-- shown by a card in the affected fighter's status zone. The card's `bonus` stats apply to
-- its holder while it is there; props.beats = how many beat ends it lasts (nil = until an
-- effect removes it). Having a status is a condition other effects may test (has()).

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local cards_create, cards_get, entity_def, entity_get = cards.create, cards.get, entity.def, entity.get
local entity_kind, entity_owner, entity_set, flag_get = entity.kind, entity.owner, entity.set, flag.get
local flag_set, log_event, match_players, zone_find = flag.set, log.event, match.players, zone.find
local zone_items, zone_move = zone.items, zone.move

local S = require("battlecon.state")
local fire = require("battlecon.fire")
local kit = require("battlecon.kit")
-- Functions of the modules above, read once (a module is a read-only front).
local S_box, fire_activate, fire_deactivate, kit_apply_bonus = S.box, fire.activate, fire.deactivate, kit.apply_bonus
local kept_zone = S.kept_zone
local STATUS = {}   -- each player's status zone, found once per match (S.kept_zone)

local M = {}

-- The player whose card gave a status, kept on the status card as a flag (state that steers the
-- rules, no event): the status ends when that fighter is eliminated (M.end_given_by).
local function note_giver(card, source)
  local giver = source and entity_owner(source)
  if giver then flag_set(card, "given_by", giver) end
end

---Gives player p the status `key` from card `source` (whose owner gives it: the status ends
---when that fighter is eliminated); a status already held is not doubled: its duration
---restarts and the new giver keeps it. Nothing (nil) for an eliminated fighter.
function M.give(p, key, source)
  if S.flag(p, "eliminated") then return nil end   -- an opponent fixed by the attack and gone since (O4)
  local held = zone_items(zone_find("status", p))
  for i = 1, #held do
    local e = held[i]
    if entity_def(e) == key then
      entity_set(e, "beats_left", cards_get(key).props.beats)
      note_giver(e, source)
      return e
    end
  end
  local card = cards_create(key, p, zone_find("status", p))
  entity_set(card, "beats_left", cards_get(key).props.beats)
  note_giver(card, source)
  kit_apply_bonus(card, true)
  fire_activate(card)
  log_event("bc.status", "{p:player} gains the status {e:card}", { player = p, card = card }, { rule = "§6.6" })
  return card
end

---Whether player p holds the status whose card definition is `key`.
---@param p integer
---@param key string
---@return boolean
function M.has(p, key)
  local held = zone_items(zone_find("status", p))
  for i = 1, #held do
    if entity_def(held[i]) == key then return true end
  end
  return false
end

---Ends status `card`: its bonus stats and effects stop and it goes to the box.
---@param card integer
function M.remove(card)
  kit_apply_bonus(card, false)
  fire_deactivate(card)
  zone_move(card, S_box())
end

---Ends every status fighter q gave, whoever holds it (team play, EL1/TE1: an eliminated
---fighter's effects stop at once, rulebook L555; a status card only repeats the effect of the
---card that gave it, L274-276).
---@param q integer the eliminated player
function M.end_given_by(q)
  for p = 1, match_players() do
    local held = zone_items(STATUS[p] or kept_zone(STATUS, "status", p))   -- a list of its own (see M.tick)
    for i = 1, #held do
      local e = held[i]
      if entity_kind(e) == "status" and flag_get(e, "given_by") == q then
        log_event("bc.status_end", "{p:player}'s status {e:card} ends: {p:giver} is out of the game",
          { player = p, card = e, giver = q }, { rule = "§9.9 TE1" })
        M.remove(e)
      end
    end
  end
end

---At the end of each beat: count down, and end the statuses whose time is up.
function M.tick(p)
  local held = zone_items(STATUS[p] or kept_zone(STATUS, "status", p))   -- a list of its own: removing from the zone leaves it be
  for i = 1, #held do
    local e = held[i]
    local left = entity_get(e, "beats_left")
    if left and entity_kind(e) == "status" then
      if left <= 1 then M.remove(e) else entity_set(e, "beats_left", left - 1) end
    end
  end
end

return M
