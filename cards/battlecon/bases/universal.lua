-- The six universal bases: Grasp (Захват), Dash (Рывок), Strike (Удар), Charge (Заряд),
-- Ram (Таран), Dodge (Уворот). The rulebook names them (spec §1.2, S1) and says Dodge lets
-- you avoid the attack of an opponent you moved past (§9.3 O6); nothing else.
-- SAMPLE CONTENT — not from the rulebook: every number and every other effect below.

local S = require("battlecon.state")
local verbs = require("battlecon.verbs")

local function base(t)
  t.kind = "base"
  t.props.sample = true
  t.props.universal = true
  return t
end

return {
  base { key = "battlecon/grasp", name = "Grasp",
    text = "Hit: push or pull 1",
    props = { range_min = 1, range_max = 1, power = 2, speed = 5, defense = 0 },
    hit = function(ctx) verbs.move(ctx.player, { "push", "pull" }, 1, "Grasp: push or pull 1") end },
  base { key = "battlecon/dash", name = "Dash",
    text = "Before: advance 1-2",
    props = { range_min = 1, range_max = 1, power = 3, speed = 4, defense = 0 },
    before = function(ctx) verbs.move(ctx.player, "advance", { 1, 2 }, "Dash: advance 1-2") end },
  base { key = "battlecon/strike", name = "Strike",
    props = { range_min = 1, range_max = 1, power = 4, speed = 3, defense = 3 } },
  base { key = "battlecon/charge", name = "Charge",
    text = "Before: retreat 1",
    props = { range_min = 1, range_max = 3, power = 2, speed = 2, defense = 1 },
    before = function(ctx) verbs.move(ctx.player, "retreat", 1, "Charge: retreat 1") end },
  base { key = "battlecon/ram", name = "Ram",
    text = "Before: close 2",
    props = { range_min = 1, range_max = 1, power = 5, speed = 1, defense = 0, stability = true },
    before = function(ctx) verbs.move(ctx.player, "close", 2, "Ram: close 2") end },
  -- Dodge: Start: advance 1-2. You avoid the attack of an opponent you moved past this beat.
  base { key = "battlecon/dodge", name = "Dodge",
    text = "Start of beat: advance 1-2. You avoid the attack of an opponent you moved past this beat (in team play, the last one)",
    props = { range_min = "none", range_max = "none", power = "none", speed = 6, defense = 0 },
    start = function(ctx) verbs.move(ctx.player, "advance", { 1, 2 }, "Dodge: advance 1-2") end,
    range_check = function(ctx)
      if ctx.attack.target ~= ctx.player or not S.flag(ctx.player, "moved_past") then return false end
      -- team play (O6): only the attack of the last enemy moved past
      local last = S.passed_enemy(ctx.player)
      if last and last ~= ctx.attack.attacker then return false end
      verbs.avoid(ctx.attack)
    end },
}
