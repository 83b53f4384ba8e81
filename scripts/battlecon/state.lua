-- battlecon.state: where the match state lives, and the small lookups every rule uses.
--
-- Scripts are stateless: everything that changes lives in the kernel.
--  * the "table" zone holds the tracker entity: props active (the active player card's
--    holder), beat, final (this is the final beat), time_out, clash_stop;
--  * each player entity carries counters health, force, armor, damage (taken this beat) and
--    props figure, stunned, moved, was_hit, attacked, special_used, fighter;
--  * the shared "pool" entity carries the common force pool (counter force);
--  * per-player zones: hand (owner), pair (owner until Reveal), aside (owner: discarded with
--    no pile named), discard1, discard2, special (the special attack, face up), ua, cards
--    (special cards and forms), status, pool_area, exhausted; shared: box, table.

local M = {}

function M.pe(p) return match.player_entity(p) end
function M.figure(p) return entity.get(match.player_entity(p), "figure") end
function M.zone(name, p) return zone.find(name, p) end

function M.tracker() return zone.items(zone.find("table"))[1] end
function M.pool() return zone.items(zone.find("table"))[2] end
function M.box() return zone.find("box") end

function M.active() return entity.get(M.tracker(), "active") end
function M.set_active(p)
  if M.active() ~= p then
    entity.set(M.tracker(), "active", p)
    -- No rule of its own: the caller's rule context names why (S5, REV3, TB2, CL4, §3.15).
    log.event("bc.active", "{p:player} takes the active player card", { player = p })
  end
end

function M.team_mode() return match.players() > 2 end

-- The opponent. In a duel simply the other player. In team play (§9.3) the relation is
-- worked out per effect: inside an attack it is the fighter hit / the attacker (O4-O5, set
-- by the attack as tracker prop "opp<p>"); otherwise the nearest enemy, and with enemies on
-- both sides the player chooses (O1). nil when no enemy is left.
function M.opponent(p)
  if not M.team_mode() then return p == 1 and 2 or 1 end
  local fixed = entity.get(M.tracker(), "opp" .. p)
  if fixed then return fixed end
  local list = require("battlecon.team").opponents(p)
  if #list <= 1 then return list[1] end
  local options = {}
  for i, q in ipairs(list) do options[i] = { label = match.name(q), value = q } end
  return list[decide { player = p, id = "opponent", prompt = "which enemy is your opponent?", options = options }[1]]
end
function M.reactive() return M.opponent(M.active()) end

-- Players in phase order: the active player first. In team play: the beat's turn order once
-- known (tracker prop "order"), else the card holder's team first (TS7).
function M.order()
  local a = M.active()
  if not M.team_mode() then return { a, a == 1 and 2 or 1 } end
  local known = entity.get(M.tracker(), "order")
  local out = {}
  if known then
    for q in string.gmatch(known, "%d+") do out[#out + 1] = tonumber(q) end
    return out
  end
  for pass = 1, 2 do
    for q = 1, match.players() do
      if (match.team(q) == match.team(a)) == (pass == 1) and not M.flag(q, "eliminated") then out[#out + 1] = q end
    end
  end
  return out
end

-- The entity carrying p's force: p's own in a duel, the team pool in team play (§9.7).
function M.force_holder(p)
  if not M.team_mode() then return M.pe(p) end
  return entity.get(M.tracker(), "pool" .. match.team(p))
end

function M.health(p) return counter.get(M.pe(p), "health") end
function M.force(p) return counter.get(M.force_holder(p), "force") end
function M.distance(a, b)
  return board.distance(board.position(M.figure(a)), board.position(M.figure(b)))
end

function M.flag(p, key) return entity.get(M.pe(p), key) == true end
function M.set_flag(p, key, v) entity.set(M.pe(p), key, v or nil) end

-- The entities whose effects are live for player p this beat: the UA, active special cards
-- and forms, statuses, and the revealed attack cards (style + top base, or the special).
function M.sources(p)
  local out = {}
  for _, zn in ipairs({ "ua", "cards", "status", "pair" }) do
    for _, e in ipairs(zone.items(zone.find(zn, p))) do
      if entity.get(e, "live") then out[#out + 1] = e end
    end
  end
  return out
end

-- The attack cards: style and top base of the pair, or the special attack alone.
function M.attack_cards(p)
  local items = zone.items(zone.find("pair", p))
  local style, base, special
  for _, e in ipairs(items) do
    local k = entity.kind(e)
    if k == "style" and not style then style = e
    elseif k == "base" and not base then base = e   -- top first: the last clash base
    elseif k == "special" then special = e end
  end
  if special then return { special }, special end
  local out = {}
  if style then out[#out + 1] = style end
  if base then out[#out + 1] = base end
  return out, nil
end

function M.attack_name(p)
  local list = M.attack_cards(p)
  local names = {}
  for i, e in ipairs(list) do names[i] = entity.name(e) end
  return table.concat(names, " ")
end

return M
