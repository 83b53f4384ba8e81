-- Skirmish (СТЫЧКА), King Arthur x3. Rulebook card: ANY, value 4, boost 1 (the "11" read as 1).
-- "AFTER COMBAT: If you won the combat, choose one of the fighters in the combat and move it
-- up to 2 spaces." Defends in the rulebook's example: read as versatile (spec C5). Moving an
-- opposing fighter follows the movement rules from its own side's perspective.
local fx = require("unmatched.effects")

return {
  key = "unmatched/king_arthur/skirmish",
  name = "Skirmish",
  text = "if you won the combat, choose one of the fighters in the combat and move it up to 2 spaces",
  props = { type = "versatile", user = "any", value = 4, boost = 1 },
  after_combat = function(ctx)
    if not ctx.won then return end
    local who = {}
    for _, f in ipairs({ ctx.combat.defender, ctx.combat.attacker }) do
      if board.position(f) then who[#who + 1] = f end
    end
    local f = fx.choose_fighter(ctx.player, who, "skirmish_fighter", "move which fighter of the combat up to 2 spaces?")
    if f then fx.move.move_fighter(ctx.player, f, 2, "skirmish_move") end
  end,
}
