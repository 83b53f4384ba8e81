-- unmatched.setup: the rulebook's "setup" steps 1-7 for a duel, and the placement order of
-- team play (seat 1 = team A first player on start 1, seat 2 = team B on start 2, ...).
--
-- Seat overrides (scenario players[i].setup) make worked examples exact: `hero`, `positions`
-- (space names, hero first then sidekicks; "" = already defeated), `health` (same order),
-- `size` ("big"/"small" for Alice), `hand`, `deck` (top first; no shuffle) and `discard`
-- (card names short, "skirmish", or full keys).

local windows = require("core.windows")
local state = require("unmatched.state")
local deck = require("unmatched.deck")
local move = require("unmatched.move")

local M = {}

local DEFAULT_HEROES = { "alice", "king_arthur", "medusa", "sinbad" }

local function create_cards(p, names, z)
  for _, n in ipairs(names) do cards.create(state.card_key(p, n), p, z, "bottom") end -- listed order, top first
end

-- Step 2-4, the part that draws nothing at random: the hero's components, health dials, and
-- the deck's cards (a scenario's deck, discard pile and hand too).
local function build(ctx, p)
  local seat = ctx.seats[p].setup or {}
  local hero = seat.hero or DEFAULT_HEROES[(p - 1) % #DEFAULT_HEROES + 1]
  local def = cards.get("unmatched/" .. hero)
  if not def or def.kind ~= "character" then error("players[" .. (p - 1) .. "].setup.hero: no hero '" .. hero .. "'", 2) end
  local me = match.player_entity(p)
  entity.set(me, "hero", hero)
  local character = cards.create("unmatched/" .. hero, p, zone.find("characters"))
  entity.set(me, "character", character)
  cards.activate(character)
  local i = 0
  for _, fd in ipairs(def.fighters) do
    for k = 1, fd.count or 1 do
      i = i + 1
      local name = (fd.count or 1) > 1 and (fd.name .. " " .. k) or fd.name
      local f = entity.create { kind = "figure", name = name, owner = p, zone = zone.find("reserve"),
        props = { fid = fd.id, role = i == 1 and "hero" or "sidekick", ranged = fd.ranged == true } }
      local health = seat.health and seat.health[i] or fd.health
      counter.define(f, "health", health, 0, fd.max_health or fd.health)
      entity.set(me, "fighter" .. i, f)
    end
  end
  entity.set(me, "fighters", i)
  for _, z in ipairs({ { "deck", "hidden" }, { "hand", "owner" }, { "discard", "public" }, { "combat", "owner" },
    { "scheme", "public" } }) do
    zone.create(z[1], p, z[2])
  end
  if seat.deck then
    create_cards(p, seat.deck, state.deck(p))
  else
    for _, entry in ipairs(def.deck) do
      for _ = 1, entry[2] do cards.create(state.card_key(p, entry[1]), p, state.deck(p)) end
    end
  end
  if seat.discard then create_cards(p, seat.discard, state.discard_pile(p)) end
  if seat.hand then create_cards(p, seat.hand, state.hand(p)) end
end

-- Step 3-4, the random part: the deck shuffled (not a scenario's deck) and five cards drawn (not
-- when the scenario gives the hand).
local function deal(ctx, p)
  local seat = ctx.seats[p].setup or {}
  if not seat.deck then zone.shuffle(state.deck(p)) end
  if not seat.hand then deck.draw(p, 5) end
end

local function space_named(p, name)
  local s = board.find(name)
  if not s then error("players[" .. (p - 1) .. "].setup.positions: no space '" .. tostring(name) .. "' on the map", 3) end
  return s
end

-- The hero's zone has no empty space left for a sidekick (a small zone, or in team play a
-- teammate's sidekicks on a shared start space's zone): the rulebook says nothing, so the
-- sidekick goes on an empty space fewest steps from its hero (board.distance: lines counted,
-- figures ignored; rules-decisions.md), not anywhere on the board. Start spaces still to be
-- taken (`reserved`) stay free; a space no line leads to is offered only when nothing else is.
local function nearest_free(start, reserved)
  local out, best = {}, math.huge
  for _, s in ipairs(move.empty_spaces()) do
    local d = board.distance(start, s)
    if d < 0 then d = math.huge end
    if not reserved[s] and d <= best then
      if d < best then out, best = {}, d end
      out[#out + 1] = s
    end
  end
  return out
end

-- Steps 5-6: hero on start space p, sidekicks on separate empty spaces of the hero's zone(s).
local function place(ctx, p)
  local seat = ctx.seats[p].setup or {}
  local fighters = state.fighters(p)
  -- A fighter whose health reaches 0 is defeated (seed L645): one placed on the board at 0 would
  -- stand there to be attacked and, a hero, leave its player playing on. A scenario marks a
  -- defeated fighter with an empty position instead.
  if seat.health then
    for i, f in ipairs(fighters) do
      local at = seat.positions and seat.positions[i]
      local placed = not seat.positions or (at ~= nil and at ~= "")
      if placed and seat.health[i] == 0 then
        error(("players[%d].setup.health[%d]: %s is placed on the board with 0 health, but a fighter at 0 is "
          .. "defeated; give it a position \"\" (defeated) or some health"):format(p - 1, i, entity.name(f)), 2)
      end
    end
  end
  if seat.positions then
    for i, f in ipairs(fighters) do
      local name = seat.positions[i]
      if name == nil or name == "" then
        counter.set(f, "health", 0)
        entity.set(f, "defeated", true)
        zone.move(f, zone.find("defeated"))
      else
        local s = space_named(p, name)
        if #board.figures_at(s) > 0 then error("players[" .. (p - 1) .. "].setup.positions: " .. name .. " is already taken", 2) end
        board.place(f, s)
      end
    end
  else
    local start = board.start(p)
    if not start then error("the map has no start space " .. p .. " (team play needs a map with four)", 2) end
    if #board.figures_at(start) > 0 then error("start space " .. p .. " (" .. board.name(start) .. ") is taken", 2) end
    board.place(fighters[1], start)
    -- The start spaces of the players still to place stay free for their heroes.
    local reserved = {}
    for k = p + 1, ctx.players do
      if board.start(k) then reserved[board.start(k)] = true end
    end
    for i = 2, #fighters do
      local spaces = {}
      for _, s in ipairs(move.empty_spaces()) do
        if board.share_region(s, start) and not reserved[s] then spaces[#spaces + 1] = s end
      end
      local room = " in " .. entity.name(fighters[1]) .. "'s zone"
      if #spaces == 0 then   -- the zone is full: the nearest empty spaces (rules-decisions.md)
        spaces = nearest_free(start, reserved)
        room = " as near " .. entity.name(fighters[1]) .. " as room allows (the zone is full)"
      end
      local pick = decide { player = p, id = "place_sidekick", prompt = "place " .. entity.name(fighters[i]) .. room,
        spaces = spaces }[1]
      board.place(fighters[i], spaces[pick])
    end
  end
  -- One line per player ("Anna places Alice on c1 and Jabberwock on d2"), told before the
  -- choices a fighter's ability makes at placement (Alice's size).
  local where = {}
  for _, f in ipairs(fighters) do
    local at = board.position(f)
    if at then where[#where + 1] = entity.name(f) .. " on " .. board.name(at) end
  end
  local last = table.remove(where)
  local spots = #where > 0 and (table.concat(where, ", ") .. " and " .. last) or last or "no fighter"
  log.event("placed", "{p:player} places {spots}", { player = p, hero = entity.name(fighters[1]), spots = spots },
    { rule = "§2 Setup" })
  windows.dispatch("placed", { hero = fighters[1], preset = seat }, p, { only = state.character(p) })
end

---Sets up the match for 2 seats (a duel) or 4 (teams, seats in turn order A1, B1, A2, B2),
---first part: loads the map (setup.map) and builds every player's components and cards. It
---draws nothing at random and asks nothing, so game.play records a checkpoint after it that
---every seed shares (match.checkpoint; the bench's and lab's later matches start there); M.finish
---does the rest. Raises an error on any other seat count or order.
---@param ctx table the game context
function M.run(ctx)
  if ctx.players ~= 2 and ctx.players ~= 4 then
    error("players: Unmatched is played by 2 seats (a duel) or 4 seats (teams A1, B1, A2, B2); got " .. ctx.players, 0)
  end
  if match.allies(1, 2) or (ctx.players == 4 and not (match.allies(1, 3) and match.allies(2, 4))) then
    error("Unmatched seats must be listed in turn order A1, B1(, A2, B2): seats 1 and 2 on different teams" ..
      (ctx.players == 4 and ", seat 3 with seat 1 and seat 4 with seat 2" or ""), 2)
  end
  if ctx.setup.map then
    -- A scenario's map: its errors name the field they came from (board.load names the file).
    local ok, err = pcall(board.load, ctx.setup.map)
    if not ok then error("setup.map: " .. tostring(err):gsub("^[^:]*:%d+: ", ""), 0) end
  else
    board.load("maps/unmatched_keep.json")
  end
  zone.create("characters", nil, "public")
  zone.create("reserve", nil, "public")
  zone.create("defeated", nil, "public")
  for p = 1, ctx.players do build(ctx, p) end
end

---Sets up the match, second part (after M.run, or on game.resume from its checkpoint): every
---player shuffles and draws in seat order, then places in seat order.
---@param ctx table the game context
function M.finish(ctx)
  for p = 1, ctx.players do deal(ctx, p) end
  for p = 1, ctx.players do place(ctx, p) end
end

return M
