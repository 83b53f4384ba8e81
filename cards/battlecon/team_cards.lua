-- Master (Мастер), Champion (Чемпион) and Revenge (Мщение): the team-play cards (spec §9.1 T1,
-- §9.9 TE2/TE4, §11.1 item 7). What the rulebook gives: the lone fighter of a 2 vs 1 may take
-- Master, of a 3 vs 1 Champion, and these cards list "bonuses and setup features" («бонусы и
-- особенности подготовки»); a team that loses a fighter places a Revenge card listing the
-- bonuses of the fighters left, and the only one the book names is +2 force per beat (counted
-- in the team income, battlecon.team; two Revenge cards add up). Revenge below is exactly
-- that: nothing is invented for it.
--
-- SAMPLE CONTENT — not from the rulebook: the Master's and the Champion's texts.
-- Why these: the lone fighter is attacked two (three) times a beat and its defense meets the
-- beat's total damage (§9.8 TH1), while it acts once; so it gets more health, armor every
-- beat (a pool that burns over all the hits, §8), and a setup change that gives it the tempo
-- of the first beat.
--   Master (2 vs 1): +5 starting health (and maximum). Setup: you take the active player
--     card. Start: armor 1.
--   Champion (3 vs 1): +10 starting health (and maximum). Setup: you take the active player
--     card and gain 2 force. Start: armor 2.
-- The health bonus is applied when the card is taken (battlecon.setup, props.health_bonus);
-- the card is then live in the fighter's status zone: its fighter_setup runs in W1, its
-- start in every beat's Start, and it stops when the fighter is eliminated.

local S = require("battlecon.state")
local verbs = require("battlecon.verbs")

-- The lone fighter's card: its setup change and its per-beat armor.
local function lone(key, name, health, armor, force)
  return { key = key, name = name, kind = "team_card",
    text = "+" .. health .. " health (and maximum). Setup: take the active player card"
      .. (force > 0 and (" and gain " .. force .. " force") or "") .. ". Start of beat: armor " .. armor,
    props = { health_bonus = health, start_armor = armor, setup_force = force, sample = true },
    fighter_setup = function(ctx)
      log.within_rule("§9.9 TE4 " .. name .. " [SAMPLE]", function()
        S.set_active(ctx.player)
        if force > 0 then verbs.gain_force(ctx.player, force) end
        log.event("bc.lone_setup", "{p:player}'s {name}: takes the active player card{more}",
          { player = ctx.player, name = name, more = force > 0 and (" and " .. force .. " force") or "" })
      end)
    end,
    start = function(ctx) log.within_rule("§9.9 TE4 " .. name .. " [SAMPLE]", verbs.armor, ctx.player, armor) end }
end

return {
  lone("battlecon/master", "Master", 5, 1, 0),
  lone("battlecon/champion", "Champion", 10, 2, 2),
  { key = "battlecon/revenge", name = "Revenge", kind = "team_card",
    text = "Recycle: your team gains 2 force for its eliminated fighter", props = { force_per_beat = 2 } },
}
