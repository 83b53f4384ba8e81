-- Blind: a secret simultaneous choice made from hands the other player cannot see, to test
-- that a search does not read them (search/forks.cpp). TEST FIXTURE.
--
-- Each player's hand is the numbers of their seat setup `hand` (default 1, 5, 9), one card
-- each, dealt face down: its owner sees it, the other player only how many; their deck, the
-- numbers of `deck` (default 2, 3), is face down to both. Which of a player's cards are in
-- hand is what the other cannot know (a search keeps what cards a player has: a deck list is
-- public). Then, by option `before`:
--  "question"   player 1 first says how they greet (a question of their own, answered before
--               the hands are offered: a search re-deals there);
--  "checkpoint" the match records a checkpoint, and game.resume goes on from it (a search's
--               copies start there, re-dealt);
--  "none"       nothing: the hands are offered at once (no point before the question);
--  "shuffle"    player 1 greets, then shuffles their hand into their deck, and the group is
--               another: player 1 bets whether their next card is high (5 and up) or low,
--               player 2 says whether they are ready; player 1 draws, and wins a right bet.
--               Player 1 saw their cards go in, not the order the shuffle gave them;
--  "token"      as "question", and after the greeting a hidden token is made in a box of
--               player 2's that no question offers (a card made after the re-deal point);
--  "late"       player 1 greets before the cards are dealt: the hands offered are cards made
--               after the question (a search cannot re-deal them before the group);
--  "gate"       player 1 greets, and the hands are offered only when player 2 holds both a 5
--               and a 9; else player 1 alone is asked to wait. Whether the group comes tells
--               player 1 something of player 2's hand.
-- Then both players choose a card of their own hand at once, in secret, or pass (a 0); a card
-- below 3 cannot be played, so how many cards a player is offered depends on their hidden
-- hand. The higher card wins, equal ones draw.
local game = {
  name = "Blind (test fixture)",
  windows = {},
  options = {
    { name = "before", default = "question", values = { "question", "checkpoint", "none", "shuffle", "gate", "late", "token" },
      doc = "what comes before the hands are offered (see the file header)" },
    { name = "spin", default = 0, doc = "steps of busy work before the deal: a match whose rules take a while" },
  },
  setup_keys = {},
  seat_keys = { "hand", "deck" },
}

local DEFAULT = { hand = { 1, 5, 9 }, deck = { 2, 3 } }

local function deal(ctx, p)
  for _, place in ipairs { { "hand", "owner" }, { "deck", "hidden" } } do
    local z = zone.create(place[1], p, place[2])
    local numbers = ctx.seats[p].setup[place[1]] or DEFAULT[place[1]]
    for i = 1, #numbers do
      local n = numbers[i]
      entity.create { kind = "card", name = "card " .. n, owner = p, zone = z, props = { value = n } }
    end
  end
end

local function save() return { dealt = true } end

-- The cards of p's hand that may be played (3 and up).
local function playable(p)
  local out = {}
  for _, c in ipairs(zone.items(zone.find("hand", p))) do
    if entity.get(c, "value") >= 3 then out[#out + 1] = c end
  end
  return out
end

-- Both players choose a card of their own hand at once, or pass; the higher one wins.
local function show_hands()
  local reqs, offered = {}, {}
  for p = 1, 2 do
    offered[p] = playable(p)
    reqs[p] = { player = p, id = "card", secret = true, prompt = "your card", options = { "pass" }, entities = offered[p] }
  end
  local picks = decide_all(reqs)
  local function value(p)
    local k = picks[p][1]
    return k == 1 and 0 or entity.get(offered[p][k - 1], "value")
  end
  local a, b = value(1), value(2)
  log.event("blind.shown", "{one} against {two}", { one = a, two = b })
  if a == b then match.finish(nil, "the same") else match.finish(a > b and 1 or 2, "higher") end
end

-- "gate": whether player 2 holds a 5 and a 9.
local function holds_five_and_nine()
  local has = {}
  for _, c in ipairs(zone.items(zone.find("hand", 2))) do has[entity.get(c, "value")] = true end
  return has[5] and has[9]
end

-- "shuffle": player 1 bets on the next card of a deck they saw their hand shuffled into.
local function bet_on_draw()
  local deck = zone.find("deck", 1)
  for _, c in ipairs(zone.items(zone.find("hand", 1))) do zone.move(c, deck) end
  zone.shuffle(deck)
  local picks = decide_all {
    { player = 1, id = "bet", secret = true, prompt = "your next card", options = { "high", "low" } },
    { player = 2, id = "ready", secret = true, prompt = "ready?", options = { "yes", "no" } },
  }
  local value = entity.get(zone.top(deck), "value")
  log.event("blind.drawn", "the next card is {value}", { value = value })
  match.finish((value >= 5) == (picks[1][1] == 1) and 1 or 2, "the bet")
end

function game.play(ctx)
  local busy = 0
  for i = 1, ctx.options.spin do busy = busy + i % 7 end
  if busy < 0 then error("unreachable") end
  local before = ctx.options.before
  if before == "late" then
    decide { player = 1, id = "greet", prompt = "how do you greet?", options = { "bow", "wave" } }
    for p = 1, 2 do deal(ctx, p) end
    return show_hands()
  end
  for p = 1, 2 do deal(ctx, p) end
  if before == "question" or before == "shuffle" or before == "gate" or before == "token" then
    decide { player = 1, id = "greet", prompt = "how do you greet?", options = { "bow", "wave" } }
    if before == "token" then
      entity.create { kind = "token", name = "a token", owner = 2, zone = zone.create("box", 2, "hidden") }
    end
    if before == "shuffle" then return bet_on_draw() end
    if before == "gate" and not holds_five_and_nine() then
      decide { player = 1, id = "wait", prompt = "nothing to play", options = { "wait" } }
      return match.finish(nil, "no hands shown")
    end
  elseif before == "checkpoint" then
    match.checkpoint(save)
  end
  show_hands()
end

function game.resume() show_hands() end

return game
