-- battlecon.reveal: Reveal (spec §3.4), speeds and ▲ (§3.6), clashes (§3.5).

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local ipairs, tostring = ipairs, tostring
local flag_is, flag_set, log_event = flag.is, flag.set, log.event
local zone_find, zone_items, zone_move = zone.find, zone.items, zone.move
local zone_choose_all, zone_count, zone_reveal = zone.choose_all, zone.count, zone.reveal

local S = require("battlecon.state")
local stats = require("battlecon.stats")
local fire = require("battlecon.fire")
local set = require("battlecon.set")
-- Functions of the modules above, read once (a module is a read-only front).
local S_active, S_attack_special, S_attack_name, S_opponent = S.active, S.attack_special, S.attack_name, S.opponent
local S_order, S_set_active, S_tracker, fire_activate = S.order, S.set_active, S.tracker, fire.activate
local kept_zone = S.kept_zone
local PAIR = {}   -- each player's pair zone, found once per match (S.kept_zone)
local fire_deactivate, fire_fire, set_of_kind, stats_defense = fire.deactivate, fire.fire, set.of_kind, stats.defense
local stats_power, stats_range, stats_range_text, stats_speed = stats.power, stats.range, stats.range_text, stats.speed
local stats_stable, stats_tiebreak = stats.stable, stats.tiebreak

local M = {}

-- The events this file appends, declared once (log.kind): a call per event, no table.
local log_kind = log.kind
local EV_PAIR = log_kind("bc.pair", "{p:player} reveals {name}: range {range}, power {power}, speed {speed}, {defense}",
  { "player", "name", "range", "power", "speed", "defense" }, { rule = "§4" })
local EV_REVEAL = log_kind("bc.reveal", "both pairs are revealed", {}, { rule = "§3.4 REV1" })
local EV_SPEED = log_kind("bc.speed", "{p:player} is active (speed {a} against {b})", { "player", "a", "b" },
  { rule = "§3.4 REV3" })
local EV_SPEED_TIE = log_kind("bc.speed", "{p:player} is active (speed {a} against {b}: the ▲ breaks the tie)",
  { "player", "a", "b" }, { rule = "§3.6 TB2-TB3" })
local EV_SPEED_CLASH = log_kind("bc.speed", "{p:player} is active after the clash (speed {a} against {b})",
  { "player", "a", "b" }, { rule = "§3.5 CL4" })

-- Says who became active and why: the speeds, and the ▲ when they were equal.
local function report_speed(winner, after_clash)
  local a, b = stats_speed(winner), stats_speed(S_opponent(winner))
  local report = a == b and EV_SPEED_TIE or after_clash and EV_SPEED_CLASH or EV_SPEED
  report(winner, a, b)
end

-- Steps run inside the rule they implement (log.within_rule), so the kernel's events they
-- make (reveals, moves, props) name it too.
local within = log.within_rule

local function flip(p, list)
  for i = 1, #list do
    local e = list[i]
    zone_reveal(e, "all")
    fire_activate(e)
  end
end

-- The texts a pair's power and defense are logged with, by value, made once a match (a number
-- made text costs about a thousand instructions; the host empties these before each match).
local POWER_TEXT, DEFENSE_TEXT = {}, {}

local function log_pair(p)
  local r = stats_range(p)
  local power = stats_power(p)
  local power_text = POWER_TEXT[power]
  if not power_text then power_text = tostring(power); POWER_TEXT[power] = power_text end
  local defense_text = "stability"
  if not stats_stable(p) then
    local d = stats_defense(p)
    defense_text = DEFENSE_TEXT[d]
    if not defense_text then defense_text = "defense " .. d; DEFENSE_TEXT[d] = defense_text end
  end
  EV_PAIR(p, S_attack_name(p), stats_range_text(r), power_text, stats_speed(p), defense_text)
end

---REV3 + TB2: returns the new active player, or nil for a clash.
function M.compare()
  local a = S_active()
  local b = S_opponent(a)
  local sa, sb = stats_speed(a), stats_speed(b)
  local ta, tb = stats_tiebreak(a), stats_tiebreak(b)
  local caused = flag_is(S_tracker(), "cause_clash")
  if ta or tb then                                                   -- TB3: no clash at all
    if sa ~= sb then return sa > sb and a or b end
    if ta and tb then return a end
    return ta and a or b
  end
  if caused then return nil end                                      -- REV4
  if sa == sb then return nil end
  return sa > sb and a or b
