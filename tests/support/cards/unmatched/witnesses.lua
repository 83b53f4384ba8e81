-- Witness and Herald: two test heroes for tests/games/unmatched. TEST FIXTURE / SAMPLE CONTENT —
-- not from the rulebook, and never shipped: um::run_with_fixtures copies this file next to a
-- copy of the game.
-- Their ability handlers never return early, unlike the shipped heroes', so a test sees every
-- time the rules run a hero's ability; each handler logs a `fixture` event whose `what` says who
-- ran it ("Witness ability AFTER COMBAT", "Herald's Omen IMMEDIATELY").
--  - Ability (character card), every combat window: logs; AFTER COMBAT it also draws 1 card
--    (a hero's after-combat ability, rulebook attack step 3: after all card effects).
--  - Omen (versatile, ANY, value 3, boost 1), x5: IMMEDIATELY draw 1 card; DURING COMBAT and
--    AFTER COMBAT it only logs.
-- And Sting Probe, a Medusa attack card (value 3): IMMEDIATELY deal 1 damage to the defender;
-- AFTER COMBAT, if Medusa won the combat, draw 1 card.
local fx = require("unmatched.effects")

local WHEN = { immediately = "IMMEDIATELY", during_combat = "DURING COMBAT", after_combat = "AFTER COMBAT" }

-- What each handler logs, built once per host: WHAT[hero][source][window].
local WHAT = {}

---Logs the `fixture` event for handler (hero, source, window) of a fixture hero.
local function note(ctx, hero, source, window)
  log.event("fixture", "{what}", { what = WHAT[hero][source][window], player = ctx.player }, { rule = "attack, step 3" })
end

local function hero(id, name)
  WHAT[id] = { ability = {}, omen = {} }
  for w, label in pairs(WHEN) do
    WHAT[id].ability[w] = name .. " ability " .. label
    WHAT[id].omen[w] = name .. "'s Omen " .. label
  end
  return {
    {
      key = "unmatched/" .. id,
      kind = "character",
      name = name .. " (character card)",
      move = 2,
      fighters = { { id = id, name = name, health = 10, ranged = false } },
      deck = { { "omen", 5 } },
      immediately = function(ctx) note(ctx, id, "ability", "immediately") end,
      during_combat = function(ctx) note(ctx, id, "ability", "during_combat") end,
      after_combat = function(ctx)
        note(ctx, id, "ability", "after_combat")
        fx.draw(ctx.player, 1)
      end,
    },
    {
      key = "unmatched/" .. id .. "/omen",
      name = "Omen",
      props = { type = "versatile", user = "any", value = 3, boost = 1 },
      immediately = function(ctx)
        note(ctx, id, "omen", "immediately")
        fx.draw(ctx.player, 1)
      end,
      during_combat = function(ctx) note(ctx, id, "omen", "during_combat") end,
      after_combat = function(ctx) note(ctx, id, "omen", "after_combat") end,
    },
  }
end

local out = {
  -- A Medusa attack card whose IMMEDIATELY effect can defeat the defender before the attack's
  -- damage (no shipped card can): who won that combat (rulebook L394-397)?
  {
    key = "unmatched/medusa/sting_probe",
    name = "Sting Probe",
    text = "IMMEDIATELY: deal 1 damage to the defender. AFTER COMBAT: if you won the combat, draw 1 card.",
    props = { type = "attack", user = "medusa", value = 3, boost = 1 },
    immediately = function(ctx) fx.deal(ctx.foe, 1) end,
    after_combat = function(ctx) if ctx.won then fx.draw(ctx.player, 1) end end,
  },
}
for _, h in ipairs({ { "witness", "Witness" }, { "herald", "Herald" } }) do
  local defs = hero(h[1], h[2])
  out[#out + 1] = defs[1]
  out[#out + 1] = defs[2]
end
return out
