-- tagteam.turn: one turn of the Battle phase, as spec §10 gives it:
-- R1 snapshot, R2 reveal and roles, R3 cancel, R4 compile (THEN segments, deferred cards,
-- turn-scoped blocks), R5 steps, R6 deferred step, R7 symbol trigger waves, R8 KO check.
-- One departure, the rulebook's (seed L536, L582, L626): the health of all of R5's steps moves
-- once, after the last of them (option then_health "steps" keeps the spec's move per step).
--
-- Card and fighter definitions are read from their compiled entries (tagteam.defs): a card's
-- from the card entity (setup.card_def, setup.fighter_of), a fighter's from G.fdef[fighter].

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local match_finish = match.finish

local actions = require("tagteam.actions")
local track = require("tagteam.track")
local setup = require("tagteam.setup")
-- Functions of the modules above, read once (a module is a read-only front).
local track_of = track.of
local card_def, fighter_of = setup.card_def, setup.fighter_of

local counter_get, counter_set, counter_add = counter.get, counter.set, counter.add
local log_event, zone_top, zone_move, end_period = log.event, zone.top, zone.move, match.end_period
local apply, holds, reused_acc, new_acc = actions.apply, actions.holds, actions.acc, actions.new_acc
local track_move, track_cell = track.move, track.cell
local max, min = math.max, math.min

local M = {}

local R_ATTACKED, R_SUCCESS, R_SYMBOL = { rule = "§8.9" }, { rule = "§8.8" }, { rule = "§6.5" }
local R_KO, R_REVEAL, R_CANCELLED = { rule = "§9" }, { rule = "§4.1" }, { rule = "§8.7" }
local R_HEALED, R_DIRECT = { rule = "§8.3" }, { rule = "§8.4" }

-- Narration (#19.1): one line per thing a player would say at the table. A health line says
-- what moved the marker (attack, direct damage, heals) and where it stopped; a line settled
-- in a trigger wave names the track symbols as its cause. The "is attacked" and "symbol
-- fires" events these lines stand for are left to --verbose (game.lua's narration), and so are
-- the "is healed" and "takes direct damage" of each THEN step a health line adds up.
-- Every template is made once at load, indexed by small numbers:
--   by_symbols: 0 a card's actions, 1 one track symbol, 2 several (T.by_symbols counts them)
--   HP_TEXT[causes + 8 * by_symbols + 32 * ending]: causes a bit set (1 attack, 2 direct
--   damage, 4 heal); ending 0 health lost, 1 health gained, 2 halted by a STOP cell
--   SPECIAL_TEXT, POWER_TEXT[down + 2 * by_symbols]: down 1 when the value fell
local SYMBOL_CAUSE = { [0] = "", " from a track symbol", " from track symbols" }
local HP_TEXT = {}
local HP_MOVES = "{e:fighter}'s health marker moves to {to}"   -- no amount above 0 (a script's negative one)
do
  local causes = { "is attacked for {attack}", "takes {direct} direct damage", "heals {heal}" }
  local endings = { [0] = " ({to} health left)", " ({to} health)", ": a STOP cell halts the marker at {to} health" }
  for set = 1, 7 do
    local said = {}
    for bit = 1, 3 do
      if set & (1 << (bit - 1)) ~= 0 then said[#said + 1] = causes[bit] end
    end
    local lead = said[1]
    if #said == 2 then lead = said[1] .. " and " .. said[2]
    elseif #said == 3 then lead = said[1] .. ", " .. said[2] .. " and " .. said[3] end
    for symbols = 0, 2 do
      for ending = 0, 2 do
        HP_TEXT[set + 8 * symbols + 32 * ending] = "{e:fighter} " .. lead .. SYMBOL_CAUSE[symbols] .. endings[ending]
      end
    end
  end
end
local SPECIAL_TEXT, POWER_TEXT = {}, {}
for symbols = 0, 2 do
  local cause = SYMBOL_CAUSE[symbols]
  SPECIAL_TEXT[2 * symbols] = "{e:fighter}'s {name} rises to {to}" .. cause
  SPECIAL_TEXT[2 * symbols + 1] = "{e:fighter}'s {name} falls to {to}" .. cause
  POWER_TEXT[2 * symbols] = "{e:fighter} gains {n} power" .. cause .. " ({power} now)"
  POWER_TEXT[2 * symbols + 1] = "{e:fighter} loses {n} power" .. cause .. " ({power} left)"
end
-- TOKEN_TEXT[spent + 2 * several]
local TOKEN_TEXT = { [0] = "{e:fighter} gains one {token} token ({count} now)",
  [1] = "{e:fighter} spends one {token} token ({count} left)",
  [2] = "{e:fighter} gains {n} {token} tokens ({count} now)",
  [3] = "{e:fighter} spends {n} {token} tokens ({count} left)" }
-- The first reveal of a card reads its text out; later reveals of the same card only name it.
local REVEAL_TEXT = "{p:player} reveals {e:active}'s {e:card}: {text}"
local REVEAL_AGAIN = "{p:player} reveals {e:active}'s {e:card}"

-- The events a turn appends most, declared once per template (log.kind): a call per event, no
-- table. A nil value leaves its field out, as log.event does.
local log_kind = log.kind
local HP_FIELDS = { "fighter", "track", "from", "to", "attack", "direct", "heal" }
local HP_KIND = {}
for set = 1, 7 do
  for symbols = 0, 2 do
    for ending = 0, 2 do
      local i = set + 8 * symbols + 32 * ending
      HP_KIND[i] = log_kind("tagteam.track", HP_TEXT[i], HP_FIELDS)
    end
  end
end
local HP_MOVES_KIND = log_kind("tagteam.track", HP_MOVES, HP_FIELDS)
local SPECIAL_KIND, POWER_KIND = {}, {}
for i = 0, 5 do
  SPECIAL_KIND[i] = log_kind("tagteam.track", SPECIAL_TEXT[i], { "fighter", "track", "from", "to", "name" })
  POWER_KIND[i] = log_kind("tagteam.power", POWER_TEXT[i], { "fighter", "n", "power" })
end
local EV_ATTACKED = log_kind("tagteam.attacked", "{e:fighter} is attacked with strength {strength}",
  { "fighter", "strength" }, R_ATTACKED)
-- Details of a movement that adds up several THEN steps (option then_health "net"): each step's
-- heal and direct damage as it happens, as tagteam.attacked tells each step's attack.
local EV_HEALED = log_kind("tagteam.healed", "{e:fighter} is healed by {heal}", { "fighter", "heal" }, R_HEALED)
local EV_DIRECT = log_kind("tagteam.direct", "{e:fighter} takes {direct} direct damage", { "fighter", "direct" },
  R_DIRECT)
local EV_SYMBOL = log_kind("tagteam.symbol", "{e:fighter}'s symbol on cell {cell} fires", { "fighter", "cell", "track" },
  R_SYMBOL)
local EV_REVEAL = log_kind("tagteam.reveal", REVEAL_TEXT, { "player", "card", "active", "partner", "text" }, R_REVEAL)
local EV_REVEAL_AGAIN = log_kind("tagteam.reveal", REVEAL_AGAIN, { "player", "card", "active", "partner", "text" },
  R_REVEAL)

-- 0 outside a trigger wave, else 1 or 2: one or several symbols acted on fighter f.
local function by_symbols(T, f)
  local count = T.by_symbols
  if not count then return 0 end
  return (count[f] or 0) > 1 and 2 or 1
end

-- Fighter f's health marker moves by n, the net of attack a, direct damage d and heal h.
local function move_hp(T, f, n, a, d, h)
  local _, from, to = track_move(T, f, "hp", n, T.entered)
  if from == to then return end
  local set = (a > 0 and 1 or 0) + (d > 0 and 2 or 0) + (h > 0 and 4 or 0)
  local ending = to < from and 0 or 1
  if to - from ~= n then
    local c = track_cell(T, f, "hp", to)
    if c and c.stop then ending = 2 end
  end
  local report = HP_KIND[set + 8 * by_symbols(T, f) + 32 * ending] or HP_MOVES_KIND
  report(f, "hp", from, to, a ~= 0 and a or nil, d ~= 0 and d or nil, h ~= 0 and h or nil)
end

-- Fighter f's special-track marker moves by n.
local function move_special(T, f, n)
  local _, from, to = track_move(T, f, "special", n, T.entered)
  if from == to then return end
  local t = track_of(T, f, "special")
  local report = SPECIAL_KIND[(to < from and 1 or 0) + 2 * by_symbols(T, f)]
  report(f, "special", from, to, t and t.name or "special track")
end

-- The name a token reads as (the fighter's `label` for it, else its counter name).
-- Q-05, seat-independent: sets t.granted, what each transfer of one step moves. A giver gives
-- out of its pool as it stood when the step's transfers began (what it receives in the same step
-- is not passed on: the actions are simultaneous, seed L253, and "you cannot pass what you do not
-- have", L562). When the transfers out of one pool ask for more than it holds, the cards of the
-- giver's own team are served first (option transfer_conflict "own_first"; "opponent_first" the
-- other way), each card's in its order; never the seats' order.
-- Power is given out of the giver's power at the start of the turn, less what it passed earlier
-- in the turn (seed L554, L625: power gained or lost during the turn does not affect the turn's
-- actions; option transfer_pool "live": the pool as this step's gains and losses left it). A
-- token is given out of what the giver holds now.
local function pool(T, giver, item)
  if item == "power" and T.options.transfer_pool ~= "live" then
    return max(0, T.P0[giver] - (T.passed[giver] or 0))
  end
  return counter_get(giver, item)
end

local function grant_transfers(T, transfers)
  local left = {}                     -- item -> giver -> what the step has left to give
  local own_first = T.options.transfer_conflict ~= "opponent_first"
  for pass = 1, 2 do
    for i = 1, #transfers do
      local t = transfers[i]
      local own = t.p == nil or t.p == T.team[t.from]
      if own == (own_first == (pass == 1)) then
        local by_giver = left[t.item]
        if not by_giver then by_giver = {}; left[t.item] = by_giver end
        local have = by_giver[t.from]
        if not have then have = pool(T, t.from, t.item) end
        local n = max(0, min(t.n, have))
        by_giver[t.from] = have - n
        t.granted = n
      end
    end
  end
  local passed = T.passed
  for i = 1, #transfers do
    local t = transfers[i]
    if t.item == "power" then passed[t.from] = (passed[t.from] or 0) + t.granted end
  end
end

local function token_label(T, f, name)
  local tokens = T.fdef[f].tokens
  for i = 1, #tokens do
    local t = tokens[i]
    if t[1] == name then return t.label or name end
  end
  return name
end

-- Health of a step that is one part of a movement adding up several steps (option then_health
-- "net", seed L536, L582, L626): each attack, heal and direct damage is told as it happens, then
-- the step's amounts join T.held (hold true: settle then finds none to move) or, the movement's
-- last step, T.held's join the step's, which settle moves. T.held is an accumulator made once
-- per match; each table is read once per fighter (a turn with THEN does this twice).
local function held_health(T, acc, hold)
  local all, held = T.all, T.held
  if not held then held = new_acc(); T.held = held end
  local atk, hit, heal, dd = acc.atk, acc.hit, acc.heal, acc.dd
  local hatk, hdd, hheal = held.atk, held.dd, held.heal
  for i = 1, #all do
    local f = all[i]
    local a, d, h = atk[f], dd[f], heal[f]
    if hit[f] then
      EV_ATTACKED(f, a or 0)
      hit[f] = nil
    end
    if h and h ~= 0 and counter_get(f, "hp") ~= 0 then EV_HEALED(f, h) end   -- (none on the KO cell)
    if d and d ~= 0 then EV_DIRECT(f, d) end
    if hold then
      if a then atk[f] = nil; hatk[f] = (hatk[f] or 0) + a end
      if d then dd[f] = nil; hdd[f] = (hdd[f] or 0) + d end
      if h then heal[f] = nil; hheal[f] = (hheal[f] or 0) + h end
    else
      local v = hatk[f]
      if v then hatk[f] = nil; atk[f] = (a or 0) + v end
      v = hdd[f]
      if v then hdd[f] = nil; dd[f] = (d or 0) + v end
      v = hheal[f]
      if v then hheal[f] = nil; heal[f] = (h or 0) + v end
    end
  end
  T.holding = hold
end

---Applies one simultaneous step's accumulator (spec §10 STEP 5-7): netted health movement,
---power gains/losses then transfers (Q-05: grant_transfers), tokens, special tracks. Each by-fighter entry is
---cleared as it is read, and the accumulator is marked `settled` (empty for actions.acc).
function M.settle(T, acc)
  local all = T.all
  local net = T.net                   -- reused: every fighter's entry is written below
  if not net then net = {}; T.net = net end
  local atk, hit, heal, dd = acc.atk, acc.hit, acc.heal, acc.dd
  acc.settled = false                 -- until the last table below is emptied
  for i = 1, #all do
    local f = all[i]
    if hit[f] then
      EV_ATTACKED(f, atk[f] or 0)
      hit[f] = nil
    end
    local h = heal[f]
    if h then heal[f] = nil else h = 0 end   -- (a nil stored under an absent key costs a call)
    if h ~= 0 and counter_get(f, "hp") == 0 then h = 0 end   -- no healing on the KO cell
    net[f] = h - (atk[f] or 0) - (dd[f] or 0)
  end
  local pow = acc.pow
  for i = 1, #all do
    local f = all[i]
    local d = pow[f]
    if d then
      pow[f] = nil
      if d ~= 0 then
        local was = counter_get(f, "power")
        local now = counter_set(f, "power", max(0, was + d))
        if now ~= was then
          local report = POWER_KIND[(now < was and 1 or 0) + 2 * by_symbols(T, f)]
          report(f, now > was and now - was or was - now, now)
        end
      end
    end
  end
  local transfers = acc.transfers
  if #transfers > 0 then grant_transfers(T, transfers) end
  for i = 1, #transfers do
    local t = transfers[i]
    local name = t.item
    local n = t.granted
    if n > 0 then
      counter_add(t.from, name, -n)
      counter_add(t.to, name, n)
      log_event("tagteam.transfer", "{e:from} passes {n} {item} to {e:to}", { from = t.from, to = t.to, n = n, item = name })
    end
  end
  local tokens = acc.tokens
  for i = 1, #tokens do
    local t = tokens[i]
    local was = counter_get(t.f, t.name)
    local now = counter_set(t.f, t.name, max(0, was + t.n))
    if now ~= was then
      local n = now > was and now - was or was - now
      log_event("tagteam.token", TOKEN_TEXT[(now < was and 1 or 0) + (n > 1 and 2 or 0)],
        { fighter = t.f, token = token_label(T, t.f, t.name), n = n, count = now })
    end
  end
  for i = 1, #all do
    local f = all[i]
    local n = net[f]
    local a, d = atk[f], dd[f]
    if a then atk[f] = nil else a = 0 end
    if d then dd[f] = nil else d = 0 end
    if n ~= 0 then move_hp(T, f, n, a, d, n + a + d) end
  end
  local special = acc.special
  for i = 1, #all do
    local f = all[i]
    local d = special[f]
    if d then
      special[f] = nil
      if d ~= 0 then move_special(T, f, d) end
    end
  end
  for i = #transfers, 1, -1 do transfers[i] = nil end
  for i = #tokens, 1, -1 do tokens[i] = nil end
  acc.settled = true
end

-- Whether each player in `firing` takes its card's Success bonus: always, or (option success_bonus
-- "optional", seed L574 "you may") as that player answers. Players whose Success fires together
-- are asked together, secretly (decide_all): every choice of the game is simultaneous and hidden
-- (seed L253, L624), so the second seat must not decide knowing the first one's answer.
local BONUS_ASKS = {
  { id = "success_bonus", kind = "yesno", prompt = "your card succeeded: take its bonus action?", secret = true },
  { id = "success_bonus", kind = "yesno", prompt = "your card succeeded: take its bonus action?", secret = true },
}
local TAKE, ASK_BOTH = {}, {}
local function take_bonuses(T, firing)
  local optional = T.options.success_bonus == "optional"
  for i = 1, #firing do TAKE[i] = not optional end
  if not optional or #firing == 0 then return TAKE end
  if #firing == 1 then
    local ask = BONUS_ASKS[1]
    ask.player = firing[1]
    TAKE[1] = decide(ask)
    return TAKE
  end
  for i = 1, #firing do
    BONUS_ASKS[i].player = firing[i]
    ASK_BOTH[i] = BONUS_ASKS[i]
  end
  local answers = decide_all(ASK_BOTH)
  for i = 1, #firing do TAKE[i] = answers[i] end
  return TAKE
end

-- The players (1, 2) whose card's Success fires now: its condition holds and it has not fired
-- this turn. Filled into `out` (emptied first).
local function success_now(T, out)
  for i = #out, 1, -1 do out[i] = nil end
  for p = 1, 2 do
    local cd = T.cd[p]
    local success = cd.success
    if T.live[p] and success and not T.success_fired[p] then
      local ok
      if success.when then ok = success.when(T, p)
      elseif cd.block then ok = T.block_success[p]
      else
        local records = T.records[p]
        if #records > 0 then
          ok = true
          for i = 1, #records do if records[i].blocked then ok = false end end
        end
      end
      if ok then out[#out + 1] = p end
    end
  end
  return out
end

-- Success bonuses, to a fixpoint: the players whose Success holds now fire together (both
-- conditions are read before either bonus applies: the actions are simultaneous), and a bonus
-- may make another Success hold in the next pass.
local FIRING = {}
local function fire_success(T, acc)
  while #success_now(T, FIRING) > 0 do
    for i = 1, #FIRING do T.success_fired[FIRING[i]] = true end
    local take = take_bonuses(T, FIRING)
    for i = 1, #FIRING do
      local p = FIRING[i]
      if take[i] then
        log_event("tagteam.success", "{e:card} succeeds: its bonus action happens", { card = T.card[p] }, R_SUCCESS)
        local success = T.cd[p].success
        for k = 1, #success do apply(T, p, success[k], acc) end
      else
        log_event("tagteam.success", "{e:card} succeeds; {p:player} does not take its bonus action",
          { card = T.card[p], player = p, declined = true }, R_SUCCESS)
      end
    end
  end
end

---One simultaneous step (spec §10 STEP): player 1's action list l1, then player 2's l2
---(either may be nil). With `hold` its attack, direct damage and heals wait for a later step's
---movement (option then_health "net": one movement for all the card steps of a turn); the next
---step without it moves them with its own.
---@param hold boolean?
function M.step(T, l1, l2, hold)
  local acc = reused_acc(T)
  if l1 then for i = 1, #l1 do apply(T, 1, l1[i], acc) end end
  if l2 then for i = 1, #l2 do apply(T, 2, l2[i], acc) end end
  fire_success(T, acc)
  if hold or T.holding then held_health(T, acc, hold) end
  M.settle(T, acc)
end

-- Empties list t in place.
local function clear(t)
  for i = #t, 1, -1 do t[i] = nil end
end

---R7: symbol triggers of every cell entered, after all card actions, in capped waves. T.entered
---is the flat list track.move appends to (fighter, track, cell per cell entered); a wave reads
---it while the cells its symbols enter go to the other of two lists kept for the match.
function M.triggers(T)
  local waves = 0
  while #T.entered > 0 do
    waves = waves + 1
    if waves > T.options.trigger_waves then
      log_event("tagteam.error", "symbol triggers still chaining after {n} waves: stopped", { n = waves - 1 })
      clear(T.entered)
      return
    end
    local wave = T.entered
    local next_wave = T.entered_spare or {}
    T.entered, T.entered_spare = next_wave, nil
    local acc = reused_acc(T)
    local count = T.symbol_count       -- symbols acting on each fighter, for the narration
    if not count then count = {}; T.symbol_count = count end
    for j = 1, #T.all do count[T.all[j]] = nil end
    -- The symbols of a wave fire together (seed L586-588, L627): a symbol's own function (Bodvar's
    -- flip changes his board) runs once every cell of the wave is read, or a cell entered in the
    -- same wave would be read from the new board and its symbol lost.
    local fns = T.wave_fns
    if not fns then fns = {}; T.wave_fns = fns end
    local nfn = 0
    for i = 1, #wave, 3 do
      local f, which, cell = wave[i], wave[i + 1], wave[i + 2]
      local c = track_cell(T, f, which, cell)
      if c and (c.gain or c.heal or c.damage or c.special or c.partner_gain or c.fn) then
        if c.gain or c.heal or c.damage or c.special or c.fn then count[f] = (count[f] or 0) + 1 end
        EV_SYMBOL(f, cell, which)
        if c.gain then acc.pow[f] = (acc.pow[f] or 0) + c.gain end
        if c.heal then acc.heal[f] = (acc.heal[f] or 0) + c.heal end
        if c.damage then acc.dd[f] = (acc.dd[f] or 0) + c.damage end
        if c.special then acc.special[f] = (acc.special[f] or 0) + c.special end
        if c.partner_gain then
          local m = T.mate[f]
          acc.pow[m] = (acc.pow[m] or 0) + c.partner_gain
          count[m] = (count[m] or 0) + 1
        end
        if c.fn then
          fns[nfn + 1], fns[nfn + 2] = c.fn, f
          nfn = nfn + 2
        end
      end
    end
    for i = 1, nfn, 2 do fns[i](T, fns[i + 1], acc, actions) end
    for i = nfn, 1, -1 do fns[i] = nil end
    T.by_symbols = count              -- the lines this wave settles name the symbols as cause
    M.settle(T, acc)
    T.by_symbols = false
    clear(wave)
    T.entered_spare = wave
  end
end

---R8: KO at the end of the turn. Fighter hooks (def.hooks.ko) may veto a KO (golden rule).
---Returns true when the match ended.
function M.ko_check(T)
  local ko1, ko2 = false, false
  local all = T.all
  for i = 1, #all do
    local f = all[i]
    if counter_get(f, "hp") == 0 then
      local hook = T.fdef[f].hooks.ko
      if hook and hook(T, f) then
        log_event("tagteam.ko_vetoed", "{e:fighter} is not knocked out", { fighter = f })
      else
        log_event("tagteam.ko", "{e:fighter} is knocked out", { fighter = f }, R_KO)
        if T.team[f] == 1 then ko1 = true else ko2 = true end
      end
    end
  end
  if ko1 and ko2 then match_finish({}, "double knockout"); return true end
  if ko1 then match_finish({ 2 }, "knockout"); return true end
  if ko2 then match_finish({ 1 }, "knockout"); return true end
  return false
end

---Snapshot of power and health (R1) into T.
---The tables are the match's own, refilled each time (every fighter's entry is rewritten):
---read them during the turn, do not keep them.
function M.snapshot(T)
  local P0, H0, S0 = T.P0 or {}, T.H0 or {}, T.S0 or {}
  local passed = T.passed or {}        -- power each fighter passed this turn (grant_transfers)
  T.passed = passed
  local all = T.all
  for i = 1, #all do
    local f = all[i]
    passed[f] = nil
    P0[f] = counter_get(f, "power")
    H0[f] = counter_get(f, "hp")
    S0[f] = counter_get(f, "special")
  end
  T.P0, T.H0, T.S0 = P0, H0, S0
  if T.holding then                    -- (a step that failed while holding health)
    local held = T.held
    for i = 1, #all do
      local f = all[i]
      held.atk[f], held.dd[f], held.heal[f] = nil, nil, nil
    end
    T.holding = false
  end
  if T.entered then clear(T.entered) else T.entered = {} end
  local records = T.records
  if records then
    for p = 1, 2 do
      local r = records[p]
      for i = #r, 1, -1 do r[i] = nil end
    end
  else
    T.records = { {}, {} }
  end
  local bs, sf, bt = T.block_success, T.success_fired, T.blocked_team
  if bs then
    bs[1], bs[2], sf[1], sf[2], bt[1], bt[2] = false, false, false, false, false, false
  else
    T.block_success, T.success_fired, T.blocked_team = { false, false }, { false, false }, { false, false }
  end
end

-- Whether the card of compiled definition cd cancels for player p (R3).
local function cancels(T, p, cd)
  local list = cd.cancels
  local yes = false
  for i = 1, #list do
    if holds(T, p, list[i]) then yes = true end   -- every condition is read (a condition may count)
  end
  return yes
end

---Plays one turn; returns true when the match ended. G is the game state (setup.lua).
function M.resolve(G)
  local T = G
  G.turn = (G.turn or 0) + 1
  M.snapshot(T)
  -- R2 reveal and roles
  -- The role tables are reused from turn to turn (both players' entries are written).
  local card, cd, A, B, live, def = T.card, T.cd, T.A, T.B, T.live, T.def
  if not cd then
    card, cd, A, B, live, def = {}, {}, {}, {}, {}, {}
    T.card, T.cd, T.A, T.B, T.live, T.def = card, cd, A, B, live, def
  end
  local told = G.told                 -- the cards whose text was read out at a reveal
  if not told then told = {}; G.told = told end
  for p = 1, 2 do
    local c = zone_top(G.battle[p])
    zone_move(c, G.played[p], "top")
    local d = card_def(c)
    card[p], cd[p], def[p] = c, d, d.def
    local a = fighter_of(G, c)
    A[p] = a
    B[p] = G.mate[a]
    local text = d.text
    local report = EV_REVEAL_AGAIN
    if text ~= "" and not told[c] then
      told[c] = true
      report = EV_REVEAL
    end
    report(p, c, a, B[p], text)
  end
  -- R3 cancel (mutual cancel: both ignored, Q-08); a cancelled card still set its roles
  local cancel1, cancel2 = cancels(T, 1, cd[1]), cancels(T, 2, cd[2])
  live[1], live[2] = not cancel2, not cancel1
  for p = 1, 2 do
    if not live[p] then
      log_event("tagteam.cancelled", "{e:card} is cancelled and has no effect", { card = card[p] }, R_CANCELLED)
    end
  end
  -- R4 compile: segments, deferred cards, turn-scoped blocks
  local steps, dsteps = 0, 0
  for p = 1, 2 do
    if live[p] then
      local d = cd[p]
      local blocks = d.blocks
      for i = 1, #blocks do
        if holds(T, p, blocks[i]) then T.blocked_team[3 - p] = true end
      end
      if d.deferred then dsteps = max(dsteps, #d.segs) else steps = max(steps, #d.segs) end
    end
  end
  -- R5 THEN segments as global steps; R6 the deferred card(s) after. THEN orders the actions of
  -- the steps, but health moves once for all of them (seed L536, L582, L626: attack and direct
  -- damage of the same turn add up, heals are taken off, and the result goes to the track): every
  -- step but the last holds its health. A deferred card acts when the other card's actions are
  -- done (L629), health included, so its steps are a movement of their own. Option then_health
  -- "steps" (spec Q-10) moves the marker at every step.
  local net = T.options.then_health ~= "steps"
  local s1 = live[1] and cd[1].segs
  local s2 = live[2] and cd[2].segs
  local now1 = s1 and not cd[1].deferred and s1
  local now2 = s2 and not cd[2].deferred and s2
  for k = 1, steps do M.step(T, now1 and now1[k], now2 and now2[k], net and k < steps) end
  local later1 = s1 and cd[1].deferred and s1
  local later2 = s2 and cd[2].deferred and s2
  for k = 1, dsteps do M.step(T, later1 and later1[k], later2 and later2[k], net and k < dsteps) end
  M.triggers(T)
  end_period("turn")
  return M.ko_check(T)
end

return M
