-- Cards of our design for the quick-start decks, each showing a rule the spec's sample pool
-- does not: an enter-battle effect, a "when destroyed" trigger, a unit that takes no battle
-- damage, an Order that answers in a Chain and an activated ability. SAMPLE CONTENT — not
-- from the rulebook.
return {
  { key = "squad/vanguard", kind = "unit", name = "Vanguard",
    text = "on entering battle: +2 ATTACK until end of turn",
    props = { colour = "red", colour_req = 1, total_req = 2, cost = 1, ground = true, attack = 1, shooting = 1, defense = 2 },
    enter_battle = function(ctx)
      effect.modify { target = ctx.self, stat = "attack", op = "add", amount = 2, source = ctx.self, expires = "turn" }
    end },
  { key = "squad/salvage_crawler", kind = "unit", name = "Salvage Crawler",
    text = "when destroyed: its owner draws a card",
    props = { colour = "blue", colour_req = 1, total_req = 2, cost = 1, ground = true, attack = 1, shooting = 2, defense = 2 },
    destroyed = function(ctx)
      if entity.kind(ctx.self) ~= "unit" then return false end
      local top = zone.top(ctx.G.deck[ctx.player])
      if not top then return false end
      zone.move(top, ctx.G.hand[ctx.player], "bottom")
      log.event("squad.salvage", "{e:card}: {p:player} draws a card", { card = ctx.self, player = ctx.player })
    end },
  { key = "squad/decoy_drone", kind = "unit", name = "Decoy Drone",
    text = "does not take battle damage",
    props = { colour = "blue", colour_req = 1, total_req = 1, cost = 1, space = true, attack = 0, shooting = 1, defense = 1,
      no_battle_damage = true } },
  { key = "squad/countermeasure", kind = "order", name = "Countermeasure",
    text = "play in answer to an Order: the Chain's last link does nothing",
    props = { colour = "blue", colour_req = 1, total_req = 3, cost = 1, when = "any", target = "link" },
    resolve = function(ctx) flag.set(ctx.target, "countered", true, "turn") end },
  { key = "squad/signal_relay", kind = "unit", name = "Signal Relay",
    text = "tap: a unit in battle gets +1 SHOOTING until end of turn (battle phase only)",
    props = { colour = "blue", colour_req = 1, total_req = 2, cost = 1, ground = true, attack = 0, shooting = 1, defense = 2,
      ability_when = "battle", ability_target = "unit_in_battle", ability_cost = "tap" },
    ability = function(ctx)
      effect.modify { target = ctx.target, stat = "shooting", op = "add", amount = 1, source = ctx.self, expires = "turn" }
    end },
}