end

---CL4/CL5: every base in the pair but the top one goes back to hand.
function M.keep_top_base(ctx)
  for p = 1, ctx.players do
    local top = nil
    for _, e in ipairs(set_of_kind(zone_find("pair", p), "base")) do
      if not top then top = e
      else fire_deactivate(e); zone_move(e, zone_find("hand", p)) end
    end
  end
end

-- CL2-CL5. Returns true when play goes on to Start, false when the clash ran out (CL5).
local function clash_now(ctx)
  if ctx.options.sp8_both == "active_stays" and S_attack_special(1) and S_attack_special(2) then
    -- SP8 [GAP], option sp8_both: nobody could add a base, so the tie stands as with two ▲ (TB3).
    flag_set(S_tracker(), "cause_clash", nil)
    log_event("bc.clash_specials", "both attack with a special attack: no clash, {p:player} stays the active player",
      { player = S_active() }, { rule = "§3.7 SP8 (rule option sp8_both)" })
    return true
  end
  while true do
    log_event("bc.clash", "a clash: each player sets a new base", { a = stats_speed(1), b = stats_speed(2) },
      { rule = "§3.5" })
    flag_set(S_tracker(), "cause_clash", nil)
    local requests, who = {}, {}
    local runout = false
    for p = 1, ctx.players do
      local special = S_attack_special(p)
      if not special then                                            -- SP8 [SAMPLE]: a special places nothing
        local hand = zone_find("hand", p)
        if zone_count(hand, "base") == 0 then runout = true end
        requests[#requests + 1] = { player = p, id = "clash.base", prompt = "clash: place a new base face down",
          zone = hand, kind = "base", secret = true }
        who[#who + 1] = p
      end
    end
    if runout or #who == 0 then
      -- CL5: nobody places more; all but the last base go back to hand; straight to Recycle.
      -- With a special attack on both sides (SP8) nobody can place one at all (#who == 0).
      within("§3.5 CL5 Running out of bases", M.keep_top_base, ctx)
      if runout then
        log_event("bc.clash_runout", "a player has no base left: no attacks this beat", {}, { rule = "§3.5 CL5" })
      else
        log_event("bc.clash_runout", "both attack with a special attack and neither can place a base: no attacks this beat",
          {}, { rule = "§3.7 SP8, §3.5 CL5" })
      end
      return false
    end
    local picked = within("§3.5 CL2 Adding bases", zone_choose_all, requests)
    local new = {}
    for i, p in ipairs(who) do
      local e = picked[i]
      for _, old in ipairs(set_of_kind(zone_find("pair", p), "base")) do fire_deactivate(old) end   -- CL3
      zone_move(e, zone_find("pair", p), "top")
      new[#new + 1] = e
    end
    within("§3.5 CL3 Re-reveal", function()
      for i, p in ipairs(who) do flip(p, { new[i] }) end
      for _, p in ipairs(S_order()) do log_pair(p) end
    end)
    fire_fire("reveal", nil, nil, { only = new, rule = "§3.5 CL3 Re-reveal: the new bases' Reveal effects (W4c)" })
    local winner = M.compare()
    if winner then
      within("§3.5 CL4 Compare speeds again", function()
        M.keep_top_base(ctx)                                         -- CL4
        S_set_active(winner)
        report_speed(winner, true)                                   -- as after REV3: who won, and why
      end)
      return true
    end
  end
end

local function clash(ctx) return within("§3.5 CL1-CL4 Clash", clash_now, ctx) end

---Returns true when the beat goes on to Start, false after a clash run-out.
function M.run(ctx)
  for p = 1, ctx.players do flip(p, zone_items(PAIR[p] or kept_zone(PAIR, "pair", p))) end
  EV_REVEAL()
  fire_fire("reveal", nil, S_order())                                 -- REV2: active (holder) first
  local order = S_order()
  for i = 1, #order do log_pair(order[i]) end
  local winner = M.compare()
  if not winner then return clash(ctx) end
  within("§3.4 REV3 Speeds: the higher speed becomes active (▲: §3.6 TB2)", S.set_active, winner)
  report_speed(winner, false)
  return true
end

return M
