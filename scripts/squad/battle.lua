-- squad.battle: the battle phase, attack -> defense -> damage -> return (spec §3).
--
-- Each player's squad in an arena is that player's zone "space" or "ground": position 1 is
-- row 1, the front; the kernel closes the rows up when a unit leaves. Rule readings taken
-- where the rulebook is silent are in docs/rules-decisions.md, "Squad battle".

local C = require("squad.cards")

local M = {}

M.ARENAS = { "space", "ground" }
local ARENA_NAME = { space = "Space", ground = "Ground" }

local zone_items, zone_count, zone_at, zone_move = zone.items, zone.count, zone.at, zone.move
local within = log.within_rule

local EV_SQUAD = log.kind("squad.squad", "{p:player} sends {units} to {arena} as {role}",
  { "player", "units", "arena", "role" })
local EV_DAMAGE = log.kind("squad.squad_damage", "{p:player}'s squad in {arena} deals {amount} damage",
  { "player", "arena", "amount" }, { rule = "§3.3.1 Squad damage value" })
local EV_DESTROYED = log.kind("squad.destroyed", "{e:card} is destroyed ({amount} damage against defense {defense})",
  { "card", "amount", "defense" }, { rule = "§3.3.2 Squad battle" })
local EV_ABSORB = log.kind("squad.absorbs", "{e:card} absorbs {amount} damage (defense {defense}, {total} damage on it)",
  { "card", "amount", "defense", "total" }, { rule = "§3.3.2 Squad battle" })
local EV_UNHARMED = log.kind("squad.unharmed", "{e:card} takes no battle damage: its share of {amount} stops there",
  { "card", "amount" }, { rule = "§3.3.2 Squad battle" })
local EV_VANISH = log.kind("squad.vanishes", "{amount} damage is left over and vanishes", { "amount" },
  { rule = "§3.3.2 Squad battle" })
local EV_MILL = log.kind("squad.deck_damage",
  "{p:player}'s squad in {arena} is unopposed: {amount} deck damage, the top {n} of {p:victim}'s play deck go face down to the Discard",
  { "player", "arena", "victim", "amount", "n" }, { rule = "§3.3.3 Attackers only" })
local EV_BACK = log.kind("squad.sent_back", "{e:card} may not enter battle and goes back to the Base area", { "card" },
  { rule = "§3.2 D3 Prevented entry" })
local EV_BACK_ATTACKER = log.kind("squad.sent_back", "{e:card} may not enter battle and goes back to the Base area",
  { "card" }, { rule = "§3.1 A5 Prevented entry" })
local EV_RETURN = log.kind("squad.return", "{p:player}'s surviving units return to the Base area, tapped", { "player" },
  { rule = "§3.4 Return step" })

local function names(list)
  local out = {}
  for i = 1, #list do out[i] = entity.name(list[i]) end
  return table.concat(out, ", ")
end

