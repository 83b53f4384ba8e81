-- Loops forever when fired. TEST FIXTURE.
return {
  name = "Endless",
  go = function(ctx)
    local n = 0
    while true do
      n = n + 1
    end
  end,
}
