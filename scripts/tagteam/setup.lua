-- tagteam.setup: fighters, power, tracks, tokens, the battle deck and the reserve (spec §3).
--
-- Seat setup keys (scenario "players[i].setup"), all optional:
--   fighters = {key, key}     the team (else team forming, teams.lua)
--   power = {n, n}, hp = {n, n}, special = {n, n}   override the start values per fighter
--   battle = {card...}        the battle deck, top first (skips the start-card order question)
--   reserve = {card...}       the reserve, top first (skips the shuffle)
-- A card is "key" or "key@slot": @1/@2 makes it a card of the team's first/second fighter
-- (test fixtures belong to whichever fighter a test says); otherwise its props.fighter decides.

-- Every fighter entity gets its compiled definition (tagteam.defs) at creation: G.fdef[fighter];
-- the rules read those, never the read-only views. A card's compiled definition and fighter are
-- read from the card entity each time (M.card_def, M.fighter_of), never kept by its id: a
-- search's copy of the match re-deals the cards a player cannot see (Match::resample_hidden
-- trades identities between entities), and what the rules read must follow the identity.

local track = require("tagteam.track")
local defs = require("tagteam.defs")

local cards_create, entity_def, entity_owner = cards.create, entity.def, entity.owner
local defs_card = defs.card

local M = {}

---Card entity c's compiled definition (tagteam.defs.card of its definition key).
---@param c integer
---@return table
function M.card_def(c) return defs_card(entity_def(c)) end

---The fighter card entity c belongs to: the one of its owner's team its definition names
---(props.fighter), a test fixture's "@slot" fighter, else the team's first.
---@param c integer
---@return integer
function M.fighter_of(G, c)
  local f = G.slot_of[c]   -- test fixtures only ("key@slot"): no search plays them
  if f then return f end
  local p = entity_owner(c)
  return G.fighter_by_key[p][defs_card(entity_def(c)).def.props.fighter] or G.fighters_of[p][1]
end

local function fighter_for(G, p, key)
  local at = key:find("@", 1, true)
  if at then return G.fighters_of[p][tonumber(key:sub(at + 1))], key:sub(1, at - 1) end
  if not cards.get(key) then error("unknown card '" .. key .. "'", 2) end
  local owner = defs.card(key).def.props.fighter
  for _, f in ipairs(G.fighters_of[p]) do
    if G.fdef[f].key == owner then return f, key end
  end
  return G.fighters_of[p][1], key
end

-- Creates card `key` of fighter f for player p in zone z (bottom). Only a card whose definition
-- does not name f (a fixture given to a slot) is remembered by its id (M.fighter_of).
local function create_card(G, p, key, z, f)
  local c = cards_create(key, p, z, "bottom")
  if G.fighter_by_key[p][defs_card(key).def.props.fighter] ~= f then G.slot_of[c] = f end
  return c
end

---Creates card `spec` for player p in zone z (bottom); remembers whose card it is.
function M.card(G, p, spec, z)
  local f, key = fighter_for(G, p, spec)
  return create_card(G, p, key, z, f)
end

-- A scenario's start cell `values[i]` for fighter f's track `which` ("hp" or "special"), or nil:
-- it must lie on the track (a value past one failed in the kernel with a stack trace), and a
-- special track the fighter lacks is not silently ignored.
local function start_cell(G, p, i, f, which, values)
  local v = values and values[i]
  if v == nil then return nil end
  local t = track.of(G, f, which)
  local what = which == "hp" and "health" or "special"
  if not t then error(("players[%d].setup.%s[%d]: %s has no %s track"):format(p - 1, which, i, entity.name(f), what), 0) end
  local lo, hi = t.min or 0, t.max
  if math.type(v) ~= "integer" or v < lo or v > hi then
    error(("players[%d].setup.%s[%d]: %s is not a cell of %s's %s track (%d to %d)"):format(p - 1, which, i, tostring(v),
      entity.name(f), what, lo, hi), 0)
  end
  return v
end

