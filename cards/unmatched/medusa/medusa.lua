-- Medusa: character card. From the rulebook: 30 cards, the Medusa figure, 3 Harpy tokens
-- (several sidekicks and one dial: each Harpy has 1 health) and her ability: "At the start of
-- your turn you may deal 1 damage to an opposing fighter in Medusa's zone."
-- SAMPLE CONTENT — not from the rulebook: the stats (health, move, Medusa ranged, Harpies
-- melee) and the 27 sample cards that complete the deck.
local fx = require("unmatched.effects")

return {
  key = "unmatched/medusa",
  kind = "character",
  name = "Medusa (character card)",
  move = 3,
  fighters = {
    { id = "medusa", name = "Medusa", health = 16, ranged = true },
    { id = "harpy", name = "Harpy", health = 1, count = 3, ranged = false },
  },
  deck = {
    { "aimed_shot", 3 },
    { "gaze_of_stone", 2 }, { "serpent_hair", 3 }, { "harpy_talons", 4 }, { "swooping_dive", 3 },
    { "aegis_reflection", 3 }, { "hiss", 3 }, { "petrify", 2 }, { "dark_temple", 2 },
    { "coils", 3 }, { "second_glance", 2 },
  },

  turn_start = function(ctx)
    local medusa = fx.state.find(ctx.player, "medusa")
    if not medusa then return end
    local at, targets = board.position(medusa), {}
    for _, f in ipairs(fx.state.enemies(ctx.player)) do
      if board.share_region(at, board.position(f)) then targets[#targets + 1] = f end
    end
    if #targets == 0 then return end
    local options = { "No" }
    for i, f in ipairs(targets) do options[i + 1] = { label = entity.name(f) .. " on " .. board.name(board.position(f)), entity = f } end
    local pick = decide { player = ctx.player, id = "medusa_gaze", prompt = "deal 1 damage to an opposing fighter in Medusa's zone?",
      options = options }[1]
    if pick > 1 then
      -- Told, so the damage line that follows has its cause.
      log.event("ability", "{p:player} uses Medusa's ability on {e:fighter}", { player = ctx.player, fighter = targets[pick - 1] },
        { rule = "§6.2 Hero abilities: Medusa" })
      fx.deal(targets[pick - 1], 1)
    end
  end,
}
