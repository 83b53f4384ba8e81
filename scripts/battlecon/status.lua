-- battlecon.status: status cards (spec §6.6, E12): an effect lasting longer than one beat,
-- shown by a card in the affected fighter's status zone. The card's `bonus` stats apply to
-- its holder while it is there; props.beats = how many beat ends it lasts (nil = until an
-- effect removes it). Having a status is a condition other effects may test (has()).

local S = require("battlecon.state")
local fire = require("battlecon.fire")
local kit = require("battlecon.kit")

local M = {}

---Gives player p the status `key` (from `source`, for the log); a status already held is
---not doubled: its duration restarts.
function M.give(p, key, source)
  for _, e in ipairs(zone.items(zone.find("status", p))) do
    if entity.def(e) == key then
      entity.set(e, "beats_left", cards.get(key).props.beats)
      return e
    end
  end
  local card = cards.create(key, p, zone.find("status", p))
  entity.set(card, "beats_left", cards.get(key).props.beats)
  kit.apply_bonus(card, true)
  fire.activate(card)
  log.event("bc.status", "{p:player} gains the status {e:card}", { player = p, card = card }, { rule = "§6.6" })
  return card
end

---Whether player p holds the status whose card definition is `key`.
---@param p integer
---@param key string
---@return boolean
function M.has(p, key)
  for _, e in ipairs(zone.items(zone.find("status", p))) do
    if entity.def(e) == key then return true end
  end
  return false
end

---Ends status `card`: its bonus stats and effects stop and it goes to the box.
---@param card integer
function M.remove(card)
  kit.apply_bonus(card, false)
  fire.deactivate(card)
  zone.move(card, S.box())
end

---At the end of each beat: count down, and end the statuses whose time is up.
function M.tick(p)
  for _, e in ipairs(zone.items(zone.find("status", p))) do
    local left = entity.get(e, "beats_left")
    if left and entity.kind(e) == "status" then
      if left <= 1 then M.remove(e) else entity.set(e, "beats_left", left - 1) end
    end
  end
end

return M
