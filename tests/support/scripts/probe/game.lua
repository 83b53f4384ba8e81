-- Probe: a test-only game that activates the cards named in setup.cards and fires the
-- window "go" setup.times times (default 1), ending the period "round" every
-- setup.period_every dispatches (default 1). Used to test the host: handler order, self
-- removal, decisions inside a window, and the sandbox's limits. TEST FIXTURE.

local windows = require("core.windows")

return {
  name = "Probe (test fixture)",
  windows = { "go" },
  setup_keys = { "cards", "times", "owner_orders", "period_every" },
  seat_keys = {},
  play = function(ctx)
    local table_zone = zone.create("table", nil, "public")
    for _, key in ipairs(ctx.setup.cards or {}) do
      local owner = 1
      local k = key
      local at = key:find("@", 1, true)
      if at then owner, k = tonumber(key:sub(at + 1)), key:sub(1, at - 1) end
      cards.activate(cards.create(k, owner, table_zone))
    end
    for i = 1, ctx.setup.times or 1 do
      local fired = windows.dispatch("go", { round = i }, 1, { owner_orders = ctx.setup.owner_orders })
      log.event("dispatched", "round {round}: {fired} handlers fired", { round = i, fired = fired })
      if i % (ctx.setup.period_every or 1) == 0 then match.end_period("round") end
    end
    match.finish(1, "done")
  end,
}
