-- Hole #16.8, the restore's fast path: the host confirms an untouched file-level table by
-- walking its entries in the order they had at load, and puts back one that changed. This
-- table is emptied and refilled (same entries, new order) and grown past its size (a rehash)
-- in every match; each match must still find exactly its three load-time entries.
-- TEST FIXTURE.
local weights = { a = 1, b = 2, c = 3 }
local keys = { "a", "b", "c" }
return {
  name = "Table regrown",
  go = function(ctx)
    local n, sum = 0, 0
    for i = 1, #keys do
      if weights[keys[i]] then n, sum = n + 1, sum + weights[keys[i]] end
    end
    print(n, sum, weights.k1)
    weights.a = nil
    weights.a = 1                                     -- same entries, maybe another order
    for i = 1, 100 do weights["k" .. i] = i end       -- grown: the table is rehashed
    for i = 1, 100 do weights["k" .. i] = nil end     -- and emptied of them again
  end,
}
