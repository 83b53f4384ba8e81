-- Tries to survive the memory cap by catching it through log.within_rule, which catches and
-- passes errors on (to restore the rule context): the cap must still end the match. TEST FIXTURE.
return {
  name = "Caught memory bomb",
  go = function(ctx)
    local ok = pcall(log.within_rule, "§0 test", function()
      local t = {}
      local s = string.rep("x", 1024)
      for i = 1, math.maxinteger do
        t[i] = s .. i
      end
    end)
    log.say("survived the memory cap: " .. tostring(ok))   -- must never run
  end,
}
