-- Hole #16.11: an error inside log.within_rule lost the card's frame: the traceback stopped
-- at "[C]: in function 'log.within_rule'" and error({}) named the line calling within_rule,
-- not the line that raised. TEST FIXTURE.
local within = log.within_rule
local function explode()
  error({})
end
return {
  name = "Within error",
  go = function(ctx)
    within("outer step", function()
      within("inner step", explode)
    end)
  end,
}
