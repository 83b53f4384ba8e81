-- helter.combat: defenses, damage, death, kill credit, points and the end of the game
-- (spec §7, §8, §10.3 steps 4–7).
--
-- An attack names its defenders; their owners declare defenses one at a time from the acting
-- player clockwise (AMB-09 "seat": earlier declarations are public) or all before any is shown
-- ("simultaneous"); then all damage lands together, the damage triggers run (helter.abilities),
-- deaths are processed and the 5-point win and eliminations are checked. A question a player
-- is asked only because they hold a usable card is unannounced: the others never learn of it.

local abilities = require("helter.abilities")
local symbols = require("helter.symbols")
local state = require("helter.state")

local counter_add, counter_get = counter.add, counter.get
local zone_items, zone_move = zone.items, zone.move
local board_position = board.position

local M = {}

-- Damage and allowed defenses of each attack (§7.2).
M.ATTACKS = {
  melee = { damage = 1, defenses = { "block" } },
  smash = { damage = 2, defenses = { "block" } },
  snipe = { damage = 1, defenses = { "deflect", "precog", "cover" } },
  shotgun = { damage = 2, defenses = { "deflect", "precog", "cover" } },
  blast = { damage = 1, defenses = { "deflect", "precog" } },
}
-- The symbol each defense is paid with (§5): BLOCK with MELEE, PRECOG with PSI.
M.DEFENSE_SYMBOL = { block = "melee", deflect = "deflect", precog = "psi", cover = "cover" }
local DEFENSE_NAME = { block = "BLOCK", deflect = "DEFLECT", precog = "PRECOG", cover = "COVER" }

local EV_DEFEND = log.kind("helter.defend", "{e:defender} {defense}s with {e:card}", { "defender", "defense", "card", "player" },
  { rule = "§7.1 Defenses" })
local EV_DAMAGE = log.kind("helter.damage", "{e:character} takes {n} damage (health {to})", { "character", "n", "to" },
  { rule = "§8.1 Damage" })
local EV_PSI_DISCARD = log.kind("helter.psi_discard", "{p:player} discards {e:card} for {e:defender} against the PSI",
  { "player", "card", "defender" }, { rule = "§6.9 PSI" })
local EV_KILL = log.kind("helter.kill", "{e:character} is killed by {p:player}, who takes the figure", { "character", "player" },
  { rule = "§8.2 Kill credit" })
local EV_OWN_KILL = log.kind("helter.own_kill", "{e:character} is killed by their own side and removed from the game",
  { "character", "player" }, { rule = "§8.2 Kill credit" })
local EV_POINT = log.kind("helter.point", "{p:player} scores a point for {why} ({points} in all)", { "player", "why", "points" },
  { rule = "§8.3 Points" })
local EV_ELIMINATED = log.kind("helter.eliminated", "{p:player} has lost every character and is eliminated", { "player" },
  { rule = "§8.4 Elimination" })
local EV_TIE = log.kind("helter.tie", "The leaders are tied on {points}: the remaining players play on", { "points" },
  { rule = "§8.4 Ties" })

---Adds a point to player p; ends the match on the winning total (§8.3) or, after an
---elimination, when one remaining player leads alone (§8.4). True when the match is over.
---`defer_leader`: a kill inside an action, whose deaths and eliminations are not all done yet;
---the tie-break is then checked once they are (M.deaths), so the order of the dead never matters.
function M.score(G, p, why, defer_leader)
  local to = counter_add(match.player_entity(p), "points", 1)
  EV_POINT(p, why, to)
  if to >= G.options.win_points then
    match.finish(p, to .. " points")
    return true
  end
  if G.tiebreak and not defer_leader then return M.check_leader(G) end
  return false
end

