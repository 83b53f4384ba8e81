-- helter.setup: the board, each team's zones and cards, hidden start spaces, fragments, hands
-- and the first player (spec §3, in its order).
--
-- Seat setup keys (scenario "players[i].setup"), all optional; with none the setup is the
-- rulebook's. Any of deployed/starts/fragments makes the seat "scripted": no map cards are
-- dealt to anyone, and that seat's characters not named in deployed/starts/dead are absent
-- (not in this match: never acting, never counted for elimination).
--   team = "judges"                 judges | strontium_dogs | nikolai_dante | slaine
--   deployed = {"dredd@1"}          a character (its symbol) on the space with that designation
--   starts = {"giant@17", "ukko@5/9"}   undeployed, with that hidden start card (Ukko: two)
--   dead = {"mean_machine"}         killed earlier: its card on the dead side
--   health = {"dredd=2"}            current health (default: starting health)
--   warp = 2                        warp cubes on Sláine
--   fragments = {"12", "18"}        this team's fragments on those spaces
--   points = 3
--   hand / deck / discard = {card...}   action cards, top first: a key under helter/
--                                   ("judges_03") or a symbol string "dredd+giant|snipe>dredd|"
--                                   (a test card with exactly those symbols)

local map_mod = require("helter.map")
local symbols = require("helter.symbols")
local state = require("helter.state")

local M = {}

local TEAMS = { "judges", "strontium_dogs", "nikolai_dante", "slaine" }
M.TEAMS = TEAMS

local EV_TEAM = log.kind("helter.team", "{p:player} plays the {team} team", { "player", "team" }, { rule = "§3.2 Teams" })
local EV_FILTER = log.kind("helter.map_filter", "Two players: the {n} map cards with the multiplayer symbol are removed",
  { "n" }, { rule = "§3.7 Two players" })
local EV_DEAL = log.kind("helter.map_deal", "{p:player} is dealt {n} map cards", { "player", "n" },
  { rule = "§3.8 Deal map cards" })
local EV_HIDDEN = log.kind("helter.starts_chosen", "{p:player} puts map cards face down under their character cards",
  { "player" }, { rule = "§3.9 Hidden start spaces" })
local EV_PASS = log.kind("helter.map_pass", "{p:player} passes {n} map cards to {p:to} (on their right)",
  { "player", "n", "to" }, { rule = "§3.10 Pass fragment cards" })
local EV_FRAGMENT = log.kind("helter.fragment_placed", "{p:player} places a fragment on {s:space}",
  { "player", "space" }, { rule = "§3.11 Place fragments" })
local EV_FIRST = log.kind("helter.first", "{p:player} takes the active player marker first ({why})", { "player", "why" },
  { rule = "§3.13 First player" })
local EV_HAND = log.kind("helter.hand", "{p:player} draws a hand of {n} action cards", { "player", "n" },
  { rule = "§3.12 Hands" })

local function where(p, field, i, text)
  return ("players[%d].setup.%s[%d]: '%s'"):format(p - 1, field, i - 1, tostring(text))
end

-- Makes the action cards `list` names for player p at the bottom of zone z.
local function put_cards(G, p, list, z, field)
  for i = 1, #(list or {}) do
    local k = list[i]
    if k:find("|", 1, true) then
      local _, why = symbols.parse(k)
      if why then error(where(p, field, i, k) .. ": " .. why, 0) end
      entity.create { kind = "action", name = "[" .. k .. "]", owner = p, zone = z, where = "bottom", props = { symbols = k } }
    else
      local key = k:find("/", 1, true) and k or "helter/" .. k
      local def = cards.get(key)
      if not def or def.kind ~= "action" then error(where(p, field, i, k) .. ": no action card '" .. key .. "'", 0) end
      cards.create(key, p, z, "bottom")
    end
  end
end

