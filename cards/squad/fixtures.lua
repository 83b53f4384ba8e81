-- Test fixtures for the squad-battle worked examples (tests/games/squad): units with exactly
-- the stats an example names, free to play. TEST FIXTURES, not game content. SAMPLE CONTENT —
-- not from the rulebook.
--   fx_<types>_<attack>_<shooting>_<defense>: types g (GROUND), s (SPACE) or gs (both).
local list = {}
local function unit(types, a, s, d, extra)
  local props = { colour = "any", colour_req = 0, total_req = 0, cost = 0, attack = a, shooting = s, defense = d,
    ground = types:find("g", 1, true) ~= nil, space = types:find("s", 1, true) ~= nil }
  for k, v in pairs(extra or {}) do props[k] = v end
  local key = ("squad/fx_%s_%d_%d_%d"):format(types, a, s, d)
  list[#list + 1] = { key = key, kind = "unit", name = ("U(%s %d/%d/%d)"):format(types, a, s, d), props = props }
end
unit("g", 3, 9, 1)    -- SQ-01 F
unit("g", 9, 2, 1)    -- SQ-01 M
unit("g", 9, 1, 1)    -- SQ-01 B
unit("g", 4, 0, 9)    -- an attacker dealing 4 that survives
unit("g", 0, 0, 2)
unit("g", 0, 0, 3)
unit("g", 0, 0, 1)
unit("s", 5, 0, 1)    -- SQ-03
unit("s", 3, 0, 1)    -- SQ-19
unit("g", 2, 0, 9)    -- SQ-05
unit("g", 10, 0, 9)   -- SQ-06
unit("g", 3, 0, 2)    -- SQ-07 A1
unit("g", 2, 0, 3)    -- SQ-07 D1
unit("gs", 1, 1, 1)   -- SQ-11: both types
unit("s", 0, 0, 1)
unit("g", 4, 0, 3)    -- SQ-04 F
unit("g", 0, 2, 1)    -- SQ-04 B
-- SQ-09: a unit printed BASE (it may defend, never attack), like Bastion is printed FORTRESS.
list[#list + 1] = { key = "squad/fx_base_g_0_0_4", kind = "unit", name = "U(base g 0/0/4)",
  props = { colour = "any", colour_req = 0, total_req = 0, cost = 0, attack = 0, shooting = 0, defense = 4,
    ground = true, space = false, base = true } }
-- SQ-17: a unit with an end-of-turn effect (logs that it fired).
list[#list + 1] = { key = "squad/fx_eot", kind = "unit", name = "U(eot)",
  props = { colour = "any", colour_req = 0, total_req = 0, cost = 0, attack = 0, shooting = 0, defense = 1, ground = true },
  end_of_turn = function(ctx) log.event("squad.fx_eot", "{e:card}'s end-of-turn effect", { card = ctx.self }) end }
-- §6.6: an Order that empties both play decks into the Discards at once (usable any time).
list[#list + 1] = { key = "squad/fx_drain", kind = "order", name = "Drain", props = { colour = "any", colour_req = 0,
  total_req = 0, cost = 0, when = "any" },
  resolve = function(ctx)
    for p = 1, 2 do
      while zone.count(ctx.G.deck[p]) > 0 do zone.move(zone.top(ctx.G.deck[p]), ctx.G.discard[p], "top") end
    end
  end }
-- A card that can never be played: fills decks and hands without adding a question.
list[#list + 1] = { key = "squad/fx_filler", kind = "filler", name = "Filler", props = {} }
return list
