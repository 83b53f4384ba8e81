-- Hole #16.5 (Duelbox modules): the same through pairs(counter). TEST FIXTURE.
return {
  name = "Module poisoner",
  go = function(ctx)
    local _, behind = pairs(counter)
    behind.add = function() end
  end,
}
