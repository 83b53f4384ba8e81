-- Line Duel: a tiny two-player game that exists to test the kernel and the Lua host.
-- TEST FIXTURE / SAMPLE CONTENT — not from any rulebook.
--
-- Rules (section numbers are what `rule` fields in the log cite):
--  §1 Setup: a line of 7 spaces; each player's figure starts 2 spaces from their end; 10
--     health; a shuffled deck of 7 cards; draw 3.
--  §2 Each round both players secretly choose a card from hand at the same time, then both
--     are revealed.
--  §3 The faster card resolves first (ties: the round's first player). A card's on_reveal
--     effects happen, then if the opponent is within its range it hits: on_hit effects, then
--     damage = power + modifiers - the defender's guard (never below 0).
--  §4 End of round: round_end effects, round effects expire, played cards are discarded,
--     each player draws 1 (an empty deck is refilled from the discard pile, shuffled).
--  §5 A player at 0 health loses. After the last round the healthier player wins (a draw if
--     equal).

local windows = require("core.windows")
local rules = require("duel.rules")

local game = {
  name = "Line Duel (test fixture)",
  windows = { "on_reveal", "on_hit", "round_end" },
  options = {
    { name = "rounds", default = 12, doc = "rounds before the time-out" },
    { name = "line", default = 7, doc = "spaces on the line" },
    { name = "resume_fault", default = "none", values = { "none", "skip", "raise" },
      doc = "TEST: a broken game.resume (skip: forgets the round's last resolutions; raise: fails)" },
  },
  setup_keys = { "note" },
  bench_unit = { event = "say", name = "round" },
  seat_keys = { "position", "health", "deck", "hand" },
}

local DEFAULT_DECK = { "duel/strike", "duel/strike", "duel/lunge", "duel/shot", "duel/guard", "duel/dash",
  "duel/focus" }

local function setup_player(ctx, p)
  local seat = ctx.seats[p].setup
  local me = match.player_entity(p)
  counter.define(me, "health", seat.health or 10, 0, 20)
  local hand = zone.create("hand", p, "owner")
  local deck = zone.create("deck", p, "hidden")
  zone.create("discard", p, "public")
  zone.create("set", p, "owner")
  local figure = entity.create { kind = "figure", name = match.name(p) .. "'s fighter", owner = p,
    zone = zone.find("players") }
  entity.set(me, "figure", figure)
  local start = seat.position or (p == 1 and 2 or ctx.options.line - 1)
  board.place(figure, start)
  for _, key in ipairs(seat.deck or DEFAULT_DECK) do cards.create(key, p, deck) end
  if seat.hand then
    for _, key in ipairs(seat.hand) do cards.create(key, p, hand) end
  else
    zone.shuffle(deck)
    for _ = 1, 3 do rules.draw(p) end
  end
end

-- What a checkpoint saves between two resolutions of a round (match.checkpoint): the round,
-- its first player, the cards played and their resolution order, and the next to resolve.
-- A checkpoint there has the cards resolved so far live (cards.activate), so a copy started
-- from it pins their handlers again (tests/search/resume_test.cpp).
local function save(round, first, played, order, next_play)
  local o = {}
  for i = 1, #order do o[i] = { player = order[i].player, card = order[i].card } end
  return { round = round, first = first, played = { table.unpack(played) }, order = o, next_play = next_play }
end

-- Resolves a round's cards from order[from] on, then ends the round (§3, §4). True when the
-- match ended.
local function resolve_from(ctx, round, first, played, order, from)
  for i = from, #order do
    match.checkpoint(save, round, first, played, order, i)
    rules.resolve(order[i], first)
    if match.finished() then return true end
  end
  windows.dispatch("round_end", {}, first)
  match.end_period("round")
  for p = 1, ctx.players do
    local card = played[p]
    window.off_source(card)
    zone.move(card, zone.find("discard", p))
    rules.draw(p)
  end
  return false
end

local function rounds_from(ctx, start)
  for round = start, ctx.options.rounds do
    local first = (round - 1) % 2 + 1
    log.say("Round {round}", { round = round }, { rule = "§2" })
    local played = rules.choose_cards(ctx.players)
    if resolve_from(ctx, round, first, played, rules.resolution_order(played, first), 1) then return end
  end
  rules.time_out(ctx.players)
end

function game.play(ctx)
  log.say("Line Duel begins", nil, { rule = "§1" })
  board.line(ctx.options.line)
  for p = 1, ctx.players do setup_player(ctx, p) end
  rounds_from(ctx, 1)
end

-- Goes on from a checkpoint of resolve_from.
function game.resume(ctx, data)
  if ctx.options.resume_fault == "raise" then error("this resume is broken on purpose", 0) end
  if ctx.options.resume_fault == "skip" then return rounds_from(ctx, data.round + 1) end
  if resolve_from(ctx, data.round, data.first, data.played, data.order, data.next_play) then return end
  rounds_from(ctx, data.round + 1)
end

return game
