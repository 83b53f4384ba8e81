-- unmatched.actions: a turn (rulebook "your turn"): start-of-turn abilities, exactly two
-- actions (MANEUVER, SCHEME, ATTACK; repeats allowed, no skipping; an action is offered only
-- when it can be taken), then the hand limit of 7.

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local cards_activate, effect_stat, flag_set, match_asks_person = cards.activate, effect.stat, flag.set, match.asks_person
local match_end_period, zone_move = match.end_period, zone.move

local windows = require("core.windows")
local state = require("unmatched.state")
local deck = require("unmatched.deck")
local move = require("unmatched.move")
local combat = require("unmatched.combat")
-- Functions of the modules above, read once (a module is a read-only front).
local combat_attack, combat_options, deck_boost, deck_discard = combat.attack, combat.options, deck.boost, deck.discard
local deck_draw, deck_hand_limit, move_each_in_order, move_targets = deck.draw, deck.hand_limit, move.each_in_order, move.targets
local state_alive, state_all_alive, state_any_alive, state_character = state.alive, state.all_alive, state.any_alive, state.character
local state_character_def, state_eliminated = state.character_def, state.eliminated
local state_enemies, kept_zone = state.enemies, state.kept_zone
-- Each player's hand and deck zones, found once per match (state.kept_zone).
local HAND, DECK = {}, {}

local entity_get = entity.get
local zone_items, zone_find, zone_name, zone_of, zone_top = zone.items, zone.find, zone.name, zone.of, zone.top
local cards_of = cards.of
local board_position = board.position
local log_event = log.event
local dispatch = windows.dispatch

-- Log options, built once (log.event only reads them).
local RULE = require("unmatched.rules").options({ "maneuver", "scheme", "your turn" })

local only = {}                                 -- dispatch options, filled per call (read at once)
local function only_ability(p)
  only.only = state_character(p)
  return only
end

local M = {}

-- The events this file appends most, declared once (log.kind): a call per event, no table.
local log_kind = log.kind
local EV_MANEUVER = log_kind("action", "{p:player} maneuvers and draws {e:card}", { "player", "action", "card" },
  RULE["maneuver"])
local EV_MANEUVER_NO_CARD = log_kind("action", "{p:player} maneuvers: no card left to draw", { "player", "action" },
  RULE["maneuver"])
local EV_TURN = log_kind("turn", "Turn {n}: {p:player}", { "player", "n" }, RULE["your turn"])
local EV_ACTION_DONE = log_kind("action.done", "{p:player}'s action {n} is done", { "player", "n", "action" })
local EV_TURN_END = log_kind("turn.end", "{p:player}'s turn ends", { "player" }, RULE["your turn"])

