-- Guess: one secret simultaneous choice, to test how a search answers one. TEST FIXTURE.
--
-- Both players choose at once, in secret, then the choices are compared and the match ends.
-- Option `kind`:
--  "rps"    rock, paper, scissors: rock beats scissors, scissors paper, paper rock; the same
--           choice is a draw. No choice is better than another: the only sound answer is a
--           mix of all three, a third each.
--  "higher" one, two or three: the higher number wins, the same is a draw. Three is never
--           worse than another answer: the sound answer is three, always.
--  "twins"  "higher" with two options both labelled "one" and a "two": two copies of one card
--           are one answer to a search (one row in its table).
local NAMES = {
  rps = { "rock", "paper", "scissors" },
  higher = { "one", "two", "three" },
  twins = { "one", "one", "two" },
}
local VALUE = { higher = { 1, 2, 3 }, twins = { 1, 1, 2 } }

-- rps: a beats b when a is the one after b, cyclically (paper after rock...).
local function beats(kind, a, b)
  if VALUE[kind] then return VALUE[kind][a] > VALUE[kind][b] end
  return a == b % 3 + 1
end

return {
  name = "Guess (test fixture)",
  windows = {},
  options = {
    { name = "kind", default = "rps", values = { "rps", "higher", "twins" }, doc = "rps, higher or twins (see the file header)" },
  },
  setup_keys = {},
  seat_keys = {},
  bench_unit = { event = "guess.shown", name = "guess" },
  search = { copies = 24 },   -- the plain `mcts` agent's budget here (game_search_test.cpp)
  play = function(ctx)
    local kind = ctx.options.kind
    local reqs = {}
    for p = 1, 2 do
      reqs[p] = { player = p, id = "guess", secret = true, prompt = "your choice", options = NAMES[kind] }
    end
    local picks = decide_all(reqs)
    local a, b = picks[1][1], picks[2][1]
    log.event("guess.shown", "{one} against {two}", { one = NAMES[kind][a], two = NAMES[kind][b] })
    if a == b or (VALUE[kind] and VALUE[kind][a] == VALUE[kind][b]) then match.finish(nil, "the same")
    else match.finish(beats(kind, a, b) and 1 or 2, "beats") end
  end,
}
