-- tagteam.turn: one turn of the Battle phase, exactly as spec §10 gives it:
-- R1 snapshot, R2 reveal and roles, R3 cancel, R4 compile (THEN segments, deferred cards,
-- turn-scoped blocks), R5 steps, R6 deferred step, R7 symbol trigger waves, R8 KO check.

local actions = require("tagteam.actions")
local track = require("tagteam.track")

local M = {}

local function log_move(f, which, from, to, why)
  if from == to then return end
  log.event("tagteam.track", "{e:fighter} " .. (which == "hp" and "health" or "special track") ..
    " {from} -> {to} ({why})", { fighter = f, track = which, from = from, to = to, why = why })
end

local function move(T, f, which, n, why)
  local name = track.COUNTER[which]
  local from = counter.get(f, name)
  track.move(f, which, n, T.entered)
  log_move(f, which, from, counter.get(f, name), why)
end

---Applies one simultaneous step's accumulator (spec §10 STEP 5-7): netted health movement,
---power gains/losses then transfers (Q-05), tokens, special tracks.
function M.settle(T, acc)
  local net = {}
  for _, f in ipairs(T.all) do
    local hp = counter.get(f, "hp")
    if acc.hit[f] then
      log.event("tagteam.attacked", "{e:fighter} is attacked with strength {strength}",
        { fighter = f, strength = acc.atk[f] or 0 }, { rule = "§8.9" })
    end
    local heal = hp > 0 and (acc.heal[f] or 0) or 0
    net[f] = heal - (acc.atk[f] or 0) - (acc.dd[f] or 0)
  end
  for _, f in ipairs(T.all) do
    local d = acc.pow[f]
    if d and d ~= 0 then counter.set(f, "power", math.max(0, counter.get(f, "power") + d)) end
  end
  for _, t in ipairs(acc.transfers) do
    local name = t.item
    local n = math.min(t.n, counter.get(t.from, name))
    if n > 0 then
      counter.add(t.from, name, -n)
      counter.add(t.to, name, n)
      log.event("tagteam.transfer", "{e:from} passes {n} {item} to {e:to}", { from = t.from, to = t.to, n = n, item = name })
    end
  end
  for _, t in ipairs(acc.tokens) do
    counter.set(t.f, t.name, math.max(0, counter.get(t.f, t.name) + t.n))
  end
  for _, f in ipairs(T.all) do
    if net[f] ~= 0 then move(T, f, "hp", net[f], "net " .. net[f]) end
  end
  for _, f in ipairs(T.all) do
    local d = acc.special[f]
    if d and d ~= 0 then move(T, f, "special", d, "special " .. d) end
  end
end

local function fire_success(T, acc)
  local changed = true
  while changed do
    changed = false
    for _, p in ipairs({ 1, 2 }) do
      local def = T.def[p]
      if T.live[p] and def.success and not T.success_fired[p] then
        local ok
        if def.success.when then ok = def.success.when(T, p)
        elseif actions.has(def.actions, "block") then ok = T.block_success[p]
        elseif #T.records[p] > 0 then
          ok = true
          for _, r in ipairs(T.records[p]) do if r.blocked then ok = false end end
        end
        if ok then
          T.success_fired[p] = true
          changed = true
          log.event("tagteam.success", "{e:card} succeeds: its bonus action happens", { card = T.card[p] }, { rule = "§8.8" })
          for _, a in ipairs(def.success) do actions.apply(T, p, a, acc) end
        end
      end
    end
  end
end

---One simultaneous step over `items` = {{p=, list=}...} (spec §10 STEP).
function M.step(T, items)
  local acc = actions.new_acc()
  for _, it in ipairs(items) do
    for _, a in ipairs(it.list) do actions.apply(T, it.p, a, acc) end
  end
  fire_success(T, acc)
  M.settle(T, acc)
end

---R7: symbol triggers of every cell entered, after all card actions, in capped waves.
function M.triggers(T)
  local waves = 0
  while #T.entered > 0 do
    waves = waves + 1
    if waves > T.options.trigger_waves then
      log.event("tagteam.error", "symbol triggers still chaining after {n} waves: stopped", { n = waves - 1 })
      T.entered = {}
      return
    end
    local wave = T.entered
    T.entered = {}
    local acc = actions.new_acc()
    for _, e in ipairs(wave) do
      local c = track.cell(e.f, e.which, e.cell)
      if c and (c.gain or c.heal or c.damage or c.special or c.partner_gain or c.fn) then
        log.event("tagteam.symbol", "{e:fighter}'s symbol on cell {cell} fires", { fighter = e.f, cell = e.cell, track = e.which },
          { rule = "§6.5" })
        if c.gain then acc.pow[e.f] = (acc.pow[e.f] or 0) + c.gain end
        if c.heal then acc.heal[e.f] = (acc.heal[e.f] or 0) + c.heal end
        if c.damage then acc.dd[e.f] = (acc.dd[e.f] or 0) + c.damage end
        if c.special then acc.special[e.f] = (acc.special[e.f] or 0) + c.special end
        if c.partner_gain then
          local m = T.mate[e.f]
          acc.pow[m] = (acc.pow[m] or 0) + c.partner_gain
        end
        if c.fn then c.fn(T, e.f, acc, actions) end
      end
    end
    M.settle(T, acc)
  end
