-- battlecon.beat: one beat, phase by phase (spec §3.0), and its clean-up.

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local counter_set, entity_get, entity_set = counter.set, entity.get, entity.set
local match_end_period, match_finish = match.end_period, match.finish

local S = require("battlecon.state")
local set = require("battlecon.set")
local reveal = require("battlecon.reveal")
local attack = require("battlecon.attack")
local recycle = require("battlecon.recycle")
local status = require("battlecon.status")
local team_beat = require("battlecon.team_beat")
local fire = require("battlecon.fire")
-- Functions of the modules above, read once (a module is a read-only front).
local S_order, S_pe, S_team_mode, S_tracker = S.order, S.pe, S.team_mode, S.tracker
local attack_run, fire_fire, recycle_run, status_tick = attack.run, fire.fire, recycle.run, status.tick

local M = {}

-- The events this file appends, declared once (log.kind): a call per event, no table.
local log_kind = log.kind
local EV_BEAT = log_kind("bc.beat", "beat {n}", { "n", "final" }, { rule = "§3" })
local EV_FINAL_BEAT = log_kind("bc.beat", "final beat {n}", { "n", "final" }, { rule = "§3" })

-- Each step runs inside the rule it implements (log.within_rule): every event it makes, the
-- kernel's bookkeeping included, names that section of the spec (teaching).
local within = log.within_rule

---Things that last one beat end here (E11 "When" counts reset by match.end_period; stun
---until the end of the beat, AT5 [INF]; armor from no-condition effects, §8 [INF]). The
---beat's flags (S.BEAT_FLAGS, used advantages, a caused clash) end with the period too.
function M.clean_up(ctx)
  within("§3.14 Next beat: what lasted one beat ends (E11, AT5)", M.clean_up_now, ctx)
end

---M.clean_up without its rule context: ends the "beat" period, counts down every player's
---statuses, resets the armor counters and forgets the beat's turn order (the damage taken this
---beat is a beat flag: ending the period clears it).
---@param ctx table the game context (ctx.players)
function M.clean_up_now(ctx)
  match_end_period("beat")
  for p = 1, ctx.players do
    status_tick(p)
    counter_set(S_pe(p), "armor", 0)
  end
  entity_set(S_tracker(), "order", nil)
end

---Plays one beat; returns when it is over (or the match is).
function M.run(ctx)
  within("§3.0 The beat", M.phases, ctx)
end

---M.run without its rule context: counts the beat, then Set, Advantage, Reveal, Start, the attacks
---and End (skipped after a clash run-out), Recycle and the clean-up; team play goes on in M.run_team.
---@param ctx table the game context (ctx.players, ctx.options)
function M.phases(ctx)
  local n = entity_get(S_tracker(), "beat") + 1
  entity_set(S_tracker(), "beat", n)
  local final = entity_get(S_tracker(), "final") == true
  local report = final and EV_FINAL_BEAT or EV_BEAT
  report(n, final)
  within("§3.2 SET1 Set", set.set_phase, ctx, recycle)
  if S_team_mode() then return M.run_team(ctx) end
  within("§3.3 ADV1-ADV2 Advantage", set.advantage_phase, ctx)
  local go_on = within("§3.4 REV1 Reveal", reveal.run, ctx)
  if go_on then
    attack_run()
    recycle_run(ctx, true)
  else
    recycle_run(ctx, ctx.options.runout_recycle_effects)
  end
  M.clean_up(ctx)
end

---The rest of a team beat (§9): no clashes, attacks in speed order.
function M.run_team(ctx)
  within("§9.4 Advantage phase (team play)", team_beat.advantage)
  within("§9.5 TS1 Reveal, speed and turn order", team_beat.reveal)
  fire_fire("start", nil, S_order())
  within("§9.6 TT1 The attacks (team play)", team_beat.attacks, attack)
  fire_fire("end_beat", nil, S_order())
  recycle_run(ctx, true)
  M.clean_up(ctx)
end

-- A checkpoint's value (match.checkpoint): how many beats were played. Everything else the
-- rules keep lives in the kernel (battlecon.state), which the checkpoint restores.
local function save(played) return { played = played } end

---Beats until a knockout or the end of the final beat (TO2-TO3), `played` beats played (0 from
---setup; a checkpoint's count on game.resume). Each beat starts at a checkpoint, where a search's
---copy of the match may start instead of replaying it from setup (docs/ai.md, "Checkpoints").
---@param ctx table the game context
---@param played integer|nil beats already played
function M.loop(ctx, played)
  local limit = ctx.setup.beats or 1000
  for i = (played or 0) + 1, limit do
    match.checkpoint(save, i - 1)
    local was_final = entity_get(S_tracker(), "final") == true
    M.run(ctx)
    if was_final then
      if S_team_mode() then return within("§9.9 TE5 Time-out in team play", team_beat.time_out_winner) end
      return within("§3.13 TO3 No knockout after the final beat", recycle.time_out_winner)
    end
    if entity_get(S_tracker(), "time_out") and not was_final then
      within("§3.13 TO2 Final beat", entity_set, S_tracker(), "final", true)
    end
  end
  -- setup.beats (walkthroughs, tests) stops the match early: no winner.
  within("§3.14 Next beat: the scenario's beat limit stops here", match_finish, nil, "beat limit")
end

return M
