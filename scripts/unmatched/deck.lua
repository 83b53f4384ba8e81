-- unmatched.deck: drawing (with exhaustion), discarding, BOOST and the hand limit.

local state = require("unmatched.state")
local damage = require("unmatched.damage")

local M = {}

---Player `p` draws `n` cards one at a time. Each draw from an empty deck is exhaustion:
---no reshuffle; each of p's fighters takes 2 damage at once (rulebook "exhaustion").
function M.draw(p, n)
  for _ = 1, n or 1 do
    if match.finished() then return end
    local card = zone.top(state.deck(p))
    if card then
      zone.move(card, state.hand(p))
    else
      log.event("exhaustion", "{p:player} must draw from an empty deck: each of their fighters takes 2 damage",
        { player = p }, { rule = "exhaustion" })
      damage.deal(state.alive(p), 2, "exhaustion")
    end
  end
end

---Puts card `c` on its owner's discard pile (face up, in order) and silences it.
function M.discard(c)
  window.off_source(c)
  zone.move(c, state.discard_pile(entity.owner(c)))
end

---Asks player `p` whether to BOOST `what` by discarding one card from hand (any card,
---even one whose fighters are defeated). Returns the boost value added (0 when declined).
function M.boost(p, id, what)
  local hand = zone.items(state.hand(p))
  if #hand == 0 then return 0 end
  local options = { { label = "No boost", value = 0 } }
  for _, c in ipairs(hand) do
    options[#options + 1] = { label = entity.name(c) .. " (boost " .. (entity.get(c, "boost") or 0) .. ")", entity = c }
  end
  local pick = decide { player = p, id = id, prompt = "discard a card to BOOST " .. what .. "?", options = options }[1]
  if pick == 1 then return 0 end
  local c = options[pick].entity
  local value = entity.get(c, "boost") or 0
  M.discard(c)
  log.event("boost", "{p:player} discards {e:card} to boost {what} by {value}",
    { player = p, card = c, what = what, value = value }, { rule = "boost" })
  return value
end

---End of turn: a hand over 7 cards is cut to 7, the owner choosing what to discard.
function M.hand_limit(p, limit)
  local hand = zone.items(state.hand(p))
  local excess = #hand - (limit or 7)
  if excess <= 0 then return end
  local options = {}
  for i, c in ipairs(hand) do options[i] = { label = entity.name(c), entity = c } end
  local picks = decide { player = p, id = "hand_limit", prompt = "discard " .. excess .. " card(s) down to 7",
    options = options, min = excess, max = excess, secret = true }
  for _, i in ipairs(picks) do M.discard(hand[i]) end
  log.event("hand_limit", "{p:player} discards {n} card(s) down to the hand limit", { player = p, n = excess },
    { rule = "your turn" })
end

return M
