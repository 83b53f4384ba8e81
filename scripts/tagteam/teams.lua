-- tagteam.teams: team forming (spec §2): standard draft, competitive draft, free choice, and
-- "random" (the kernel RNG deals two distinct teams; used by benchmarks and soak tests).
-- Picks are hidden simultaneous choices (decide_all) revealed together.

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local ipairs, tostring = ipairs, tostring
local entity_create, entity_get, log_event = entity.create, entity.get, log.event
local log_say, math_random, zone_count, zone_create = log.say, math.random, zone.count, zone.create
local zone_items, zone_move, zone_shuffle, zone_top = zone.items, zone.move, zone.shuffle, zone.top

local defs = require("tagteam.defs")
-- Functions of the modules above, read once (a module is a read-only front).
local defs_name = defs.name

local M = {}

---Every fighter key of the roster (fighters with props.roster), in file order (a new list;
---the keys are worked out once per host, tagteam.defs).
M.roster = defs.roster

-- Draft cards are entities: a hand per player (only its owner sees it), a face-down discard
-- (competitive draft) and a public row where picks are revealed together.
local function ask_picks(hands, id, prompt)
  local reqs, lists = {}, {}
  for p = 1, 2 do
    lists[p] = zone_items(hands[p])   -- offered as they are: the kernel labels them
    reqs[p] = { player = p, id = id, secret = true, entities = lists[p], prompt = prompt }
  end
  local a = decide_all(reqs)
  return { lists[1][a[1][1]], lists[2][a[2][1]] }
end

local function reveal_picks(picked, row, teams)
  for p = 1, 2 do zone_move(picked[p], row[p], "bottom") end   -- both face up at once
  for p = 1, 2 do
    teams[p][#teams[p] + 1] = entity_get(picked[p], "fighter")
    log_event("tagteam.pick", "{p:player} picks {e:card}", { player = p, card = picked[p] }, { rule = "§2" })
  end
end

local function draft(competitive)
  local box = zone_create("draft_box", nil, "hidden")
  local hands = { zone_create("draft_hand", 1, "owner"), zone_create("draft_hand", 2, "owner") }
  local row = { zone_create("draft_row", 1, "public"), zone_create("draft_row", 2, "public") }
  local out = zone_create("draft_discard", nil, "hidden")
  for _, k in ipairs(M.roster()) do
    entity_create { kind = "draft", name = defs_name(k), zone = box, where = "bottom", props = { fighter = k } }
  end
  zone_shuffle(box)
  local half = zone_count(box) // 2                  -- 6 / 6 with the full roster
  for p = 1, 2 do
    for _ = 1, half do zone_move(zone_top(box), hands[p], "bottom") end
  end
  local teams = { {}, {} }
  reveal_picks(ask_picks(hands, "team_pick", "Pick your first fighter"), row, teams)
  if competitive then
    local gone = ask_picks(hands, "team_discard", "Discard one fighter face down (out of the pool)")
    for p = 1, 2 do zone_move(gone[p], out) end
  end
  -- swap what is left: each player takes the other's cards
  local mine = { zone_items(hands[1]), zone_items(hands[2]) }
  for p = 1, 2 do
    for _, c in ipairs(mine[p]) do zone_move(c, hands[3 - p], "bottom") end
  end
  reveal_picks(ask_picks(hands, "team_pick", "Pick your second fighter"), row, teams)
  return teams
end

local function free_choice()
  local roster = M.roster()
  for _ = 1, 20 do
    local reqs = {}
    for p = 1, 2 do
      local opts = {}
      for i, k in ipairs(roster) do opts[i] = { label = defs_name(k), value = k } end
      reqs[p] = { player = p, id = "team_choice", secret = true, options = opts, min = 2, max = 2, prompt = "Choose two fighters" }
    end
    local a = decide_all(reqs)
    local teams = { { roster[a[1][1]], roster[a[1][2]] }, { roster[a[2][1]], roster[a[2][2]] } }
    local clash = false
    for _, x in ipairs(teams[1]) do for _, y in ipairs(teams[2]) do if x == y then clash = true end end end
    if not clash then return teams end
    log_say("Both players chose the same fighter (there is one board): choose again", nil, { rule = "§2.3" })
  end
  error("free choice: the players kept choosing the same fighter", 2)
end

local function random_teams()
  local pool = M.roster()
  local t = {}
  for i = 1, 4 do
    local j = math_random(i, #pool)
    pool[i], pool[j] = pool[j], pool[i]
    t[i] = pool[i]
  end
  return { { t[1], t[2] }, { t[3], t[4] } }
end

-- Whether `key` is a character of the roster (props.roster): a board of its own with its own
-- cards, which a team may field once. Test fixtures (spec §11.2) are plain tracks whose cards a
-- test gives to a slot ("@1"), so a team of two identical fixtures is fine.
local function character(key)
  local def = cards.get(key)
  return def ~= nil and def.props ~= nil and def.props.roster ~= nil
end

-- The seats' own teams, checked: two fighters each, two different characters (a team is "the
-- boards of two characters", §1.1; one character twice would share its cards between two boards,
-- one of which never got them). A mistake names the scenario field (players[i] counts from 0).
-- The same fighter on both teams (a mirror match, the spec's test fixtures) is allowed here,
-- unlike at the table's free choice (one board per fighter, §2.3).
local function seat_teams(s1, s2)
  local teams = { s1.fighters, s2.fighters }
  for p = 1, 2 do
    if #teams[p] ~= 2 then
      error(("players[%d].setup.fighters: a team is two fighters, not %d"):format(p - 1, #teams[p]), 0)
    end
    if teams[p][1] == teams[p][2] and character(teams[p][1]) then
      error(("players[%d].setup.fighters: a team is two different characters, not %s twice"):format(p - 1,
        tostring(teams[p][1])), 0)
    end
  end
  return teams
end

---The two teams for this match: the seats' own, else the "teams" option's method. One seat
---alone naming its team is an error (its choice would be dropped, or drafted away).
function M.form(ctx)
  if ctx.players ~= 2 then error("players: Tag Team is played by 2 seats; got " .. ctx.players, 0) end
  local s1, s2 = ctx.seats[1].setup or {}, ctx.seats[2].setup or {}
  if s1.fighters and s2.fighters then return seat_teams(s1, s2) end
  if s1.fighters or s2.fighters then
    error(("players[%d].setup.fighters: only one seat names its team; name both teams, or neither (option teams = %q then forms both)")
      :format(s1.fighters and 0 or 1, tostring(ctx.options.teams)), 0)
  end
  local how = ctx.options.teams
  if how == "first_game" then
    return { { "tagteam/jeanne", "tagteam/zheng_shi" }, { "tagteam/bodvar", "tagteam/wong_fei_hung" } }
  elseif how == "standard" then return draft(false)
  elseif how == "competitive" then return draft(true)
  elseif how == "free" then return free_choice()
  elseif how == "random" then return random_teams()
  end
  error("option teams: expected first_game, standard, competitive, free or random; got " .. tostring(how), 2)
end

return M
