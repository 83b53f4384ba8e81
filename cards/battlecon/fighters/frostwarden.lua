-- Frostwarden, a controller whose hits leave the opponent chilled.
-- SAMPLE CONTENT — not from the rulebook: the fighter, every card, number and effect.
-- Kit parts: frost counters (pentagons, no effect of their own), Ward tokens (used in the
-- Advantage phase), the special card Glacier Aura, the status card Chilled, an X range.
--
-- UA "Winter's Grip": Setup: 2 Ward tokens in your pool area; Glacier Aura inactive.
--   Each time you hit: put 1 frost counter into your pool area.

local S = require("battlecon.state")
local verbs = require("battlecon.verbs")
local stats = require("battlecon.stats")
local kit = require("battlecon.kit")
local status = require("battlecon.status")

return {
  { key = "battlecon/fighter/frostwarden", name = "Frostwarden", kind = "ua",
    text = "Setup: 2 Ward tokens in your pool area; Glacier Aura inactive. Hit: put 1 frost counter into your pool area",
    props = { health = 20, sample = true, difficulty = "medium" },
    kit = { styles = { "battlecon/frostwarden/numbing", "battlecon/frostwarden/glacial", "battlecon/frostwarden/shard" },
      bases = { "battlecon/frostwarden/icicle" },
      special = { "battlecon/frostwarden/avalanche", "battlecon/frostwarden/whiteout" } },
    fighter_setup = function(ctx)
      kit.create(ctx.player, "token", "Ward", 2, "pool_area", "battlecon/frostwarden/ward")
      cards.create("battlecon/frostwarden/glacier_aura", ctx.player, zone.find("cards", ctx.player))
    end,
    hit = function(ctx)
      if ctx.attack.attacker ~= ctx.player then return false end
      kit.create(ctx.player, "counter", "frost", 1)
    end },

  -- Ward (token). Use (Advantage): armor 2 this beat.
  { key = "battlecon/frostwarden/ward", name = "Ward", kind = "token",
    text = "Advantage: use this token: armor 2 this beat",
    props = { sample = true },
    tags = { "offer" },   -- the Advantage phase finds offers by this tag (zone.tagged)
    offer = { label = "use a Ward token: armor 2" },
    advantage = function(ctx) verbs.armor(ctx.user, 2) end },

  -- Glacier Aura (special card, starts inactive). Advantage, once per beat: spend 3 frost to
  -- activate it. While active: +1 defense on every attack. End, if you were hit: deactivate it.
  { key = "battlecon/frostwarden/glacier_aura", name = "Glacier Aura", kind = "special_card",
    text = "Advantage (once per beat): spend 3 frost to activate this card. While active: +1 defense. End of beat, if you were hit: deactivate it",
    props = { sample = true },
    bonus = { defense = 1 },
    tags = { "offer" },   -- the Advantage phase finds offers by this tag (zone.tagged)
    offer = { label = "spend 3 frost: activate Glacier Aura", once = true,
      can = function(p, card) return not kit.active(card) and kit.count(p, "frost") >= 3 end },
    advantage = function(ctx)
      kit.spend(ctx.player, "frost", 3)
      kit.activate(ctx.self)
    end,
    end_beat = function(ctx)
      if not S.flag(ctx.player, "was_hit") then return false end
      kit.deactivate(ctx.self)
    end },

  { key = "battlecon/frostwarden/numbing", name = "Numbing", kind = "style",
    text = "Hit: the opponent gains the status Chilled",
    props = { range_min = 0, range_max = 1, power = 1, speed = 0, defense = 1, sample = true },
    hit = function(ctx) status.give(S.opponent(ctx.player), "battlecon/frostwarden/chilled", ctx.self) end },
  { key = "battlecon/frostwarden/glacial", name = "Glacial", kind = "style",
    text = "Before: if you have 2 or more frost, spend 2 frost for +2 power this beat",
    props = { range_min = 1, range_max = 2, power = 0, speed = -1, defense = 2, sample = true },
    before = function(ctx)
      if kit.count(ctx.player, "frost") < 2 then return false end
      kit.spend(ctx.player, "frost", 2)
      stats.bonus(ctx.player, "power", 2)
    end },
  -- Shard: an X range (distances 2 and 3): the base's range is ignored.
  { key = "battlecon/frostwarden/shard", name = "Shard", kind = "style",
    props = { range_x = "2,3", power = 2, speed = 1, defense = 0, sample = true } },

  { key = "battlecon/frostwarden/icicle", name = "Icicle", kind = "base",
    text = "After: push 1",
    props = { range_min = 2, range_max = 3, power = 3, speed = 3, defense = 1, sample = true },
    after = function(ctx) verbs.move(ctx.player, "push", 1, "Icicle: push 1") end },

  -- Chilled (status card): -1 speed; ends after the Recycle of the beat after it was given.
  { key = "battlecon/frostwarden/chilled", name = "Chilled", kind = "status",
    text = "-1 speed, this beat and the next",
    props = { sample = true, beats = 2 },
    bonus = { speed = -1 } },

  { key = "battlecon/frostwarden/avalanche", name = "Avalanche", kind = "special",
    text = "Hit: the opponent is stunned",
    props = { range_min = 1, range_max = 2, power = 5, power_fixed = true, speed = 5, defense = 3, sample = true },
    hit = function(ctx) verbs.stun(S.opponent(ctx.player)) end },
  { key = "battlecon/frostwarden/whiteout", name = "Whiteout", kind = "special",
    text = "Reveal: the opponent gains the status Chilled",
    props = { range_min = 1, range_max = 4, power = 3, speed = 8, defense = 0, sample = true },
    reveal = function(ctx) status.give(S.opponent(ctx.player), "battlecon/frostwarden/chilled", ctx.self) end },
}
