-- Master (Мастер), Champion (Чемпион) and Revenge (Мщение): the team-play cards (spec §9.1,
-- §9.9). The rulebook names them and gives Revenge's +2 force per beat (counted in the team
-- income, battlecon.team); the rest of their text is not in the rulebook:
-- SAMPLE CONTENT — not from the rulebook: Master = +5 health (and maximum) for the lone
-- fighter of a 2 vs 1; Champion = +10 health for the lone fighter of a 3 vs 1.

return {
  { key = "battlecon/master", name = "Master", kind = "team_card", props = { health_bonus = 5, sample = true } },
  { key = "battlecon/champion", name = "Champion", kind = "team_card", props = { health_bonus = 10, sample = true } },
  { key = "battlecon/revenge", name = "Revenge", kind = "team_card", props = { force_per_beat = 2 } },
}
