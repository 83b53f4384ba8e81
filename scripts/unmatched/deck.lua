-- unmatched.deck: drawing (with exhaustion), discarding, BOOST and the hand limit.

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local entity_owner, window_off_source, zone_count = entity.owner, window.off_source, zone.count

local state = require("unmatched.state")
local damage = require("unmatched.damage")
-- Functions of the modules above, read once (a module is a read-only front).
local damage_deal, state_alive, state_discard_pile = damage.deal, state.alive, state.discard_pile
local state_eliminated, state_hand, kept_zone = state.eliminated, state.hand, state.kept_zone
-- Each player's hand and deck zones, found once per match (state.kept_zone).
local HAND, DECK = {}, {}

local entity_get, entity_name = entity.get, entity.name
local zone_items, zone_top, zone_move = zone.items, zone.top, zone.move
local log_event = log.event

-- Log options, built once (log.event only reads them).
local RULE = require("unmatched.rules").options({ "exhaustion", "boost", "your turn" })

local M = {}

-- The events this file appends most, declared once (log.kind): a call per event, no table.
local log_kind = log.kind
local EV_BOOST = log_kind("boost", "{p:player} boosts {what} with {e:card} (+{value})", { "player", "card", "what", "value" },
  RULE["boost"])

---Player `p` draws `n` cards one at a time. Each draw from an empty deck is exhaustion:
---no reshuffle; each of p's fighters takes 2 damage at once (rulebook "exhaustion"). A player
---the exhaustion eliminated (team play) draws no more: no fighter is left to take it.
function M.draw(p, n)
  for _ = 1, n or 1 do
    local card = zone_top(DECK[p] or kept_zone(DECK, "deck", p))
    if card then
      zone_move(card, HAND[p] or kept_zone(HAND, "hand", p))
    elseif state_eliminated(p) then
      return
    else
      log_event("exhaustion", "{p:player} must draw from an empty deck: each of their fighters takes 2 damage",
        { player = p }, RULE["exhaustion"])
      damage_deal(state_alive(p), 2, "exhaustion")
    end
  end
end

---Puts card `c` on its owner's discard pile (face up, in order) and silences it.
function M.discard(c)
  window_off_source(c)
  zone_move(c, state_discard_pile(entity_owner(c)))
end

-- The BOOST question, one request and option list for every question (decide reads them whole
-- before it returns), and each card's option made once per match (remade if its boost value
-- changes): about five hand cards are offered each time. File-level tables start every match
-- as loaded, so no option outlives its match.
local BOOST_OPTION = {}
local BOOST_ASK = { player = 0, id = "", prompt = "", options = { { label = "No boost", value = 0 } }, single = true }
local BOOST_PROMPT = {}   -- the prompt by what is boosted, made once a match

---Asks player `p` whether to BOOST `what` by discarding one card from hand (any card,
---even one whose fighters are defeated). Returns the boost value added (0 when declined).
function M.boost(p, id, what)
  local hand = zone_items(HAND[p] or kept_zone(HAND, "hand", p))
  if #hand == 0 then return 0 end
  local options = BOOST_ASK.options
  for i = 1, #hand do
    local c = hand[i]
    local boost = entity_get(c, "boost") or 0
    local o = BOOST_OPTION[c]
    if not o or o.boost ~= boost then   -- a name never changes; a boost value might
      o = { label = entity_name(c) .. " (boost " .. boost .. ")", entity = c, boost = boost }
      BOOST_OPTION[c] = o
    end
    options[i + 1] = o
  end
  for i = #hand + 2, #options do options[i] = nil end
  local prompt = BOOST_PROMPT[what]
  if not prompt then prompt = "discard a card to BOOST " .. what .. "?"; BOOST_PROMPT[what] = prompt end
  BOOST_ASK.player, BOOST_ASK.id, BOOST_ASK.prompt = p, id, prompt
  local pick = decide(BOOST_ASK)
  if pick == 1 then return 0 end
  local c = options[pick].entity
  local value = entity_get(c, "boost") or 0
  M.discard(c)
  EV_BOOST(p, c, what, value)
  return value
end

---End of turn: a hand over 7 cards is cut to 7, the owner choosing what to discard.
function M.hand_limit(p, limit)
  local hand_zone = state_hand(p)
  local excess = zone_count(hand_zone) - (limit or 7)
  if excess <= 0 then return end
  local hand = zone_items(hand_zone)
  local picks = decide { player = p, id = "hand_limit", prompt = "discard " .. excess .. " card(s) down to 7",
    entities = hand, min = excess, max = excess, secret = true }
  for i = 1, #picks do M.discard(hand[picks[i]]) end
  log_event("hand_limit", "{p:player} discards {cards} down to the hand limit of 7",
    { player = p, n = excess, cards = excess == 1 and "1 card" or (excess .. " cards") }, RULE["your turn"])
end

return M
