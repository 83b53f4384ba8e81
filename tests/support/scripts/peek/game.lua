-- Peek: a card everyone saw go into a hand, then a card of that hand put face down in secret,
-- to test that a search does not learn which one its owner chose (kernel/knowledge.cpp).
-- TEST FIXTURE.
--
-- Player 2's hand holds cards 1, 2 and 3, dealt face down (player 1 sees only how many), and a
-- 9 that lay face up on the table before player 2 took it into the hand. Player 2 puts one
-- card of the hand face down, choosing in secret; player 1 then bets whether it is high (5 and
-- up) or low, and wins a right bet. Player 1 knows the 9 is in player 2's hand, not where it
-- went next: a search for player 1 must bet the same whichever card player 2 chose.
local game = { name = "Peek (test fixture)", windows = {}, options = {}, setup_keys = {}, seat_keys = {} }

function game.play(ctx)
  local tbl = zone.create("table", nil, "public")
  local hand = zone.create("hand", 2, "owner")
  local down = zone.create("facedown", 2, "owner")
  for n = 1, 3 do
    entity.create { kind = "card", name = "card " .. n, owner = 2, zone = hand, props = { value = n } }
  end
  local nine = entity.create { kind = "card", name = "card 9", owner = 2, zone = tbl, props = { value = 9 } }
  zone.move(nine, hand)
  local cards = zone.items(hand)
  local k = decide { player = 2, id = "hide", secret = true, prompt = "put a card face down", entities = cards, single = true }
  zone.move(cards[k], down)
  local bet = decide { player = 1, id = "bet", prompt = "is the face-down card high?", options = { "high", "low" }, single = true }
  local v = entity.get(zone.top(down), "value")
  log.event("peek.shown", "the face-down card is {v}", { v = v })
  match.finish(((v >= 5) == (bet == 1)) and 1 or 2, "the bet")
end

return game