---The units of player p that may join a squad in `arena` now (spec A3 / D2): untapped, in
---the Base area, of a unit type that fits; attackers also without BASE or FORTRESS.
function M.eligible(G, p, arena, attacking)
  local out = {}
  local units = zone_items(G.base[p], "unit")
  for i = 1, #units do
    local u = units[i]
    if not C.tapped(u) and C.fits(u, arena) and not (attacking and C.stationary(u))
      and not effect.prohibited(u, "enter_battle") then
      out[#out + 1] = u
    end
  end
  return out
end

-- Player p forms at most one squad per arena (spec A1-A2, D1): which units, then their rows.
-- Once both arenas are settled, the "on entering battle" effects of the units that entered and
-- of the cards attached to them apply, and only those (A4); they last until end of turn, and
-- the squads' player orders them when several trigger.
local function form_squads(G, p, attacking)
  local role = attacking and "attackers" or "defenders"
  local entered = {}
  for a = 1, 2 do
    local arena = M.ARENAS[a]
    local can = M.eligible(G, p, arena, attacking)
    if #can > 0 then
      local picks = decide { player = p, id = (attacking and "attack." or "defend.") .. arena, min = 0, max = #can,
        prompt = ("Choose the units that %s in %s (none: no squad there)"):format(attacking and "attack" or "defend",
          ARENA_NAME[arena]), entities = can }
      local chosen = {}
      for i = 1, #picks do chosen[i] = can[picks[i]] end
      chosen = C.in_order(p, "rows." .. arena, "Order the squad's rows: the first is row 1, the front", chosen)
      if #chosen > 0 then
        local squad = G.arena[p][arena]
        for i = 1, #chosen do
          flag.set(chosen[i], "left_tapped", C.tapped(chosen[i]), "turn")   -- for a prevented entry (A5)
          zone_move(chosen[i], squad, "bottom")
          entered[#entered + 1] = chosen[i]
          local attached = zone_items(C.gear(chosen[i]))
          for k = 1, #attached do entered[#entered + 1] = attached[k] end
        end
        -- A squad was declared here: under option contested_when = "declared" the arena stays
        -- contested even if every unit of it leaves before the damage step.
        flag.set(match.player_entity(p), "squad." .. arena, true, "turn")
        EV_SQUAD(p, names(chosen), ARENA_NAME[arena], role)
      end
    end
  end
  if #entered > 0 then C.fire_ordered("enter_battle", entered, p, { attacking = attacking, G = G }) end
end

---Sends unit u, forbidden to enter battle, back to its owner's Base area in the orientation
---it had when it left (spec A5 / D3); nothing when it is not in a squad. True when it went.
function M.send_back(G, u)
  local p = entity.owner(u)
  local where = zone.of(u)
  if where ~= G.arena[p].space and where ~= G.arena[p].ground then return false end
  zone_move(u, G.base[p], "bottom")
  C.set_tapped(u, flag.is(u, "left_tapped"))
  if p == G.active then EV_BACK_ATTACKER(u) else EV_BACK(u) end
  return true
end

---Squad damage of the squad in zone z (spec §3.3.1): ATTACK of row 1 plus SHOOTING of the
---other rows; a tapped unit adds 0 (its DEFENSE still counts); never below 0.
function M.squad_damage(z)
  local n = zone_count(z)
  if n == 0 then return 0 end
  local d = 0
  local front = zone_at(z, 1)
  if not C.tapped(front) then d = d + C.stat(front, "attack") end
  for i = 2, n do
    local u = zone_at(z, i)
    if not C.tapped(u) then d = d + C.stat(u, "shooting") end
  end
  return d > 0 and d or 0
end

-- Applies `amount` battle damage to the squad in zone z, row 1 first (spec §3.3.2 step 2);
-- records absorbed damage; returns the units destroyed (they are not moved here).
local function apply_damage(z, amount, dead)
  local left = amount
  local n = zone_count(z)
  for i = 1, n do
    if left <= 0 then break end
    local u = zone_at(z, i)
    local hp = C.remaining_defense(u)
    if hp < 0 then hp = 0 end   -- damage beyond DEFENSE never adds to what carries on
    if entity.get(u, "no_battle_damage") == true or effect.prohibited(u, "battle_damage") then
      -- "Does not take battle damage" (§3.3.2 step 5): printed (prop no_battle_damage) or by an
      -- effect (prohibition "battle_damage"). Its share is taken out of the flow: what its
      -- DEFENSE would have stopped stops here, unharmed, and the rest carries on.
      local share = math.min(left, hp)
      left = left - share
      EV_UNHARMED(u, share)
    elseif hp <= left then
      left = left - hp
      dead[#dead + 1] = u
      EV_DESTROYED(u, left + hp, hp)
    else
      counter.add(u, "damage", left)
      EV_ABSORB(u, left, C.stat(u, "defense"), counter.get(u, "damage"))
      left = 0
    end
  end
  if left > 0 then EV_VANISH(left) end
end

-- The damage step (spec §3.3): every squad's damage value in both arenas first, then all of it
-- applied, then every destroyed card leaves at once; unopposed attackers mill the deck.
local function damage_step(G, active)
  local other = 3 - active
  local values, defended = {}, {}
  for a = 1, 2 do
    local arena = M.ARENAS[a]
    values[a] = {}
    -- Who is in battle now decides (the rulebook's damage step: "only attackers" deal their
    -- damage to the deck; defenders effects kept from entering went back to the Base area and
    -- never entered). Option contested_when = "declared": a declared squad holds the arena even
    -- if all of it has left (the attack is blocked; its damage vanishes, §3.3.2 step 3).
    defended[a] = G.options.contested_when == "declared" and flag.is(match.player_entity(other), "squad." .. arena)
    local attacked = zone_count(G.arena[active][arena]) > 0
    for p = 1, 2 do
      local z = G.arena[p][arena]
      -- Defenders facing no attackers deal nothing (D4): no damage value to speak of.
      if zone_count(z) > 0 and (attacked or p == active) then
        values[a][p] = M.squad_damage(z)
        EV_DAMAGE(p, ARENA_NAME[arena], values[a][p])
      end
    end
  end
  local dead = {}
  for a = 1, 2 do
    local arena = M.ARENAS[a]
    local att, def = values[a][active], values[a][other]
    if att and (def or defended[a]) then
      apply_damage(G.arena[other][arena], att, dead)
      if def then apply_damage(G.arena[active][arena], def, dead) end
    elseif att then
      local n = math.min(att, zone_count(G.deck[other]))
      EV_MILL(active, ARENA_NAME[arena], other, att, n)
      for _ = 1, n do zone_move(zone.top(G.deck[other]), G.discard[other], "top") end
    end
  end
  -- Every destroyed card leaves at once, then the "when destroyed" effects, in the order the
  -- attacking player picks (§3.3.2 step 4).
  if #dead > 0 then C.destroy_and_trigger(G, dead, active) end
end

-- The return step (spec §3.4): every surviving unit, attachments with it, back tapped.
local function return_step(G)
  for p = 1, 2 do
    local any = false
    for a = 1, 2 do
      local z = G.arena[p][M.ARENAS[a]]
      while zone_count(z) > 0 do
        local u = zone_at(z, 1)
        zone_move(u, G.base[p], "bottom")
        C.set_tapped(u, true)
        any = true
      end
    end
    if any then EV_RETURN(p) end
  end
end

---Plays the battle phase of player `active`'s turn; `check` is the deck-out check, run after
---each step's fixed action, and `window(step)` the priority window that follows it (each
---returns true when the match is over).
function M.phase(G, active, check, window)
  within("§3.1 Attack step", form_squads, G, active, true)
  if check() or window("attack") then return true end
  within("§3.2 Defense step", form_squads, G, 3 - active, false)
  if check() or window("defense") then return true end
  within("§3.3 Damage step", damage_step, G, active)
  if check() or window("damage") then return true end
  within("§3.4 Return step", return_step, G)
  return check() or window("return")
end

return M