local function make_fighter(G, p, i, key, seat)
  local view = cards.get(key)
  if not view or view.kind ~= "fighter" then error("'" .. tostring(key) .. "' is not a fighter", 2) end
  local fd = defs.fighter(key)
  local def = fd.def
  local f = cards_create(key, p, G.fighters_zone[p])
  G.fdef[f] = fd
  counter.define(f, "power", (seat.power and seat.power[i]) or def.props.base_power or 0, 0, nil)
  track.place(G, f, "hp", start_cell(G, p, i, f, "hp", seat.hp))
  local special = start_cell(G, p, i, f, "special", seat.special)   -- (refuses one for a fighter without the track)
  if def.special then track.place(G, f, "special", special) end
  local tokens = fd.tokens
  for j = 1, #tokens do
    local t = tokens[j]
    counter.define(f, t[1], t[2], 0, t[3])   -- {name, start, max}
  end
  return f
end

---The cards of fighter key `fkey` in definition order, start card first.
function M.deck_of(fkey) return defs.deck(fkey) end

---Builds the game state G for teams = {{key, key}, {key, key}}.
function M.run(ctx, teams)
  local G = { options = ctx.options, slot_of = {}, mate = {}, team = {}, all = {}, fighters_of = {},
    fighter_by_key = {}, battle = {}, played = {}, reserve = {}, drawn = {}, fighters_zone = {}, fdef = {} }
  for p = 1, 2 do
    G.fighters_zone[p] = zone.create("fighters", p, "public")
    G.battle[p] = zone.create("battle", p, "owner")      -- face down: only its owner knows the order
    G.played[p] = zone.create("played", p, "public")
    G.reserve[p] = zone.create("reserve", p, "hidden")
    G.drawn[p] = zone.create("drawn", p, "owner")
  end
  for p = 1, 2 do
    local seat = ctx.seats[p].setup or {}
    G.fighters_of[p], G.fighter_by_key[p] = {}, {}
    for i = 1, 2 do
      local f = make_fighter(G, p, i, teams[p][i], seat)
      G.fighters_of[p][i] = f
      G.fighter_by_key[p][G.fdef[f].key] = f
      G.team[f] = p
      G.all[#G.all + 1] = f
    end
    local a, b = G.fighters_of[p][1], G.fighters_of[p][2]
    G.mate[a], G.mate[b] = b, a
    log.event("tagteam.team", "{p:player} fields {e:a} ({a_hp} health, {a_power} power) and {e:b} ({b_hp} health, {b_power} power)",
      { player = p, a = a, b = b, a_hp = counter.get(a, "hp"), a_power = counter.get(a, "power"),
        b_hp = counter.get(b, "hp"), b_power = counter.get(b, "power") }, { rule = "§3" })
  end
  G.fighters_of_team = G.fighters_of
  -- battle decks: the two start cards in an order each player chooses in secret (step 7)
  local asks, starts = {}, {}
  for p = 1, 2 do
    local seat = ctx.seats[p].setup or {}
    if seat.battle then
      for _, k in ipairs(seat.battle) do M.card(G, p, k, G.battle[p]) end
    else
      starts[p] = {}
      for _, f in ipairs(G.fighters_of[p]) do
        starts[p][#starts[p] + 1] = create_card(G, p, G.fdef[f].start_card, G.drawn[p], f)
      end
      asks[#asks + 1] = { player = p, kind = "order", id = "start_order", secret = true, entities = starts[p],
        prompt = "Order your start cards: the first one is played first" }
    end
  end
  if #asks > 0 then
    local answers = decide_all(asks)
    for i, req in ipairs(asks) do
      for _, n in ipairs(answers[i]) do zone.move(starts[req.player][n], G.battle[req.player], "bottom") end
    end
  end
  -- reserves: the two other 9-card decks shuffled together (step 8; the only shuffle)
  for p = 1, 2 do
    local seat = ctx.seats[p].setup or {}
    if seat.reserve then
      for _, k in ipairs(seat.reserve) do M.card(G, p, k, G.reserve[p]) end
    else
      local reserve = G.reserve[p]
      for _, f in ipairs(G.fighters_of[p]) do
        local fd = G.fdef[f]
        local deck, start = defs.deck(fd.key), fd.start_card
        for i = 1, #deck do
          local k = deck[i]
          if k ~= start then create_card(G, p, k, reserve, f) end
        end
      end
      zone.shuffle(G.reserve[p])
    end
  end
  return G
end

return M
