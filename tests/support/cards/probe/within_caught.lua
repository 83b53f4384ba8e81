-- Hole #16.11: an error caught inside the handler must not lend its stack to a later,
-- different failure. TEST FIXTURE.
local function explode()
  error("first")
end
return {
  name = "Within caught",
  go = function(ctx)
    pcall(log.within_rule, "step", explode)
    local t = nil
    return t.field
  end,
}
