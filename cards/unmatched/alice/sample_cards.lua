-- Alice's other 23 cards. SAMPLE CONTENT — not from the rulebook (the rulebook prints only
-- Drink Me, Biting Jaws, Looking-Glass and Vorpal Swish of Alice's 30 cards).
-- A card's `text` is its effect as printed, read aloud in the narration when it takes effect.
local fx = require("unmatched.effects")

return {
  { key = "unmatched/alice/mad_tea_party", name = "Mad Tea Party", text = "draw 1 card, then each of your fighters may move up to 1 space",
    props = { type = "scheme", user = "any", boost = 1 },
    scheme = function(ctx)
      fx.draw(ctx.player, 1)
      -- In the order the player picks, as a maneuver (rulebook L232): one fighter may leave a
      -- space another then enters.
      fx.move.each_in_order(ctx.player, fx.state.alive(ctx.player), 1, "tea_party_move")
    end },
  { key = "unmatched/alice/manxome_foe", name = "Manxome Foe", text = "if you won the combat, draw 1 card",
    props = { type = "attack", user = "jabberwock", value = 5, boost = 1 },
    after_combat = function(ctx) if ctx.won then fx.draw(ctx.player, 1) end end },
  { key = "unmatched/alice/slithy_toves", name = "Slithy Toves", props = { type = "versatile", user = "jabberwock", value = 3, boost = 1 } },
  { key = "unmatched/alice/curious_feint", name = "Curious Feint", props = { type = "versatile", user = "alice", value = 3, boost = 2 } },
  { key = "unmatched/alice/unbirthday", name = "Unbirthday Present", text = "Alice recovers 2 health",
    props = { type = "scheme", user = "alice", boost = 3 },
    scheme = function(ctx) fx.heal(ctx.me, 2) end },
  { key = "unmatched/alice/painting_roses", name = "Painting the Roses", text = "draw 1 card",
    props = { type = "defense", user = "any", value = 3, boost = 1 },
    after_combat = function(ctx) fx.draw(ctx.player, 1) end },
  { key = "unmatched/alice/cheshire_grin", name = "Cheshire Grin", props = { type = "defense", user = "any", value = 2, boost = 2 } },
  { key = "unmatched/alice/croquet", name = "Flamingo Croquet", props = { type = "attack", user = "alice", value = 4, boost = 2 } },
  { key = "unmatched/alice/uffish_thought", name = "Uffish Thought", props = { type = "versatile", user = "any", value = 2, boost = 2 } },
}
