-- battlecon.drill: runs a scenario's setup.drill (Lua text) after setup instead of the beat
-- loop, so tests and teaching walkthroughs can stage one rule at a time with test cards
-- (spec §10.0 TS/TB) and call the rule procedures directly. Nothing here is a rule.

local S = require("battlecon.state")
local fire = require("battlecon.fire")

local M = {}

local bc = {
  state = require("battlecon.state"), stats = require("battlecon.stats"), fire = fire,
  verbs = require("battlecon.verbs"), set = require("battlecon.set"), reveal = require("battlecon.reveal"),
  attack = require("battlecon.attack"), recycle = require("battlecon.recycle"), beat = require("battlecon.beat"),
  setup = require("battlecon.setup"), kit = require("battlecon.kit"), status = require("battlecon.status"),
  team = require("battlecon.team"), team_beat = require("battlecon.team_beat"),
}

-- Card props from a test description: range = 3 | {0, 3} | "none" | {x = "2,4"}.
local function props_of(t)
  local p = {}
  for _, k in ipairs({ "power", "speed", "defense", "stability", "tiebreak", "power_fixed", "speed_fixed",
    "defense_fixed" }) do p[k] = t[k] end
  local r = t.range
  if type(r) == "number" then p.range_min, p.range_max = r, r
  elseif r == "none" then p.range_min, p.range_max = "none", "none"
  elseif type(r) == "table" and r.x then p.range_x = r.x
  elseif type(r) == "table" then p.range_min, p.range_max = r[1], r[2] end
  return p
end

-- A test card (TS/TB) for player p in zone `zn` (default: the pair, revealed and live).
function bc.card(p, kind, name, t, zn)
  local e = entity.create { kind = kind, name = name, owner = p, zone = zone.find(zn or "pair", p),
    where = "bottom", props = props_of(t or {}) }
  if not zn or zn == "pair" then
    zone.reveal(e, "all")
    flag.set(e, "live", true)
  end
  return e
end

-- Replaces p's pair with a test style and base (to the box), revealed and live.
function bc.pair(p, style, base)
  for _, e in ipairs(zone.items(zone.find("pair", p))) do fire.deactivate(e); zone.move(e, S.box()) end
  local s = bc.card(p, "style", style and style.name or "TS", style)
  local b = bc.card(p, "base", base and base.name or "TB", base)
  return s, b
end

-- A [sample] effect of player p: fn runs in window w; timing = {limit=, period=}.
function bc.on(p, w, fn, timing, name)
  local e = entity.create { kind = "effect", name = name or ("effect " .. w), owner = p,
    zone = zone.find("status", p) }
  flag.set(e, "live", true)
  fire.handler(e, w, fn, timing)
  return e
end

-- Sets p's real cards (keys or names) from hand into the pair, face down, as Set does.
function bc.set_pair(p, style, base)
  local hand = zone.find("hand", p)
  zone.move(bc.setup.find_in(hand, style), zone.find("pair", p), "bottom")
  zone.move(bc.setup.find_in(hand, base), zone.find("pair", p), "bottom")
end

-- Names of the cards in p's zone `zn`, joined by commas (top first).
function bc.names(p, zn)
  local out = {}
  for i, e in ipairs(zone.items(zone.find(zn, p))) do out[i] = entity.name(e) end
  return table.concat(out, ",")
end

function bc.place(p, space) board.place(S.figure(p), space) end

-- Logs a value for the test to read: event "drill.value" with fields name, value.
function bc.note(name, value)
  log.event("drill.value", "{name} = {value}", { name = name, value = value })
end

---Runs a scenario's setup.drill (Lua source `text`) instead of the beat loop. The chunk sees `bc` (the
---battlecon modules and the helpers card, pair, on, set_pair, names, place, note), `ctx`, `S`, match,
---entity, zone, counter, window, effect, board, log, cards, decide, decide_all and a few Lua basics.
---@param ctx table the game context
---@param text string the drill's Lua source
function M.run(ctx, text)
  local env = {
    bc = bc, ctx = ctx, S = S,
    match = match, entity = entity, zone = zone, counter = counter, window = window, effect = effect,
    board = board, log = log, cards = cards, decide = decide, decide_all = decide_all,
    print = print, ipairs = ipairs, pairs = pairs, math = math, string = string, table = table,
    tostring = tostring, tonumber = tonumber, type = type, error = error, assert = assert, pcall = pcall,
  }
  local chunk, err = load(text, "drill", "t", env)
  if not chunk then error("setup.drill: " .. err, 2) end
  chunk()
end

return M
