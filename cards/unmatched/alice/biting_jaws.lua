-- Biting Jaws (КУСАЧАЯ ПАСТЬ), Alice x2. Rulebook card: Jabberwock, value 4, boost 2.
-- "AFTER COMBAT: Deal 2 damage to any one fighter on a space adjacent to the Jabberwock."
-- Mandatory, whoever won, and it may hit your own fighters (spec C4, UM-02). Attack type: the
-- rulebook example attacks with it; read as an attack card.
local fx = require("unmatched.effects")

return {
  key = "unmatched/alice/biting_jaws",
  name = "Biting Jaws",
  text = "deal 2 damage to any one fighter on a space adjacent to the Jabberwock",
  props = { type = "attack", user = "jabberwock", value = 4, boost = 2 },
  after_combat = function(ctx)
    local jaws = ctx.me
    local at = board.position(jaws)
    if not at then return end
    local victims = fx.adjacent_fighters(at)
    if #victims == 0 then
      log.event("no_effect", "Biting Jaws: no fighter is adjacent to {e:fighter}", { fighter = jaws }, { rule = "§4.4 ATTACK: after combat" })
      return
    end
    local f = fx.choose_fighter(ctx.player, victims, "biting_jaws", "deal 2 damage to a fighter adjacent to the Jabberwock")
    fx.deal(f, 2)
  end,
}