---After an elimination: the remaining player with the most points wins; tied leaders play on.
---`together`: the players the last action eliminated. When nobody remains, only they are compared
---(docs/rules-decisions.md): a player out since an earlier action lost then, and cannot win now.
---@param together integer[]|nil
function M.check_leader(G, together)
  local best, leaders = -1, {}
  local remaining = state.remaining(G)
  local all_out = #remaining == 0
  if all_out then   -- the last teams fell together: compare them (every seat if none is known)
    if together and #together > 0 then
      for i = 1, #together do remaining[i] = together[i] end
    else
      for p = 1, G.n do remaining[p] = p end
    end
  end
  for _, p in ipairs(remaining) do
    local pts = state.points(p)
    if pts > best then best, leaders = pts, { p } elseif pts == best then leaders[#leaders + 1] = p end
  end
  if #leaders == 1 then
    match.finish(leaders[1], "most points after an elimination")
    return true
  end
  if all_out then   -- nobody left to play the tie out
    match.finish(nil, "every team eliminated")
    return true
  end
  if not G.tie_told or G.tie_told ~= best then
    G.tie_told = best
    EV_TIE(best)
  end
  return false
end

-- Kills character f on the acting player p's action; true when that ends the match.
local function kill(G, f, p)
  entity.set(f, "dead", true)
  if G.owner[f] ~= p then
    zone_move(f, G.trophies[p])
    EV_KILL(f, p)
    return M.score(G, p, "a kill", true)
  end
  zone_move(f, G.removed)
  EV_OWN_KILL(f, p)
  return false
end

---Processes the deaths among `defenders` (health 0), then eliminations. True when over.
function M.deaths(G, defenders, p)
  for i = 1, #defenders do
    local f = defenders[i]
    if board_position(f) and counter_get(f, "health") <= 0 and not state.dead(f) then
      if kill(G, f, p) then return true end
    end
  end
  local together = nil   -- the players this action eliminates
  for q = 1, G.n do
    if not G.eliminated[q] then
      local alive, chars = false, G.chars[q]
      for i = 1, #chars do
        if not state.dead(chars[i]) then alive = true end
      end
      if not alive then
        G.eliminated[q] = true
        together = together or {}
        together[#together + 1] = q
        EV_ELIMINATED(q)
      end
    end
  end
  if together then G.tiebreak = true end
  if G.tiebreak then return M.check_leader(G, together) end
  return false
end

-- The cards in p's hand that pay defense d for defender f, as {card, defense} options.
local function defense_options(G, f, defenses, used)
  local q, sym, s = G.owner[f], G.symbol[f], board_position(f)
  local opts = {}
  local hand = zone_items(G.hand[q])
  for k = 1, #defenses do
    local d = defenses[k]
    local allowed = (d ~= "cover" or G.map.cover[s]) and (d ~= "block" or abilities.may_block(f))
    if allowed then
      for i = 1, #hand do
        if not used[hand[i]] and symbols.pays(symbols.of(G, hand[i]), M.DEFENSE_SYMBOL[d], sym) then
          opts[#opts + 1] = { label = DEFENSE_NAME[d] .. " with " .. entity.name(hand[i]), entity = hand[i], value = d }
        end
      end
    end
  end
  return opts
end

-- The owners of `defenders` in declaring order (AMB-09): the acting player first, then clockwise.
local function declaring_order(G, p)
  local order = {}
  for k = 0, G.n - 1 do order[#order + 1] = (p - 1 + k) % G.n + 1 end
  return order
end

---Resolves attack `action` by character `actor` (player p) on `defenders`: defenses, damage,
---triggers, deaths. True when the match is over.
function M.attack(G, p, actor, action, defenders)
  local defended = log.within_rule("§7.3 Defense decisions", M.declare, G, p, actor, action, defenders)
  return log.within_rule("§8.1 Damage", M.land, G, p, actor, action, defenders, defended)
end

---Asks the defenders' owners for their defenses (§7.3); returns the set of defended characters.
function M.declare(G, p, actor, action, defenders)
  local spec = M.ATTACKS[action]
  local defended, declared, used = {}, {}, {}
  local simultaneous = G.options.defense_order == "simultaneous"
  for _, q in ipairs(declaring_order(G, p)) do
    for i = 1, #defenders do
      local f = defenders[i]
      if G.owner[f] == q then
        local opts = defense_options(G, f, spec.defenses, used)
        if #opts > 0 then
          local name = entity.name(f)
          table.insert(opts, 1, { label = ("no defense: %s takes %d damage"):format(name, spec.damage) })
          local pick = decide { player = q, id = "defense", unannounced = true, options = opts,
            prompt = ("%s is attacked by %s (%s): defend?"):format(name, entity.name(actor), action:upper()) }[1]
          if pick > 1 then
            local card = opts[pick].entity
            defended[f] = true
            if simultaneous then
              used[card] = true                -- kept in the hand, unseen, until all have declared
              declared[#declared + 1] = { f, opts[pick].value, card, q }
            else
              zone_move(card, G.discard[q])
              EV_DEFEND(f, DEFENSE_NAME[opts[pick].value], card, q)
            end
          end
        end
      end
    end
  end
  for i = 1, #declared do
    local d = declared[i]
    zone_move(d[3], G.discard[d[4]])
    EV_DEFEND(d[1], DEFENSE_NAME[d[2]], d[3], d[4])
  end
  return defended
end

---Deals the attack's damage to every undefended defender, then the triggers and deaths.
function M.land(G, p, actor, action, defenders, defended)
  local spec = M.ATTACKS[action]
  local hits = {}
  for i = 1, #defenders do
    local f = defenders[i]
    if not defended[f] then
      local to, from = counter_add(f, "health", -spec.damage)
      EV_DAMAGE(f, spec.damage, to)
      if G.owner[f] ~= G.owner[actor] then
        hits[#hits + 1] = { f = f, nominal = spec.damage, removed = from - to }
      end
    end
  end
  return M.after_damage(G, p, actor, action, hits, defenders)
end

---The damage triggers, the warp check and deaths after an action's damage. True when over.
function M.after_damage(G, p, actor, action, hits, defenders)
  if board_position(actor) then abilities.after_damage(G, actor, action, hits, p) end
  abilities.warp_check(G)
  return M.deaths(G, defenders, p)
end

---PSI on defender f (§6.9): its owner discards a card showing f's symbol if they can (forced
---under AMB-08's default), else f takes 1 damage. True when the match is over.
function M.psi(G, p, actor, f)
  local q, sym = G.owner[f], G.symbol[f]
  local hand, opts = zone_items(G.hand[q]), {}
  for i = 1, #hand do
    if symbols.shows(symbols.of(G, hand[i]), sym) then opts[#opts + 1] = { label = "discard " .. entity.name(hand[i]), entity = hand[i] } end
  end
  if #opts > 0 and not G.options.psi_discard_forced then
    table.insert(opts, 1, { label = entity.name(f) .. " takes 1 damage" })
  end
  local card
  if #opts == 1 and opts[1].entity then
    card = opts[1].entity
  elseif #opts > 0 then
    card = opts[decide { player = q, id = "psi", unannounced = true, options = opts,
      prompt = entity.name(f) .. " is the target of a PSI: discard a card showing " .. entity.name(f) }[1]].entity
  end
  if card then
    zone_move(card, G.discard[q])
    EV_PSI_DISCARD(q, card, f)
    return false
  end
  local to, from = counter_add(f, "health", -1)
  EV_DAMAGE(f, 1, to)
  local hits = {}
  if G.owner[f] ~= G.owner[actor] then hits[1] = { f = f, nominal = 1, removed = from - to } end
  return M.after_damage(G, p, actor, "psi", hits, { f })
end

return M
