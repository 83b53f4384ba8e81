-- Bastion, a sturdy all-rounder that shrugs off hits and hits back hard.
-- SAMPLE CONTENT — not from the rulebook: the fighter, every card, number and effect.
-- Kit parts: endurance counters, resource-scaled movement, a [For opponent] advantage,
-- "at most X damage at a time", "cannot drop below 1", a prohibition, a "When" effect.
--
-- UA "Iron Will": Setup: 3 endurance counters in your pool area.
--   Recycle: return 1 endurance from your exhausted area.
--   [For opponent] Advantage, once per beat: the opponent gains 1 force; Bastion gets +1 power.
-- "Open Guard" (special card, in play from setup): [For opponent] Advantage: the opponent
--   pays 1 force; Bastion gets -1 defense this beat. Not one-time: in a duel it can be used
--   again on a later turn of the phase (ADV5); in team play the other team may use it once per
--   beat (O8, rule option for_opponent_once).

local S = require("battlecon.state")
local verbs = require("battlecon.verbs")
local stats = require("battlecon.stats")
local kit = require("battlecon.kit")

return {
  { key = "battlecon/fighter/bastion", name = "Bastion", kind = "ua",
    text = "Setup: 3 endurance counters, Open Guard in play. Recycle: return 1 endurance. [For opponent] Advantage (once per beat): they gain 1 force, Bastion +1 power",
    props = { health = 22, sample = true, difficulty = "simple" },
    kit = { styles = { "battlecon/bastion/bulwark", "battlecon/bastion/surge", "battlecon/bastion/vengeful" },
      bases = { "battlecon/bastion/anvil" },
      special = { "battlecon/bastion/unbroken", "battlecon/bastion/landslide" } },
    fighter_setup = function(ctx)
      kit.create(ctx.player, "counter", "endurance", 3)
      cards.create("battlecon/bastion/open_guard", ctx.player, zone.find("cards", ctx.player))
    end,
    recycle = function(ctx) if not kit.return_(ctx.player, "endurance", 1) then return false end end,
    tags = { "offer" },   -- the Advantage phase finds offers by this tag (zone.tagged)
    offer = { label = "Taunt Bastion: gain 1 force, Bastion +1 power", once = true, for_opponent = true },
    advantage = function(ctx)
      verbs.gain_force(ctx.user, 1)
      stats.bonus(ctx.player, "power", 1)
    end },

  -- Open Guard: a repeatable [For opponent] advantage (the opponent pays for it).
  { key = "battlecon/bastion/open_guard", name = "Open Guard", kind = "special_card",
    text = "[For opponent] Advantage: the opponent pays 1 force; Bastion gets -1 defense this beat",
    props = { sample = true },
    tags = { "offer" },   -- the Advantage phase finds offers by this tag (zone.tagged)
    offer = { label = "Open Bastion's guard: pay 1 force, Bastion -1 defense", for_opponent = true, force = 1 },
    advantage = function(ctx) stats.bonus(ctx.player, "defense", -1) end },

  -- Bulwark: Reveal: armor 2, and you take at most 4 damage at a time this beat.
  { key = "battlecon/bastion/bulwark", name = "Bulwark", kind = "style",
    text = "Reveal: armor 2, and you take at most 4 damage at a time this beat",
    props = { range_min = 0, range_max = 0, power = 1, speed = -1, defense = 2, sample = true },
    reveal = function(ctx)
      verbs.armor(ctx.player, 2)
      effect.modify { target = S.pe(ctx.player), stat = "damage_cap", op = "set", amount = 4, source = ctx.self,
        expires = "beat" }
    end },
  -- Surge: Before: spend any number of endurance; close 1 for each (one movement, MV8).
  { key = "battlecon/bastion/surge", name = "Surge", kind = "style",
    text = "Before: spend any number of endurance; close 1 for each",
    props = { range_min = 0, range_max = 1, power = 1, speed = 1, defense = 0, sample = true },
    before = function(ctx)
      local have = kit.count(ctx.player, "endurance")
      if have == 0 then return false end
      local n = decide { player = ctx.player, kind = "number", id = "bastion.surge", min = 0, max = have,
        prompt = "Surge: spend endurance to close 1 each" }
      if n == 0 or not kit.spend(ctx.player, "endurance", n) then return end
      verbs.move(ctx.player, "close", n, "Surge: close " .. n)
    end },
  -- Vengeful: When you are hit: +2 power this beat (once per beat).
  { key = "battlecon/bastion/vengeful", name = "Vengeful", kind = "style",
    text = "When you are hit: +2 power this beat",
    props = { range_min = 1, range_max = 1, power = 2, speed = 0, defense = 1, sample = true },
    timing = { when_hit = { limit = 1, period = "beat" } },
    when_hit = function(ctx)
      if ctx.attack.target ~= ctx.player then return false end
      stats.bonus(ctx.player, "power", 2)
    end },

  -- Anvil: Hit: the opponent cannot move this beat.
  { key = "battlecon/bastion/anvil", name = "Anvil", kind = "base",
    text = "Hit: the opponent cannot move this beat",
    props = { range_min = 1, range_max = 1, power = 4, speed = 2, defense = 3, sample = true },
    hit = function(ctx)
      effect.prohibit { target = S.figure(S.opponent(ctx.player)), action = "move", source = ctx.self, expires = "beat" }
    end },

  { key = "battlecon/bastion/unbroken", name = "Unbroken", kind = "special",
    text = "Reveal: your health cannot go below 1 this beat",
    props = { range_min = 1, range_max = 1, power = 5, speed = 3, defense = 0, stability = true, sample = true },
    reveal = function(ctx)
      effect.modify { target = S.pe(ctx.player), stat = "health_floor", op = "add", amount = 1, source = ctx.self,
        expires = "beat" }
    end },
  { key = "battlecon/bastion/landslide", name = "Landslide", kind = "special",
    text = "Hit: push 2",
    props = { range_min = 1, range_max = 2, power = 4, speed = 5, defense = 2, sample = true },
    hit = function(ctx) verbs.move(ctx.player, "push", 2, "Landslide: push 2") end },
}
