-- Drill cards: test styles (spec §10.0: a TS with one [sample] effect), each exercising one
-- rule or glossary term through a real card definition, so a test or a teaching drill takes
-- the same path as a fighter's card (activation, windows, the E7 loop). They are in no
-- fighter's kit and are never dealt in a match. Printed stats are all 0 (range 0) unless said.
-- SAMPLE CONTENT — not from the rulebook: every card here (names, numbers, effects).

local S = require("battlecon.state")
local stats = require("battlecon.stats")
local fire = require("battlecon.fire")
local verbs = require("battlecon.verbs")
local kit = require("battlecon.kit")
local team = require("battlecon.team")

local STATS = { "range_min", "range_max", "power", "speed", "defense" }

local function style(key, name, t)
  t.key, t.name, t.kind = "battlecon/drill/" .. key, name, "style"
  t.props = t.props or {}
  for _, k in ipairs(STATS) do
    if t.props[k] == nil then t.props[k] = 0 end
  end
  t.props.sample, t.props.drill = true, true
  return t
end

return {
  -- Beacon: Before: this attack's range is measured from your Beacon marker, if it is on the
  -- board (R7 "unless an effect names another" origin; *avoid attacks at distance X*).
  style("beacon", "Beacon", {
    before = function(ctx)
      for _, m in ipairs(zone.items(zone.find("markers", ctx.player))) do
        if entity.name(m) == "Beacon" and entity.get(m, "space") then
          ctx.attack.origin = entity.get(m, "space")
          return
        end
      end
      return false
    end }),

  -- Provoke: Reveal: cause a clash (§8: whatever the speeds; a ▲ still cancels it).
  style("provoke", "Provoke", { reveal = function(ctx) verbs.cause_clash() end }),

  -- Pierce: Before: this attack ignores defense (§8: defense counts as 0; armor still applies;
  -- stability still prevents the stun).
  style("pierce", "Pierce", { before = function(ctx) ctx.attack.ignore_defense = true end }),

  -- Measure: Hit: the opponent loses health equal to your printed power (§8 printed value:
  -- the bare sum of the two cards, no bonus, penalty or effect).
  style("measure", "Measure", {
    hit = function(ctx) verbs.lose(ctx.player, stats.number(stats.printed(ctx.player, "power"))) end }),

  -- Echo: After: if this attack hit, apply your base's Hit effect (§8 apply an effect: as if it
  -- had triggered under the normal rules).
  style("echo", "Echo", {
    after = function(ctx)
      if not ctx.attack.hit then return false end
      for _, c in ipairs(S.attack_cards(ctx.player)) do
        if entity.kind(c) == "base" then
          if not fire.run_one(c, "hit", { attack = ctx.attack }) then return false end
          return
        end
      end
      return false
    end }),

  -- Flash: After: remove this card (§8 remove: to the box, never used again this game).
  style("flash", "Flash", { after = function(ctx) kit.remove(ctx.self) end }),

  -- Volley: Hit: every fighter of another team loses 1 health (§8 "fighter of another team":
  -- in team play all of them, not only the opponent; in a duel, the opponent).
  style("volley", "Volley", {
    hit = function(ctx)
      for _, q in ipairs(team.enemies(ctx.player)) do verbs.lose(ctx.player, 1, q) end
    end }),
}
