-- battlecon.recycle: Recycle (spec §3.11), force income and cap, time-out (§3.13).

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local ipairs = ipairs
local counter_add, counter_get, log_event = counter.add, counter.get, log.event
local match_finish, match_players, match_team, zone_find = match.finish, match.players, match.team, zone.find
local zone_items, zone_move = zone.items, zone.move

local S = require("battlecon.state")
local fire = require("battlecon.fire")
local verbs = require("battlecon.verbs")
-- Functions of the modules above, read once (a module is a read-only front).
local S_attack_special, S_box, S_flag, S_force = S.attack_special, S.box, S.flag, S.force
local S_force_box, S_health, S_order, S_pe, S_pool = S.force_box, S.health, S.order, S.pe, S.pool
local S_reactive, S_team_mode, fire_deactivate, fire_fire = S.reactive, S.team_mode, fire.deactivate, fire.fire
local verbs_gain_force, kept_zone = verbs.gain_force, S.kept_zone
-- Each player's zones recycling moves cards between, found once per match (S.kept_zone).
local HAND, DISCARD1, DISCARD2 = {}, {}, {}

local M = {}

-- The events this file appends, declared once (log.kind): a call per event, no table.
local log_kind = log.kind
local EV_RECYCLE = log_kind("bc.recycle", "recycle done: pool {pool}", { "pool" }, { rule = "§3.11" })

local within = log.within_rule   -- steps run inside the rule they implement (teaching)
local zone_move_all = zone.move_all
local ASIDE_ZONES = { "pair", "aside" }   -- what step 3 empties, in this order
local ASIDE_KEPT = { {}, {} }             -- their ids by player (S.kept_zone), as HAND below

-- What recycling moves between the discard piles and the hand: the attack pair's cards.
local PAIR_KINDS = { "style", "base" }

---Steps 1-3: discard 2 -> hand, discard 1 -> discard 2, the pair (+ set-aside cards) -> discard 1.
function M.cards(p)
  within("§3.11 Recycle step 1: discard 2 to hand", zone_move_all, DISCARD2[p] or kept_zone(DISCARD2, "discard2", p),
    HAND[p] or kept_zone(HAND, "hand", p),
    "top", PAIR_KINDS)
  within("§3.11 Recycle step 2: discard 1 to discard 2", zone_move_all, DISCARD1[p] or kept_zone(DISCARD1, "discard1", p),
    DISCARD2[p] or kept_zone(DISCARD2, "discard2", p), "bottom", PAIR_KINDS)
  within("§3.11 Recycle step 3: the attack pair to discard 1", M.pair_to_discard, p)
end

local ITEMS = {}   -- zone.items' list for M.pair_to_discard, refilled for each zone

---Step 3 without its rule context: the pair's cards, then the set-aside ones, switched off and
---put under discard 1.
---@param p integer
function M.pair_to_discard(p)
  local discard1 = DISCARD1[p] or kept_zone(DISCARD1, "discard1", p)
  for k = 1, #ASIDE_ZONES do
    local kept = ASIDE_KEPT[k]
    local z = kept[p] or kept_zone(kept, ASIDE_ZONES[k], p)
    local items = zone_items(z, nil, nil, ITEMS)
    for i = 1, #items do fire_deactivate(items[i]) end
    zone_move_all(z, discard1, "bottom")
  end
end

---Step 4: +1 force, +1 more at 7 health or less; more than 10 -> the excess to the box.
function M.force(p, cap)
  return within("§3.11 Recycle step 4: force (+1, +1 more at 7 health or less, cap 10)", M.force_now, p, cap)
end

---M.force without its rule context: p gains 1 force (2 at 7 health or less); whatever p holds
---above `cap` (default 10) goes to the box.
---@param p integer
---@param cap integer|nil
function M.force_now(p, cap)
  local n = (S_health(p) <= 7) and 2 or 1
  verbs_gain_force(p, n)
  -- Team play (an empty hand's recycle, SET3): the force goes to the team pool, which
  -- verbs.gain_force caps at 20 (TF3); the duel's cap of 10 is not a team rule.
  if S_team_mode() then return end
  cap = cap or 10
  local over = S_force(p) - cap
  if over > 0 then
    counter_add(S_pe(p), "force", -over)
    counter_add(S_force_box(), "force", over)
    log_event("bc.force_cap", "{p:player} holds more than {cap} force: {n} to the box",
      { player = p, cap = cap, n = over }, { rule = "§3.11 step 4" })
  end
end

---RC0 then steps 1-4 for each player (active first). with_effects = false after a clash
---run-out (CL5 [AMBIG], option runout_recycle_effects).
function M.run(ctx, with_effects)
  within("§3.11 Recycle", M.run_now, ctx, with_effects)
end

-- SP5: the special attack is removed from the game. By default steps 1-3 are skipped (the base
-- went back to hand at the swap; what was set aside goes to discard 1). With option sp5 =
-- "cycle" the player cycles normally, the base (set aside at the swap) going to discard 1 alone.
local function after_special(ctx, p, special)
  fire_deactivate(special)
  zone_move(special, S_box())
  if ctx.options.sp5 == "cycle" then return M.cards(p) end
  for _, e in ipairs(zone_items(zone_find("pair", p))) do
    fire_deactivate(e)
    zone_move(e, zone_find("hand", p))
  end
  for _, e in ipairs(zone_items(zone_find("aside", p))) do zone_move(e, zone_find("discard1", p)) end
end

---M.run without its rule context: Recycle effects (only when `with_effects`), steps 1-3 for each
---player still in (SP5 instead after a special attack), then step 4, or the team income in team play.
function M.run_now(ctx, with_effects)
  if with_effects then fire_fire("recycle", nil, S_order()) end
  local order = S_order()
  for k = 1, #order do
    local p = order[k]
    if S_flag(p, "eliminated") then goto continue end
    local special = S_attack_special(p)
    if special then
      within("§3.7 SP5 Recycle after a special attack", after_special, ctx, p, special)
    else
      M.cards(p)
    end
    ::continue::
  end
  if S_team_mode() then                                                -- §9.7 TF1-TF2
    within("§9.7 TF1-TF2 Team force income", M.team_income)
  else
    local now = S_order()
    for k = 1, #now do M.force(now[k]) end
  end
  EV_RECYCLE(counter_get(S_pool(), "force"))
end

---TF1-TF3: each team's pool gains its income once (1 per fighter, 2 at 7 health or less, a
---Revenge card's amount for an eliminated one), capped at 20 with the excess to the box.
function M.team_income()
  local team = require("battlecon.team")
  local done = {}
  for p = 1, match_players() do
    local t = match_team(p)
    -- Told under a fighter still in (the pool is the team's: an eliminated first seat "gained" it).
    if not done[t] and not S.flag(p, "eliminated") then
      done[t] = true
      verbs_gain_force(p, team.income_amount(t))
    end
  end
end

---TO3: more health wins; equal health: the player reactive in the final beat wins.
function M.time_out_winner()
  local h1, h2 = S_health(1), S_health(2)
  local w
  if h1 ~= h2 then w = h1 > h2 and 1 or 2 else w = S_reactive() end
  log_event("bc.time_out_win", "time-out: {p:player} wins ({h1} against {h2} health)",
    { player = w, h1 = h1, h2 = h2 }, { rule = "§3.13 TO3" })
  match_finish(w, "time-out")
end

return M
