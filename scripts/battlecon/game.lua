-- BattleCON (4th edition, rules v4.2): the game table. Spec: the project's BattleCON rules spec (battlecon.md).
--
-- Files: state (where state lives), stats (§4 pair arithmetic), fire (§5 windows), verbs
-- (§7-8 glossary and movement), kit (§6 components), status (§6.6), setup (§2), set (§3.2-3.3 Set
-- and Advantage), reveal (§3.4-3.7),
-- attack (§3.8-3.10), recycle (§3.11-3.13), beat (the phase order), team and team_beat (§9),
-- drill (tests and teaching).

local fire = require("battlecon.fire")
local setup = require("battlecon.setup")
local beat = require("battlecon.beat")
local drill = require("battlecon.drill")
local S = require("battlecon.state")
local stats = require("battlecon.stats")

local game = {
  name = "BattleCON",
  windows = fire.WINDOWS,
  -- A player's narration (duelbox run without --verbose): the end of Recycle is bookkeeping;
  -- each player's force and cards already had their own lines.
  narration = { details = { "bc.recycle" } },
  options = {
    { name = "pool", default = 45, min = 0, doc = "the common force pool (45 for a duel)" },
    { name = "spaces", default = 7, min = 3, max = 99, doc = "spaces on the line (7 for a duel)" },
    { name = "set3", default = "literal", values = { "literal", "cards" },
      doc = "SET3 recycle: 'literal' (steps 1-4) or 'cards' (steps 1-2)" },
    { name = "sp5", default = "hand", values = { "hand", "cycle" },
      doc = "the base played with Maneuver's special attack: 'hand' or 'cycle'" },
    { name = "sp8_both", default = "runout", values = { "runout", "active_stays" },
      doc = "a clash where both players attack with a special attack (SP8): 'runout' = nobody can add a base, a run-out (CL5); 'active_stays' = the active player stays, as with two ▲ (TB3)" },
    { name = "runout_recycle_effects", default = false, doc = "apply Recycle effects after a clash run-out (CL5)" },
    { name = "adv4_pair", default = "hidden", values = { "hidden", "known" },
      doc = "ADV4 for support tokens: 'hidden' = the face-down pair is not consulted (a clash or Maneuver may still change it); 'known' = a token on a NONE or fixed stat, or Fortify under the pair's stability, is not offered" },
    { name = "for_opponent_once", default = "team", values = { "team", "one_time" }, doc = "team play (§9.3 O8): 'team' = the other team may use each [For opponent] advantage once per beat; 'one_time' = only those marked one-time are limited" },
    { name = "team_opponent", default = "space", values = { "space", "move" }, doc = "team play (§9.3 O2): 'space' = 'the opponent' is worked out again every time a fighter moves onto a new space (moved past, 'when the opponent moves'); 'move' = once, when a move starts" },
    { name = "team_nearest", default = "attacker", values = { "attacker", "origin" }, doc = "team targeting (§9.6 TT1): 'nearest' seen from the attacker ('attacker') or from the range origin an effect named ('origin')" },
    { name = "team_timeout", default = "fighter", values = { "fighter", "total" }, doc = "team time-out (§9.9 TE5): 'fighter' = the team of the living fighter with the most health wins (rulebook L551); 'total' = the team with more health added up (the spec's sample reading); a tie goes to the reactive team either way" },
  },
  -- What a scenario may set, with the values allowed (checked before play: scenario_fields.h).
  setup_keys = {
    { name = "first_active", type = "integer", min = 1, max = 4, doc = "the player who takes the active player card (else a coin toss, S5)" },
    { name = "pool", type = "integer", min = 0, doc = "force in the common pool after setup (tests)" },
    { name = "beats", type = "integer", min = 1, doc = "stop after this many beats, no winner (walkthroughs)" },
    { name = "drill", type = "any", doc = "a rules drill instead of a match (tests and teaching; battlecon.drill)" },
  },
  seat_keys = {
    { name = "fighter", type = "string", doc = "the fighter: a name under battlecon/fighter/ or a full key" },
    { name = "position", type = "integer", min = 1, max = 99, doc = "the starting space (S3: 3 and spaces-2 in a duel)" },
    { name = "health", type = "integer", min = 1, doc = "start health, at most the fighter's own (20 for the samples)" },
    { name = "force", type = "integer", min = 0, doc = "force at the start (S6: 2)" },
    { name = "hand", type = "list", of = "string", doc = "a test hand: these cards, everything else of the kit to the box" },
    { name = "discard1", type = "list", of = "string", doc = "cards in discard pile 1 at the start" },
    { name = "discard2", type = "list", of = "string", doc = "cards in discard pile 2 at the start" },
    { name = "special", type = "integer", min = 1, max = 2, doc = "which side of the special attack card is used (S8)" },
  },
  bench_unit = { event = "bc.beat", name = "beat" },
  -- What `duelbox lab` pairs and counts (docs/lab.md): fighters are the UA definitions under
  -- battlecon/fighter/; a card is played when it is set into the pair, held while in hand.
  lab = {
    roster = { prefix = "battlecon/fighter/", kind = "ua" },
    seat_key = "fighter",
    played = { "pair" },
    held = { "hand" },
  },
  -- The rule context of the players' entities, made before play starts (teaching: every
  -- event names the section it implements; play's steps use log.within_rule).
  setup_rule = "§2 S1 Choose fighters",
  -- `duelbox check`: a fighter's kit must be able to play (battlecon.setup.check_card).
  check_card = setup.check_card,
}

