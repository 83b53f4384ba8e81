-- Hole #16.5: pairs() on a read-only library table must not hand out the table behind it.
-- TEST FIXTURE.
return {
  name = "Library poisoner",
  go = function(ctx)
    local _, behind = pairs(string)
    behind.format = function() return "poisoned" end
  end,
}