---Player `p`'s scheme cards some living fighter of theirs may play, each with those fighters.
function M.scheme_options(p)
  local out, hand = {}, zone_items(HAND[p] or kept_zone(HAND, "hand", p))
  local alive, fids
  for i = 1, #hand do
    local c = hand[i]
    if entity_get(c, "type") == "scheme" then
      if not alive then                         -- looked up once, and only when a scheme is held
        alive, fids = state_alive(p), {}
        for k = 1, #alive do fids[k] = entity_get(alive[k], "fid") end
      end
      local user, who = entity_get(c, "user"), {}
      for k = 1, #alive do
        if user == "any" or user == fids[k] then who[#who + 1] = alive[k] end
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
  -- Told with the draw, once the card is in hand: its player reads its name, the others read
  -- "a hidden card". From an empty deck it is told first, and the exhaustion damage after it.
  local top = zone_top(DECK[p] or kept_zone(DECK, "deck", p))
  if top then
    deck_draw(p, 1)
    EV_MANEUVER(p, "maneuver", top)
  else
    EV_MANEUVER_NO_CARD(p, "maneuver")
    deck_draw(p, 1)
  end
  if not state_any_alive(p) then return end
  local bonus = deck_boost(p, "boost_move", "the maneuver")
  -- (the nil fields size the table for those window.run sets per handler: no rehash)
  dispatch("maneuver", { bonus = bonus, self = nil, player = nil, window = nil, handler = nil }, p, only_ability(p))
  local base = state_character_def(p).move
  move_each_in_order(p, state_alive(p), function(f) return effect_stat(f, "move", base + bonus) end, "move")
end

---SCHEME: reveal a scheme card, name the fighter who plays it, resolve it, discard it.
---`opts` = M.scheme_options(p), when the caller has them.
function M.scheme(p, opts)
  opts = opts or M.scheme_options(p)
  local cards = {}
  for i = 1, #opts do cards[i] = opts[i].card end
  local o = opts[decide { player = p, id = "scheme", prompt = "play which scheme card?", entities = cards,
    single = true }]
  local f = o.fighters[1]
  if #o.fighters > 1 then
    f = o.fighters[decide { player = p, id = "scheme_fighter", prompt = "which fighter plays it?",
      entities = o.fighters, single = true }]
  end
  zone_move(o.card, zone_find("scheme", p))
  -- Read aloud as at the table: the card's text (its `text`, if the card has one).
  local text = cards_of(o.card).text
  log_event("action", text and "{p:player} schemes: {e:fighter} plays {e:card} ({text})" or
    "{p:player} schemes: {e:fighter} plays {e:card}", { player = p, action = "scheme", fighter = f, card = o.card,
    text = text }, RULE["scheme"])
  cards_activate(o.card)
  only.only = o.card
  dispatch("scheme", { me = f, card = o.card, self = nil, player = nil, window = nil, handler = nil }, p, only)   -- (room, as above)
  if zone_name(zone_of(o.card)) == "scheme" then deck_discard(o.card) end
end

---The actions player `p` may take now (MANEUVER is always legal), then the scheme options
---and the attack options found on the way (what M.scheme and combat.attack take).
function M.legal(p)
  local out = { "Maneuver" }
  local schemes, attacks = M.scheme_options(p), combat_options(p)
  if #schemes > 0 then out[#out + 1] = "Scheme" end
  if #attacks > 0 then out[#out + 1] = "Attack" end
  return out, schemes, attacks
end

-- Why SCHEME or ATTACK is not among player p's actions: decide's `unavailable`, built only
-- when a person answers (match.asks_person), who may ask "why attack?".
local function refusals(p, schemes, attacks)
  local why = {}
  if #schemes == 0 then
    why[#why + 1] = { label = "Scheme",
      why = "no scheme card in your hand can be played by one of your fighters still in the game (§4.3)" }
  end
  if #attacks == 0 then
    local alive, enemies, reach = state_alive(p), state_enemies(p), false
    for i = 1, #alive do
      if #move_targets(alive[i], enemies) > 0 then reach = true break end
    end
    why[#why + 1] = { label = "Attack", why = reach
      and "an enemy is in reach, but you hold no attack or versatile card the fighter in reach may play (§4.4)"
      or "no enemy is in reach: a melee fighter strikes only adjacent enemies, a ranged one also enemies in a zone it shares (§4.4)" }
  end
  return why
end

-- The action question, one table for every action (decide reads it whole before it returns).
local EMPTY_LIST = {}
local ACTION_ASK = { player = 0, id = "action", prompt = "", options = EMPTY_LIST, single = true }
local ACTION_PROMPT = { "action 1 of 2", "action 2 of 2" }

---Player `p`'s turn number `n`. `options` = the match's rule options (ctx.options).
function M.turn(p, n, options)
  EV_TURN(p, n)
  -- "Started this turn on a different space" (Turning Point) needs each fighter's space now:
  -- a scratch flag (no event; the board.place events already say where everyone is).
  local all = state_all_alive()
  for i = 1, #all do flag_set(all[i], "turn_start_space", board_position(all[i]) or false) end
  dispatch("turn_start", nil, p, only_ability(p))   -- (nil: window.run makes a ctx only when a handler listens)
  for a = 1, 2 do
    if state_eliminated(p) then return end
    -- Asked even when MANEUVER is the only legal action: the log then shows every choice.
    local legal, schemes, attacks = M.legal(p)
    local why = match_asks_person(p) and refusals(p, schemes, attacks) or nil
    ACTION_ASK.player, ACTION_ASK.prompt, ACTION_ASK.options, ACTION_ASK.unavailable = p, ACTION_PROMPT[a], legal, why
    local what = legal[decide(ACTION_ASK)]
    ACTION_ASK.options, ACTION_ASK.unavailable = EMPTY_LIST, nil   -- this turn's lists: not kept past it
    if what == "Maneuver" then M.maneuver(p) elseif what == "Scheme" then M.scheme(p, schemes) else combat_attack(p, attacks, options.ability_order) end
    EV_ACTION_DONE(p, a, what:lower())
    match_end_period("action")
  end
  deck_hand_limit(p, 7)
  EV_TURN_END(p)
  match_end_period("turn")
end

return M
