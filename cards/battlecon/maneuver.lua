-- Maneuver (Манёвр), the universal style. Rule from the rulebook (spec §3.7 SP2-SP7): its
-- Reveal effect may replace your pair with your special attack for force, and Maneuver is
-- removed from the game; otherwise its End effect must be applied (it adds force).
-- Its printed stats, the Reveal cost and the End gain are not in the rulebook, nor the text
-- of its effect that turns the special attack card over (SP1: only Maneuver's effect can):
-- SAMPLE CONTENT — not from the rulebook (stats 0/0/0/0, cost 3 force, End: gain 1 force;
-- Reveal, when you do not attack with the special: you may turn it over, for free).

local S = require("battlecon.state")
local fire = require("battlecon.fire")
local verbs = require("battlecon.verbs")

local COST, GAIN = 3, 1

return {
  name = "Maneuver",
  text = "Reveal: you may pay 3 force to attack with your special attack (base to hand, Maneuver removed); if not, you may turn it over. End of beat: gain 1 force",
  kind = "style",
  props = { range_min = 0, range_max = 0, power = 0, speed = 0, defense = 0, sample = true, universal = true },
  -- Reveal: optional (SP4 [AMBIG] reading): pay COST to attack with the special attack;
  -- if you do not, you may turn the special attack card over (SP1, SAMPLE text).
  reveal = function(ctx)
    local p = ctx.player
    local special = zone.top(zone.find("special", p))
    if not special then return end
    if S.force(p) < COST or not decide { player = p, kind = "yesno", id = "maneuver.special",
      prompt = "pay " .. COST .. " force to attack with " .. entity.name(special) .. "?" } then
      local back = zone.top(zone.find("special_back", p))
      if back and decide { player = p, kind = "yesno", id = "maneuver.flip",
        prompt = "turn your special attack card over to " .. entity.name(back) .. "?" } then
        verbs.flip_special(p)
      end
      return
    end
    verbs.pay_force(p, COST)
    -- SP3: the special attack card alone is the attack, so the base leaves the pair and its
    -- effects stop. SP5: it goes back to hand now, or (option sp5 = "cycle") waits set aside
    -- and goes to discard 1 alone at Recycle.
    local base_to = entity.get(S.tracker(), "sp5") == "cycle" and "aside" or "hand"
    for _, e in ipairs(zone.items(zone.find("pair", p))) do
      if e ~= ctx.self then
        fire.deactivate(e)
        zone.move(e, zone.find(base_to, p))
      end
    end
    fire.deactivate(ctx.self)
    zone.move(ctx.self, S.box())                                       -- SP3: Maneuver is removed
    zone.move(special, zone.find("pair", p), "top")
    zone.reveal(special, "all")
    fire.activate(special)
    S.set_flag(p, "special_used", true)
    log.event("bc.special", "{p:player} unleashes the special attack {e:card}", { player = p, card = special },
      { rule = "§3.7 SP3" })
  end,
  -- End: applies whenever the swap did not happen (then Maneuver is no longer live).
  end_beat = function(ctx) verbs.gain_force(ctx.player, GAIN) end,
}
