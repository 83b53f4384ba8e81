-- The Duelist: patient, punishes an opponent who comes close. Added by a mod (docs/modding.md).
-- SAMPLE CONTENT — not from the rulebook: the fighter, every card, number and effect.

local S = require("battlecon.state")
local verbs = require("battlecon.verbs")

return {
  { key = "battlecon/fighter/duelist", name = "Duelist", kind = "ua",
    props = { health = 20, sample = true },
    kit = { styles = { "battlecon/duelist/riposte", "battlecon/duelist/feint", "battlecon/duelist/measure" },
      bases = { "battlecon/duelist/lunge" },
      special = { "battlecon/duelist/coup", "battlecon/duelist/parade" } } },

  { key = "battlecon/duelist/riposte", name = "Riposte", kind = "style",
    text = "Hit: push 1",
    props = { range_min = 0, range_max = 0, power = 1, speed = -1, defense = 3, sample = true },
    -- Hit: the opponent is pushed 1 space.
    hit = function(ctx) verbs.move(ctx.player, "push", 1, "Riposte: push 1") end },
  { key = "battlecon/duelist/feint", name = "Feint", kind = "style",
    text = "After: retreat 1",
    props = { range_min = 0, range_max = 1, power = 0, speed = 2, defense = 0, sample = true },
    -- After Activating: retreat 1.
    after = function(ctx) verbs.move(ctx.player, "retreat", 1, "Feint: retreat 1") end },
  { key = "battlecon/duelist/measure", name = "Measure", kind = "style",
    text = "End of beat: if you did not move this beat, gain 1 force",
    props = { range_min = 1, range_max = 1, power = 1, speed = 0, defense = 1, sample = true },
    -- End of Beat, if you did not move this beat: gain 1 force.
    end_beat = function(ctx)
      if S.flag(ctx.player, "moved") then return false end
      verbs.gain_force(ctx.player, 1)
    end },

  { key = "battlecon/duelist/lunge", name = "Lunge", kind = "base",
    text = "Before: advance 1",
    props = { range_min = 1, range_max = 2, power = 3, speed = 4, defense = 0, sample = true },
    -- Before Activating: advance 1.
    before = function(ctx) verbs.move(ctx.player, "advance", 1, "Lunge: advance 1") end },

  { key = "battlecon/duelist/coup", name = "Coup de Grace", kind = "special",
    props = { range_min = 1, range_max = 2, power = 6, speed = 5, defense = 1, sample = true } },
  { key = "battlecon/duelist/parade", name = "Parade", kind = "special",
    props = { range_min = 1, range_max = 1, power = 4, speed = 4, defense = 3, stability = true, sample = true } },
}
