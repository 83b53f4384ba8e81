-- unmatched.actions: a turn (rulebook "your turn"): start-of-turn abilities, exactly two
-- actions (MANEUVER, SCHEME, ATTACK; repeats allowed, no skipping; an action is offered only
-- when it can be taken), then the hand limit of 7.

local windows = require("core.windows")
local state = require("unmatched.state")
local deck = require("unmatched.deck")
local move = require("unmatched.move")
local combat = require("unmatched.combat")

local M = {}

---Player `p`'s scheme cards some living fighter of theirs may play, each with those fighters.
function M.scheme_options(p)
  local out = {}
  for _, c in ipairs(zone.items(state.hand(p))) do
    if state.is_scheme_card(c) then
      local who = {}
      for _, f in ipairs(state.alive(p)) do
        if state.can_use(c, f) then who[#who + 1] = f end
      end
      if #who > 0 then out[#out + 1] = { card = c, fighters = who } end
    end
  end
  return out
end

---MANEUVER: draw 1 (mandatory; exhaustion if the deck is empty), then an optional BOOST
---(declared before anyone moves, added to every fighter's move), then each fighter moves
---once, up to its move value, in the order the player picks.
function M.maneuver(p)
  log.event("action", "{p:player} takes MANEUVER", { player = p, action = "maneuver" }, { rule = "maneuver" })
  deck.draw(p, 1)
  if match.finished() or #state.alive(p) == 0 then return end
  local bonus = deck.boost(p, "boost_move", "the maneuver")
  windows.dispatch("maneuver", { bonus = bonus }, p, { only = state.character(p) })
  local base = state.character_def(p).move
  local left = state.alive(p)
  while #left > 0 and not match.finished() do
    local i = 1
    if #left > 1 then
      local options = {}
      for k, f in ipairs(left) do options[k] = { label = entity.name(f) .. " on " .. board.name(board.position(f)), entity = f } end
      i = decide { player = p, id = "move_next", prompt = "which fighter moves next?", options = options }[1]
    end
    local f = table.remove(left, i)
    if not state.defeated(f) then
      move.move_fighter(p, f, effect.stat(f, "move", base + bonus), "move")
    end
  end
end

---SCHEME: reveal a scheme card, name the fighter who plays it, resolve it, discard it.
function M.scheme(p)
  local opts = M.scheme_options(p)
  local labels = {}
  for i, o in ipairs(opts) do labels[i] = { label = entity.name(o.card), entity = o.card } end
  local o = opts[decide { player = p, id = "scheme", prompt = "play which scheme card?", options = labels }[1]]
  local f = o.fighters[1]
  if #o.fighters > 1 then
    local fl = {}
    for i, x in ipairs(o.fighters) do fl[i] = { label = entity.name(x), entity = x } end
    f = o.fighters[decide { player = p, id = "scheme_fighter", prompt = "which fighter plays it?", options = fl }[1]]
  end
  zone.move(o.card, zone.find("scheme", p))
  log.event("action", "{p:player} takes SCHEME: {e:fighter} plays {e:card}",
    { player = p, action = "scheme", fighter = f, card = o.card }, { rule = "scheme" })
  cards.activate(o.card)
  windows.dispatch("scheme", { me = f, card = o.card }, p, { only = o.card })
  if not match.finished() and zone.name(zone.of(o.card)) == "scheme" then deck.discard(o.card) end
end

---The actions player `p` may take now (MANEUVER is always legal).
function M.legal(p)
  local out = { "Maneuver" }
  if #M.scheme_options(p) > 0 then out[#out + 1] = "Scheme" end
  if #combat.options(p) > 0 then out[#out + 1] = "Attack" end
  return out
end

---Player `p`'s turn number `n`.
function M.turn(p, n)
  log.event("turn", "turn {n}: {p:player}", { player = p, n = n }, { rule = "your turn" })
  -- "Started this turn on a different space" (Turning Point) needs each fighter's space now.
  -- Kept as the space's name so the log reads "Alice turn_start_space = s1".
  for _, f in ipairs(state.all_alive()) do
    local here = board.name(board.position(f))
    if entity.get(f, "turn_start_space") ~= here then entity.set(f, "turn_start_space", here) end
  end
  windows.dispatch("turn_start", {}, p, { only = state.character(p) })
  for a = 1, 2 do
    if match.finished() or state.eliminated(p) then return end
    -- Asked even when MANEUVER is the only legal action: the log then shows every choice.
    local legal = M.legal(p)
    local what = legal[decide { player = p, id = "action", prompt = "action " .. a .. " of 2", options = legal }[1]]
    if what == "Maneuver" then M.maneuver(p) elseif what == "Scheme" then M.scheme(p) else combat.attack(p) end
    if match.finished() then return end
    log.event("action.done", "{p:player}'s action {n} is done", { player = p, n = a, action = what:lower() })
    match.end_period("action")
  end
  if match.finished() then return end
  deck.hand_limit(p, 7)
  log.event("turn.end", "{p:player}'s turn ends", { player = p }, { rule = "your turn" })
  match.end_period("turn")
end

return M
