-- Looking-Glass (ЗАЗЕРКАЛЬЕ), Alice x2. Rulebook card: Alice, value 2, boost 4 (the order of
-- the two numbers is uncertain, spec C8); read as a defense card (the example's "Зеркало").
-- "AFTER COMBAT: Choose 2 different effects: draw 2 cards; Alice recovers 3 health; place
-- Alice on any other space."
local fx = require("unmatched.effects")

local OPTIONS = { "Draw 2 cards", "Alice recovers 3 health", "Place Alice on any other space" }

return {
  key = "unmatched/alice/looking_glass",
  name = "Looking-Glass",
  text = "choose 2 different effects: draw 2 cards; Alice recovers 3 health; place Alice on any other space",
  props = { type = "defense", user = "alice", value = 2, boost = 4 },
  after_combat = function(ctx)
    local picks = decide { player = ctx.player, id = "looking_glass", prompt = "choose 2 different effects",
      options = OPTIONS, min = 2, max = 2 }
    table.sort(picks) -- resolved in printed order
    local alice = fx.state.find(ctx.player, "alice")
    for _, k in ipairs(picks) do
      if k == 1 then
        fx.draw(ctx.player, 2)
      elseif k == 2 and alice then
        fx.heal(alice, 3)
      elseif k == 3 and alice then
        fx.move.place_anywhere(ctx.player, alice, "looking_glass_place")
      end
    end
  end,
}
