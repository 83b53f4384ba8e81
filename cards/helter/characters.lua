-- The four teams of Judge Dredd: Helter Skelter and their characters (spec §1.4, §9).
-- The team rules are the rulebook's: HI-EX (Hershey, Anderson, Dredd), VAMPIRISM (Durham Red),
-- DEMONS (Lulu Romanov), WARP SPASM (Sláine), BERSERK (Warp-Sláine), STEALTH (Ukko) and the
-- Sláine team's setup (Warp-Sláine set aside). Each is a flag in a character's props; the rule
-- it names lives in scripts/helter/abilities.lua.
-- SAMPLE CONTENT — not from the rulebook: every starting health value below (the rulebook
-- prints them on cards it does not reproduce). Chosen within its constraints: at most 65 cubes
-- in play, Sláine at most 5 (five warp cubes), Durham at most 3.
--
-- props: team, symbol (the character symbol its action cards show), health (starting health),
-- and the ability flags. reminder: the dead side's text.

local list = {}

local function character(key, name, team, symbol, health, flags, reminder)
  local props = { team = team, symbol = symbol, health = health }
  for k, v in pairs(flags or {}) do props[k] = v end
  list[#list + 1] = { key = "helter/" .. key, kind = "figure", name = name, props = props,
    reminder = reminder or "Dead: your cards showing this symbol may pay for COLLECT FRAGMENT (three of them)." }
end

local function team(key, name, colour, members, extra)
  local def = { key = "helter/team_" .. key, kind = "team", name = name, props = { colour = colour },
    characters = members, deck = "helter/deck_" .. key }
  for k, v in pairs(extra or {}) do def[k] = v end
  list[#list + 1] = def
end

character("giant", "Judge Giant", "judges", "giant", 3)
character("anderson", "Judge Anderson", "judges", "anderson", 3, { hiex = true })
character("hershey", "Chief Judge Hershey", "judges", "hershey", 3, { hiex = true })
character("dredd", "Judge Dredd", "judges", "dredd", 4, { hiex = true })
character("mean_machine", "Mean Machine", "judges", "mean_machine", 4)
team("judges", "Judges", "blue", { "helter/giant", "helter/anderson", "helter/hershey", "helter/dredd",
  "helter/mean_machine" })

character("middenface", "Middenface McNulty", "strontium_dogs", "middenface", 3)
character("durham", "Durham Red", "strontium_dogs", "durham", 3, { vampirism = true })
character("johnny", "Johnny Alpha", "strontium_dogs", "johnny", 4)
character("wulf", "Wulf Sternhammer", "strontium_dogs", "wulf", 4)
character("gronk", "Gronk", "strontium_dogs", "gronk", 2)
team("strontium_dogs", "Strontium Dogs", "yellow", { "helter/middenface", "helter/durham", "helter/johnny",
  "helter/wulf", "helter/gronk" })

character("viktor", "Viktor Romanov", "nikolai_dante", "viktor", 3)
character("jena", "Tsarina Jena Makarov", "nikolai_dante", "jena", 3)
character("nikolai", "Nikolai Dante", "nikolai_dante", "nikolai", 4)
character("elena", "Elena Kurakin", "nikolai_dante", "elena", 3)
character("lulu", "Lulu Romanov", "nikolai_dante", "lulu", 3, { demons = true })
team("nikolai_dante", "Nikolai Dante", "red", { "helter/viktor", "helter/jena", "helter/nikolai", "helter/elena",
  "helter/lulu" })

character("ukko", "Ukko", "slaine", "ukko", 3, { stealth = true })
character("slaine", "Sláine mac Roth", "slaine", "slaine", 4, { warp_spasm = true })
character("niamh", "Niamh", "slaine", "niamh", 3)
character("kai", "Kai", "slaine", "kai", 3)
-- Warp-Sláine: set aside at setup; under the default reading (AMB-10) he shows Sláine's symbol.
character("warp_slaine", "Warp-Sláine", "slaine", "warp_slaine", 5, { berserk = true, replaces = "slaine" },
  "Replaced Sláine mac Roth with the health Sláine had.")
team("slaine", "Sláine", "green", { "helter/ukko", "helter/slaine", "helter/niamh", "helter/kai" },
  { set_aside = { "helter/warp_slaine" } })

return list
