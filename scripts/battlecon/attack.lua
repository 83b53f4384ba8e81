-- battlecon.attack: Start, the two attack slots and End (spec §3.8-3.10, AT1-AT5).

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local board_distance, board_position, effect_stat, entity_get = board.distance, board.position, effect.stat, entity.get
local entity_set, log_event = entity.set, log.event

local S = require("battlecon.state")
local stats = require("battlecon.stats")
local fire = require("battlecon.fire")
local verbs = require("battlecon.verbs")
-- Functions of the modules above, read once (a module is a read-only front).
local S_active, S_attack_name, S_figure, S_flag = S.active, S.attack_name, S.figure, S.flag
local S_opponent, S_order, S_pe, S_tracker = S.opponent, S.order, S.pe, S.tracker
local fire_fire, stats_in_range, stats_power, stats_range = fire.fire, stats.in_range, stats.power, stats.range
local stats_range_text = stats.range_text

local M = {}

-- O4-O5 fix "the opponent" for Hit, damage and Damage effects and for effects of being hit
-- or avoiding a hit, no further: After effects work it out again (O1-O2), like any new effect.
local function unfix(atk, def)
  if entity_get(S_tracker(), "opp" .. atk) == def then entity_set(S_tracker(), "opp" .. atk, nil) end
  if entity_get(S_tracker(), "opp" .. def) == atk then entity_set(S_tracker(), "opp" .. def, nil) end
end

-- A defender eliminated during the attack stays the opponent: what is aimed at it does nothing
-- (O4, verbs.lua). An attacker eliminated by it (a defender's "when hit") needs no step of its
-- own: its cards left with it (no power, so no damage) and its handlers are off (EL1).

-- The events this file appends, declared once (log.kind): a call per event, no table.
local log_kind = log.kind
local EV_ATTACK = log_kind("bc.attack", "{p:player} attacks with {name}", { "player", "name" }, { rule = "§3.9 AT4" })
local EV_NO_TARGET = log_kind("bc.miss", "{p:player} has no enemy in range", { "player" }, { rule = "§9.6 TT2" })
local EV_HIT = log_kind("bc.hit", "{p:player} hits (range {range}, distance {d})", { "player", "range", "d", "why" },
  { rule = "§3.9 AT4.2" })
local EV_MISS = log_kind("bc.miss", "{p:player} misses (range {range}, distance {d}{why})",
  { "player", "range", "d", "why" }, { rule = "§3.9 AT4.2" })

-- Steps run inside the rule they implement (log.within_rule): the events they make, the
-- kernel's included, name that section (the windows' own rules: fire.RULES).
local within = log.within_rule

---One attack (AT4). `attack` is the pending-attack object every window's handlers see as
---ctx.attack: attacker, target, hit, avoided, ignore_armor, ignore_defense, origin (a space
---the range is measured from; default the attacker's), dealt.
---choose_target (team play): picks the defender at the range check (TT1), nil = no enemy in
---range; the attacker and the defender are then each other's "opponent" (O4-O5).
function M.attack(atk, choose_target)
  return within("§3.9 AT1-AT2 An attack", M.attack_now, atk, choose_target)
end

---M.attack without its rule context (M.attack runs it inside "§3.9 AT1-AT2 An attack"): Before,
---the range check, Hit, damage, Damage and After. A stunned attacker does not attack.
---@param atk integer the attacking player
---@param choose_target function|nil team play: function(atk, attack) -> the defender, or nil
function M.attack_now(atk, choose_target)
  local def = not choose_target and S_opponent(atk) or nil
  if S_flag(atk, "stunned") then
    log_event("bc.no_attack", "{p:player} is stunned and does not attack", { player = atk }, { rule = "§3.9 AT1" })
    return
  end
  local attack = { attacker = atk, target = def }
  -- The nil fields size the table for the four window.run sets for each handler: added one
  -- by one, they rehash it twice on the first walk (Lua stores no nil: they cost nothing else).
  local ctx = { attack = attack, self = nil, player = nil, window = nil, handler = nil }
  EV_ATTACK(atk, S_attack_name(atk))
  fire_fire("before", ctx, atk)                                        -- 1. Before
  -- An attacker a W14 effect eliminated in its own Before (team play) has left the line: its
  -- attack ends there (EL1).
  if choose_target and S_flag(atk, "eliminated") then return end   -- (a duel ends at an elimination)
  -- 2. Range check: fixed now, whatever moves later (AT4.2).
  if choose_target then
    def = choose_target(atk, attack)                                  -- the origin is known by now (R7)
    if not def then
      EV_NO_TARGET(atk)
      fire_fire("after", ctx, atk)
      return
    end
    attack.target = def
    entity_set(S_tracker(), "opp" .. atk, def)
    entity_set(S_tracker(), "opp" .. def, atk)
  end
  local origin = attack.origin or board_position(S_figure(atk))
  local distance = board_distance(origin, board_position(S_figure(def)))
  local range = stats_range(atk)
  local hit = stats_in_range(range, distance)
  if hit then
    fire_fire("range_check", ctx, def)                                 -- avoid effects (W7)
    if attack.avoided then hit = false end
  end
  attack.hit = hit
  local report = hit and EV_HIT or EV_MISS            -- the same fields either way ("why" empty on a hit)
  report(atk, stats_range_text(range), distance, attack.avoided and ", avoided" or "")
  if hit then
    within("§3.9 AT4 step 2: the attack hits", S.set_flag, def, "was_hit", true)
    fire_fire("hit", ctx, atk)                                         -- 3. Hit
    fire_fire("when_hit", ctx, def)                                    -- E10: after every Hit effect
    local power = stats_power(atk)                                    -- 4. Deal damage
    if power ~= stats.NONE then                                       -- N2: NONE deals no damage
      local pe = S_pe(atk)
      local r = within("§3.9 AT4 step 4: Deal damage (armor, elimination, stun: AT5)", verbs.take_damage, def, power, {
        ignore_armor = attack.ignore_armor or effect_stat(pe, "ignore_armor", 0) > 0,
        ignore_defense = attack.ignore_defense or effect_stat(pe, "ignore_defense", 0) > 0 })
      attack.dealt = r.seen
      if r.seen >= 1 then
        fire_fire("damage", ctx, atk)                                  -- 5. Damage
        fire_fire("when_damaged", { attack = attack, target = def, amount = r.seen, by = atk,   -- E10
          self = nil, player = nil, window = nil, handler = nil }, def)                -- (room: see ctx above)
          end
    end
  end
  if choose_target then unfix(atk, def) end
  fire_fire("after", ctx, atk)                                         -- 6. After, hit or miss
end

---ST1, AT1-AT2 (+ §3.15: the second slot goes to whoever has not attacked), END1.
function M.run()
  fire_fire("start", nil, S_order())
  local first = S_active()
  M.attack(first)
  M.attack(S_opponent(first))
  fire_fire("end_beat", nil, S_order())
end

return M
