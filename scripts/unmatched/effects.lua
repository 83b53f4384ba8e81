-- unmatched.effects: the words card and ability scripts use ("draw", "deal damage", "BOOST
-- this attack", "this card's value becomes"). Cards require this one module.

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local board_adjacent, board_name, board_position, effect_modify = board.adjacent, board.name, board.position, effect.modify
local entity_get, entity_name, entity_set, log_event = entity.get, entity.name, entity.set, log.event

local state = require("unmatched.state")
local damage = require("unmatched.damage")
local deck = require("unmatched.deck")
local move = require("unmatched.move")
-- Functions of the modules above, read once (a module is a read-only front).
local damage_deal, deck_boost, deck_draw, state_all_alive = damage.deal, deck.boost, deck.draw, state.all_alive

-- Log options, built once (log.event only reads them).
local RULE = require("unmatched.rules").options({ "during combat", "Alice" })

local M = {}

M.state, M.damage, M.deck, M.move = state, damage, deck, move

---Player `p` draws `n` cards (default 1); a draw from an empty deck is exhaustion (deck.draw).
---@param p integer
---@param n integer|nil
function M.draw(p, n) deck_draw(p, n) end

---Deals `n` effect damage to fighter `f` (effect damage never decides who won a combat).
function M.deal(f, n) return damage_deal(f, n, "effect") end

---Heals fighter `f` by `n`, up to its dial's maximum (unmatched.damage.heal).
M.heal = damage.heal
---Sets fighter `f`'s health to `n` within its dial (unmatched.damage.set_health).
M.set_health = damage.set_health

---"This card's value becomes n" for the rest of the combat (applied before additions).
function M.set_value(card, n)
  effect_modify { target = card, stat = "value", op = "set", amount = n, source = card, expires = "combat" }
  -- A combat card is face up: its name goes as plain text, for every view (spectators too).
  log_event("value", "{name}'s value becomes {value}", { card = card, name = entity_name(card), value = n },
    RULE["during combat"])
end

-- Adds `n` to a combat card's value for the rest of the combat (no event).
local function add(card, n)
  effect_modify { target = card, stat = "value", op = "add", amount = n, source = card, expires = "combat" }
end

---Adds `n` to a combat card's value for the rest of the combat.
function M.add_value(card, n, why)
  if n == 0 then return end
  add(card, n)
  log_event("value", why and "{name} gets +{value} ({why})" or "{name} gets +{value}",
    { card = card, name = entity_name(card), value = n, why = why }, RULE["during combat"])
end

---Player `p` may BOOST combat card `card`: discard one card, add its BOOST value.
function M.boost_card(p, card, id)
  local n = deck_boost(p, id or "boost_attack", "the attack")   -- its line tells the +n
  if n > 0 then add(card, n) end
  return n
end

---Player `chooser` picks one fighter of `list` (must pick: card effects are mandatory).
function M.choose_fighter(chooser, list, id, prompt)
  if #list == 0 then return nil end
  if #list == 1 then return list[1] end
  local options = {}
  for i = 1, #list do
    local f = list[i]
    options[i] = { label = entity_name(f) .. " on " .. board_name(board_position(f)), entity = f }
  end
  return list[decide { player = chooser, id = id, prompt = prompt, options = options, single = true }]
end

---Every living fighter (any side) on a space adjacent to space `s`.
function M.adjacent_fighters(s)
  local out, all = {}, state_all_alive()
  for i = 1, #all do
    local f = all[i]
    local at = board_position(f)
    if at and board_adjacent(at, s) then out[#out + 1] = f end
  end
  return out
end

---Alice's size: "big" or "small" (a property of the Alice fighter).
function M.size(f) return entity_get(f, "size") end
---Sets Alice's size: `size` is "big" or "small" (logged).
---@param f integer
---@param size string
function M.set_size(f, size)
  entity_set(f, "size", size)
  log_event("size", "{e:fighter} is now {size}", { fighter = f, size = size:upper() }, RULE["Alice"])
end

return M
