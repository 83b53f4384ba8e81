-- Tries to change the string metatable that every script shares. TEST FIXTURE.
return {
  name = "Vandal",
  go = function(ctx)
    getmetatable("").__index.upper = function() return "pwned" end
  end,
}
