-- unmatched.state: who is who. Fighters, characters, cards and the sides they belong to.
--
-- Match state lives in the kernel: each player's entity carries `character` (the id of its
-- character-card entity), `fighters` (how many) and `fighter1`..`fighterN` (hero first, then
-- sidekicks in character-card order); each fighter carries `fid` ("alice", "harpy"), `role`
-- ("hero"/"sidekick"), `ranged` and `defeated`, and a `health` counter bounded by its dial.
-- Flags that only steer the rules are kernel scratch values (module `flag`, no event):
-- `turn_start_space` on each fighter (the space it stood on when the turn began).
--
-- These run on every rule step: module functions are cached in locals, loops are numeric
-- and no helper builds a list it does not return.

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local entity_owner = entity.owner

local entity_get, entity_without, player_entity = entity.get, entity.without, match.player_entity
local match_allies, match_players = match.allies, match.players
local counter_get, zone_find, cards_of = counter.get, zone.find, cards.of

local M = {}

local FIGHTER_KEY = {}
for i = 1, 8 do FIGHTER_KEY[i] = "fighter" .. i end   -- built once: this runs on every rule step

local function fighter_key(i) return FIGHTER_KEY[i] or ("fighter" .. i) end

-- ROSTER[p]: player p's fighters, hero first, read from the kernel once per match: setup sets
-- fighter1..N and then `fighters` = N, and nothing changes them afterwards. A file-level table
-- is given back its load-time contents (empty) before each match and on a checkpoint's resume,
-- so the list is never carried into another match. Shared: read it, do not change it.
local ROSTER = {}

local function roster(p)
  local list = ROSTER[p]
  if list then return list end
  local me = player_entity(p)
  local n = entity_get(me, "fighters") or 0
  list = {}
  for i = 1, n do list[i] = entity_get(me, fighter_key(i)) end
  if n > 0 then ROSTER[p] = list end   -- before setup has made them: asked again next time
  return list
end

---Every fighter of player `p`, defeated ones included, hero first (a new list).
function M.fighters(p)
  local list, out = roster(p), {}
  for i = 1, #list do out[i] = list[i] end
  return out
end

local function defeated(f) return entity_get(f, "defeated") == true end
---Whether fighter `f` has been defeated.
M.defeated = defeated

-- Appends player `p`'s living fighters to `out` (hero first); returns `out`. The kernel reads
-- the prop of each (entity.without): about 25 fighters a turn pass through here.
local function add_alive(p, out)
  return entity_without(ROSTER[p] or roster(p), "defeated", true, out)   -- (roster(): a Lua call, none when kept)
end

---Player `p`'s fighters still in the game (on the board), hero first: a new list, or appended
---to the list `out` when one is given (which is returned).
---@param p integer
---@param out table|nil
---@return table
M.alive = add_alive

---Whether player `p` has a fighter still in the game.
function M.any_alive(p)
  local list = ROSTER[p] or roster(p)
  for i = 1, #list do
    if entity_get(list[i], "defeated") ~= true then return true end   -- (defeated, without the call)
  end
  return false
end

---Player `p`'s hero (its first fighter), defeated or not.
---@param p integer
---@return integer
function M.hero(p) return entity_get(player_entity(p), "fighter1") end
---Whether fighter `f` is a hero (not a sidekick).
---@param f integer
---@return boolean
function M.is_hero(f) return entity_get(f, "role") == "hero" end
---Fighter `f`'s health now.
---@param f integer
---@return integer
function M.health(f) return counter_get(f, "health") end

-- Each player's character card and card-key prefix, set once by setup and read many times a
-- turn: found once per match (file-level tables start every match as loaded).
local CHARACTER, KEY_PREFIX = {}, {}

