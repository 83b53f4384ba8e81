-- Vorpal Swish (ВЗЫ-ВЗЫ), Alice x1. Rulebook card: Alice, value 3, boost 4 (order uncertain,
-- spec C9); read as an attack card (the example's Alice-only "Вкривь-вкось").
-- "AFTER COMBAT: If you won the combat, look at your opponent's hand and choose one card,
-- which they must discard." The opponent is the controller of the other fighter.
local fx = require("unmatched.effects")

return {
  key = "unmatched/alice/vorpal_swish",
  name = "Vorpal Swish",
  text = "if you won the combat, look at your opponent's hand and choose one card, which they must discard",
  props = { type = "attack", user = "alice", value = 3, boost = 4 },
  after_combat = function(ctx)
    if not ctx.won then return end
    local q = entity.owner(ctx.foe)
    local hand = zone.items(fx.state.hand(q))
    if #hand == 0 then return end
    local options = {}
    for i, c in ipairs(hand) do
      zone.reveal(c, ctx.player) -- a private look: only the card's player learns the hand
      options[i] = { label = entity.name(c), entity = c }
    end
    local pick = decide { player = ctx.player, id = "vorpal_swish", prompt = "choose a card your opponent discards",
      options = options, secret = true }[1]
    fx.deck.discard(hand[pick])
    -- Face up on the discard pile now: a public fact, in every view.
    log.event("vorpal_swish", "{p:player} must discard {e:card}", { player = q, card = hand[pick] },
      { rule = "§4.4 ATTACK: after combat" })
  end,
}
