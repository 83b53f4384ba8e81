-- squad.cards: making cards, unit stats, orientation, attachments and destruction (spec §2,
-- §3.3.2 step 4, §8 items 4-7).
--
-- A unit's ATTACK, SHOOTING and DEFENSE are kernel derived values (derived.define, once per
-- unit when it is made): its own printed prop plus the same prop of every card attached to
-- it, plus modifiers on (unit, stat), never below 0. Attached cards lie in the unit's own
-- zone "gear:<unit>", so they go wherever the unit goes without being moved; destroying
-- the unit sends each of them to its own owner's Dump. Orientation is the prop `tapped`;
-- battle damage is the counter `damage` (the remaining DEFENSE is DEFENSE - damage).

local core_windows = require("core.windows")

local M = {}

local cards_create, entity_get, entity_set, entity_owner = cards.create, entity.get, entity.set, entity.owner
local derived_define, derived_of, zone_move, zone_items = derived.define, derived.of, zone.move, zone.items

M.STATS = { "attack", "shooting", "defense" }

---Creates card `key` for player p at the bottom of zone z, untapped (no `tapped` prop yet).
---A unit's stats and gear zone are made when it first comes into play (M.enter_play), not
---for the many that stay in a deck or a hand. Returns the entity.
function M.create(key, p, z)
  local c = cards_create(key, p, z, "bottom")
  cards.activate(c)   -- its handlers; each window names the cards it is for (opts.only)
  -- A card with an activated ability is tagged, so a priority window finds the ones in play
  -- with one kernel call (zone.tagged) instead of looking at every card there.
  if cards.get(key).ability then entity.add_tag(c, "ability") end
  return c
end

---Readies card c for play the first time it enters the Base area or a squad: a unit gets its
---gear zone (where attached cards lie) and its ATTACK, SHOOTING and DEFENSE as derived values
---(its own printed value plus its attachments' and its modifiers, at least 0; its `damage`
---counter reads 0 until it takes some). Later calls do nothing.
function M.enter_play(c)
  if entity.kind(c) ~= "unit" or derived.find("defense", c) then return end
  local gear = zone.create("gear:" .. c, entity_owner(c), "public")
  for i = 1, 3 do
    local stat = M.STATS[i]
    derived_define { name = stat, entities = { c }, zones = { gear }, prop = stat, target = c, stat = stat, floor = 0 }
  end
end

---Unit u's current value of stat ("attack", "shooting" or "defense").
function M.stat(u, stat) return derived_of(stat, u) end

---DEFENSE minus the damage unit u carries (spec §3.3.2 step 2, SQ-18).
function M.remaining_defense(u) return derived_of("defense", u) - counter.get(u, "damage") end

---True when card c is tapped.
function M.tapped(c) return entity_get(c, "tapped") == true end

---Turns card c tapped (true) or untapped (false); no event when it already is.
function M.set_tapped(c, v)
  if (entity_get(c, "tapped") == true) ~= v then entity_set(c, "tapped", v) end
end

---The gear zone of unit u: where the cards attached to it lie.
function M.gear(u) return zone.find("gear:" .. u, entity_owner(u)) end

---True when unit u may enter the battle zone `arena` ("space" or "ground"): its unit type.
function M.fits(u, arena) return entity_get(u, arena) == true end

---True when unit u has the trait BASE or FORTRESS (spec A3: such units never attack).
function M.stationary(u) return entity_get(u, "base") == true or entity_get(u, "fortress") == true end

---Moves card c to its owner's pile `piles[owner]` (top), face up or down as the pile is.
function M.to_own(c, piles) zone_move(c, piles[entity_owner(c)], "top") end

-- A card that leaves play leaves its damage and its orientation there: in the Dump it is no
-- unit, and a card that comes back from it (a later effect) comes back as it was printed,
-- not hurt or tapped (damage belongs to a unit in play, §3.3.2; the audit of session 32).
local function leave_play(c)
  if counter.get(c, "damage") ~= 0 then counter.set(c, "damage", 0) end
  M.set_tapped(c, false)
end

---Destroys the cards `list` at once (spec §3.3.2 step 4): each unit and every card attached
---to it go to their own owners' Dumps, face up, without their damage or tapped state.
---Returns the cards that left, units first.
function M.destroy(G, list)
  local gone = {}
  for i = 1, #list do
    local u = list[i]
    gone[#gone + 1] = u
    local gear = M.gear(u)
    if gear then
      local attached = zone_items(gear)
      for k = 1, #attached do gone[#gone + 1] = attached[k] end
    end
  end
  for i = 1, #gone do
    M.to_own(gone[i], G.dump)
    leave_play(gone[i])
  end
  return gone
end

---Destroys the cards `list` at once (M.destroy) and then fires their "when destroyed" effects
---in the order player `chooser` picks: every destruction, in battle or by an effect, goes
---through here (§3.3.2 step 4). Returns the cards that left.
function M.destroy_and_trigger(G, list, chooser)
  local gone = M.destroy(G, list)
  M.fire_ordered("destroyed", gone, chooser, { G = G })
  return gone
end

---The cards in play for player p's side: the Base area and the squads, each unit followed by
---the cards attached to it.
function M.in_play(G, p)
  local out = {}
  local zones = { G.base[p], G.arena[p].space, G.arena[p].ground }
  for z = 1, 3 do
    local list = zone_items(zones[z])
    for i = 1, #list do
      local c = list[i]
      out[#out + 1] = c
      if entity.kind(c) == "unit" then
        local attached = zone_items(M.gear(c))
        for k = 1, #attached do out[#out + 1] = attached[k] end
      end
    end
  end
  return out
end

---`list` in the order player `chooser` puts it (question `id`, an "order" decision), or as it
---is when it holds fewer than two cards (nothing to ask).
function M.in_order(chooser, id, prompt, list)
  if #list < 2 then return list end
  local order = decide { player = chooser, kind = "order", id = id, prompt = prompt, entities = list }
  local out = {}
  for i = 1, #order do out[i] = list[order[i]] end
  return out
end

---Fires window `name` for the cards of `list` that have an effect there, one after another, in
---the order player `chooser` picks when there are several (the attacking player for "when
---destroyed", §3.3.2 step 4; the active player at the end of the turn, §4 E2). Returns how many.
function M.fire_ordered(name, list, chooser, ctx)
  local with = {}
  for i = 1, #list do
    local def = cards.of(list[i])
    if def and def[name] then with[#with + 1] = list[i] end
  end
  with = M.in_order(chooser, "order." .. name, "Order these effects: the first resolves first", with)
  for i = 1, #with do core_windows.dispatch(name, ctx, chooser, { only = with[i] }) end
  return #with
end

return M
