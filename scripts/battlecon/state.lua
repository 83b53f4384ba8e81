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
    log.event("bc.active", "{p:player} takes the active player card", { player = p }, { rule = "§3.4" })
  end
end

-- In a duel the opponent is simply the other player (§9.3 covers teams).
function M.opponent(p) return p == 1 and 2 or 1 end
function M.reactive() return M.opponent(M.active()) end

-- Players in phase order: the active player first.
function M.order()
  local a = M.active()
  return { a, M.opponent(a) }
end

function M.health(p) return counter.get(M.pe(p), "health") end
function M.force(p) return counter.get(M.pe(p), "force") end
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
