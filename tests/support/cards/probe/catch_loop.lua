-- Loops forever inside pcall, trying to swallow the budget error. TEST FIXTURE.
return {
  name = "Sly loop",
  go = function(ctx)
    while true do
      pcall(function() while true do end end)
    end
  end,
}
