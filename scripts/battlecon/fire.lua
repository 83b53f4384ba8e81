-- battlecon.fire: card effects in timing windows (spec §3.1 E7-E11, §5).
--
-- A card's handler for a window returns false when its condition is not met (it is then
-- "skipped"); anything else means it applied. fire() runs a phase window to a fixpoint (E7):
-- skipped handlers are tried again after a pass in which something applied, until a pass
-- applies nothing new. The kernel decides that walk (core.windows.dispatch with
-- repeat_skipped): which sources are live, the order (priority, then seats from the first
-- player, i.e. active first, E8; owner_orders lets a player order their own simultaneous
-- effects), and which handlers go round again. Nothing fires once the match is over (EL2). "When" effects carry timing = {window = {limit = 1, period = "beat"}}
-- on the card; "each time" effects have no limit (E11).

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local ipairs, type = ipairs, type
local cards_activate, cards_of = cards.activate, cards.of
local entity_owner, log_within_rule, window_off, window_off_source = entity.owner, log.within_rule, window.off, window.off_source
local window_on = window.on

local windows = require("core.windows")
local S = require("battlecon.state")
-- Functions of the modules above, read once (a module is a read-only front).
local S_order = S.order

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

local windows_dispatch, windows_walk = windows.dispatch, windows.walk
local flag_is, flag_set = flag.is, flag.set
local window_listens = window.listens

---Registers fn as entity e's handler for window w. A handler returns false when its
---condition is not met ("skipped"); the walk (core.windows, repeat_skipped) tries it again
---after a pass in which something applied.
function M.handler(e, w, fn, t)
  t = t or {}
  return window_on(w, fn, { source = e, player = entity_owner(e), priority = t.priority, limit = t.limit,
    period = t.period })
end

---Registers the handlers of entity e (its definition's window functions) and marks it live:
---like cards.activate, but through M.handler. Live is a flag: no event (only the effects
---that follow are news).
function M.activate(e, names)
  if flag_is(e, "live") then return end
  if not names then                                    -- every window: the kernel registers them
    cards_activate(e, true)                            -- (nothing for an entity made from no definition)
    flag_set(e, "live", true)
    return
  end
  local def = cards_of(e)
  if def then
    local timing = def.timing
    for i = 1, #names do
      local w = names[i]
      local fn = def[w]
      if type(fn) == "function" then M.handler(e, w, fn, timing and timing[w]) end
    end
  end
  flag_set(e, "live", true)
end

-- run_one's walk options, one table for every call: window.open reads them before the first
-- handler runs, so a nested run_one refilling `only` changes no walk already open.
local RUN_ONE = { until_finished = true }

---Runs entity e's own handler for window w once, whether or not e is live (an advantage
---offered by an inactive special card, a token being used).
function M.run_one(e, w, ctx)
  local def = cards_of(e)
  if not (def and type(def[w]) == "function") then return false end
  local temp
  if not flag_is(e, "live") then temp = M.handler(e, w, def[w]) end
  RUN_ONE.only = e
  windows_dispatch(w, ctx, entity_owner(e), RUN_ONE)
  if temp then window_off(temp) end
  return true
end

---Switches entity e's effects off: removes every handler registered for it and clears its live
---flag. Does nothing when e is not live.
---@param e integer
function M.deactivate(e)
  if not flag_is(e, "live") then return end
  window_off_source(e)
  flag_set(e, "live", nil)
end

---Fires window `name` for the live sources of `players` (a player, or a list; default: both,
---active first), to a fixpoint (E7), inside its rule (M.RULES, or opts.rule). `ctx` nil = a new
---empty one, made only when some handler listens. opts.only = a list
---of entities fires only those; opts.no_order = players do not order their own effects.
function M.fire(name, ctx, players, opts)
  if window_listens(name) == 0 then return false end   -- no handler at all: skip the rule scope and the walk
  local rule = opts and opts.rule or M.RULES[name]
  if not rule then return M.fire_now(name, ctx, players, opts) end
  return log_within_rule(rule, M.fire_now, name, ctx, players, opts)
end

-- The walk's options, one table per shape, built once: the kernel keeps the live handlers
-- of the players' source zones (battlecon.state SOURCE_ZONES), in order, and goes round
-- again while something applies (E7).
-- A plain copy of the zone list: another module's table is a read-only view, which the kernel
-- would read through its __index on every walk.
local SOURCE_ZONES = {}
for i = 1, #S.SOURCE_ZONES do SOURCE_ZONES[i] = S.SOURCE_ZONES[i] end
local WALK = { zones = SOURCE_ZONES, repeat_skipped = true, owner_orders = true, until_finished = true }
local WALK_NO_ORDER = { zones = SOURCE_ZONES, repeat_skipped = true, until_finished = true }

---M.fire without the rule context (same arguments).
---@return boolean applied whether any handler applied
function M.fire_now(name, ctx, players, opts)
  -- (ctx nil: window.run makes one with room for the fields the walk sets)
  players = players or S_order()
  local walk
  if opts and opts.only then
    local live = {}
    for _, e in ipairs(opts.only) do
      if flag_is(e, "live") then live[#live + 1] = e end
    end
    if #live == 0 then return false end
    walk = { only = live, players = players, repeat_skipped = true, owner_orders = not opts.no_order,
      until_finished = true }
  else
    walk = (opts and opts.no_order) and WALK_NO_ORDER or WALK
    walk.players = players
  end
  local _, applied = windows_walk(name, ctx, type(players) == "number" and players or players[1], walk)
  walk.players = nil
  return applied
end

return M
