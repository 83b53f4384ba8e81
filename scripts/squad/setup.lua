-- squad.setup: each player's zones, decks and opening hands (spec §2 zones, §6.1 setup).
--
-- Seat setup keys (scenario "players[i].setup"), all optional:
--   deck = "squad/red_quickstart"   a deck definition (kind "deck"): shuffled, then 6 drawn
--   cards = {key...}                the play deck itself, top first: not shuffled
--   hand = {key...}                 the opening hand (then nothing is drawn at setup)
--   base = {key...}                 cards already in the Base area ("key!tapped": tapped)
--   dump = {key...}, discard = {key...}   cards already in those piles
-- A card key without "squad/" gets it.

local cards_mod = require("squad.cards")

local M = {}

local EV_DECK = log.kind("squad.deck", "{p:player} shuffles a {n}-card play deck", { "player", "n" },
  { rule = "§6.1 Setup" })

local function full_key(k)
  if k:find("/", 1, true) then return k end
  return "squad/" .. k
end

-- Creates the cards `list` names for player p at the bottom of zone z.
local function put(p, list, z, field)
  for i = 1, #(list or {}) do
    local spec = list[i]
    local tapped = false
    local bang = spec:find("!", 1, true)
    if bang then
      if spec:sub(bang + 1) ~= "tapped" then
        error(("players[%d].setup.%s[%d]: '%s': the only mark is '!tapped'"):format(p - 1, field, i - 1, spec), 0)
      end
      spec, tapped = spec:sub(1, bang - 1), true
    end
    local key = full_key(spec)
    if not cards.get(key) then
      error(("players[%d].setup.%s[%d]: no card '%s'"):format(p - 1, field, i - 1, key), 0)
    end
    local c = cards_mod.create(key, p, z)
    if tapped then entity.set(c, "tapped", true) end
  end
end

---Builds the match's zones and cards from ctx; returns G, the zone ids the rules use.
function M.run(ctx)
  if ctx.players ~= 2 then error("the squad battle is played by 2 seats; got " .. ctx.players, 2) end
  local G = { hand = {}, deck = {}, base = {}, dump = {}, discard = {}, arena = {}, options = ctx.options,
    chain = zone.create("chain", nil, "public") }   -- Orders waiting to resolve (squad.priority)
  for p = 1, 2 do
    G.hand[p] = zone.create("hand", p, "owner")
    G.deck[p] = zone.create("deck", p, "hidden")
    G.base[p] = zone.create("base_area", p, "public")
    G.dump[p] = zone.create("dump", p, "public")          -- face up
    G.discard[p] = zone.create("discard", p, "hidden")    -- face down: nobody looks
    G.arena[p] = { space = zone.create("space", p, "public"), ground = zone.create("ground", p, "public") }
  end
  for p = 1, 2 do
    local seat = ctx.seats[p].setup or {}
    put(p, seat.base, G.base[p], "base")
    put(p, seat.dump, G.dump[p], "dump")
    put(p, seat.discard, G.discard[p], "discard")
    put(p, seat.hand, G.hand[p], "hand")
    if seat.cards then
      put(p, seat.cards, G.deck[p], "cards")
    else
      local deck_key = full_key(seat.deck or (p == 1 and "red_quickstart" or "blue_quickstart"))
      local def = cards.get(deck_key)
      if not def or def.kind ~= "deck" then
        error(("players[%d].setup.deck: '%s' is not a deck"):format(p - 1, deck_key), 0)
      end
      local list = {}
      for i = 1, #def.list do
        local entry = def.list[i]
        for _ = 1, entry[2] do list[#list + 1] = entry[1] end
      end
      put(p, list, G.deck[p], "deck")
      zone.shuffle(G.deck[p])
      EV_DECK(p, #list)
    end
  end
  return G
end

return M
