-- An endless recursion through pcall: each level's to-be-closed variable calls it again from
-- its __close while the level's error unwinds. TEST FIXTURE.
return {
  name = "Close pcall",
  go = function(ctx)
    local function f()
      pcall(function()
        local x <close> = setmetatable({}, { __close = f })
        error("e")
      end)
    end
    f()
  end,
}
