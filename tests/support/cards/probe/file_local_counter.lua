-- Hole #16.8: a file-level local (an upvalue of the handler) counting matches would make a
-- reused host log 1, 2, 3 where a fresh host logs 1 each time. The table-held cache below
-- is emptied before each match too. TEST FIXTURE.
local count = 0
local last = nil
local cache = {}
return {
  name = "File local counter",
  go = function(ctx)
    count = count + 1
    last = { count }
    cache.built = (cache.built or 0) + 1
    print(count, last[1], cache.built > 0)
  end,
}
