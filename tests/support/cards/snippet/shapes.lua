-- Shapes: a definition whose tables are nested and shared (cards.copy). TEST FIXTURE.
local cell = { 1, 2 }
return {
  name = "Shapes",
  props = { power = 1 },
  a = cell,
  b = cell,
  deep = { deeper = { n = 7 } },
  go = function() end,
}
