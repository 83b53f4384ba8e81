-- Snippet: a test-only game whose rules are the Lua text in setup.code, so one API test
-- can run a few lines and assert their values, events and error lines. TEST FIXTURE.
--
-- The snippet is loaded as chunk "=snippet" (errors read "snippet:<line>: ...") in a
-- fresh sandboxed environment where `ctx` is a global (it is also the chunk's `...`).
-- When the snippet returns without ending the match, play() ends it as a draw.

return {
  name = "Snippet (test fixture)",
  windows = { "go", "react" },
  options = {},
  setup_keys = { "code" },
  seat_keys = {},
  play = function(ctx)
    -- Reads fall back to this file's environment, which falls back to the sandbox base.
    local env = setmetatable({ ctx = ctx }, { __index = _G })
    local chunk, err = load(ctx.setup.code or "", "=snippet", "t", env)
    if not chunk then error(err, 0) end
    chunk(ctx)
    if not match.finished() then match.finish(nil, "snippet done") end
  end,
}
