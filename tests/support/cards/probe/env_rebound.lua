-- A red team (2026-11-30): a handler that assigns `_ENV` rebinds the file's environment
-- upvalue to a table of its own, which the host did not put back, so a count kept there carried
-- from one match to the next (1, 2, 3 on one host, and bench results that depended on the
-- number of workers). It must start every match as it loaded. TEST FIXTURE.
return {
  name = "Env rebound",
  go = function(ctx)
    local n = (rawget(_ENV, "plays") or 0) + 1
    _ENV = setmetatable({ plays = n }, { __index = _ENV })
    print(n)
  end,
}
