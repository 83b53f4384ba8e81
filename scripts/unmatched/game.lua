-- Unmatched (Battle of Legends, Vol. 1): the rules from the Russian rulebook
-- (the project's rulebook seed 001) as specified in rules/unmatched.md. Readings of open points are
-- in docs/rules-decisions.md ("Unmatched"). Heroes live in cards/unmatched/<hero>/.
--
-- Seats are in turn order: a duel has 2; team play has 4 listed A1, B1, A2, B2 (teams set in
-- the scenario). Seat 1 is the "youngest player": start space 1 and the first turn.

local setup = require("unmatched.setup")
local actions = require("unmatched.actions")
local state = require("unmatched.state")

local game = {
  name = "Unmatched",
  windows = { "placed", "turn_start", "maneuver", "scheme", "immediately", "during_combat", "after_combat" },
  options = {
    { name = "max_turns", default = 400, min = 0, doc = "turns before the match is called a draw (0 = no limit); a safety net for random play" },
    { name = "ability_order", default = "defender_first", values = { "defender_first", "cards_first" }, doc = "hero abilities in IMMEDIATELY and DURING COMBAT: 'defender_first' (the defender's card and ability, then the attacker's; rulebook) or 'cards_first' (both cards, then the abilities, as AFTER COMBAT always is)" },
  },
  -- What a scenario may set, with the values allowed (checked before play: scenario_fields.h).
  setup_keys = {
    { name = "map", type = "string", doc = "the map file under the root (default maps/unmatched_keep.json)" },
  },
  seat_keys = {
    { name = "hero", type = "string", doc = "the hero: a name under unmatched/ (alice, medusa, ...)" },
    { name = "positions", type = "list", of = "string", doc = "start spaces, hero first then sidekicks; \"\" = already defeated" },
    { name = "health", type = "list", of = "integer", min = 0, doc = "start health per fighter, same order (at most each dial's maximum)" },
    { name = "size", type = "string", values = { "big", "small" }, doc = "Alice's starting size" },
    { name = "hand", type = "list", of = "string", doc = "the starting hand (short names, or full keys)" },
    { name = "deck", type = "list", of = "string", doc = "the deck, top first (no shuffle)" },
    { name = "discard", type = "list", of = "string", doc = "the discard pile at the start" },
  },
  bench_unit = { event = "turn", name = "turn" },
  -- What `duelbox run` tells without --verbose (issue #19.1): one line per thing a player would
  -- say at the table. A fighter's step onto a space is told by its "moves"/"placed" line, the end
  -- of an action or a turn by the next one, and exhaustion by the damage it deals.
  narration = { details = { "board.place", "action.done", "turn.end", "exhaustion" } },
  -- What `duelbox lab` pairs and counts (docs/lab.md): heroes are the character cards; a card
  -- is played when it goes into a scheme or a combat, held while in hand.
  lab = {
    roster = { prefix = "unmatched/", kind = "character" },
    seat_key = "hero",
    played = { "scheme", "combat" },
    held = { "hand" },
  },
}

---How well player `p` stands, from 0 (lost) to 1 (won): what a search (docs/ai.md) scores a
---copy of the match with when it cuts the copy short. A hero's defeat ends the match, so the
---heroes' health decides: p's hero's share of the heroes' health left (a defeated hero has 0).
---@param p integer
---@return number
function game.evaluate(p)
  local mine, theirs = 0, 0
  for q = 1, match.players() do
    local h = math.max(state.health(state.hero(q)), 0)
    if match.allies(p, q) then mine = mine + h else theirs = theirs + h end
  end
  if mine + theirs == 0 then return 0.5 end
  return mine / (mine + theirs)
end

-- A checkpoint's value (match.checkpoint): whose turn comes and how many were played. The
-- rest of the match lives in the kernel (unmatched.state).
local function save(seat, turn) return { seat = seat, turn = turn } end

-- The turn loop from `seat`'s turn, `turn` turns played. Each turn starts at a checkpoint, where
-- a search's copy of the match may start instead of replaying the match (docs/ai.md).
local function play_turns(ctx, seat, turn)
  while true do
    match.checkpoint(save, seat, turn)
    if not state.eliminated(seat) then
      if ctx.options.max_turns > 0 and turn >= ctx.options.max_turns then
        match.finish(nil, "turn limit")
        return
      end
      turn = turn + 1
      actions.turn(seat, turn, ctx.options)
    end
    seat = seat % ctx.players + 1
  end
end

-- The value of the checkpoint after setup's first part (game.resume tells it from a turn's).
local function save_setup() return { setup = true } end

function game.play(ctx)
  local order = ctx.options.ability_order
  if order ~= "defender_first" and order ~= "cards_first" then
    error("option ability_order: expected defender_first or cards_first; got " .. tostring(order), 2)
  end
  log.say("Unmatched begins", nil, { rule = "§2 Setup" })
  setup.run(ctx)
  match.checkpoint(save_setup)   -- nothing random or asked before it: every seed's match passes here alike
  setup.finish(ctx)
  play_turns(ctx, 1, 0)
end

---Goes on from a checkpoint of `play` (match.checkpoint): the kernel's state is as it was
---there; `data` is {setup = true} (after setup's first part) or {seat, turn} (a turn's start).
---@param ctx table the game context, as play gets it
---@param data table the saved value
function game.resume(ctx, data)
  if data.setup then
    setup.finish(ctx)
    return play_turns(ctx, 1, 0)
  end
  play_turns(ctx, data.seat, data.turn)
end

return game
