-- helter.actions: the actions of spec §6, each checked for a legal choice before anything is
-- paid (§10.3: legality, payment, choices, resolution), and the menu a player picks from.
--
-- An action is offered only when it can resolve: a destination or a defender exists and the
-- hand holds its cost. Payment (§5) is then taken, the choices asked, and the action resolved
-- completely (helter.combat for attacks). The caller (helter.turn) opens the interrupt window.

local abilities = require("helter.abilities")
local combat = require("helter.combat")
local state = require("helter.state")
local symbols = require("helter.symbols")

local zone_items, zone_move = zone.items, zone.move
local board_place, board_position = board.place, board.position
local entity_name = entity.name
local sym_of, shows, pays, can_pay = symbols.of, symbols.shows, symbols.pays, symbols.can_pay

local M = {}

M.ORDER = { "move", "climb", "collect", "melee", "smash", "snipe", "shotgun", "blast", "psi", "fly", "rally", "heal" }
local UPPER = {}   -- the menu's words, made once
for _, a in ipairs(M.ORDER) do UPPER[a] = a:upper() end
M.RULE = { move = "§6.1 MOVE", climb = "§6.2 CLIMB", collect = "§6.3 COLLECT FRAGMENT", melee = "§6.4 MELEE",
  smash = "§6.5 SMASH", snipe = "§6.6 SNIPE", shotgun = "§6.7 SHOTGUN", blast = "§6.8 BLAST", psi = "§6.9 PSI",
  fly = "§6.10 FLY", rally = "§6.11 RALLY", heal = "§6.12 HEAL" }

local EV_PAY = log.kind("helter.pay", "{p:player} discards {cards} for {what}", { "player", "cards", "what" },
  { rule = "§5 Costs" })
local EV_MOVE = log.kind("helter.move", "{e:character} {how} to {s:to} from {s:from}", { "character", "how", "from", "to" })
local EV_COLLECT = log.kind("helter.collect", "{e:character} collects a fragment on {s:space}", { "character", "space" },
  { rule = "§6.3 COLLECT FRAGMENT" })
local EV_ATTACK = log.kind("helter.attack", "{e:character} {action}s {targets}", { "character", "action", "targets" })
local EV_HEAL = log.kind("helter.heal", "{e:character} heals {e:target}: health {to}", { "character", "target", "to" },
  { rule = "§6.12 HEAL" })
local EV_RALLY = log.kind("helter.rally", "{e:character} rallies {e:ally}", { "character", "ally" }, { rule = "§6.11 RALLY" })
local EV_STAY = log.kind("helter.stays", "{e:character} stays on {s:space}", { "character", "space" }, { rule = "§6.11 RALLY" })
local EV_DONE = log.kind("helter.action_done", "{e:character}'s {action} is complete", { "character", "action", "player" })

-- What the acting player has and where everyone stands, gathered once per menu or action.
local function view(G, p)
  local figs, at = state.figures(G)
  local pos = {}
  for i = 1, #figs do pos[figs[i]] = at[i] end
  local hand = zone_items(G.hand[p])
  local syms = {}
  for i = 1, #hand do syms[i] = sym_of(G, hand[i]) end
  return { p = p, figs = figs, at = at, pos = pos, hand = hand, syms = syms, sum = symbols.summary(syms) }
end

-- How many hand cards show character symbol `sym`.
local function count_showing(v, sym) return v.sum.chars[sym] or 0 end

-- Whether the hand pays action symbol `need` for the character with symbol `sym` (or `also`).
local function payable(v, need, sym, also)
  return can_pay(v.sum, need, sym) or (also ~= nil and can_pay(v.sum, also, sym))
end

