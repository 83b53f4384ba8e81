-- battlecon.fire: card effects in timing windows (spec §3.1 E7-E11, §5).
--
-- A card's handler for a window returns false when its condition is not met (it is then
-- "skipped"); anything else means it applied. fire() runs a phase window to a fixpoint (E7):
-- skipped handlers are tried again after a pass in which something applied, until a pass
-- applies nothing new. Order: core.windows.dispatch does it (priority, then seats from the
-- first player, i.e. active first, E8; owner_orders lets a player order their own
-- simultaneous effects). "When" effects carry timing = {window = {limit = 1, period = "beat"}}
-- on the card; "each time" effects have no limit (E11).

local windows = require("core.windows")
local S = require("battlecon.state")

local M = {}

-- The game's windows (game.lua lists these): W1-W14 of spec §5. "when_hit" and
-- "when_damaged" are the E10 exceptions, fired after every Hit / Damage effect; "moving" is
-- W14 for movement ("when/each time X advances", before the move); "range_check" is where
-- the defender's avoid effects apply; "advantage" runs a chosen advantage; "stunned" is W14
-- for a stun about to land (ctx.stun = {target =, cancel =}).
M.WINDOWS = { "fighter_setup", "advantage", "reveal", "start", "before", "range_check", "hit", "when_hit",
  "damage", "when_damaged", "after", "end_beat", "recycle", "moving", "stunned" }

-- The section of the spec each window implements: fire() runs the window inside it
-- (log.within_rule), so every event an effect makes there names its rule (teaching).
M.RULES = {
  fighter_setup = "§2 S8 Fighter preparation (W1)",
  advantage = "§3.3 ADV3 An advantage is used",
  reveal = "§3.4 REV2 Reveal effects",
  start = "§3.8 ST1 Start effects",
  before = "§3.9 AT4 step 1: Before",
  range_check = "§3.9 AT4 step 2: Range check (avoid, W7)",
  hit = "§3.9 AT4 step 3: Hit",
  when_hit = "§3.1 E10 When you are hit",
  damage = "§3.9 AT4 step 5: Damage",
  when_damaged = "§3.1 E10 When you take damage",
  after = "§3.9 AT4 step 6: After",
  end_beat = "§3.10 END1 End effects",
  recycle = "§3.11 RC0 Recycle effects",
  moving = "§3.1 E9 When / Each time: before a move (W14)",
  stunned = "§3.1 E9 When / Each time: before a stun (W14)",
}

-- Registers fn as entity e's handler for window w; it records its result for the fixpoint
-- loop (false = "condition not met, skipped").
function M.handler(e, w, fn, t)
  t = t or {}
  return window.on(w, function(ctx)
    if match.finished() then return end                           -- EL2: nothing else resolves
    local r = fn(ctx)
    if ctx.phase then ctx.phase[ctx.self] = (r ~= false) end
  end, { source = e, player = entity.owner(e), priority = t.priority, limit = t.limit, period = t.period })
end

-- Registers the handlers of entity e (its definition's window functions) and marks it live:
-- like cards.activate, but through M.handler.
function M.activate(e, names)
  names = names or M.WINDOWS
  if entity.get(e, "live") then return end
  local def = cards.of(e)
  if def then
    for _, w in ipairs(names) do
      if type(def[w]) == "function" then M.handler(e, w, def[w], def.timing and def.timing[w]) end
    end
  end
  entity.set(e, "live", true)
end

-- Runs entity e's own handler for window w once, whether or not e is live (an advantage
-- offered by an inactive special card, a token being used).
function M.run_one(e, w, ctx)
  local def = cards.of(e)
  if not (def and type(def[w]) == "function") then return false end
  local temp
  if not entity.get(e, "live") then temp = M.handler(e, w, def[w]) end
  windows.dispatch(w, ctx, entity.owner(e), { only = e })
  if temp then window.off(temp) end
  return true
end

function M.deactivate(e)
  if not entity.get(e, "live") then return end
  window.off_source(e)
  entity.set(e, "live", nil)
end

-- Fires window `name` for the live sources of `players` (a list; default: both, active
-- first), to a fixpoint, inside its rule (M.RULES, or opts.rule). ctx is copied for each
-- handler (core.windows).
function M.fire(name, ctx, players, opts)
  local rule = opts and opts.rule or M.RULES[name]
  if not rule then return M.fire_now(name, ctx, players, opts) end
  return log.within_rule(rule, M.fire_now, name, ctx, players, opts)
end

function M.fire_now(name, ctx, players, opts)
  ctx = ctx or {}
  players = players or S.order()
  local pending = {}
  if opts and opts.only then
    for _, e in ipairs(opts.only) do
      if entity.get(e, "live") then pending[#pending + 1] = e end
    end
  else
    for _, p in ipairs(players) do
      for _, e in ipairs(S.sources(p)) do pending[#pending + 1] = e end
    end
  end
  local first = players[1]
  local seen = {}
  for _, e in ipairs(pending) do seen[e] = true end
  local applied_any = false
  while #pending > 0 do
    local phase = {}
    ctx.phase = phase
    windows.dispatch(name, ctx, first, { only = pending, owner_orders = not (opts and opts.no_order) })
    local again, progress = {}, false
    for _, e in ipairs(pending) do
      if phase[e] == true then progress = true
      elseif phase[e] == false then again[#again + 1] = e end
    end
    if not progress then break end
    applied_any = true
    if match.finished() then break end
    -- Sources that came into force during the pass (a special attack swapped in, a form
    -- activated) apply their effects of this phase too.
    if not (opts and opts.only) then
      for _, p in ipairs(players) do
        for _, e in ipairs(S.sources(p)) do
          if not seen[e] then seen[e] = true; again[#again + 1] = e end
        end
      end
    end
    pending = again
  end
  ctx.phase = nil
  return applied_any
end

return M
