-- Tries to install a finalizer that would run outside the instruction budget. TEST FIXTURE.
return {
  name = "Finalizer",
  go = function(ctx)
    setmetatable({}, { __gc = function() while true do end end })
  end,
}
