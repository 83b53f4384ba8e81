-- Hole #16.6: require hands every script the same module table, so it must be read-only.
-- TEST FIXTURE.
return {
  name = "Module replacer",
  go = function(ctx)
    local windows = require("core.windows")
    windows.dispatch = function() return 0 end
  end,
}
