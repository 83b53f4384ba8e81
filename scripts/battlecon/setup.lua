-- battlecon.setup: duel setup S1-S10 (spec §2).
--
-- A fighter is a UA card (kind "ua") whose `kit` lists its cards:
--   kit = { styles = {...}, bases = {...}, special = {"side a key", "side b key"} }
-- Every fighter also takes Maneuver and the six universal bases (S1, the recommended
-- reading of its [AMBIG]) unless its UA sets kit.no_universal = true.

local S = require("battlecon.state")
local fire = require("battlecon.fire")
local verbs = require("battlecon.verbs")
local stats = require("battlecon.stats")

local M = {}

M.UNIVERSAL_STYLES = { "battlecon/maneuver" }
M.UNIVERSAL_BASES = { "battlecon/grasp", "battlecon/dash", "battlecon/strike", "battlecon/charge",
  "battlecon/ram", "battlecon/dodge" }

local PLAYER_ZONES = {
  { "hand", "owner" }, { "pair", "owner" }, { "aside", "owner" }, { "discard1", "public" },
  { "discard2", "public" }, { "special", "public" }, { "special_back", "public" }, { "ua", "public" },
  { "cards", "public" }, { "status", "public" }, { "pool_area", "public" }, { "exhausted", "public" }, { "markers", "public" },
}