---How well player `p` stands, from 0 (lost) to 1 (won): what a search (docs/ai.md) scores a
---copy of the match with when it cuts the copy short. The share of the health left on p's side
---(a knockout or a time-out is decided by health, §3.13). A few kernel calls per player.
---@param p integer
---@return number
function game.evaluate(p)
  local mine, theirs = 0, 0
  for q = 1, match.players() do
    local h = S.health(q)
    if h > 0 then
      if match.allies(p, q) then mine = mine + h else theirs = theirs + h end
    end
  end
  if mine + theirs == 0 then return 0.5 end
  return mine / (mine + theirs)
end

-- The value of the checkpoint after setup's first part (game.resume tells it from a beat's).
local function save_setup() return { setup = true } end

-- Everything after setup's first part: the rest of setup, the rule options, then the beats
-- (or a drill).
local function after_first_setup(ctx)
  setup.finish(ctx)
  log.within_rule("§3.7 SP5 (rule option sp5)", entity.set, S.tracker(), "sp5", ctx.options.sp5)
  if ctx.options.adv4_pair ~= "hidden" then   -- (the default needs no line in every log)
    log.within_rule("§3.3 ADV4 (rule option adv4_pair)", entity.set, S.tracker(), "adv4_pair", ctx.options.adv4_pair)
  end
  if ctx.players > 2 then
    log.within_rule("§9.6 TT1 (rule option team_nearest)", entity.set, S.tracker(), "team_nearest", ctx.options.team_nearest)
    log.within_rule("§9.3 O8 (rule option for_opponent_once)", entity.set, S.tracker(), "for_opponent_once",
      ctx.options.for_opponent_once)
    log.within_rule("§9.3 O2 (rule option team_opponent)", entity.set, S.tracker(), "team_opponent",
      ctx.options.team_opponent)
    log.within_rule("§9.9 TE5 (rule option team_timeout)", entity.set, S.tracker(), "team_timeout",
      ctx.options.team_timeout)
  end
  if ctx.setup.drill then
    drill.run(ctx, ctx.setup.drill)
    if not match.finished() then match.finish(nil, "drill") end
    return
  end
  beat.loop(ctx)
end

function game.play(ctx)
  ctx.players = match.players()
  setup.run(ctx)
  match.checkpoint(save_setup)   -- nothing random or asked before it: every seed's match passes here alike
  after_first_setup(ctx)
end

---Goes on from a checkpoint of `play`: the one after setup's first part (`data` is {setup = true})
---or one at the top of a beat (match.checkpoint; `data` is {played = beats played}). The kernel's
---state is as it was there. Finds the players' derived stats again, then plays on.
---@param ctx table the game context, as play gets it
---@param data table the saved value
function game.resume(ctx, data)
  ctx.players = match.players()
  for p = 1, ctx.players do stats.restore(p) end
  if data.setup then return after_first_setup(ctx) end
  beat.loop(ctx, data.played)
end

return game
