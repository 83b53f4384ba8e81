-- Hole #16.6 (nested): a table inside a required module is read-only too. TEST FIXTURE.
return {
  name = "Nested module replacer",
  go = function(ctx)
    local probe_data = require("probe.data")
    probe_data.list[1] = "poisoned"
  end,
}