---Which fighter seat p plays: its setup's "fighter" (a name under battlecon/fighter/ or a full
---key), else the p-th fighter in key order (wrapping round).
function M.fighter_key(ctx, p)
  local want = ctx.seats[p].setup.fighter
  local keys = cards.keys("battlecon/fighter/")
  if want then
    local key = want:find("/") and want or ("battlecon/fighter/" .. want)
    if not cards.get(key) then
      error(("players[%d].setup.fighter: no fighter '%s' (have: %s)"):format(p - 1, want, table.concat(keys, ", ")), 0)
    end
    return key
  end
  return keys[(p - 1) % #keys + 1]
end

local function shared(ctx)
  zone.create("table", nil, "public")
  zone.create("box", nil, "public")
  local tz = zone.find("table")
  entity.create { kind = "marker", name = "Active player card", zone = tz, where = "bottom" }
  local pool = entity.create { kind = "marker", name = "Common force pool", zone = tz, where = "bottom" }
  local boxf = entity.create { kind = "marker", name = "Force in the box", zone = tz, where = "bottom" }
  -- T4: 65 for 3 fighters, 85 for 4; a duel uses the "pool" option (45).
  counter.define(pool, "force", ctx.players == 2 and ctx.options.pool or require("battlecon.team").POOL[ctx.players], 0)
  counter.define(boxf, "force", 0, 0)
  entity.set(S.tracker(), "beat", 0)
  if ctx.players > 2 then                                              -- §9.7: one pool per team
    for q = 1, ctx.players do
      local t = match.team(q)
      if not entity.get(S.tracker(), "pool" .. t) then
        local e = entity.create { kind = "marker", name = "Team " .. t .. " force", zone = tz, where = "bottom" }
        counter.define(e, "force", 0, 0)
        entity.set(S.tracker(), "pool" .. t, e)
      end
    end
  end
end

-- T3: a random team takes the active player card (each team equally likely, whatever its
-- size); [INF] the team chooses which of its fighters holds it (its first seat decides).
-- One of a team's fighters (`members`, seat order), chosen by the team: its first seat
-- decides; a team of one needs no decision.
local function team_picks(members, id, prompt)
  if #members == 1 then return members[1] end
  local options = {}
  for i, q in ipairs(members) do options[i] = { label = match.name(q), value = q } end
  return members[decide { player = members[1], id = id, prompt = prompt, options = options, single = true }]
end

local function first_active_team(ctx)
  local teams, members = {}, {}
  for q = 1, ctx.players do
    local t = match.team(q)
    if not members[t] then teams[#teams + 1] = t; members[t] = {} end
    local list = members[t]
    list[#list + 1] = q
  end
  S.set_active(team_picks(members[teams[math.random(1, #teams)]], "setup.active",
    "which of your fighters takes the active player card?"))
end

-- T3: the team holding the active player card places first: the team chooses which fighter
-- stands on the 4th space from its own end, then each other fighter (seat order) chooses a
-- free space behind it. Player 1's team has the left end. A seat's "position" overrides.
local function place_teams(ctx)
  local n = board.space_count()
  local holder = match.team(S.active())
  local order = { holder }
  for q = 1, ctx.players do
    if match.team(q) ~= holder and order[2] == nil then order[2] = match.team(q) end
  end
  for _, t in ipairs(order) do
    local left = t == match.team(1)
    local members = {}
    for q = 1, ctx.players do
      if match.team(q) == t and not ctx.seats[q].setup.position then members[#members + 1] = q end
    end
    if #members > 0 then
      local front = team_picks(members, "setup.front", "who stands in front?")
      board.place(S.figure(front), left and 4 or n - 3)
      for _, q in ipairs(members) do
        if q ~= front then
          local spaces, options = {}, {}
          for sp = 1, 3 do
            local at = left and sp or n - 3 + sp
            if #board.figures_at(at) == 0 then
              spaces[#spaces + 1] = at
              options[#options + 1] = { label = "space " .. at, space = at }
            end
          end
          local a = decide { player = q, id = "setup.place", prompt = "choose your space behind the front", options = options }
          board.place(S.figure(q), spaces[a[1]])
        end
      end
    end
  end
end

local function kit_cards(ua)
  local kit = cards.get(ua).kit or {}
  local styles, bases = {}, {}
  if not kit.no_universal then
    for _, k in ipairs(M.UNIVERSAL_STYLES) do styles[#styles + 1] = k end
  end
  for _, k in ipairs(kit.styles or {}) do styles[#styles + 1] = k end
  if not kit.no_universal then
    for _, k in ipairs(M.UNIVERSAL_BASES) do bases[#bases + 1] = k end
  end
  for _, k in ipairs(kit.bases or {}) do bases[#bases + 1] = k end
  return styles, bases, kit
end

-- The least of each a hand must hold so a pair can be set every beat: two styles and two bases
-- wait in the discard piles (R1-R2), so with fewer than three the hand runs empty and recycles
-- every beat (SET3).
M.KIT_MINIMUM = 3

-- Whether definition `def` lists `tag` in its tags.
local function has_tag(def, tag)
  local tags = def.tags
  if type(tags) ~= "table" then return false end
  for i = 1, #tags do
    if tags[i] == tag then return true end
  end
  return false
end

---`duelbox check` calls this for every card (game.check_card): nil when `key` is fine, else its
---problems: an `offer` without tag "offer" (the Advantage phase would never find it), or the
---problems of a fighter's kit: missing or mistyped cards, too few styles or bases to play a beat
---without an empty-hand recycle (KIT_MINIMUM, counting Maneuver and the universal bases), a
---special attack card with other than one or two sides.
---@param key string
---@return string[]|nil
function M.check_card(key)
  local def = cards.get(key)
  if def.offer ~= nil and not has_tag(def, "offer") then
    return { 'a card with an offer needs tags = { "offer" }: the Advantage phase finds offers by that tag' }
  end
  if def.kind ~= "ua" or key:sub(1, #"battlecon/fighter/") ~= "battlecon/fighter/" then return nil end
  local kit = def.kit
  if type(kit) ~= "table" then return { "a fighter needs a kit = { styles = {...}, bases = {...}, special = {...} }" } end
  local problems = {}
  local health = def.props and def.props.health
  if health ~= nil and (math.type(health) ~= "integer" or health < 1) then
    problems[#problems + 1] = ("props.health: a fighter's starting health is a whole number of at least 1, not %s")
      :format(tostring(health))
  end
  local function each(field, kind)
    local list = kit[field] or {}
    for i, k in ipairs(list) do
      local card = type(k) == "string" and cards.get(k) or nil
      if not card then
        problems[#problems + 1] = ("kit.%s[%d]: no card %s"):format(field, i, tostring(k))
      elseif card.kind ~= kind then
        problems[#problems + 1] = ("kit.%s[%d]: %s is a %s, not a %s"):format(field, i, k, tostring(card.kind), kind)
      end
    end
    return #list
  end
  local universal = not kit.no_universal
  local styles = each("styles", "style") + (universal and #M.UNIVERSAL_STYLES or 0)
  local bases = each("bases", "base") + (universal and #M.UNIVERSAL_BASES or 0)
  local sides = each("special", "special")
  for _, count in ipairs({ { "styles", styles }, { "bases", bases } }) do
    local n = count[2]
    local what = n == 1 and count[1]:sub(1, -2) or count[1]
    if n < M.KIT_MINIMUM then
      problems[#problems + 1] = ("the kit has %d %s%s; a fighter needs at least %d, else its hand runs out and "
        .. "recycles every beat (SET3)"):format(n, what, universal and " counting the universal ones" or "", M.KIT_MINIMUM)
    end
  end
  if sides > 2 then problems[#problems + 1] = ("kit.special lists %d sides; a special attack card has two"):format(sides) end
  return #problems > 0 and problems or nil
end

local function seat(ctx, p)
  local s = ctx.seats[p].setup
  local pe = S.pe(p)
  for _, z in ipairs(PLAYER_ZONES) do zone.create(z[1], p, z[2]) end
  stats.define(p)                                                      -- the pair's stats (§4), kept by the kernel
  local ua_key = M.fighter_key(ctx, p)
  local ua = cards.create(ua_key, p, zone.find("ua", p))
  entity.set(pe, "fighter", ua_key)
  local fig = entity.create { kind = "figure", name = match.name(p) .. "'s " .. entity.name(ua), owner = p, zone = zone.find("players") }
  entity.set(pe, "figure", fig)
  local start = cards.get(ua_key).props and cards.get(ua_key).props.health or 20
  if math.type(start) ~= "integer" or start < 1 then   -- a patched card (M.check_card says so too)
    error(("%s: props.health: a fighter's starting health is a whole number of at least 1, not %s"):format(ua_key,
      tostring(start)), 0)
  end
  if s.health and s.health > start then   -- never silently capped (#18): the field is named
    error(("players[%d].setup.health: %d is above %s's starting health %d"):format(p - 1, s.health, entity.name(ua), start), 0)
  end
  log.within_rule("§2 S4 Health", counter.define, pe, "health", s.health or start, nil, start)
  counter.define(pe, "force", 0, 0)
  counter.define(pe, "armor", 0, 0)
  local styles, bases, kit = kit_cards(ua_key)
  local hand = zone.find("hand", p)
  for _, k in ipairs(styles) do cards.create(k, p, hand, "bottom") end
  for _, k in ipairs(bases) do cards.create(k, p, hand, "bottom") end
  return ua, kit
end

-- Support tokens (S7): three per fighter, modelled as per-beat "used" flags (§6.5 [INF]).
M.SUPPORT = { "boost", "fortify", "accelerate" }

local function find_in(z, key)
  for _, e in ipairs(zone.items(z)) do
    if entity.def(e) == key or entity.name(e) == key then return e end
  end
  error("no card '" .. key .. "' in " .. zone.name(z), 3)
end
---The entity in zone z whose definition key or name is `key`; raises naming the zone when none is.
M.find_in = find_in

-- S9: two pairs into the discards. A seat's "discard1"/"discard2" lists fix them (tests,
-- beginners' hints); otherwise the player chooses (simultaneous, public).
local function initial_discard(ctx)
  for p = 1, ctx.players do
    local s = ctx.seats[p].setup
    local hand = zone.find("hand", p)
    for _, pile in ipairs({ "discard2", "discard1" }) do
      if s[pile] then
        for _, k in ipairs(s[pile]) do zone.move(find_in(hand, k), zone.find(pile, p)) end
      else
        for _, kind in ipairs({ "style", "base" }) do
          local list = zone.items(hand, kind)
          local a = decide { player = p, id = "setup." .. pile .. "." .. kind,
            prompt = "choose a " .. kind .. " for " .. pile, entities = list }
          zone.move(list[a[1]], zone.find(pile, p))
        end
      end
    end
    if s.hand then   -- a test hand: everything else goes to the box
      local keep = {}
      for _, k in ipairs(s.hand) do keep[find_in(hand, k)] = true end
      for _, e in ipairs(zone.items(hand)) do
        if not keep[e] then zone.move(e, zone.find("box")) end
      end
    end
  end
  log.event("bc.initial_discard", "each player discards two pairs to start (one to each discard pile)", {}, { rule = "§2 S9" })
end

-- S8: the special attack's side, chosen secretly and revealed together.
local function special_sides(ctx, kits)
  local requests, who = {}, {}
  for p = 1, ctx.players do
    local sides = kits[p].special
    if sides and #sides > 0 and not ctx.seats[p].setup.special then
      local options = {}
      for i, k in ipairs(sides) do options[i] = { label = cards.get(k).name } end
      requests[#requests + 1] = { player = p, id = "setup.special", prompt = "choose your special attack's side",
        options = options, secret = true }
      who[#who + 1] = p
    end
  end
  local answers = #requests > 0 and decide_all(requests) or {}
  local asked = {}
  for i, p in ipairs(who) do asked[p] = answers[i][1] end
  for p = 1, ctx.players do
    local sides = kits[p].special or {}
    local pick = ctx.seats[p].setup.special or asked[p]
    for j, k in ipairs(sides) do
      cards.create(k, p, zone.find(j == pick and "special" or "special_back", p))
    end
    if #sides > 0 then log.event("bc.special_side", "{p:player}'s special attack shows {e:card}",
      { player = p, card = zone.top(zone.find("special", p)) }, { rule = "§2 S8" }) end
  end
end

-- T1 / TE4: the lone fighter of a 2 vs 1 may take the Master card, of a 3 vs 1 the Champion.
local function lone_card(ctx)
  if ctx.players < 3 then return end
  local count = {}
  for q = 1, ctx.players do count[match.team(q)] = (count[match.team(q)] or 0) + 1 end
  for q = 1, ctx.players do
    if count[match.team(q)] == 1 then
      local key = ctx.players == 3 and "battlecon/master" or "battlecon/champion"
      if decide { player = q, kind = "yesno", id = "setup.lone_card", prompt = "take the " .. cards.get(key).name .. " card?" } then
        local card = cards.create(key, q, zone.find("status", q))
        local bonus = cards.get(key).props.health_bonus or 0
        local h = S.health(q) + bonus
        counter.define(S.pe(q), "health", h, nil, h)
        fire.activate(card)                                   -- its setup change (W1) and Start bonus
        log.event("bc.lone_card", "{p:player} takes {e:card}", { player = q, card = card }, { rule = "§9.1 T1" })
      end
    end
  end
end

-- Each step runs inside the rule it implements (log.within_rule), so every event it makes,
-- the kernel's included, names its section (teaching).
local within = log.within_rule

---Sets up the match, first part (game.play calls it once): M.first_steps inside the rule
---"§2 Setup (duel)". It draws nothing at random and asks nothing, so game.play records a
---checkpoint after it that every seed shares (match.checkpoint; the bench's later matches start
---there), then M.finish does the rest.
---@param ctx table the game context
function M.run(ctx)
  within("§2 Setup (duel)", M.first_steps, ctx)
end

---Sets up the match, second part (after M.run, or on game.resume from its checkpoint): M.last_steps
---inside the rule "§2 Setup (duel)".
---@param ctx table the game context
function M.finish(ctx)
  within("§2 Setup (duel)", M.last_steps, ctx)
end

---The setup steps before anything random or asked: table and force pool, the line, each seat's
---zones, stats and kit.
---@param ctx table the game context
function M.first_steps(ctx)
  if ctx.players < 2 or ctx.players > 4 then
    error("players: BattleCON is played by 2 seats (a duel) or 3 to 4 (team play, §9); got " .. ctx.players, 0)
  end
  -- Two sides, always (§9: 2 vs 2, 2 vs 1, 3 vs 1): seats all on one team would leave nobody to
  -- fight (three allies "won" a time-out together), and a third team is no game the book gives.
  local teams, sides = {}, 0
  for p = 1, ctx.players do
    local t = match.team(p)
    if not teams[t] then teams[t] = true; sides = sides + 1 end
  end
  if sides ~= 2 then
    error(("players: BattleCON is played by two sides (a duel, or two teams, §9); these seats are on %d team%s")
      :format(sides, sides == 1 and "" or "s"), 0)
  end
  log.say(ctx.players > 2 and "BattleCON team match: setup" or "BattleCON duel: setup", nil, { rule = "§2" })
  within("§2 S5-S6 The active player card and the common force pool", shared, ctx)
  within("§2 S3 Board", board.line, ctx.players > 2 and 9 or ctx.options.spaces)   -- T2: the 9-space side
  for p = 1, ctx.players do within("§2 S1 Choose fighters: the kit's cards", seat, ctx, p) end
end

---The setup steps from the active player on: the figures' spaces (team placement), Master /
---Champion, force, fighter preparation (W1), the special attack's side and the initial discards.
---Each seat's UA and kit are read from the match (its "ua" zone), so these steps need nothing
---M.first_steps kept in Lua.
---@param ctx table the game context
function M.last_steps(ctx)
  local kits, uas = {}, {}
  for p = 1, ctx.players do
    uas[p] = zone.top(zone.find("ua", p))
    local _, _, kit = kit_cards(entity.def(uas[p]))
    kits[p] = kit
  end
  within("§2 S5 Active player", function()
    if ctx.setup.first_active then return S.set_active(ctx.setup.first_active) end
    if ctx.players == 2 then return S.set_active(math.random(1, 2)) end   -- S5: a random player
    within("§9.1 T3 A random team takes the active player card", first_active_team, ctx)
  end)
  within("§2 S3 Board: the figures", function()
    local n = board.space_count()
    for p = 1, ctx.players do   -- a seat's position depends on the board's size: checked here, by field
      local at = ctx.seats[p].setup.position
      if at and at > n then
        error(("players[%d].setup.position: %d is not on the board (spaces 1..%d)"):format(p - 1, at, n), 0)
      end
      for q = 1, p - 1 do
        if at and ctx.seats[q].setup.position == at then
          error(("players[%d].setup.position: space %d is players[%d]'s too"):format(p - 1, at, q - 1), 0)
        end
      end
    end
    for p = 1, ctx.players do
      local s = ctx.seats[p].setup
      if s.position or ctx.players == 2 then board.place(S.figure(p), s.position or (p == 1 and 3 or ctx.options.spaces - 2)) end
    end
  end)
  if ctx.players > 2 then within("§9.1 T3 Team placement", place_teams, ctx) end
  within("§9.9 TE4 Master and Champion (T1)", lone_card, ctx)
  within("§2 S6 Force: 2 to each player", function()
    for p = 1, ctx.players do verbs.gain_force(p, ctx.seats[p].setup.force or 2) end
    if ctx.setup.pool then counter.set(S.pool(), "force", ctx.setup.pool) end
  end)
  within("§2 S8 Fighter preparation", function()
    for p = 1, ctx.players do fire.activate(uas[p]) end
  end)
  fire.fire("fighter_setup", {}, nil)                                  -- S8 (W1)
  within("§2 S8 The special attack's side", special_sides, ctx, kits)
  within("§2 S9 Initial discard", initial_discard, ctx)
end

return M
