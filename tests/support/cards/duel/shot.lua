-- Shot. TEST FIXTURE / SAMPLE CONTENT — not from any rulebook.
return { name = "Shot", props = { speed = 4, range_min = 2, range_max = 4, power = 2 } }
