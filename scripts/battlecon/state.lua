-- battlecon.state: where the match state lives, and the small lookups every rule uses.
--
-- Scripts are stateless: everything that changes lives in the kernel.
--  * the "table" zone holds the tracker entity: props active (the active player card's
--    holder), beat, final (this is the final beat), time_out, clash_stop;
--  * each player entity carries counters health, force and armor, props figure and fighter,
--    and flags (module `flag`, no events) stunned, moved, was_hit, damage_taken (this beat),
--    eliminated, special_used...; cards carry the flags live and adv_used;
--  * the shared "pool" entity carries the common force pool (counter force);
--  * per-player zones: hand (owner), pair (owner until Reveal), aside (owner: discarded with
--    no pile named), discard1, discard2, special (the special attack, face up), ua, cards
--    (special cards and forms), status, pool_area, exhausted; shared: box, table.

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local ipairs, select, tonumber = ipairs, select, tonumber
local board_distance, board_position, counter_get, derived_find = board.distance, board.position, counter.get, derived.find
local derived_sources, entity_get, entity_kind, entity_name = derived.sources, entity.get, entity.kind, entity.name
local entity_set, flag_get, flag_set = entity.set, flag.get, flag.set
local match_name, match_players, match_team, string_gmatch = match.name, match.players, match.team, string.gmatch
local zone_items = zone.items

local M = {}

-- The events this file appends, declared once (log.kind): a call per event, no table.
local log_kind = log.kind
-- No rule of its own: the caller's rule context names why (S5, REV3, TB2, CL4, §3.15).
local EV_ACTIVE = log_kind("bc.active", "{p:player} takes the active player card", { "player" })

local player_entity, flag_is, zone_find, zone_at = match.player_entity, flag.is, zone.find, zone.at

-- What stays the same for a whole match (the tracker entity, whether it is team play), looked
-- up once per match rather than in every window: the host gives a table held by a file-level
-- local its load-time contents back before each match (#16.8), so this starts empty each time.
local FIXED = {}
-- Whether this match is team play: nil until first asked. A file-level local too is given its
-- load-time value (nil) back before each match.
local TEAM
-- Each player's entity, by player: fixed for the match, and asked for about 70 times a beat,
-- so read from the kernel once per match (emptied before each match like FIXED). The hot
-- accessors below read `PE[p] or pe(p)`: a table read instead of a kernel call.
local PE = {}
local function pe(p)
  local e = player_entity(p)
  PE[p] = e
  return e
end

---Player p's entity: it carries the counters health, force and armor, the props figure and
---fighter, and the player's flags (damage_taken this beat among them).
---@param p integer
---@return integer
function M.pe(p) return PE[p] or pe(p) end
---Player p's figure: the entity standing on the line.
---@param p integer
---@return integer
function M.figure(p) return entity_get(PE[p] or pe(p), "figure") end
---Player p's zone called `name` ("hand", "pair", "discard1", "status", ...).
---@param name string
---@param p integer
---@return integer|nil
function M.zone(name, p) return zone_find(name, p) end

---Player p's zone called `name`, also kept in `cache[p]` for the rest of the match. A zone keeps
---its id and its (name, owner) once made, so a rule that asks for the same zone many times a
---beat reads `cache[p] or S.kept_zone(cache, name, p)`: a table read instead of a kernel call.
---`cache` is a file-level table of the caller's, one per zone name (emptied before each match).
---nil, and nothing kept, while there is no such zone.
---@param cache table
---@param name string
---@param p integer
---@return integer|nil
function M.kept_zone(cache, name, p)
  local z = zone_find(name, p)
  cache[p] = z
  return z
end

---The tracker: the active player card in the "table" zone, which holds the match's props (active,
---beat, final, time_out, ...).
---@return integer
function M.tracker()
  local t = FIXED.tracker
  if t then return t end
  t = zone_at(zone_find("table"), 1)
  FIXED.tracker = t                    -- nil (not cached) before setup made it
  return t
end
-- The table zone's second and third entities (setup makes them after the tracker; what comes
-- later goes below them), looked up once per match like the tracker.
local function table_entity(key, i)
  local e = FIXED[key]
  if e then return e end
  e = zone_at(zone_find("table"), i)
  FIXED[key] = e
  return e
