-- Kestrel, a fast mover that corners opponents.
-- SAMPLE CONTENT — not from the rulebook: the fighter, every card, number and effect.
-- UA: none of its own (a first, simple fighter); see the other sample fighters for kit parts.

local verbs = require("battlecon.verbs")
local S = require("battlecon.state")

return {
  { key = "battlecon/fighter/kestrel", name = "Kestrel", kind = "ua",
    props = { health = 20, sample = true, difficulty = "simple" },
    kit = { styles = { "battlecon/kestrel/swift", "battlecon/kestrel/heavy", "battlecon/kestrel/hooked" },
      bases = { "battlecon/kestrel/talon" },
      special = { "battlecon/kestrel/skyfall", "battlecon/kestrel/stillwind" } } },

  { key = "battlecon/kestrel/swift", name = "Swift", kind = "style",
    text = "Before: advance 1",
    props = { range_min = 0, range_max = 1, power = 0, speed = 2, defense = 0, sample = true },
    before = function(ctx) verbs.move(ctx.player, "advance", 1, "Swift: advance 1") end },
  { key = "battlecon/kestrel/heavy", name = "Heavy", kind = "style",
    text = "Hit: armor 1",
    props = { range_min = 0, range_max = 0, power = 2, speed = -1, defense = 1, sample = true },
    hit = function(ctx) verbs.armor(ctx.player, 1) end },
  { key = "battlecon/kestrel/hooked", name = "Hooked", kind = "style",
    text = "Hit: pull 1",
    props = { range_min = 1, range_max = 2, power = 1, speed = 0, defense = 0, sample = true },
    hit = function(ctx) verbs.move(ctx.player, "pull", 1, "Hooked: pull 1") end },

  { key = "battlecon/kestrel/talon", name = "Talon", kind = "base",
    text = "After: retreat 1",
    props = { range_min = 1, range_max = 2, power = 3, speed = 4, defense = 1, tiebreak = true, sample = true },
    after = function(ctx) verbs.move(ctx.player, "retreat", 1, "Talon: retreat 1") end },

  { key = "battlecon/kestrel/skyfall", name = "Skyfall", kind = "special",
    props = { range_min = 1, range_max = 3, power = 6, speed = 7, defense = 2, sample = true } },
  { key = "battlecon/kestrel/stillwind", name = "Stillwind", kind = "special",
    text = "Hit: the opponent is stunned",
    props = { range_min = 1, range_max = 1, power = 4, speed = 5, defense = 0, stability = true, sample = true },
    hit = function(ctx) verbs.stun(S.opponent(ctx.player)) end },
}