-- Creates character `key` for player p in zone z with its counters; returns the entity.
local function make_character(G, p, key, z)
  local f = cards.create(key, p, z)
  local def = cards.of(f)
  local sym = def.props.symbol
  if def.props.replaces and G.options.warp_slaine_symbol == "slaine" then sym = def.props.replaces end   -- AMB-10
  G.symbol[f] = sym
  G.start_health[f] = def.props.health
  counter.define(f, "health", def.props.health, 0)
  if def.props.warp_spasm then counter.define(f, "warp", 0, 0, 5) end
  G.owner[f] = p
  return f
end

-- The character of player p whose symbol (or key) is `sym`, for the setup keys.
-- A set-aside character named so (Warp-Sláine) joins the team's characters.
local function character_named(G, p, sym, field, i, text)
  for _, f in ipairs(G.chars[p]) do
    local def = cards.of(f)
    if def.props.symbol == sym or def.key == "helter/" .. sym then return f end
  end
  local aside = G.set_aside_of[p]
  if aside and (cards.of(aside).props.symbol == sym or cards.of(aside).key == "helter/" .. sym) then
    G.chars[p][#G.chars[p] + 1] = aside
    G.set_aside_of[p] = nil
    return aside
  end
  error(where(p, field, i, text) .. ": no character '" .. tostring(sym) .. "' in the " .. G.team[p] .. " team", 0)
end

local function designation_space(G, p, field, i, text, d)
  local s = G.map.by_designation[tonumber(d) or -1]
  if not s then error(where(p, field, i, text) .. ": no space with designation " .. tostring(d), 0) end
  return s
end

-- A map card entity for designation d (scripted starts), from the box.
local function map_card(G, d)
  for _, c in ipairs(zone.items(G.box)) do
    if entity.get(c, "designation") == d then return c end
  end
  return nil
end

-- The scripted part of seat p's setup (see the header).
local function scripted(G, p, seat)
  local named = {}
  for i, text in ipairs(seat.deployed or {}) do
    local sym, d = text:match("^([%w_]+)@(%d+)$")
    if not sym then error(where(p, "deployed", i, text) .. ": expected \"character@designation\"", 0) end
    local f = character_named(G, p, sym, "deployed", i, text)
    named[f] = true
    board.place(f, designation_space(G, p, "deployed", i, text, d))
  end
  for i, text in ipairs(seat.starts or {}) do
    local sym, list = text:match("^([%w_]+)@([%d/]+)$")
    if not sym then error(where(p, "starts", i, text) .. ": expected \"character@designation\" (Ukko: \"ukko@5/9\")", 0) end
    local f = character_named(G, p, sym, "starts", i, text)
    named[f] = true
    for d in list:gmatch("%d+") do
      designation_space(G, p, "starts", i, text, d)
      local c = map_card(G, tonumber(d))
      if not c then error(where(p, "starts", i, text) .. ": map card " .. d .. " is already used", 0) end
      zone.move(c, G.under[f])
    end
  end
  for i, sym in ipairs(seat.dead or {}) do
    local f = character_named(G, p, sym, "dead", i, sym)
    named[f] = true
    entity.set(f, "dead", true)
    counter.set(f, "health", 0)
    zone.move(f, G.removed)
  end
  for _, f in ipairs(G.chars[p]) do
    if not named[f] then
      entity.set(f, "absent", true)
      zone.move(f, G.removed)
    end
  end
  local kept = {}
  for _, f in ipairs(G.chars[p]) do
    if not entity.get(f, "absent") then kept[#kept + 1] = f end
  end
  G.chars[p] = kept
  for i, text in ipairs(seat.health or {}) do
    local sym, h = text:match("^([%w_]+)=(%d+)$")
    if not sym then error(where(p, "health", i, text) .. ": expected \"character=health\"", 0) end
    counter.set(character_named(G, p, sym, "health", i, text), "health", tonumber(h))
  end
  if seat.warp then
    for _, f in ipairs(G.chars[p]) do
      if cards.of(f).props.warp_spasm then counter.set(f, "warp", seat.warp) end
    end
  end
  for i, d in ipairs(seat.fragments or {}) do
    local s = designation_space(G, p, "fragments", i, d, d)
    local frag = entity.create { kind = "fragment", name = G.team_name[p] .. " fragment", owner = p, zone = G.removed }
    board.place(frag, s)
  end
end

-- §3.7–3.11 with map cards: deal, choose hidden starts, pass right, place fragments.
local function deal_map_cards(G, n)
  if n == 2 then
    local removed = 0
    for _, c in ipairs(zone.items(G.box)) do
      if entity.get(c, "multiplayer") then
        zone.move(c, G.out_of_play)
        removed = removed + 1
      end
    end
    EV_FILTER(removed)
  end
  zone.shuffle(G.box)
  for p = 1, n do
    for _ = 1, 10 do zone.move(zone.top(G.box), G.map_hand[p], "bottom") end
    EV_DEAL(p, 10)
  end
  zone.move_all(G.box, G.out_of_play)   -- three players: the undealt cards stay face down, unseen
  for p = 1, n do
    log.within_rule("§3.9 Hidden start spaces", function()
      for _, f in ipairs(G.chars[p]) do
        local copies = cards.of(f).props.stealth and 2 or 1   -- STEALTH: Ukko takes two (§9.4)
        for k = 1, copies do
          local hand = zone.items(G.map_hand[p])
          local pick = decide { player = p, id = "start", secret = true, unannounced = true, entities = hand,
            prompt = ("Hidden start space for %s%s"):format(entity.name(f), copies > 1 and (" (card " .. k .. " of 2)") or "") }[1]
          zone.move(hand[pick], G.under[f])
        end
      end
    end)
    EV_HIDDEN(p)
  end
  for p = 1, n do
    local right = state.right(G, p)
    EV_PASS(p, zone.move_all(G.map_hand[p], G.received[right], "bottom"), right)
  end
  for p = 1, n do
    for _, c in ipairs(zone.items(G.received[p])) do
      local s = G.map.by_designation[entity.get(c, "designation")]
      local frag = entity.create { kind = "fragment", name = G.team_name[p] .. " fragment", owner = p, zone = G.removed }
      board.place(frag, s)
      EV_FRAGMENT(p, s)
      zone.move(c, G.removed)
    end
  end
end

-- The player whose fragment lies on the lowest designation (§3.13).
local function lowest_fragment(G)
  local top = 0
  for d in pairs(G.map.by_designation) do top = math.max(top, d) end   -- a max: the order of pairs is irrelevant
  for d = 1, top do
    local s = G.map.by_designation[d]
    local frag = s and zone.items(G.map.zone[s], "fragment")[1]
    if frag then return entity.owner(frag) end
  end
  return 1
end

---Builds the match (§3) and returns G (zones, characters, map relations; G.first_player) and the
---first player.
---@param ctx table the game context
function M.run(ctx)
  local n = ctx.players
  if n < 2 or n > 4 then error("players: Helter Skelter is played by 2 to 4 seats; got " .. n, 0) end
  local map_file = ctx.setup.map or "maps/helter_city_blocks.json"
  if map_file == "city_blocks" or map_file == "grand_hall" then map_file = "maps/helter_" .. map_file .. ".json" end
  log.within_rule("§3.1 Board", board.load, map_file)
  map_mod.check_terrain(map_file)
  local G = state.new(ctx, map_mod.build(ctx.options))
  G.box = zone.create("map_cards", nil, "hidden")
  G.out_of_play = zone.create("out_of_play", nil, "hidden")
  for _, key in ipairs(cards.keys("helter/map_")) do cards.create(key, nil, G.box, "bottom") end
  local used, any_scripted = {}, false
  for p = 1, n do
    local seat = ctx.seats[p].setup or {}
    local team = seat.team or TEAMS[p]
    local tdef = cards.get("helter/team_" .. tostring(team))
    if not tdef or tdef.kind ~= "team" then
      error(("players[%d].setup.team: '%s' is not a team (judges, strontium_dogs, nikolai_dante, slaine)"):format(p - 1,
        tostring(team)), 0)
    end
    if used[team] then error(("players[%d].setup.team: '%s' is already played by another seat"):format(p - 1, team), 0) end
    used[team] = true
    G.team[p], G.team_name[p] = team, tdef.name
    EV_TEAM(p, tdef.name)
    state.zones_for(G, p)
    for _, key in ipairs(tdef.characters) do
      local f = make_character(G, p, key, G.reserve[p])
      G.chars[p][#G.chars[p] + 1] = f
      G.under[f] = zone.create("under:" .. cards.of(f).props.symbol, p, "owner")
    end
    for _, key in ipairs(tdef.set_aside or {}) do   -- §3.5: Warp-Sláine waits beside the cards
      G.set_aside_of[p] = make_character(G, p, key, G.set_aside)
    end
    if seat.deployed or seat.starts or seat.fragments then any_scripted = true end
  end
  for p = 1, n do
    local seat = ctx.seats[p].setup or {}
    if any_scripted then scripted(G, p, seat) end
    put_cards(G, p, seat.discard, G.discard[p], "discard")
    put_cards(G, p, seat.hand, G.hand[p], "hand")
    if seat.deck then
      put_cards(G, p, seat.deck, G.deck[p], "deck")
    else
      local deck_key = cards.get("helter/team_" .. G.team[p]).deck
      local def = cards.get(deck_key)
      if not def or def.kind ~= "deck" then error("team " .. G.team[p] .. ": no deck '" .. tostring(deck_key) .. "'", 0) end
      for _, entry in ipairs(def.list) do
        local card = cards.get(entry[1])
        local _, why = symbols.parse(card and card.props and card.props.symbols)
        if why then error(deck_key .. ": card '" .. tostring(entry[1]) .. "': " .. why, 0) end   -- a broken mod card, named before play
        for _ = 1, entry[2] do cards.create(entry[1], p, G.deck[p], "bottom") end
      end
      zone.shuffle(G.deck[p])
    end
    if seat.points then counter.set(match.player_entity(p), "points", seat.points) end
  end
  if not any_scripted then log.within_rule("§3 Setup", deal_map_cards, G, n) end
  for p = 1, n do
    local seat = ctx.seats[p].setup or {}
    if not seat.hand then
      local k = 0
      while k < 7 and zone.count(G.deck[p]) > 0 do
        zone.move(zone.top(G.deck[p]), G.hand[p], "bottom")
        k = k + 1
      end
      EV_HAND(p, k)
    end
  end
  local first = ctx.options.first_player
  local why = "option first_player"
  if first == 0 then first, why = lowest_fragment(G), "the fragment on the lowest designation" end
  if first > n then error("option first_player: " .. first .. " but only " .. n .. " seats", 0) end
  EV_FIRST(first, why)
  G.first_player = first   -- turn order from here decides a tied stalemate (helter.stalemate)
  return G, first
end

---`duelbox check` calls this for every helter card (game.check_card): what is wrong, or nil.
---@param key string
---@return string[]|nil
function M.check_card(key)
  local def = cards.get(key)
  local problems = {}
  if def.kind == "action" then
    local _, why = symbols.parse(def.props and def.props.symbols)
    if why then problems[#problems + 1] = why end
  elseif def.kind == "figure" then
    local p = def.props or {}
    if type(p.symbol) ~= "string" then problems[#problems + 1] = "a character needs props.symbol" end
    if math.type(p.health) ~= "integer" or p.health < 1 then problems[#problems + 1] = "a character needs a starting health >= 1" end
  elseif def.kind == "deck" then
    for i, entry in ipairs(def.list or {}) do
      local c = cards.get(entry[1])
      if not c or c.kind ~= "action" then problems[#problems + 1] = ("list[%d]: '%s' is not an action card"):format(i, tostring(entry[1])) end
    end
  elseif def.kind == "team" then
    for i, k in ipairs(def.characters or {}) do
      local c = cards.get(k)
      if not c or c.kind ~= "figure" then problems[#problems + 1] = ("characters[%d]: '%s' is not a character"):format(i, tostring(k)) end
    end
    local d = cards.get(def.deck or "")
    if not d or d.kind ~= "deck" then problems[#problems + 1] = "deck: '" .. tostring(def.deck) .. "' is not a deck" end
  end
  if #problems > 0 then return problems end
  return nil
end

return M
