-- Alice: character card. From the rulebook: 30 cards, the Alice figure, the Jabberwock token
-- (own health dial) and a size token whose side is chosen when Alice is placed (setup step 5)
-- and that Drink Me changes.
-- SAMPLE CONTENT — not from the rulebook: the health, move and melee/ranged stats, what the
-- sizes do (BIG: +2 to the value of Alice's attack card; SMALL: +1 to the value of her
-- defense card) and the 23 sample cards that complete the deck.
local fx = require("unmatched.effects")

return {
  key = "unmatched/alice",
  kind = "character",
  name = "Alice (character card)",
  move = 2,
  fighters = {
    { id = "alice", name = "Alice", health = 13, ranged = false },
    { id = "jabberwock", name = "Jabberwock", health = 8, ranged = false },
  },
  deck = {
    { "drink_me", 2 }, { "biting_jaws", 2 }, { "looking_glass", 2 }, { "vorpal_swish", 1 },
    { "mad_tea_party", 2 }, { "manxome_foe", 2 }, { "slithy_toves", 3 }, { "curious_feint", 3 },
    { "unbirthday", 1 }, { "painting_roses", 3 }, { "cheshire_grin", 3 }, { "croquet", 3 },
    { "uffish_thought", 3 },
  },

  -- Setup step 5: the size is decided when Alice is placed.
  placed = function(ctx)
    local size = ctx.preset.size
    if not size then
      local pick = decide { player = ctx.player, id = "alice_size", prompt = "Alice starts the game...",
        options = { "BIG", "SMALL" } }[1]
      size = pick == 1 and "big" or "small"
    end
    fx.set_size(ctx.hero, size)
  end,

  during_combat = function(ctx)
    if entity.get(ctx.me, "fid") ~= "alice" or not ctx.card then return end
    local size = fx.size(ctx.me)
    if ctx.attacking and size == "big" then fx.add_value(ctx.card, 2, "Alice is BIG") end
    if not ctx.attacking and size == "small" then fx.add_value(ctx.card, 1, "Alice is SMALL") end
  end,
}
