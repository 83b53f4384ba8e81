-- unmatched.combat: the ATTACK action (rulebook "action: attack", steps 1-3).
--
--  1. Declare the attacking fighter (the active fighter) and an opposing target it can reach.
--  2. The attacker chooses an attack card, then the defender may choose a defense card: each
--     asked secretly, one after the other (the rulebook's order), put face down in owner-only
--     "combat" zones, then revealed together.
--  3. IMMEDIATELY, then DURING COMBAT effects; damage = attack - defense (never below 0);
--     the attacker won if the attack itself dealt at least 1 damage, else the defender won;
--     AFTER COMBAT effects; then after-combat hero abilities; then both cards are discarded.
-- In IMMEDIATELY and DURING COMBAT the defender's effects come first (its card, then its
-- ability), then the attacker's: the rulebook's "if two effects apply at once, the defender's
-- applies first". AFTER COMBAT both cards come first, then the abilities, defender's first (the
-- rulebook puts "other game effects ... such as hero abilities" after all card effects).
-- Rule option `ability_order` = "cards_first" orders every window as AFTER COMBAT.
-- A handler gets ctx.combat (this table), ctx.me / ctx.foe (its side's fighter and the other),
-- ctx.card (its side's combat card), ctx.attacking and, after the result, ctx.won.

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local cards_activate, entity_owner, match_end_period, zone_move = cards.activate, entity.owner, match.end_period, zone.move
local zone_name, zone_of, zone_reveal = zone.name, zone.of, zone.reveal

local windows = require("core.windows")
local state = require("unmatched.state")
local damage = require("unmatched.damage")
local deck = require("unmatched.deck")
local move = require("unmatched.move")
-- Functions of the modules above, read once (a module is a read-only front).
local damage_deal, deck_discard, move_targets, state_alive = damage.deal, deck.discard, move.targets, state.alive
local state_character, state_defeated, state_enemies, state_hand = state.character, state.defeated, state.enemies, state.hand

local entity_get, entity_name = entity.get, entity.name
local zone_items, zone_find = zone.items, zone.find
local board_name, board_position = board.name, board.position
local log_event, cards_of = log.event, cards.of
local effect_stat, max = effect.stat, math.max
local dispatch = windows.dispatch

-- Log options, built once (log.event only reads them).
local RULE = require("unmatched.rules").options({ "attack, step 3", "attack, step 1", "attack, step 2" })

local M = {}

local ATTACK_TYPE = { attack = true, versatile = true }
local DEFENSE_TYPE = { defense = true, versatile = true }

---What player `p` may attack with: {fighter=, targets={...}, cards={...}} for each of its
---fighters that has a target and a card it may attack with. Empty = ATTACK is not legal.
function M.options(p)
  local out, alive = {}, state_alive(p)
  local enemies, hand, users
  for i = 1, #alive do
    local f = alive[i]
    enemies = enemies or state_enemies(p)
    local targets = move_targets(f, enemies)
    if #targets > 0 then
      if not hand then                          -- the attack cards in hand and their users, once
        hand, users = {}, {}
        local items = zone_items(state_hand(p))
        for k = 1, #items do
          local c = items[k]
          if ATTACK_TYPE[entity_get(c, "type")] then
            hand[#hand + 1] = c
            users[#users + 1] = entity_get(c, "user")
          end
        end
      end
      local fid, usable = entity_get(f, "fid"), {}
      for k = 1, #hand do
        local user = users[k]
        if user == "any" or user == fid then usable[#usable + 1] = hand[k] end
      end
      if #usable > 0 then out[#out + 1] = { fighter = f, targets = targets, cards = usable } end
    end
  end
  return out
end

---The current value of a combat card (set effects first, then additions; never below 0).
function M.value(c)
  if not c then return 0 end
  return max(0, effect_stat(c, "value", entity_get(c, "value") or 0))
end

local function side_ctx(combat, side)
  local attacking = side == "attack"
  return {
    combat = combat,
    attacking = attacking,
    me = attacking and combat.attacker or combat.defender,
    foe = attacking and combat.defender or combat.attacker,
    card = attacking and combat.attack_card or combat.defense_card,
    -- Room for `won` and the four fields window.run sets for each handler: added one by one,
    -- they would rehash the table on its first walk (Lua stores no nil: nothing else is spent).
    won = nil, self = nil, player = nil, window = nil, handler = nil,
  }
end

local WHEN = { immediately = "IMMEDIATELY", during_combat = "DURING COMBAT", after_combat = "AFTER COMBAT" }
local SIDE_NAME = { attack = "the attacker", defense = "the defender" }
local only = {}                                 -- dispatch options, filled per call (read at once)

-- The steps of a window, built once: side[i] (1 = the defender, 2 = the attacker) and
-- card[i] (true: that side's combat card; false: its hero ability).
local CARDS_FIRST = { side = { 1, 2, 1, 2 }, card = { true, true, false, false } }
local BY_SIDE = { side = { 1, 1, 2, 2 }, card = { true, false, true, false } }

-- One timing window, in the order `steps` (CARDS_FIRST or BY_SIDE). `sides` = the defender's
-- and the attacker's {side=, player=, ctx=, card=, ability=}. A side that played no card
-- (s.card nil) has no card step: its ability runs once, in its own step (issue #17: a
-- `pass == 1 and s.card or s.ability` fell through to the ability and ran it twice).
local function fire(name, combat, sides, steps)
  local step_side, step_card = steps.side, steps.card
  for i = 1, 4 do
    local s, is_card = sides[step_side[i]], step_card[i]
    local source
    if is_card then source = s.card else source = s.ability end
    if source and cards_of(source)[name] then
      -- A card's step is read aloud as at the table ("Anna's Painting the Roses, AFTER COMBAT:
      -- draw 1 card"); abilities narrate what they do themselves. The card is face up by now,
      -- so its name goes as plain text: every view, spectators included, may read it.
      if is_card then
        local text = cards_of(source).text
        log_event("window", text and "{p:player}'s {card}, {when}: {text}" or "{p:player}'s {card} takes effect ({when})",
          { when = WHEN[name], source = source, side = SIDE_NAME[s.side], player = s.player,
            card = entity_name(source), text = text }, RULE["attack, step 3"])
      end
      local ctx = s.ctx
      ctx.won = combat.winner ~= nil and combat.winner == s.side or nil
      only.only = source
      dispatch(name, ctx, s.player, only)
    end
  end
end

local NO_DEFENSE = { { label = "No defense card" } }   -- read by decide, never written

local function pick_cards(p, q, attacker, defender, usable)
  local def_list, def_cards = {}, { false }   -- offered after "No defense card": option k + 1 is def_list[k]
  local hand = zone_items(state_hand(q))
  if #hand > 0 and not state_defeated(defender) then
    local fid = entity_get(defender, "fid")
    for i = 1, #hand do
      local c = hand[i]
      if DEFENSE_TYPE[entity_get(c, "type")] then
        local user = entity_get(c, "user")
        if user == "any" or user == fid then
          def_list[#def_list + 1] = c
          def_cards[#def_cards + 1] = c
        end
      end
    end
  end
  local requests = { { player = p, id = "attack_card", secret = true, entities = usable,
    prompt = "choose an attack card for " .. entity_name(attacker) .. " (face down)" } }
  -- Asked whenever the defender holds cards, even with no usable one: whether they have a
  -- usable defense card is hidden; only the size of their hand is public.
  if #hand > 0 then
    requests[2] = { player = q, id = "defense_card", secret = true, options = NO_DEFENSE, entities = def_list,
      prompt = entity_name(defender) .. " is attacked by " .. entity_name(attacker) ..
          ": choose a defense card (face down) or none" }
  end
  -- The attacker lays its card face down first, then the defender chooses (seed L311-317),
  -- each secretly; both are revealed together after. Asked one after the other, not as one
  -- simultaneous group: a search for the defender would otherwise read the attacker's question,
  -- built from the attacker's hidden hand (how many cards the fighter may use), docs/ai.md.
  local atk = usable[decide(requests[1])[1]]
  local def = requests[2] and def_cards[decide(requests[2])[1]] or nil
  return atk, def
end

---Player `p` takes the ATTACK action. `opts` = M.options(p) when the caller has them (they
---must not be empty). `ability_order` = the rule option ("defender_first" when nil).
function M.attack(p, opts, ability_order)
  opts = opts or M.options(p)
  local fighters = {}
  for i = 1, #opts do fighters[i] = opts[i].fighter end
  local o = opts[decide { player = p, id = "attacker", prompt = "which fighter attacks?", entities = fighters,
    single = true }]
  local tl, targets = {}, o.targets
  for i = 1, #targets do
    local t = targets[i]
    tl[i] = { label = entity_name(t) .. " on " .. board_name(board_position(t)), entity = t }
  end
  local target = targets[decide { player = p, id = "target", prompt = "attack whom?", options = tl, single = true }]
  local q = entity_owner(target)
  log_event("attack", "{e:attacker} attacks {e:defender}", { attacker = o.fighter, defender = target, player = p },
    RULE["attack, step 1"])

  local atk, def = pick_cards(p, q, o.fighter, target, o.cards)
  zone_move(atk, zone_find("combat", p))
  if def then zone_move(def, zone_find("combat", q)) end
  zone_reveal(atk, "all")
  if def then zone_reveal(def, "all") end
  -- Both cards are face up for everyone now: their names go as plain text, so every view,
  -- spectators included, reads them.
  log_event("reveal", def and "{p:player} reveals {attack} against {p:defender}'s {defense}" or
    "{p:player} reveals {attack}; {p:defender} played no defense card", { attack_card = atk, defense_card = def,
    attack = entity_name(atk), defense = def and entity_name(def) or "no defense card", player = p, defender = q },
    RULE["attack, step 2"])

  local combat = { attacker = o.fighter, defender = target, attacker_player = p, defender_player = q,
    attack_card = atk, defense_card = def }
  cards_activate(atk)
  if def then cards_activate(def) end
  local sides = {
    { side = "defense", player = q, ctx = side_ctx(combat, "defense"), card = def, ability = state_character(q) },
    { side = "attack", player = p, ctx = side_ctx(combat, "attack"), card = atk, ability = state_character(p) },
  }
  local early = ability_order == "cards_first" and CARDS_FIRST or BY_SIDE
  fire("immediately", combat, sides, early)
  fire("during_combat", combat, sides, early)

  local av, dv = M.value(atk), M.value(def)
  combat.damage = max(0, av - dv)
  -- The attacker wins by dealing at least 1 damage with the attack itself (L394-397): a
  -- defender an IMMEDIATELY or DURING COMBAT effect has already defeated takes none, and wins.
  if state_defeated(target) then combat.damage = 0 end
  combat.winner = combat.damage >= 1 and "attack" or "defense"
  log_event("combat", "attack {attack} against defense {defense}: {e:victor} wins the combat",
    { attack = av, defense = dv, damage = combat.damage, winner = combat.winner == "attack" and "attack" or "defend",
      victor = combat.winner == "attack" and o.fighter or target }, RULE["attack, step 3"])
  damage_deal(target, combat.damage, "combat")

  fire("after_combat", combat, sides, CARDS_FIRST)
  if atk and zone_name(zone_of(atk)) == "combat" then deck_discard(atk) end
  if def and zone_name(zone_of(def)) == "combat" then deck_discard(def) end
  match_end_period("combat")
  return combat
end

return M
