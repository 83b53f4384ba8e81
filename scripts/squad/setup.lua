-- squad.setup: each player's zones, decks and opening hands (spec §2 zones, §6.1 setup).
--
-- Seat setup keys (scenario "players[i].setup"), all optional:
--   deck = "squad/red_quickstart"   a deck definition (kind "deck"): shuffled, then 6 drawn
--   cards = {key...}                the play deck itself, top first: not shuffled
--   hand = {key...}                 the opening hand (then nothing is drawn at setup)
--   base = {key...}                 cards already in the Base area; marks after "!": "key!tapped",
--                                   "key!damage=1" (a unit carrying damage this turn)
--   dump = {key...}, discard = {key...}   cards already in those piles
--   attach = {"key@s.i"...}         a Character or Operation of this seat attached to the i-th
--                                   card of seat s's `base` list (made after every seat's base)
-- A card key without "squad/" gets it.

local cards_mod = require("squad.cards")

local M = {}

local EV_DECK = log.kind("squad.deck", "{p:player} shuffles a {n}-card play deck", { "player", "n" },
  { rule = "§6.1 Setup" })

local function full_key(k)
  if k:find("/", 1, true) then return k end
  return "squad/" .. k
end

-- The field path of list entry i (1-based) of seat p's setup `field`, for errors.
local function where(p, field, i, spec) return ("players[%d].setup.%s[%d]: '%s'"):format(p - 1, field, i - 1, spec) end

-- Creates the cards `list` names for player p at the bottom of zone z (`in_play`: the Base
-- area, so units get their stats at once). A name may carry marks
-- after "!": "key!tapped", "key!damage=2", "key!tapped!damage=1".
local function put(p, list, z, field, in_play)
  for i = 1, #(list or {}) do
    local spec = list[i]
    local marks = {}
    local bang = spec:find("!", 1, true)
    if bang then
      for mark in spec:sub(bang + 1):gmatch("[^!]+") do marks[#marks + 1] = mark end
      spec = spec:sub(1, bang - 1)
    end
    local key = full_key(spec)
    if not cards.get(key) then error(where(p, field, i, list[i]) .. ": no card '" .. key .. "'", 0) end
    local c = cards_mod.create(key, p, z)
    if in_play then cards_mod.enter_play(c) end
    for k = 1, #marks do
      local mark = marks[k]
      local damage = mark:match("^damage=(%d+)$")
      if mark == "tapped" then
        entity.set(c, "tapped", true)
      elseif damage and entity.kind(c) == "unit" then
        counter.set(c, "damage", tonumber(damage))
      else
        error(where(p, field, i, list[i]) .. ": unknown mark '" .. mark .. "' (marks: tapped, damage=N on a unit)", 0)
      end
    end
  end
end

---Builds the match's zones and cards from ctx; returns G, the zone ids the rules use.
function M.run(ctx)
  if ctx.players ~= 2 then error("players: the squad battle is played by 2 seats; got " .. ctx.players, 0) end
  local G = { hand = {}, deck = {}, base = {}, dump = {}, discard = {}, arena = {}, options = ctx.options,
    chain = zone.create("chain", nil, "public") }   -- Orders waiting to resolve (squad.priority)
  -- A card out of sight shows nothing of its kind (resource, unit, order...): a search's copy
  -- re-deals hand, deck and discard across kinds.
  local SECRET = { secret_kinds = true }
  for p = 1, 2 do
    G.hand[p] = zone.create("hand", p, "owner", SECRET)
    G.deck[p] = zone.create("deck", p, "hidden", SECRET)
    G.base[p] = zone.create("base_area", p, "public")
    G.dump[p] = zone.create("dump", p, "public")          -- face up
    G.discard[p] = zone.create("discard", p, "hidden", SECRET)    -- face down: nobody looks
    G.arena[p] = { space = zone.create("space", p, "public"), ground = zone.create("ground", p, "public") }
  end
  for p = 1, 2 do
    local seat = ctx.seats[p].setup or {}
    put(p, seat.base, G.base[p], "base", true)
  end
  for p = 1, 2 do
    local seat = ctx.seats[p].setup or {}
    for i = 1, #(seat.attach or {}) do
      local key, s, k = seat.attach[i]:match("^([^@]+)@(%d)%.(%d+)$")
      local unit = s and zone.at(G.base[tonumber(s)] or 0, tonumber(k))
      if not key or not G.base[tonumber(s)] or not unit or entity.kind(unit) ~= "unit" then
        error(where(p, "attach", i, seat.attach[i]) .. ": expected \"card@seat.position\" naming a unit of that seat's base list", 0)
      end
      put(p, { key }, cards_mod.gear(unit), "attach")
    end
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

local KINDS = { resource = true, unit = true, character = true, operation = true, order = true }

---`duelbox check` calls this for every card (game.check_card): nil when `key` is fine, else
---what is wrong. A deck lists existing playable cards, at most 3 copies of each but Resources
---(§6.1 [SRC]); a unit has a unit type and its three values.
---@param key string
---@return string[]|nil
function M.check_card(key)
  local def = cards.get(key)
  local problems = {}
  if def.kind == "deck" then
    local copies, total = {}, 0
    for i = 1, #(def.list or {}) do
      local entry = def.list[i]
      local card = cards.get(entry[1])
      if not card then
        problems[#problems + 1] = ("list[%d]: no card '%s'"):format(i, tostring(entry[1]))
      elseif not KINDS[card.kind] then
        problems[#problems + 1] = ("list[%d]: '%s' is a %s, not a card to play"):format(i, entry[1], card.kind)
      else
        copies[entry[1]] = (copies[entry[1]] or 0) + entry[2]
        total = total + entry[2]
        if card.kind ~= "resource" and copies[entry[1]] > 3 then
          problems[#problems + 1] = ("%s: %d copies, at most 3 of a card that is not a Resource"):format(entry[1], copies[entry[1]])
        end
      end
    end
    if total ~= 30 and total ~= 50 then
      problems[#problems + 1] = ("%d cards: a deck has 50 (standard) or 30 (quick-start, §6.1)"):format(total)
    end
  elseif def.kind == "unit" then
    local p = def.props or {}
    if not p.space and not p.ground then problems[#problems + 1] = "a unit needs a unit type: space = true and/or ground = true" end
    for _, stat in ipairs({ "attack", "shooting", "defense" }) do
      if math.type(p[stat]) ~= "integer" then problems[#problems + 1] = "a unit needs an integer " .. stat end
    end
  end
  if #problems > 0 then return problems end
  return nil
end

return M
