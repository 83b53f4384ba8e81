-- squad.priority: priority windows and Chains (spec §6.4, [SAMPLE] after Gundam War's
-- cut-ins: the rulebook only names "Chains").
--
-- A window opens after a step's fixed action. The active player has priority first; a
-- player who plays an Order starts a Chain or adds a link to it, and priority passes to the
-- other player. When both pass in a row, the links resolve last in, first out (the deck-out
-- check after each), and the active player has priority again; when both pass in a row with
-- no Chain open, the window closes. A player with nothing they may play passes without being
-- asked, and the question, when there is one, is unannounced (decide's `unannounced`): the
-- other player's log does not show it, so a skipped question tells them nothing about the
-- hand. No window in the end phase (§4 E4). An Order waits on the Chain in the shared zone
-- "chain" and goes to its owner's Dump, face up, once it resolves or fizzles.
--
-- Orders say when and on what they are played with props ([SAMPLE] vocabulary):
--   when   = "battle" (the attack, defense, damage and return steps), "attack_or_defense", "any"
--   target = "unit_in_battle" (a unit in a Space or Ground squad), "unit" (any unit in a Base
--            area or a squad), "link" (the Chain's last link), or absent (no target)
-- and do what they say in their `resolve` handler (ctx.target: the target chosen; ctx.G: the
-- match's zones, as squad.setup made them).
-- An activated ability is a card in play with an `ability` handler: props `ability_when` and
-- `ability_target` as above, and `ability_cost = "tap"` (tap the card to activate it; the
-- only cost there is yet). It forms a link like an Order, but its card stays where it is. Only
-- a card in the Base area or a squad (not one attached to a unit) may use its ability.

local C = require("squad.cards")
local deploy = require("squad.deploy")
local core_windows = require("core.windows")

local M = {}

local zone_items, zone_move = zone.items, zone.move
local entity_get = entity.get

local WHEN = {
  any = { ready = true, draw = true, deploy = true, attack = true, defense = true, damage = true, ["return"] = true },
  battle = { attack = true, defense = true, damage = true, ["return"] = true },
  attack_or_defense = { attack = true, defense = true },
}

local EV_LINK = log.kind("squad.link", "{p:player} plays {e:card}{on} (Chain link {n})", { "player", "card", "on", "n" },
  { rule = "§6.4 Priority windows and Chains" })
local EV_ABILITY = log.kind("squad.ability", "{p:player} taps {e:card} to use its ability{on} (Chain link {n})",
  { "player", "card", "on", "n" }, { rule = "§6.4 Priority windows and Chains" })
local EV_RESOLVE = log.kind("squad.resolve", "Link {n} resolves: {e:card}", { "n", "card" },
  { rule = "§6.4 Priority windows and Chains" })
local EV_FIZZLE = log.kind("squad.fizzle", "Link {n}, {e:card}, does nothing: {why}", { "n", "card", "why" },
  { rule = "§6.4 Priority windows and Chains" })

local ARENAS = { "space", "ground" }
local IN_PLAY = { "base_area", "space", "ground" }   -- a player's zones whose cards' abilities may be used

---The legal targets of kind `kind` now, as a list ({} when none; nil when the kind needs none).
---`chain` is the open Chain (its last link is the "link" target).
function M.targets(G, kind, chain)
  if kind == nil then return nil end
  local out = {}
  if kind == "link" then   -- the Chain's last link, when it is an Order (not an ability)
    if #chain > 0 and not chain[#chain].ability then out[1] = chain[#chain].card end
    return out
  end
  for p = 1, 2 do
    if kind == "unit" then
      local units = zone_items(G.base[p], "unit")
      for i = 1, #units do out[#out + 1] = units[i] end
    end
    for a = 1, 2 do
      local squad = zone_items(G.arena[p][ARENAS[a]])
      for i = 1, #squad do out[#out + 1] = squad[i] end
    end
  end
  return out
end

-- The target kind of card c used as an Order, or as an activated ability.
local function target_kind(c, ability) return entity_get(c, ability and "ability_target" or "target") end

-- Whether target t of kind `kind` is still legal (a unit still where the kind says; a link
-- still on the Chain).
local function still_legal(G, kind, t, chain)
  if kind == nil then return true end
  if kind == "link" then
    for i = 1, #chain do
      if chain[i].card == t then return true end
    end
    return false
  end
  local list = M.targets(G, kind, chain)
  for i = 1, #list do
    if list[i] == t then return true end
  end
  return false
end

-- Whether an ability or Order with timing `when` and target kind `kind` may be used now.
local function usable(G, step, when, kind, chain)
  local steps = WHEN[when or "any"]
  if not steps or not steps[step] then return false end
  local targets = M.targets(G, kind, chain)
  return targets == nil or #targets > 0
end

-- What player p may play now in a window of step `step`: the Orders in hand, then the
-- activated abilities of their untapped cards in play. Returns the cards and, per card,
-- whether it is an ability.
local function playable(G, p, step, chain)
  local out, ability = {}, {}
  local hand = zone_items(G.hand[p], "order")
  for i = 1, #hand do
    local c = hand[i]
    if usable(G, step, entity_get(c, "when"), target_kind(c, false), chain) and deploy.affordable(G, p, c) then
      out[#out + 1] = c
    end
  end
  local live = zone.tagged("ability", p, IN_PLAY)   -- squad.cards tags them at creation
  for i = 1, #live do
    local c = live[i]
    if not C.tapped(c) and not flag.is(c, "activated")
      and usable(G, step, entity_get(c, "ability_when"), target_kind(c, true), chain) then
      out[#out + 1] = c
      ability[#out] = true
    end
  end
  return out, ability
end

-- Resolves the Chain, last link first; true when the match ended on the way.
local function resolve_chain(G, chain, check)
  while #chain > 0 do
    local link = chain[#chain]
    local n = #chain
    local c = link.card
    if flag.is(c, "countered") then
      EV_FIZZLE(n, c, "countered")
    elseif not still_legal(G, target_kind(c, link.ability), link.target, chain) then
      EV_FIZZLE(n, c, "its target is gone")
    else
      EV_RESOLVE(n, c)
      core_windows.dispatch(link.ability and "ability" or "resolve", { target = link.target, step = link.step, G = G },
        link.player, { only = c })
    end
    chain[n] = nil
    flag.set(c, "countered", false)
    flag.set(c, "activated", false)
    if not link.ability then zone_move(c, G.dump[entity.owner(c)], "top") end   -- an Order: face up to the Dump
    if check() then return true end
  end
  return false
end

---Runs the priority window of step `step` in player `active`'s turn; true when the match is over.
function M.window(G, active, step, check)
  local chain = {}
  local holder, passes = active, 0
  while true do
    local plays, is_ability = playable(G, holder, step, chain)
    local pick = 1
    -- Asked only when there is something to play, and unannounced: the other player does not
    -- learn that a question was put (which would tell them the hand holds a playable Order).
    -- A card played shows itself on the Chain.
    if #plays > 0 then
      pick = decide { player = holder, id = "priority." .. step, prompt = "Play an Order, or pass", unannounced = true,
        options = { "pass" }, entities = plays }[1]
    end
    if pick == 1 then
      passes = passes + 1
      if passes >= 2 then
        if #chain == 0 then return false end
        if resolve_chain(G, chain, check) then return true end
        holder, passes = active, 0
      else
        holder = 3 - holder
      end
    else
      local c = plays[pick - 1]
      local ability = is_ability[pick - 1] == true
      local targets = M.targets(G, target_kind(c, ability), chain)
      local t
      if targets then
        t = targets[decide { player = holder, id = "target", prompt = "Choose the target of " .. entity.name(c),
          entities = targets }[1]]
      end
      if ability then
        C.set_tapped(c, true)               -- the cost: ability_cost = "tap"
        flag.set(c, "activated", true)     -- one link at a time per card
      else
        deploy.pay(G, holder, c)
        zone_move(c, G.chain, "top")
      end
      chain[#chain + 1] = { card = c, player = holder, target = t, step = step, ability = ability }
      local on = t and (" on " .. entity.name(t)) or ""
      if ability then EV_ABILITY(holder, c, on, #chain) else EV_LINK(holder, c, on, #chain) end
      holder, passes = 3 - holder, 0   -- the deck-out check comes after each link resolves (§6.6)
    end
  end
end

return M
