-- Tag Team ("Двое на двое"): two teams of two fighters, never-shuffled battle decks revealed
-- simultaneously, a Draft phase adding one hidden card a round. Spec: the project's Tag Team rules spec (tagteam.md);
-- rule readings taken: docs/rules-decisions.md, "Tag Team".
--
-- Files: setup.lua (fighters and decks), teams.lua (team forming), turn.lua (spec §10 turn
-- resolution), actions.lua (the card action vocabulary), track.lua (tracks with symbol and
-- STOP cells), draft.lua (the Draft phase), defs.lua (the definitions the rules read, with
-- what they derive from them, compiled once per key). Fighters and their cards: cards/tagteam/*.lua.

local setup = require("tagteam.setup")
local teams = require("tagteam.teams")
local turn = require("tagteam.turn")
local draft = require("tagteam.draft")

local game = {
  name = "Tag Team",
  windows = {},
  options = {
    { name = "teams", default = "standard", values = { "first_game", "standard", "competitive", "free", "random" }, doc = "team forming when the seats name no fighters: first_game, standard, competitive, free, random" },
    { name = "modifier_scope", default = "", values = { "", "self", "team" }, doc = "attack modifiers (Q-06): \"\" = each modifier's own scope (default self), or force self / team" },
    { name = "trigger_waves", default = 8, min = 1, doc = "cap on chained symbol-trigger waves in one turn (Q-04)" },
    { name = "transfer_conflict", default = "own_first", values = { "own_first", "opponent_first" }, doc = "when one step's transfers ask a pool for more than it holds (Q-05): the giver's own team's cards are served first, or the opponent's" },
    { name = "success_bonus", default = "mandatory", values = { "mandatory", "optional" }, doc = "a card's Success bonus (Q-09): always taken (seed L457: every action on a card is mandatory), or the player chooses whether to take it (L574: \"you may\")" },
    { name = "then_health", default = "net", values = { "net", "steps" }, doc = "health movement in a turn with THEN (Q-10): the attacks, direct damage and heals of all the card steps add up into one movement per fighter (seed L536, L582, L626), or each THEN step moves the marker on its own (the spec's reading)" },
    { name = "transfer_pool", default = "turn_start", values = { "turn_start", "live" }, doc = "what a giver may pass of its power (Q-05): its power at the start of the turn less what it passed this turn (seed L554, L625: power gained or lost during the turn does not affect the turn's actions), or its pool as the step's gains and losses left it" },
  },
  setup_keys = {},
  -- What a seat may set, with the values allowed (checked before play: scenario_fields.h).
  seat_keys = {
    { name = "fighters", type = "list", of = "string", doc = "the team: two fighter keys (else team forming, option teams)" },
    { name = "power", type = "list", of = "integer", min = 0, doc = "start power per fighter" },
    { name = "hp", type = "list", of = "integer", min = 0, doc = "start health track cell per fighter" },
    { name = "special", type = "list", of = "integer", min = 0, doc = "start special track cell per fighter" },
    { name = "battle", type = "list", of = "string", doc = "the battle deck, top first (key or key@slot)" },
    { name = "reserve", type = "list", of = "string", doc = "the reserve, top first (no shuffle)" },
  },
  bench_unit = { event = "tagteam.turn", name = "turn" },
  -- A copy of a Tag Team match is cheap (about 0.3 ms on the reference VM, a third of a
  -- BattleCON copy): 160 copies keep a decision near 100 ms and beat 96 (docs/ai.md).
  search = { copies = 160 },
  -- A player's narration (duelbox run without --verbose): who is attacked, healed or takes direct
  -- damage in one THEN step, and which symbol fires, are said by the health, power and
  -- special-track lines they cause (turn.lua).
  narration = { details = { "tagteam.attacked", "tagteam.healed", "tagteam.direct", "tagteam.symbol" } },
  -- What `duelbox lab` pairs and counts (docs/lab.md): a side is a team of two roster
  -- fighters (full keys in the seat's `fighters`); a card is played when it goes to the
  -- played row, held while in the battle deck.
  lab = {
    roster = { prefix = "tagteam/", kind = "fighter", prop = "roster" },
    seat_key = "fighters",
    seat_value = "key",
    picks = 2,
    played = { "played" },
    held = { "battle" },
  },
}

local EV_TURN = log.kind("tagteam.turn", "Turn {turn}", { "turn" })   -- declared once: a call per turn

local function battle_phase(G, round)
  log.event("tagteam.round", "Round {round}: Battle phase ({n} turns)", { round = round, n = zone.count(G.battle[1]) },
    { rule = "§4.1" })
  while true do
    local n1, n2 = zone.count(G.battle[1]), zone.count(G.battle[2])
    if n1 == 0 and n2 == 0 then break end
    if n1 == 0 or n2 == 0 then error("battle decks of unequal size: undefined by the base rules (Q-03)") end
    EV_TURN((G.turn or 0) + 1)
    if turn.resolve(G) then return true end
  end
  -- the played piles go back face down in their order (first played on top): never shuffled
  for p = 1, 2 do
    zone.move_all(G.played[p], G.battle[p], "top")   -- top first, each onto the top: one kernel call
  end
  return false
end

---How well player `p` stands, from 0 (lost) to 1 (won): what a search (docs/ai.md) scores a
---copy of the match with when it cuts the copy short. One fighter KO'd ends the match (§6.3),
---so each team is as safe as its weakest fighter: p's weakest health over both teams'.
---@param p integer
---@return number
function game.evaluate(p)
  local weakest = {}
  for q = 1, match.players() do
    local z = zone.find("fighters", q)
    for _, f in ipairs(z and zone.items(z) or {}) do
      local h = counter.get(f, "hp")
      if h and (not weakest[q] or h < weakest[q]) then weakest[q] = h end
    end
  end
  local mine, theirs = weakest[p] or 0, 0
  for q = 1, match.players() do
    if q ~= p and weakest[q] then theirs = math.max(theirs, weakest[q]) end
  end
  if mine + theirs == 0 then return 0.5 end
  return mine / (mine + theirs)
end

---Once per host, after the cards load: compiles the roster's definitions (tagteam.defs) so
---every match starts with them.
function game.prepare() require("tagteam.defs").prepare() end

function game.play(ctx)
  log.say("Tag Team begins", nil, { rule = "§3" })
  local G = setup.run(ctx, teams.form(ctx))
  local round = 0
  while true do
    round = round + 1
    if battle_phase(G, round) then return end
    if draft.run(G) then return end
    match.end_period("round")
  end
end

return game
