-- unmatched.combat: the ATTACK action (rulebook "action: attack", steps 1-3).
--
--  1. Declare the attacking fighter (the active fighter) and an opposing target it can reach.
--  2. The attacker chooses an attack card, the defender may choose a defense card: both are
--     asked with decide_all (secret), put face down in owner-only "combat" zones, then
--     revealed together.
--  3. IMMEDIATELY, then DURING COMBAT effects; damage = attack - defense (never below 0);
--     the attacker won if the attack itself dealt at least 1 damage, else the defender won;
--     AFTER COMBAT effects; then after-combat hero abilities; then both cards are discarded.
-- In every window the defender's effects come first, cards before abilities (the rulebook
-- puts "other game effects ... such as hero abilities" after all card effects).
-- A handler gets ctx.combat (this table), ctx.me / ctx.foe (its side's fighter and the other),
-- ctx.card (its side's combat card), ctx.attacking and, after the result, ctx.won.

local windows = require("core.windows")
local state = require("unmatched.state")
local damage = require("unmatched.damage")
local deck = require("unmatched.deck")
local move = require("unmatched.move")

local M = {}

---What player `p` may attack with: {fighter=, targets={...}, cards={...}} for each of its
---fighters that has a target and a card it may attack with. Empty = ATTACK is not legal.
function M.options(p)
  local enemies, hand, out = state.enemies(p), zone.items(state.hand(p)), {}
  for _, f in ipairs(state.alive(p)) do
    local targets = move.targets(f, enemies)
    if #targets > 0 then
      local usable = {}
      for _, c in ipairs(hand) do
        if state.is_attack_card(c) and state.can_use(c, f) then usable[#usable + 1] = c end
      end
      if #usable > 0 then out[#out + 1] = { fighter = f, targets = targets, cards = usable } end
    end
  end
  return out
end

---The current value of a combat card (set effects first, then additions; never below 0).
function M.value(c)
  if not c then return 0 end
  return math.max(0, effect.stat(c, "value", entity.get(c, "value") or 0))
end

local function side_ctx(combat, side)
  local attacking = side == "attack"
  return {
    combat = combat,
    attacking = attacking,
    me = attacking and combat.attacker or combat.defender,
    foe = attacking and combat.defender or combat.attacker,
    card = attacking and combat.attack_card or combat.defense_card,
    won = combat.winner ~= nil and combat.winner == side or nil,
  }
end

local WHEN = { immediately = "IMMEDIATELY", during_combat = "DURING COMBAT", after_combat = "AFTER COMBAT" }

-- One timing window: defender's card, attacker's card, defender's ability, attacker's ability.
local function fire(name, combat)
  local order = { { "defense", combat.defender_player }, { "attack", combat.attacker_player } }
  for _, pass in ipairs({ "card", "ability" }) do
    for _, s in ipairs(order) do
      if match.finished() then return end
      local ctx = side_ctx(combat, s[1])
      local source = pass == "card" and ctx.card or state.character(s[2])
      if source and cards.of(source)[name] then
        -- Narrate the cards' steps (a teaching aid); abilities narrate what they do themselves.
        if pass == "card" then
          local side = s[1] == "attack" and "the attacker" or "the defender"
          log.event("window", "{when}: {e:source} ({side}'s)", { when = WHEN[name], source = source, side = side },
            { rule = "attack, step 3" })
        end
        windows.dispatch(name, ctx, s[2], { only = source })
      end
    end
  end
end

local function pick_cards(p, q, attacker, defender, usable)
  local atk_options = {}
  for i, c in ipairs(usable) do atk_options[i] = { label = entity.name(c), entity = c } end
  local def_options, def_cards = { { label = "No defense card" } }, { false }
  for _, c in ipairs(zone.items(state.hand(q))) do
    if state.is_defense_card(c) and state.can_use(c, defender) then
      def_options[#def_options + 1] = { label = entity.name(c), entity = c }
      def_cards[#def_cards + 1] = c
    end
  end
  local requests = { { player = p, id = "attack_card", secret = true, options = atk_options,
    prompt = "choose an attack card for " .. entity.name(attacker) .. " (face down)" } }
  -- Asked whenever the defender holds cards, even with no usable one: whether they have a
  -- usable defense card is hidden; only the size of their hand is public.
  if zone.count(state.hand(q)) > 0 then
    requests[2] = { player = q, id = "defense_card", secret = true, options = def_options,
      prompt = entity.name(defender) .. " is attacked by " .. entity.name(attacker) ..
          ": choose a defense card (face down) or none" }
  end
  local answers = decide_all(requests)
  local atk = usable[answers[1][1]]
  local def = answers[2] and def_cards[answers[2][1]] or nil
  return atk, def
end

---Player `p` takes the ATTACK action (the caller has checked M.options(p) is not empty).
function M.attack(p)
  local opts = M.options(p)
  local labels = {}
  for i, o in ipairs(opts) do labels[i] = { label = entity.name(o.fighter), entity = o.fighter } end
  local o = opts[decide { player = p, id = "attacker", prompt = "which fighter attacks?", options = labels }[1]]
  local tl = {}
  for i, t in ipairs(o.targets) do tl[i] = { label = entity.name(t) .. " on " .. board.name(board.position(t)), entity = t } end
  local target = o.targets[decide { player = p, id = "target", prompt = "attack whom?", options = tl }[1]]
  local q = entity.owner(target)
  log.event("attack", "{e:attacker} attacks {e:defender}", { attacker = o.fighter, defender = target, player = p },
    { rule = "attack, step 1" })

  local atk, def = pick_cards(p, q, o.fighter, target, o.cards)
  zone.move(atk, zone.find("combat", p))
  if def then zone.move(def, zone.find("combat", q)) end
  zone.reveal(atk, "all")
  if def then zone.reveal(def, "all") end
  log.event("reveal", "revealed: {e:attack_card} against {defense}", { attack_card = atk, defense_card = def,
    defense = def and entity.name(def) or "no defense card" }, { rule = "attack, step 2" })

  local combat = { attacker = o.fighter, defender = target, attacker_player = p, defender_player = q,
    attack_card = atk, defense_card = def }
  cards.activate(atk)
  if def then cards.activate(def) end
  fire("immediately", combat)
  fire("during_combat", combat)
  if match.finished() then return combat end

  local av, dv = M.value(atk), M.value(def)
  combat.damage = math.max(0, av - dv)
  combat.winner = combat.damage >= 1 and "attack" or "defense"
  log.event("combat", "attack {attack} - defense {defense} = {damage} damage; the {winner}er wins the combat",
    { attack = av, defense = dv, damage = combat.damage, winner = combat.winner == "attack" and "attack" or "defend" },
    { rule = "attack, step 3" })
  damage.deal(target, combat.damage, "combat")
  if match.finished() then return combat end

  fire("after_combat", combat)
  if match.finished() then return combat end
  for _, c in ipairs({ atk, def }) do
    if c and zone.name(zone.of(c)) == "combat" then deck.discard(c) end
  end
  match.end_period("combat")
  return combat
end

return M
