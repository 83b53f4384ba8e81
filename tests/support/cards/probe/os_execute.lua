-- Tries to run a program. TEST FIXTURE.
return {
  name = "Shell",
  go = function(ctx)
    os.execute("true")
  end,
}