-- The hand cards paying action symbol `need` for the character with symbol `sym` (plus `also`).
local function payers(v, need, sym, also, wild_only)
  local out = {}
  for i = 1, #v.syms do
    local s = v.syms[i]
    if pays(s, need, sym, wild_only) or (also and pays(s, also, sym)) then out[#out + 1] = v.hand[i] end
  end
  return out
end

-- The living symbols of p's dead characters (for COLLECT's alternative cost, §6.3).
local function dead_symbols(G, p)
  local out, chars = {}, G.chars[p]
  for i = 1, #chars do
    local f = chars[i]
    if state.dead(f) then out[#out + 1] = G.symbol[f] end
  end
  return out
end

-- Enemies of player p standing on space s (or, with `adjacent`, on a space next to s).
local function enemies_near(G, v, s, adjacent)
  local out = {}
  for i = 1, #v.figs do
    local f, t = v.figs[i], v.at[i]
    if G.owner[f] ~= v.p and (t == s or (adjacent and G.map.adjacent_set[s][t])) then out[#out + 1] = f end
  end
  return out
end

-- Enemies of p that space s sees (SHOTGUN: also within two spaces).
local function enemies_in_sight(G, v, s, ranged)
  local out = {}
  local seen = ranged and G.map.shotgun[s] or G.map.sight[s]
  for i = 1, #v.figs do
    local f, t = v.figs[i], v.at[i]
    if G.owner[f] ~= v.p and seen[t] then out[#out + 1] = f end
  end
  return out
end

-- BLAST's target spaces: own or adjacent, holding an enemy (§6.8).
local function blast_spaces(G, v, s)
  local out = {}
  local cands, adjacent = { s }, G.map.adjacent[s]
  for i = 1, #adjacent do cands[#cands + 1] = adjacent[i] end
  for c = 1, #cands do
    local t = cands[c]
    for i = 1, #v.figs do
      if v.at[i] == t and G.owner[v.figs[i]] ~= v.p then
        out[#out + 1] = t
        break
      end
    end
  end
  return out
end

-- p's own living characters on s or next to it; `self` included when asked (HEAL).
local function friends_near(G, v, f, s, with_self)
  local out = {}
  for i = 1, #v.figs do
    local g, t = v.figs[i], v.at[i]
    if G.owner[g] == v.p and (g ~= f or with_self) and (t == s or G.map.adjacent_set[s][t]) then out[#out + 1] = g end
  end
  return out
end

-- COLLECT's payment modes (§6.3): {label, sym} per symbol of which 3 cards can be paid.
local function collect_modes(G, v, f)
  local modes = {}
  if count_showing(v, G.symbol[f]) >= 3 then modes[#modes + 1] = { label = "three " .. entity_name(f) .. " cards", sym = G.symbol[f] } end
  local dead = dead_symbols(G, v.p)
  if G.options.collect_dead_single then
    for _, d in ipairs(dead) do
      if d ~= G.symbol[f] and count_showing(v, d) >= 3 then modes[#modes + 1] = { label = "three cards of dead " .. d, sym = d } end
    end
  elseif #dead > 0 then   -- AMB-06 alternative: any mix of dead characters' symbols
    local n = 0
    for i = 1, #v.syms do
      for _, d in ipairs(dead) do
        if shows(v.syms[i], d) then
          n = n + 1
          break
        end
      end
    end
    if n >= 3 then modes[#modes + 1] = { label = "three cards of dead characters", dead = dead } end
  end
  return modes
end

-- Own fragments on space s.
local function own_fragments(G, p, s)
  local out, here = {}, zone_items(G.map.zone[s], "fragment")
  for i = 1, #here do
    local e = here[i]
    if entity.owner(e) == p then out[#out + 1] = e end
  end
  return out
end

-- Whether character f (symbol sym, on s) can take `action` now: the legal choices exist and
-- the hand pays. Returns a truthy value (the choices) or nil.
local function legal(G, v, f, s, action)
  local sym = G.symbol[f]
  if action == "move" then
    return #G.map.move[s] > 0 and count_showing(v, sym) >= 1 or nil
  elseif action == "climb" then
    return #G.map.climb[s] > 0 and count_showing(v, sym) >= 2 or nil
  elseif action == "collect" then
    return #own_fragments(G, v.p, s) > 0 and #collect_modes(G, v, f) > 0 or nil
  elseif action == "melee" or action == "smash" then
    if not payable(v, action, sym, action == "smash" and abilities.smash_with_melee(f) and "melee" or nil) then return nil end
    local t = enemies_near(G, v, s, abilities.reaches_adjacent(f))
    return #t > 0 and t or nil
  elseif action == "snipe" or action == "psi" or action == "shotgun" then
    if not payable(v, action, sym) then return nil end
    local t = enemies_in_sight(G, v, s, action == "shotgun")
    return #t > 0 and t or nil
  elseif action == "blast" then
    if not payable(v, "blast", sym) then return nil end
    local t = blast_spaces(G, v, s)
    return #t > 0 and t or nil
  elseif action == "fly" then
    return #G.map.fly[s] > 0 and payable(v, "fly", sym) or nil
  elseif action == "rally" then
    if not payable(v, "rally", sym) then return nil end
    local t = friends_near(G, v, f, s, false)
    return #t > 0 and t or nil
  elseif action == "heal" then
    return payable(v, "heal", sym) and friends_near(G, v, f, s, true) or nil
  end
  return nil
end

---The menu of player p: deploys, then each living deployed character's legal actions, then
---"end turn". Returns the labels and, in the same order, what each does: {kind=, f=, action=}.
function M.menu(G, p)
  local v = view(G, p)
  local opts, what = {}, {}
  local undeployed = state.undeployed(G, p)
  for i = 1, #undeployed do
    local f = undeployed[i]
    opts[#opts + 1] = "deploy " .. entity_name(f)
    what[#what + 1] = { kind = "deploy", f = f }
  end
  local chars, order = G.chars[p], M.ORDER
  for i = 1, #chars do
    local f = chars[i]
    local s = v.pos[f]
    if s then
      for k = 1, #order do   -- numeric loops: ipairs costs a C call per step, and this runs ~175 times a turn
        local a = order[k]
        if legal(G, v, f, s, a) then
          opts[#opts + 1] = entity_name(f) .. ": " .. UPPER[a]
          what[#what + 1] = { kind = "act", f = f, action = a }
        end
      end
    end
  end
  opts[#opts + 1] = "end turn"
  what[#what + 1] = { kind = "end" }
  return opts, what
end

-- Discards `list` from p's hand for `what`, logged as one payment.
local function discard(G, p, list, what)
  local names = {}
  for i = 1, #list do
    zone_move(list[i], G.discard[p])
    names[i] = entity_name(list[i])
  end
  EV_PAY(p, table.concat(names, ", "), what)
end

-- Player p picks `n` of `cands` to pay `what` (no question when there is no choice).
local function pay_from(G, p, cands, n, what)
  local same = true   -- identical cards: which of them pays is no choice
  for i = 2, #cands do
    if entity.get(cands[i], "symbols") ~= entity.get(cands[1], "symbols") then same = false end
  end
  if #cands == n or same then
    local list = {}
    for i = 1, n do list[i] = cands[i] end
    discard(G, p, list, what)
    return
  end
  -- Unannounced: that there is a choice tells what else the hand holds (the discard is public).
  local picks = decide { player = p, id = "pay", min = n, max = n, entities = cands, unannounced = true,
    prompt = ("Pay %s: choose %d card%s"):format(what, n, n == 1 and "" or "s") }
  local list = {}
  for i = 1, #picks do list[i] = cands[picks[i]] end
  discard(G, p, list, what)
end

-- The hand cards showing symbol `sym`.
local function showing(v, sym)
  local out = {}
  for i = 1, #v.syms do
    if shows(v.syms[i], sym) then out[#out + 1] = v.hand[i] end
  end
  return out
end

local function pick_space(p, id, prompt, spaces)
  if #spaces == 1 then return spaces[1] end
  return spaces[decide { player = p, id = id, prompt = prompt, spaces = spaces }[1]]
end

local function pick_entity(p, id, prompt, list)
  if #list == 1 then return list[1] end
  return list[decide { player = p, id = id, prompt = prompt, entities = list }[1]]
end

local function step(G, f, to, how)
  local from = board_position(f)
  board_place(f, to)
  EV_MOVE(f, how, from, to)
end

-- RALLY's move for character g (§6.11): stay, MOVE, or CLIMB paying one more card that shows
-- g's symbol or a RALLY symbol linked to any character (the rulebook's "any": dead ones too).
local function rally_move(G, p, g)
  local s = board_position(g)
  local v = view(G, p)
  local opts = { { label = "stay" } }
  local moves = G.map.move[s]
  for i = 1, #moves do
    local t = moves[i]
    opts[#opts + 1] = { label = "MOVE to " .. G.map.name[t], space = t }
  end
  local extra = {}
  for i = 1, #v.syms do
    local sy = v.syms[i]
    if shows(sy, G.symbol[g]) or next(sy.linked.rally or {}) ~= nil then extra[#extra + 1] = v.hand[i] end
  end
  if #extra > 0 then
    local climbs = G.map.climb[s]
    for i = 1, #climbs do
      local t = climbs[i]
      opts[#opts + 1] = { label = "CLIMB to " .. G.map.name[t], space = t }
    end
  end
  if #opts == 1 then
    EV_STAY(g, s)
    return
  end
  -- Unannounced: a CLIMB is offered only when the hand holds the extra card.
  local pick = opts[decide { player = p, id = "rally_move", options = opts, unannounced = true,
    prompt = "RALLY: move " .. entity_name(g) .. "?" }[1]]
  if not pick.space then
    EV_STAY(g, s)
    return
  end
  local climb = pick.label:sub(1, 5) == "CLIMB"
  if climb then pay_from(G, p, extra, 1, "a CLIMB during RALLY") end
  step(G, g, pick.space, climb and "climbs" or "moves")
end

---Resolves action `action` of character f for player p (checked legal by the menu). True
---when the match ended during it.
function M.perform(G, p, f, action)
  return log.within_rule(M.RULE[action], function()
    local v = view(G, p)
    local s = v.pos[f]
    local sym = G.symbol[f]
    local name = entity_name(f)
    local choices = legal(G, v, f, s, action)
    if not choices then error("action " .. action .. " of " .. name .. " is not legal now", 0) end
    local over = false
    if action == "move" or action == "climb" then
      pay_from(G, p, showing(v, sym), action == "move" and 1 or 2, name .. "'s " .. action:upper())
      local to = pick_space(p, action, name .. ": " .. action:upper() .. " to", G.map[action][s])
      step(G, f, to, action .. "s")
    elseif action == "fly" then
      pay_from(G, p, payers(v, "fly", sym), 1, name .. "'s FLY")
      step(G, f, pick_space(p, "fly", name .. ": FLY to (one or two spaces)", G.map.fly[s]), "flies")
    elseif action == "collect" then
      local modes = collect_modes(G, v, f)
      local mode = modes[1]
      if #modes > 1 then
        mode = modes[decide { player = p, id = "collect_cost", options = modes, unannounced = true,
          prompt = "Pay COLLECT FRAGMENT with" }[1]]
      end
      local cands = {}
      if mode.sym then
        cands = showing(v, mode.sym)
      else
        for i = 1, #v.syms do
          for _, d in ipairs(mode.dead) do
            if shows(v.syms[i], d) then
              cands[#cands + 1] = v.hand[i]
              break
            end
          end
        end
      end
      pay_from(G, p, cands, 3, name .. "'s COLLECT FRAGMENT")
      local frag = own_fragments(G, p, s)[1]
      zone_move(frag, G.collected[p])
      EV_COLLECT(f, s)
      over = combat.score(G, p, "a fragment")
    elseif action == "melee" or action == "smash" or action == "snipe" or action == "shotgun" or action == "psi" then
      local also = action == "smash" and abilities.smash_with_melee(f) and "melee" or nil
      pay_from(G, p, payers(v, action, sym, also), 1, name .. "'s " .. action:upper())
      local target = pick_entity(p, "target", name .. ": " .. action:upper() .. " whom?", choices)
      local defenders = { target }
      if action == "snipe" and abilities.hiex(f) then
        local ts = v.pos[target]
        local others = {}
        for i = 1, #v.figs do
          local g = v.figs[i]
          if v.at[i] == ts and g ~= target and (g ~= f or G.options.hiex_hits_actor) then others[#others + 1] = g end
        end
        if #others > 0 and decide { player = p, kind = "yesno", id = "hiex",
            prompt = ("HI-EX: make every other character on %s a defender too?"):format(G.map.name[ts]) } then
          for i = 1, #others do defenders[#defenders + 1] = others[i] end
        end
      end
      local names = {}
      for i = 1, #defenders do names[i] = entity_name(defenders[i]) end
      EV_ATTACK(f, action:upper(), table.concat(names, ", "))
      if action == "psi" then over = combat.psi(G, p, f, target) else over = combat.attack(G, p, f, action, defenders) end
    elseif action == "blast" then
      pay_from(G, p, payers(v, "blast", sym), 1, name .. "'s BLAST")
      local t = pick_space(p, "blast", name .. ": BLAST which space?", choices)
      local defenders, names = {}, {}
      for i = 1, #v.figs do
        local g = v.figs[i]
        if v.at[i] == t and (g ~= f or G.options.blast_hits_actor) then
          defenders[#defenders + 1] = g
          names[#names + 1] = entity_name(g)
        end
      end
      EV_ATTACK(f, "BLAST", G.map.name[t] .. " (" .. table.concat(names, ", ") .. ")")
      over = combat.attack(G, p, f, "blast", defenders)
    elseif action == "heal" then
      pay_from(G, p, payers(v, "heal", sym), 1, name .. "'s HEAL")
      local t = pick_entity(p, "heal", name .. ": HEAL whom?", choices)
      local h = counter.get(t, "health")
      if h < G.start_health[t] then h = counter.add(t, "health", 1) end
      EV_HEAL(f, t, h)
    elseif action == "rally" then
      pay_from(G, p, payers(v, "rally", sym), 1, name .. "'s RALLY")
      local ally = pick_entity(p, "ally", name .. ": RALLY whom?", choices)
      EV_RALLY(f, ally)
      local first, second = f, ally
      if decide { player = p, kind = "yesno", id = "rally_order", prompt = "Move " .. entity_name(ally) .. " first?" } then
        first, second = ally, f
      end
      rally_move(G, p, first)
      rally_move(G, p, second)
    end
    if not over then EV_DONE(f, action:upper(), p) end
    return over
  end)
end

return M
