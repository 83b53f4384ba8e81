-- Peek: cards a player saw placed, then a secret choice of the other player's that moves some
-- card, then a bet on what lies where: tests that a search learns nothing of the secret choice
-- from what the player once knew (kernel/knowledge.cpp, resample_hidden.cpp). TEST FIXTURE.
--
-- Player 2 owns every card but in mode "owners". A 9 lies face up on the table; cards 1, 2 and 3 are dealt face down
-- (player 1 sees only how many). Option `mode`:
--  "hand"    1-3 in player 2's hand; the 9 goes into the hand in view. Player 2 puts a card of
--            the hand face down (secret); player 1 bets whether the face-down card is high
--            (5 and up) or low.
--  "group"   as "hand", but player 1's bet is asked together with player 2's "ready?".
--  "drawpos" 1-3 in player 2's deck; the 9 goes on top of it in view. Player 2 draws the top
--            or the bottom card (secret); player 1 bets on the drawn card.
--  "scry"    as "drawpos", but player 2 sends the first or the second card to the bottom
--            (secret); player 1 bets on the deck's top card.
--  "insert"  as "drawpos", with a 4 in player 2's hand: player 2 puts it on the top or the
--            bottom of the deck (secret); player 1 bets on the deck's top card.
--  "defer"   1-3 in player 2's deck; player 2 first says whether they will draw from the top
--            or the bottom (secret); the 9 then goes on top of the deck in view, and player 2
--            draws from where they said; then player 1 bets on the drawn card while player 2
--            chooses a card of the hand (asked together: the group offers the hand).
--  "dscry"   as "scry", but player 2 says which card will go to the bottom before the 9 goes
--            on the deck (the 9 in view then), and player 1's bet is asked with player 2's
--            "ready?".
--  "make"    1 and 2 in player 2's deck, the 9 on top of it in view; player 2 says whether a
--            new card 3 is made on the top or the bottom of the deck (secret); player 1 bets
--            on the top card.
--  "reveal"  1 and 2 in player 2's deck, under the 9, which is shown to player 1 alone; player 2
--            puts the 4 of their hand on the top or the bottom of the deck (secret); player 1
--            bets on the top card.
--  "dropall" the 9 and the 1 go into the hand in view, 2 and 3 into a box unseen; the whole
--            hand then goes into the deck in view, which is shuffled, and player 2 says
--            whether they are ready (the secret choice, which changes nothing); player 1
--            bets on the box's top card: low, always (the 9 is known to be in the deck).
--  "owners"  a shared face-down pile whose backs are alike (zone option secret_owners): player
--            1's card 1 and player 2's 8 are made in it, player 2 sends the first or the second
--            card to the bottom (secret); player 1 bets on the top card. Player 1 knows which
--            card is theirs only by its place, which the secret move hid.
-- Player 2's secret question has id "hide"; a right bet wins the match for player 1.
local game = {
  name = "Peek (test fixture)",
  windows = {},
  options = {
    { name = "mode", default = "hand", values = { "hand", "group", "drawpos", "scry", "insert", "defer", "dscry", "make", "reveal", "dropall", "owners" },
      doc = "which secret move follows what player 1 saw (see the file header)" },
  },
  setup_keys = {},
  seat_keys = {},
}

local function card(n, z, where)
  return entity.create { kind = "card", name = "card " .. n, owner = 2, zone = z, where = where, props = { value = n } }
end

-- Player 2's secret choice among `options` (labels) or `cards` (entities): the 1-based pick.
local function hide(prompt, options, cards)
  return decide { player = 2, id = "hide", secret = true, prompt = prompt, options = options, entities = cards, single = true }
end

local function bet_on(prompt)
  return decide { player = 1, id = "bet", prompt = prompt, options = { "high", "low" }, single = true }
end

local function settle(bet, e, what)
  local v = entity.get(e, "value")
  log.event("peek.shown", what .. " is {v}", { v = v })
  match.finish(((v >= 5) == (bet == 1)) and 1 or 2, "the bet")
end

