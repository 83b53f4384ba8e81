-- tagteam.defs: the card definitions the rules read every turn, with what the turn derives
-- from them (THEN segments, cancel and block actions) worked out once.
--
-- Definitions are read through cards.get's read-only views. Those are frozen views (the
-- kernel makes them when the game loads): a field read is a table look-up in the VM, so the
-- rules read them directly; an earlier version copied every definition (cards.copy) because
-- a view then cost a C call per field read.
--
-- The cache is module-level and holds only definition data, keyed by the definition key.
-- M.prepare (game.prepare: once per host, after the cards load) fills it for the whole roster,
-- and the host gives it those contents back before each match (#16.8: tables file-level locals
-- hold start every match as prepared), so no match compiles a roster card again. Handlers and
-- condition functions are shared.

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local pairs, setmetatable, tostring, type = pairs, setmetatable, tostring, type
local cards_keys, table_move = cards.keys, table.move

local cards_get = cards.get

local M = {}

local EMPTY = {}
M.EMPTY = EMPTY

local CARDS = {}      -- definition key -> compiled battle card (M.card)
local FIGHTERS = {}   -- definition key -> compiled fighter (M.fighter)
local DECKS = {}      -- fighter key -> its card keys (M.deck)
local ROSTER          -- the roster's fighter keys (M.roster)

local function definition(key)
  local def = cards_get(key)
  if not def then error("unknown card '" .. tostring(key) .. "'", 3) end
  return def
end

-- Splits an action list at each "then" into segments (spec §8.10).
local segments = require("tagteam.actions").segments

-- The actions of `list` (all segments) whose verb is `verb`.
local function with_verb(list, verb)
  local out = {}
  for i = 1, #list do
    local a = list[i]
    if type(a) == "table" and a[1] == verb then out[#out + 1] = a end
  end
  return out
end

-- What a battle card's actions compile to (segs, cancels, blocks, block) is worked out the first
-- time one of them is read: every card of the drafted decks gets its entry at setup, but a match
-- plays only some of them. The first read of any of the four fills all four in place, so later
-- reads are plain field reads; `setmetatable` costs one table per entry, not per read.
local COMPILED = { segs = true, cancels = true, blocks = true, block = true }
local LAZY = {
  __index = function(c, field)
    if not COMPILED[field] then return nil end
    local list = c.actions
    local blocks = with_verb(list, "block")
    c.segs, c.cancels, c.blocks, c.block = segments(list), with_verb(list, "cancel"), blocks, #blocks > 0
    return c[field]
  end,
}

-- A shallow plain copy of table t (pairs: the order the copy is filled in shows nowhere).
local function shallow(t)
  local out = {}
  for k, v in pairs(t) do out[k] = v end
  return out
end

-- An action list as plain tables (each action a shallow copy; "then" stays a string; the
-- list's other fields, a success list's `when`, as they are): a turn reads an action's verb,
-- conditions and amounts, and every read through a definition's read-only view is a metamethod
-- hop. Fields are copied with pairs: the order a copy is filled in shows nowhere. `none` for
-- no list.
local function plain_actions(list, none)
  if not list then return none end
  if type(list) ~= "table" then return list end
  local out = shallow(list)
  for i = 1, #list do
    local a = list[i]
    if type(a) == "table" then out[i] = shallow(a) end
  end
  return out
end

---The battle card `key`, compiled: def (the definition, read-only), name (its name, else its
---key), actions, segs (THEN segments), cancels and blocks (its cancel / block actions), block
---(has a block action), deferred (after_opponent), success (false for none), text. actions and
---success are plain copies of the definition's lists; segs, cancels, blocks and block are
---worked out on first read (and kept): read them as fields, as of any table.
function M.card(key)
  local c = CARDS[key]
  if c then return c end
  local def = definition(key)
  c = setmetatable({ key = key, def = def, name = def.name or key, actions = plain_actions(def.actions, EMPTY), deferred = def.after_opponent or false,
    success = plain_actions(def.success, false), instant = def.instant, text = def.text or "" }, LAZY)
  CARDS[key] = c
  return c
end

-- A track as plain tables, its cells included: the rules read a cell's fields several times a
-- turn, and every read through a definition's read-only view is a metamethod hop. Every field
-- and every cell is copied as it is (a malformed one too: the rules raise where they meet it,
-- as they did reading the view). nil for no track.
local function plain_track(t)
  if type(t) ~= "table" then return t end
  local out = shallow(t)
  local cells = t.cells
  if type(cells) == "table" then
    local copy = {}
    for pos, c in pairs(cells) do copy[pos] = type(c) == "table" and shallow(c) or c end
    out.cells = copy
  end
  return out
end

-- The tracks of one board (the definition, or a side): {hp =, special =} as plain tables.
local function board_tracks(board)
  if type(board) ~= "table" then return {} end   -- malformed: no track, as reading it found none
  return { hp = plain_track(board.track), special = plain_track(board.special) }
end

---The fighter `key`, compiled: def (the definition, read-only; its board), sides (the other
---boards by side name, or nil), hooks, start_card, tokens; tracks = {hp =, special =} and
---side_tracks[side] = {hp =, special =}: the boards' tracks as plain tables (what track.of
---gives; their contents are the definition's, read the same way).
function M.fighter(key)
  local f = FIGHTERS[key]
  if f then return f end
  local def = definition(key)
  f = { key = key, def = def, sides = def.sides, hooks = def.hooks or EMPTY, start_card = def.start_card,
    tokens = def.tokens or EMPTY, special = def.special, tracks = board_tracks(def) }
  local sides = def.sides
  if type(sides) == "table" then
    local side_tracks = {}
    for name, board in pairs(sides) do side_tracks[name] = board_tracks(board) end
    f.side_tracks = side_tracks
  end
  FIGHTERS[key] = f
  return f
end

---The card keys of fighter `fkey` in definition order (start card first). Shared: do not
---change the list.
function M.deck(fkey)
  local d = DECKS[fkey]
  if d then return d end
  d = {}
  local keys = cards_keys(fkey .. "/")
  for i = 1, #keys do
    local k = keys[i]
    if cards_get(k).kind ~= "fighter" then d[#d + 1] = k end
  end
  DECKS[fkey] = d
  return d
end

local ROSTER_FILTER = { kind = "fighter", prop = "roster" }   -- the kernel filters (cards.keys)

---Every fighter key of the roster (fighters with props.roster), in file order: a new list
---each call (the caller may shuffle it).
function M.roster()
  if not ROSTER then ROSTER = cards_keys("tagteam/", ROSTER_FILTER) end
  return table_move(ROSTER, 1, #ROSTER, 1, {})
end

---Compiles every roster fighter, its deck and each of its cards (segs, cancels, blocks
---included) before any match: game.prepare calls it once per host, after the cards load, so
---these tables are where every match starts and no match compiles them again (cards a scenario
---names outside the roster, test fixtures, still compile on first use).
function M.prepare()
  local roster = M.roster()
  for i = 1, #roster do
    M.fighter(roster[i])
    local deck = M.deck(roster[i])
    for k = 1, #deck do
      local _ = M.card(deck[k]).segs   -- the first read compiles all four (LAZY)
    end
  end
end

---The display name of definition `key` (the fighter's or card's name).
function M.name(key)
  local f = FIGHTERS[key] or M.fighter(key)
  return f.def.name
end

return M