---The character-card entity of player `p` (its handlers are the hero's ability).
function M.character(p)
  local c = CHARACTER[p]
  if not c then
    c = entity_get(player_entity(p), "character")
    CHARACTER[p] = c   -- nil (not kept) before setup has made it
  end
  return c
end
---The character definition (move value, fighters, deck list) of player `p`.
function M.character_def(p) return cards_of(M.character(p)) end

---Whether player `p` is eliminated (has no fighter left).
---@param p integer
---@return boolean
function M.eliminated(p) return entity_get(player_entity(p), "eliminated") == true end

---True when fighters `a` and `b` are on opposing sides (never for allies or oneself).
function M.opposed(a, b) return not match_allies(entity_owner(a), entity_owner(b)) end

---Every living fighter opposing player `p`, in seat order.
function M.enemies(p)
  local out = {}
  for q = 1, match_players() do
    if not match_allies(p, q) then add_alive(q, out) end
  end
  return out
end

---Every living fighter of every player, in seat order.
function M.all_alive()
  local out = {}
  for q = 1, match_players() do add_alive(q, out) end
  return out
end

---Player `p`'s living fighter with fighter id `fid` (the first one, for Harpies).
function M.find(p, fid)
  local list = roster(p)
  for i = 1, #list do
    local f = list[i]
    if not defeated(f) and entity_get(f, "fid") == fid then return f end
  end
  return nil
end

-- Card types (rulebook "card anatomy" A): versatile counts as attack and defense at once.
local ATTACK_TYPE = { attack = true, versatile = true }
local DEFENSE_TYPE = { defense = true, versatile = true }
---Whether card `c` counts as an attack card: an attack or a versatile card.
---@param c integer
---@return boolean
function M.is_attack_card(c) return ATTACK_TYPE[entity_get(c, "type")] == true end
---Whether card `c` counts as a defense card: a defense or a versatile card.
---@param c integer
---@return boolean
function M.is_defense_card(c) return DEFENSE_TYPE[entity_get(c, "type")] == true end
---Whether card `c` is a scheme card.
---@param c integer
---@return boolean
function M.is_scheme_card(c) return entity_get(c, "type") == "scheme" end

---Whether fighter `f` may use card `c`: the card names it (or ANY) and it is not defeated.
function M.can_use(c, f)
  if defeated(f) then return false end
  local user = entity_get(c, "user")
  return user == "any" or user == entity_get(f, "fid")
end

-- Each player's hand, deck and discard zones, found once per match: setup makes them and
-- they never change (file-level tables start empty in every match, as ROSTER does).
local HAND, DECK, DISCARD = {}, {}, {}

-- Player p's zone `name`, found and kept in `cache` (nil, not kept, before setup made it).
local function find_kept(cache, name, p)
  local z = zone_find(name, p)
  cache[p] = z
  return z
end
---Player p's zone called `name`, also kept in `cache[p]` for the rest of the match (a zone
---keeps its id once made). A rule that asks for it several times a turn reads `cache[p] or
---state.kept_zone(cache, name, p)`: a table read, where M.hand(p) is a Lua call (about 300
---instructions). `cache` is a file-level table of the caller's, one per zone name (emptied
---before each match). nil, and nothing kept, while there is no such zone.
---@param cache table
---@param name string
---@param p integer
---@return integer|nil
M.kept_zone = find_kept

---Player `p`'s hand zone.
---@param p integer
---@return integer
function M.hand(p) return HAND[p] or find_kept(HAND, "hand", p) end
---Player `p`'s deck zone.
---@param p integer
---@return integer
function M.deck(p) return DECK[p] or find_kept(DECK, "deck", p) end
---Player `p`'s discard pile zone.
---@param p integer
---@return integer
function M.discard_pile(p) return DISCARD[p] or find_kept(DISCARD, "discard", p) end

---Expands a short card name ("skirmish") to its key for player `p`'s hero deck.
function M.card_key(p, name)
  if name:find("/", 1, true) then return name end
  local prefix = KEY_PREFIX[p]
  if not prefix then
    local hero = entity_get(player_entity(p), "hero")
    if not hero then error("player " .. tostring(p) .. " has no hero yet", 2) end
    prefix = "unmatched/" .. hero .. "/"
    KEY_PREFIX[p] = prefix
  end
  return prefix .. name
end

return M