end
---The entity carrying the common force pool (counter "force").
---@return integer
function M.pool() return FIXED.pool or table_entity("pool", 2) end
---The entity carrying the force paid to the box (counter "force": support tokens, the caps).
---@return integer
function M.force_box() return FIXED.force_box or table_entity("force_box", 3) end
---The shared "box" zone: where what leaves the game goes.
---@return integer
function M.box() return zone_find("box") end

---The player holding the active player card.
---@return integer
function M.active() return entity_get(FIXED.tracker or M.tracker(), "active") end
---Gives player p the active player card (event bc.active when it changes hands). A card effect
---"become the active player" uses verbs.become_active.
---@param p integer
function M.set_active(p)
  if M.active() ~= p then
    entity_set(M.tracker(), "active", p)
    EV_ACTIVE(p)
  end
end

---True in team play (more than two players).
---@return boolean
function M.team_mode()
  local t = TEAM
  if t == nil then
    t = match_players() > 2
    TEAM = t
  end
  return t
end

---Whether p counts as the active player for card effects ("if you are the active player").
---In a duel: p holds the active player card. In team play (§9.5 TS5): every player on the
---team holding it, even after the holder was eliminated; every other player is reactive.
function M.is_active(p)
  local a = M.active()
  if p == a then return true end
  return M.team_mode() and match_team(p) == match_team(a)
end

---The opponent. In a duel simply the other player. In team play (§9.3) the relation is
---worked out per effect: inside an attack it is the fighter hit / the attacker (O4-O5, set
---by the attack as tracker prop "opp<p>"); otherwise the nearest enemy, and with enemies on
---both sides the player chooses (O1). nil when no enemy is left.
function M.opponent(p)
  local team = TEAM
  if team == nil then team = M.team_mode() end
  if not team then return p == 1 and 2 or 1 end
  local fixed = entity_get(M.tracker(), "opp" .. p)
  if fixed then return fixed end
  local list = require("battlecon.team").opponents(p)
  if #list <= 1 then return list[1] end
  local options = {}
  for i, q in ipairs(list) do options[i] = { label = match_name(q), value = q } end
  return list[decide { player = p, id = "opponent", prompt = "which enemy is your opponent?", options = options,
    single = true }]
end
---The reactive player: the active player's opponent (M.opponent of M.active()).
---@return integer|nil
function M.reactive() return M.opponent(M.active()) end

-- Each value alone as a list, made the first time it is asked for (file-level: the host
-- empties it before each match).
local ONLY = {}
---The list {v}, shared by every call with the same v (a player as fire's `players`, a movement
---word or amount as verbs.outcomes reads them): read it, do not change it.
---@param v any a value other than nil
---@return table
function M.only(v)
  local list = ONLY[v]
  if not list then list = { v }; ONLY[v] = list end
  return list
end

-- A duel's two orders, shared by every call: callers read the list and never change it.
local ORDER_1, ORDER_2 = { 1, 2 }, { 2, 1 }

