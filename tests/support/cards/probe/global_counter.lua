-- Hole #16.8: a file-level global counting matches would make a reused host log differently
-- from a fresh one. TEST FIXTURE.
count = 0
return {
  name = "Global counter",
  go = function(ctx)
    count = count + 1
    print(count)
  end,
}
