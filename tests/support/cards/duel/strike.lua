-- Strike. TEST FIXTURE / SAMPLE CONTENT — not from any rulebook.
return { name = "Strike", props = { speed = 5, range_min = 1, range_max = 1, power = 3 } }