end

---R8: KO at the end of the turn. Fighter hooks (def.hooks.ko) may veto a KO (golden rule).
---Returns true when the match ended.
function M.ko_check(T)
  local ko = { false, false }
  for _, f in ipairs(T.all) do
    if counter.get(f, "hp") == 0 then
      local hooks = cards.of(f).hooks
      if hooks and hooks.ko and hooks.ko(T, f) then
        log.event("tagteam.ko_vetoed", "{e:fighter} is not knocked out", { fighter = f })
      else
        log.event("tagteam.ko", "{e:fighter} is knocked out", { fighter = f }, { rule = "§9" })
        ko[T.team[f]] = true
      end
    end
  end
  if ko[1] and ko[2] then match.finish({}, "double knockout"); return true end
  if ko[1] then match.finish({ 2 }, "knockout"); return true end
  if ko[2] then match.finish({ 1 }, "knockout"); return true end
  return false
end

---Snapshot of power and health (R1) into T.
function M.snapshot(T)
  T.P0, T.H0, T.S0 = {}, {}, {}
  for _, f in ipairs(T.all) do
    T.P0[f] = counter.get(f, "power")
    T.H0[f] = counter.get(f, "hp")
    T.S0[f] = counter.get(f, "special")
  end
  T.entered = {}
  T.records = { {}, {} }
  T.block_success = { false, false }
  T.success_fired = { false, false }
  T.blocked_team = { false, false }
end

---Plays one turn; returns true when the match ended. G is the game state (setup.lua).
function M.resolve(G)
  local T = G
  G.turn = (G.turn or 0) + 1
  M.snapshot(T)
  -- R2 reveal and roles
  T.card, T.def, T.A, T.B, T.live = {}, {}, {}, {}, {}
  for _, p in ipairs({ 1, 2 }) do
    local c = zone.top(G.battle[p])
    zone.move(c, G.played[p], "top")
    T.card[p], T.def[p] = c, cards.of(c)
    T.A[p] = G.card_fighter[c]
    T.B[p] = G.mate[T.A[p]]
    log.event("tagteam.reveal", "{p:player} reveals {e:card} ({text}): {e:active} is active, {e:partner} is the partner",
      { player = p, card = c, active = T.A[p], partner = T.B[p], text = T.def[p].text or "" }, { rule = "§4.1" })
  end
  -- R3 cancel (mutual cancel: both ignored, Q-08); a cancelled card still set its roles
  local cancels = {}
  for _, p in ipairs({ 1, 2 }) do
    cancels[p] = false
    for _, a in ipairs(T.def[p].actions or {}) do
      if type(a) == "table" and a[1] == "cancel" and actions.holds(T, p, a) then cancels[p] = true end
    end
  end
  for _, p in ipairs({ 1, 2 }) do
    T.live[p] = not cancels[3 - p]
    if not T.live[p] then
      log.event("tagteam.cancelled", "{e:card} is cancelled and has no effect", { card = T.card[p] }, { rule = "§8.7" })
    end
  end
  -- R4 compile: segments, deferred cards, turn-scoped blocks
  local segs, deferred, steps = {}, {}, 0
  for _, p in ipairs({ 1, 2 }) do
    if T.live[p] then
      segs[p] = actions.segments(T.def[p].actions)
      deferred[p] = T.def[p].after_opponent or false
      for _, a in ipairs(T.def[p].actions or {}) do
        if type(a) == "table" and a[1] == "block" and actions.holds(T, p, a) then T.blocked_team[3 - p] = true end
      end
      if not deferred[p] then steps = math.max(steps, #segs[p]) end
    end
  end
  -- R5 THEN segments as global steps; R6 the deferred card(s) after
  for k = 1, steps do
    local items = {}
    for _, p in ipairs({ 1, 2 }) do
      if T.live[p] and not deferred[p] and segs[p][k] then items[#items + 1] = { p = p, list = segs[p][k] } end
    end
    M.step(T, items)
  end
  local dsteps = 0
  for _, p in ipairs({ 1, 2 }) do if T.live[p] and deferred[p] then dsteps = math.max(dsteps, #segs[p]) end end
  for k = 1, dsteps do
    local items = {}
    for _, p in ipairs({ 1, 2 }) do
      if T.live[p] and deferred[p] and segs[p][k] then items[#items + 1] = { p = p, list = segs[p][k] } end
    end
    M.step(T, items)
  end
  M.triggers(T)
  match.end_period("turn")
  return M.ko_check(T)
end

return M