function game.play(ctx)
  local mode = ctx.options.mode
  local tbl = zone.create("table", nil, "public")
  local hand = zone.create("hand", 2, "owner")
  local deck = zone.create("deck", 2, "hidden")
  local down = zone.create("facedown", 2, "owner")
  local box = zone.create("box", 2, "hidden")
  local nine = card(9, tbl)
  if mode == "hand" or mode == "group" then
    for n = 1, 3 do card(n, hand) end
    zone.move(nine, hand)
    local cards = zone.items(hand)
    zone.move(cards[hide("put a card face down", nil, cards)], down)
    local bet
    if mode == "group" then
      bet = decide_all({ { player = 1, id = "bet", secret = true, prompt = "is the face-down card high?", options = { "high", "low" } },
        { player = 2, id = "ready", secret = true, prompt = "ready?", options = { "yes", "no" } } })[1][1]
    else
      bet = bet_on("is the face-down card high?")
    end
    return settle(bet, zone.top(down), "the face-down card")
  elseif mode == "drawpos" or mode == "scry" or mode == "insert" then
    for n = 1, 3 do card(n, deck) end
    if mode == "insert" then card(4, hand) end
    zone.move(nine, deck, "top")
    if mode == "drawpos" then
      local k = hide("draw from", { "top", "bottom" })
      zone.move(zone.at(deck, k == 1 and 1 or zone.count(deck)), hand)
      return settle(bet_on("is the drawn card high?"), zone.top(hand), "the drawn card")
    elseif mode == "scry" then
      zone.move(zone.at(deck, hide("send to the bottom", { "first", "second" })), deck, "bottom")
    else
      zone.move(zone.top(hand), deck, hide("put it on", { "top", "bottom" }) == 1 and "top" or "bottom")
    end
    return settle(bet_on("is the top card high?"), zone.top(deck), "the top card")
  end
  if mode == "defer" then
    for n = 1, 3 do card(n, deck) end
    local k = hide("draw from", { "top", "bottom" })
    zone.move(nine, deck, "top")
    zone.move(zone.at(deck, k == 1 and 1 or zone.count(deck)), hand)
    local bet = decide_all({ { player = 1, id = "bet", secret = true, prompt = "is the drawn card high?", options = { "high", "low" } },
      { player = 2, id = "keep", secret = true, prompt = "a card of your hand", entities = zone.items(hand) } })[1][1]
    return settle(bet, zone.top(hand), "the drawn card")
  end
  if mode == "dscry" then
    for n = 1, 3 do card(n, deck) end
    local k = hide("will send to the bottom", { "first", "second" })
    zone.move(nine, deck, "top")
    zone.move(zone.at(deck, k), deck, "bottom")
    local bet = decide_all({ { player = 1, id = "bet", secret = true, prompt = "is the top card high?", options = { "high", "low" } },
      { player = 2, id = "ready", secret = true, prompt = "ready?", options = { "yes", "no" } } })[1][1]
    return settle(bet, zone.top(deck), "the top card")
  end
  if mode == "make" then
    for n = 1, 2 do card(n, deck) end
    zone.move(nine, deck, "top")
    card(3, deck, hide("make it on", { "top", "bottom" }) == 1 and "top" or "bottom")
    return settle(bet_on("is the top card high?"), zone.top(deck), "the top card")
  end
  if mode == "reveal" then
    zone.move(nine, deck)
    for n = 1, 2 do card(n, deck, "bottom") end
    zone.reveal(nine, 1)
    card(4, hand)
    zone.move(zone.top(hand), deck, hide("put it on", { "top", "bottom" }) == 1 and "top" or "bottom")
    return settle(bet_on("is the top card high?"), zone.top(deck), "the top card")
  end
  if mode == "owners" then
    local pile = zone.create("pile", nil, "hidden", { secret_owners = true })
    entity.create { kind = "card", name = "card 1", owner = 1, zone = pile, where = "bottom", props = { value = 1 } }
    card(8, pile, "bottom")
    zone.move(zone.at(pile, hide("send to the bottom", { "first", "second" })), pile, "bottom")
    return settle(bet_on("is the pile's top card high?"), zone.top(pile), "the pile's top card")
  end
  -- dropall
  card(1, tbl)
  for _, c in ipairs(zone.items(tbl)) do zone.move(c, hand) end
  card(2, box)
  card(3, box)
  zone.move_all(hand, deck)
  zone.shuffle(deck)
  hide("ready?", { "yes", "no" })
  return settle(bet_on("is the box's top card high?"), zone.top(box), "the box's top card")
end

return game
