-- helter.state: the match's zones and lookup tables (G), seats and who stands where.
--
-- One entity per character: its figure and its card at once. It waits in the player's
-- "reserve" until deployed, stands on a board space while alive, and when killed goes to the
-- killer's "trophies" (an enemy's kill, 1 point) or to "removed" (killed by its own side), with
-- prop dead = true (the card's dead side). Counters: "health" on each character, "warp" on
-- Sláine, "points" on each player's entity.

local board_position, entity_get = board.position, entity.get

local M = {}

---A fresh G for the match: options, map relations, and per-player tables filled by setup.
function M.new(ctx, map)
  local G = { options = ctx.options, n = ctx.players, map = map, symbols = {},
    team = {}, team_name = {}, chars = {}, symbol = {}, start_health = {}, owner = {}, under = {},
    set_aside_of = {}, eliminated = {},
    hand = {}, deck = {}, discard = {}, reserve = {}, trophies = {}, collected = {}, map_hand = {}, received = {},
    removed = zone.create("removed", nil, "public"),          -- out of the game, face up
    set_aside = zone.create("set_aside", nil, "public"),      -- Warp-Sláine before the spasm (§3.5)
    unused = zone.create("unused_map_cards", nil, "hidden"),  -- Ukko's card not taken, never shown
  }
  for p = 1, ctx.players do
    counter.define(match.player_entity(p), "points", 0, 0)
  end
  return G
end

---Creates player p's zones.
function M.zones_for(G, p)
  G.chars[p] = {}
  G.hand[p] = zone.create("hand", p, "owner")
  G.deck[p] = zone.create("deck", p, "hidden")
  G.discard[p] = zone.create("discard", p, "public")
  G.reserve[p] = zone.create("reserve", p, "public")        -- character cards not yet deployed
  G.trophies[p] = zone.create("trophies", p, "public")      -- enemy figures this player killed
  G.collected[p] = zone.create("collected", p, "public")    -- own fragments collected
  G.map_hand[p] = zone.create("map_cards", p, "owner")
  G.received[p] = zone.create("received_map_cards", p, "owner")
end

---The seat on p's left (turns pass left: the next seat).
function M.left(G, p) return p % G.n + 1 end
---The seat on p's right (map cards pass right: the previous seat).
function M.right(G, p) return (p - 2) % G.n + 1 end

---Whether character f is on the board (deployed and alive).
function M.in_play(f) return board_position(f) ~= nil end

---Whether character f is dead (its card on the dead side).
function M.dead(f) return entity_get(f, "dead") == true end

---Player p's characters that have not been deployed (in the reserve with a start card).
function M.undeployed(G, p)
  local out, reserve = {}, zone.items(G.reserve[p])
  for i = 1, #reserve do
    local f = reserve[i]
    if zone.count(G.under[f]) > 0 then out[#out + 1] = f end
  end
  return out
end

---Every deployed living character with its space: two lists in seat then team order.
function M.figures(G)
  local figs, at = {}, {}
  for p = 1, G.n do
    local list = G.chars[p]
    for i = 1, #list do
      local s = board_position(list[i])
      if s then
        figs[#figs + 1] = list[i]
        at[#at + 1] = s
      end
    end
  end
  return figs, at
end

---Player p's points.
function M.points(p) return counter.get(match.player_entity(p), "points") end

---The players not eliminated, in seat order.
function M.remaining(G)
  local out = {}
  for p = 1, G.n do
    if not G.eliminated[p] then out[#out + 1] = p end
  end
  return out
end

return M
