-- <Your fighter's name>: one line on how it plays.
-- SAMPLE CONTENT — not from the rulebook.
--
-- Copy this file to cards/battlecon/fighters/<name>.lua, replace "template" in every key with
-- <name>, then see docs/battlecon-fighters.md. Keys: the UA is "battlecon/fighter/<name>";
-- every other card "battlecon/<name>/<card>".

local S = require("battlecon.state")        -- S.opponent(p), S.figure(p), S.flag(p, "moved") ...
local verbs = require("battlecon.verbs")    -- move, teleport, deal_damage, lose, stun, armor, gain_force ...
local stats = require("battlecon.stats")    -- luacheck: ignore (stats.bonus(p, "power", 2), stats.equal_to(...) ...)
local kit = require("battlecon.kit")        -- tokens, counters, markers, special cards, forms

return {
  -- The UA card: setup in fighter_setup, always-on effects in any window.
  { key = "battlecon/fighter/template", name = "Template", kind = "ua",
    props = { health = 20, sample = true },
    kit = { styles = { "battlecon/template/steady", "battlecon/template/lunging" },
      bases = { "battlecon/template/hook" },
      special = { "battlecon/template/finisher", "battlecon/template/counter" } },
    fighter_setup = function(ctx) kit.create(ctx.player, "counter", "focus", 2) end },

  -- Styles: stats add to the base's. A handler returning false means "condition not met".
  { key = "battlecon/template/steady", name = "Steady", kind = "style",
    props = { range_min = 0, range_max = 0, power = 1, speed = 0, defense = 2, sample = true },
    end_beat = function(ctx)
      if S.flag(ctx.player, "moved") then return false end   -- End, if you did not move:
      verbs.gain_force(ctx.player, 1)
    end },
  { key = "battlecon/template/lunging", name = "Lunging", kind = "style",
    props = { range_min = 0, range_max = 1, power = 0, speed = 2, defense = 0, sample = true },
    before = function(ctx) verbs.move(ctx.player, "advance", { 1, 2 }, "Lunging: advance 1-2") end },

  -- The unique base.
  { key = "battlecon/template/hook", name = "Hook", kind = "base",
    props = { range_min = 1, range_max = 2, power = 3, speed = 3, defense = 1, sample = true },
    hit = function(ctx) verbs.move(ctx.player, "pull", 1, "Hook: pull 1") end },

  -- The two sides of the special attack (one is chosen, secretly, at setup).
  { key = "battlecon/template/finisher", name = "Finisher", kind = "special",
    props = { range_min = 1, range_max = 2, power = 6, speed = 5, defense = 2, sample = true } },
  { key = "battlecon/template/counter", name = "Counter", kind = "special",
    props = { range_min = 1, range_max = 1, power = 4, speed = 3, defense = 0, stability = true, sample = true },
    -- "When you are hit" effects fire after the attacker's Hit effects (E10); once per beat:
    timing = { when_hit = { limit = 1, period = "beat" } },
    when_hit = function(ctx)
      if ctx.attack.target ~= ctx.player then return false end
      verbs.armor(ctx.player, 2)
    end },
}
