-- Ashen, an improviser who fights from burning ground.
-- SAMPLE CONTENT — not from the rulebook: the fighter, every card, number and effect.
-- Kit parts: the Ember marker, the double-sided form card Blaze/Smolder, a teleport, lose X,
-- restore health, ignore armor.
--
-- UA "Kindled Ground": Setup: your Ember marker on space 4; Blaze active, Smolder inactive.
--   Advantage (once per beat): turn your form card over (activate the other form).
--   Hit: if the opponent is on your Ember's space or next to it, deal 1 damage.

local S = require("battlecon.state")
local verbs = require("battlecon.verbs")
local kit = require("battlecon.kit")

local function ember(p)
  for _, m in ipairs(zone.items(zone.find("markers", p))) do
    if entity.name(m) == "Ember" then return m end
  end
end

local function form(p, name)
  for _, c in ipairs(zone.items(zone.find("cards", p))) do
    if entity.name(c) == name then return c end
  end
end

return {
  { key = "battlecon/fighter/ashen", name = "Ashen", kind = "ua",
    text = "Setup: Ember on space 4, Blaze active. Advantage (once per beat): turn your form card over. Hit: if the opponent is on or next to your Ember, deal 1 damage",
    props = { health = 20, sample = true, difficulty = "complex" },
    kit = { styles = { "battlecon/ashen/cinder", "battlecon/ashen/flare", "battlecon/ashen/ashfall" },
      bases = { "battlecon/ashen/brand" },
      special = { "battlecon/ashen/inferno", "battlecon/ashen/phoenix" } },
    fighter_setup = function(ctx)
      local p = ctx.player
      kit.place(kit.marker(p, "Ember"), 4)
      for _, key in ipairs({ "battlecon/ashen/blaze", "battlecon/ashen/smolder" }) do
        entity.set(cards.create(key, p, zone.find("cards", p)), "form", "flame")
      end
      kit.activate(form(p, "Blaze"))
    end,
    tags = { "offer" },   -- the Advantage phase finds offers by this tag (zone.tagged)
    offer = { label = "turn the form card over", once = true },
    advantage = function(ctx)
      local p = ctx.player
      kit.activate(kit.active(form(p, "Blaze")) and form(p, "Smolder") or form(p, "Blaze"))
    end,
    hit = function(ctx)
      local p = ctx.player
      if ctx.attack.attacker ~= p then return false end
      local m = ember(p)
      local at = m and entity.get(m, "space")
      local there = board.position(S.figure(S.opponent(p)))       -- nil: the fighter hit is out (O4)
      if not at or not there or math.abs(there - at) > 1 then return false end
      verbs.deal_damage(p, 1)
    end },

  { key = "battlecon/ashen/blaze", name = "Blaze", kind = "form", props = { sample = true },
    text = "while active: +1 power",
    bonus = { power = 1 } },
  { key = "battlecon/ashen/smolder", name = "Smolder", kind = "form", props = { sample = true },
    text = "while active: +1 defense. Start of beat: armor 1",
    bonus = { defense = 1 },
    start = function(ctx) verbs.armor(ctx.player, 1) end },

  -- Cinder: Before: move your Ember 1 space (your choice of direction).
  { key = "battlecon/ashen/cinder", name = "Cinder", kind = "style",
    text = "Before: move your Ember 1 space, in either direction",
    props = { range_min = 1, range_max = 2, power = 1, speed = 1, defense = 0, sample = true },
    before = function(ctx)
      local m = ember(ctx.player)
      local at = entity.get(m, "space")
      local options, dirs = {}, {}
      for _, d in ipairs({ -1, 1 }) do
        local to = at + d
        if to >= 1 and to <= board.space_count() then
          options[#options + 1] = "Ember to space " .. to
          dirs[#dirs + 1] = d
        end
      end
      local pick = decide { player = ctx.player, id = "ashen.ember", prompt = "move your Ember", options = options }
      kit.move(m, 1, dirs[pick[1]])
    end },
  -- Flare: Hit: place your Ember on the opponent's space.
  { key = "battlecon/ashen/flare", name = "Flare", kind = "style",
    text = "Hit: place your Ember on the opponent's space",
    props = { range_min = 0, range_max = 1, power = 2, speed = 0, defense = 0, sample = true },
    hit = function(ctx)
      kit.place(ember(ctx.player), board.position(S.figure(S.opponent(ctx.player))))
    end },
  -- Ashfall: Start: teleport next to your Ember (a free space; the nearer side first).
  { key = "battlecon/ashen/ashfall", name = "Ashfall", kind = "style",
    text = "Start of beat: teleport to your Ember's space or, if you cannot, to a space next to it",
    props = { range_min = 1, range_max = 1, power = 0, speed = 2, defense = 1, sample = true },
    start = function(ctx)
      local at = entity.get(ember(ctx.player), "space")
      for _, s in ipairs({ at, at - 1, at + 1 }) do
        if s >= 1 and s <= board.space_count() and verbs.teleport(ctx.player, s) then return end
      end
      return false
    end },

  { key = "battlecon/ashen/brand", name = "Brand", kind = "base",
    text = "Damage: the opponent loses 1 health",
    props = { range_min = 1, range_max = 2, power = 3, speed = 3, defense = 2, sample = true },
    damage = function(ctx) verbs.lose(ctx.player, 1) end },

  { key = "battlecon/ashen/inferno", name = "Inferno", kind = "special",
    text = "Before: this attack ignores armor",
    props = { range_min = 1, range_max = 3, power = 6, speed = 6, defense = 0, sample = true },
    before = function(ctx) ctx.attack.ignore_armor = true end },
  { key = "battlecon/ashen/phoenix", name = "Phoenix", kind = "special",
    text = "Hit: restore 3 health",
    props = { range_min = 1, range_max = 2, power = 4, speed = 4, defense = 0, stability = true, sample = true },
    hit = function(ctx) verbs.restore(ctx.player, 3) end },
}