---Players in phase order: the active player first. In team play: the beat's turn order once
---known (tracker prop "order"), else the card holder's team first (TS7). The list is shared:
---read it, do not change it.
function M.order()
  local a = entity_get(FIXED.tracker or M.tracker(), "active")   -- M.active(), without the call
  local team = TEAM
  if team == nil then team = M.team_mode() end
  if not team then return a == 1 and ORDER_1 or ORDER_2 end
  local known = entity_get(M.tracker(), "order")
  local out = {}
  if known then
    for q in string_gmatch(known, "%d+") do out[#out + 1] = tonumber(q) end
    return out
  end
  for pass = 1, 2 do
    for q = 1, match_players() do
      if (match_team(q) == match_team(a)) == (pass == 1) and not M.flag(q, "eliminated") then out[#out + 1] = q end
    end
  end
  return out
end

---The entity carrying p's force: p's own in a duel, the team pool in team play (§9.7).
function M.force_holder(p)
  local team = TEAM
  if team == nil then team = M.team_mode() end
  if not team then return PE[p] or pe(p) end
  return entity_get(M.tracker(), "pool" .. match_team(p))
end

---Player p's health.
---@param p integer
---@return integer
function M.health(p) return counter_get(PE[p] or pe(p), "health") end
---The force player p may spend: p's own in a duel, the team pool in team play (M.force_holder).
---@param p integer
---@return integer
function M.force(p)
  if TEAM == false then return counter_get(PE[p] or pe(p), "force") end   -- a duel: M.force_holder(p), without the call
  return counter_get(M.force_holder(p), "force")
end
---The distance between the figures of players a and b (board.distance).
---@param a integer
---@param b integer
---@return integer
function M.distance(a, b)
  return board_distance(board_position(M.figure(a)), board_position(M.figure(b)))
end

-- Flags steer the rules but are no news (kernel scratch state, module `flag`: no event).
-- Those in BEAT_FLAGS last until the end of the beat (match.end_period("beat") clears them);
-- the others (eliminated, special_used) until set again.
local BEAT_FLAGS = { stunned = true, moved = true, moved_past = true, passed_enemy = true, advanced = true,
  was_hit = true, damage_taken = true, used_boost = true, used_fortify = true, used_accelerate = true }
M.BEAT_FLAGS = BEAT_FLAGS
---Whether flag `key` is set on player p's entity (stunned, moved, was_hit, eliminated, ...).
---@param p integer
---@param key string
---@return boolean
function M.flag(p, key) return flag_is(PE[p] or pe(p), key) end
---Sets flag `key` on player p's entity to `v` (true or an integer; nil or false clears it). A flag
---named in M.BEAT_FLAGS ends with the beat; the others stay until set again.
---@param p integer
---@param key string
---@param v boolean|integer|nil
function M.set_flag(p, key, v)
  flag_set(PE[p] or pe(p), key, v, BEAT_FLAGS[key] and "beat" or nil)
end
---The enemy p moved past last this beat (team play, O6), or nil.
function M.passed_enemy(p)
  local q = flag_get(PE[p] or pe(p), "passed_enemy")
  return q ~= 0 and q or nil
end

-- Every per-player zone that holds a fighter's components (setup creates them): what leaves
-- the game with an eliminated fighter in team play (§3.12 EL1, §9.9 TE1).
M.KIT_ZONES = { "hand", "pair", "aside", "discard1", "discard2", "special", "special_back", "ua", "cards",
  "status", "pool_area", "exhausted", "markers" }

---Whether entity e's effects are in force (fire.activate / fire.deactivate).
function M.live(e) return flag_is(e, "live") end

-- The zones whose live entities' effects apply (E7): the UA, active special cards and
-- forms, statuses, and the revealed attack cards (style + top base, or the special).
M.SOURCE_ZONES = { "ua", "cards", "status", "pair" }

---The entities whose effects are live for player p this beat, in zone order.
function M.sources(p)
  local out = {}
  for i = 1, #M.SOURCE_ZONES do
    local items = zone_items(zone_find(M.SOURCE_ZONES[i], p))
    for j = 1, #items do
      if flag_is(items[j], "live") then out[#out + 1] = items[j] end
    end
  end
  return out
end

---The attack cards: style and top base of the pair, or the special attack alone (the
---sources of p's derived stats, battlecon.stats). Returns the list and the special, if any.
function M.attack_cards(p)
  local list = { derived_sources(derived_find("power", PE[p] or pe(p))) }
  local first = list[1]
  if first and #list == 1 and entity_kind(first) == "special" then return list, first end
  return list, nil
end

---p's special attack card when p attacks with it (it is then the only attack card), else nil:
---the second result of M.attack_cards, with no list made.
---@param p integer
---@return integer|nil
function M.attack_special(p)
  local first, second = derived_sources(derived_find("power", PE[p] or pe(p)))
  if first and not second and entity_kind(first) == "special" then return first end
  return nil
end

-- The names of the entities given, joined by spaces (no list is made: a pair is one or two).
local function joined_names(...)
  local n = select("#", ...)
  if n == 0 then return "" end
  local text = entity_name((...))
  for i = 2, n do text = text .. " " .. entity_name((select(i, ...))) end
  return text
end

-- The joined names of a pair (style, base) or of one card, by first * 65536 + second: made once
-- a match (an entity's name never changes; the host empties this file-level table before each
-- match).
local PAIR_NAME = {}
local function pair_name(...)
  local n = select("#", ...)
  local a, b = ...
  if n == 0 or n > 2 or a >= 65536 or (b or 0) >= 65536 then return joined_names(...) end
  local key = a * 65536 + (b or 0)
  local text = PAIR_NAME[key]
  if not text then
    text = n == 1 and entity_name(a) or entity_name(a) .. " " .. entity_name(b)
    PAIR_NAME[key] = text
  end
  return text
end

---The names of p's attack cards (M.attack_cards) joined by spaces, as the log shows them.
---@param p integer
---@return string
function M.attack_name(p)
  return pair_name(derived_sources(derived_find("power", PE[p] or pe(p))))
end

return M
