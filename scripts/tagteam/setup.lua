-- tagteam.setup: fighters, power, tracks, tokens, the battle deck and the reserve (spec §3).
--
-- Seat setup keys (scenario "players[i].setup"), all optional:
--   fighters = {key, key}     the team (else team forming, teams.lua)
--   power = {n, n}, hp = {n, n}, special = {n, n}   override the start values per fighter
--   battle = {card...}        the battle deck, top first (skips the start-card order question)
--   reserve = {card...}       the reserve, top first (skips the shuffle)
-- A card is "key" or "key@slot": @1/@2 makes it a card of the team's first/second fighter
-- (test fixtures belong to whichever fighter a test says); otherwise its props.fighter decides.

local track = require("tagteam.track")

local M = {}

local function fighter_for(G, p, key)
  local at = key:find("@", 1, true)
  if at then return G.fighters_of[p][tonumber(key:sub(at + 1))], key:sub(1, at - 1) end
  local def = cards.get(key)
  if not def then error("unknown card '" .. key .. "'", 2) end
  for _, f in ipairs(G.fighters_of[p]) do
    if entity.def(f) == def.props.fighter then return f, key end
  end
  return G.fighters_of[p][1], key
end

---Creates card `spec` for player p in zone z (bottom); remembers whose card it is.
function M.card(G, p, spec, z)
  local f, key = fighter_for(G, p, spec)
  local c = cards.create(key, p, z, "bottom")
  G.card_fighter[c] = f
  return c
end

local function make_fighter(G, p, i, key, seat)
  local def = cards.get(key)
  if not def or def.kind ~= "fighter" then error("'" .. tostring(key) .. "' is not a fighter", 2) end
  local f = cards.create(key, p, G.fighters_zone[p])
  counter.define(f, "power", (seat.power and seat.power[i]) or def.props.base_power or 0, 0, nil)
  track.place(f, "hp", seat.hp and seat.hp[i])
  if def.special then track.place(f, "special", seat.special and seat.special[i]) end
  for _, t in ipairs(def.tokens or {}) do counter.define(f, t[1], t[2], 0, t[3]) end   -- {name, start, max}
  return f
end

---The cards of fighter key `fkey` in definition order, start card first.
function M.deck_of(fkey)
  local out = {}
  for _, k in ipairs(cards.keys(fkey .. "/")) do
    if cards.get(k).kind ~= "fighter" then out[#out + 1] = k end
  end
  return out
end

---Builds the game state G for teams = {{key, key}, {key, key}}.
function M.run(ctx, teams)
  local G = { options = ctx.options, card_fighter = {}, mate = {}, team = {}, all = {}, fighters_of = {},
    battle = {}, played = {}, reserve = {}, drawn = {}, fighters_zone = {} }
  for p = 1, 2 do
    G.fighters_zone[p] = zone.create("fighters", p, "public")
    G.battle[p] = zone.create("battle", p, "owner")      -- face down: only its owner knows the order
    G.played[p] = zone.create("played", p, "public")
    G.reserve[p] = zone.create("reserve", p, "hidden")
    G.drawn[p] = zone.create("drawn", p, "owner")
  end
  for p = 1, 2 do
    local seat = ctx.seats[p].setup or {}
    G.fighters_of[p] = {}
    for i = 1, 2 do
      local f = make_fighter(G, p, i, teams[p][i], seat)
      G.fighters_of[p][i] = f
      G.team[f] = p
      G.all[#G.all + 1] = f
    end
    local a, b = G.fighters_of[p][1], G.fighters_of[p][2]
    G.mate[a], G.mate[b] = b, a
    log.event("tagteam.team", "{p:player} fields {e:a} and {e:b}", { player = p, a = a, b = b }, { rule = "§3" })
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
        local key = cards.of(f).start_card
        local c = cards.create(key, p, G.drawn[p], "bottom")
        G.card_fighter[c] = f
        starts[p][#starts[p] + 1] = c
      end
      local opts = {}
      for i, c in ipairs(starts[p]) do opts[i] = { label = entity.name(c), entity = c } end
      asks[#asks + 1] = { player = p, kind = "order", id = "start_order", secret = true, options = opts,
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
      for _, f in ipairs(G.fighters_of[p]) do
        local def = cards.of(f)
        for _, k in ipairs(M.deck_of(entity.def(f))) do
          if k ~= def.start_card then
            local c = cards.create(k, p, G.reserve[p], "bottom")
            G.card_fighter[c] = f
          end
        end
      end
      zone.shuffle(G.reserve[p])
    end
  end
  return G
end

return M
