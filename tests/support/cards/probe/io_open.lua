-- Tries to open a file. TEST FIXTURE.
return {
  name = "File reader",
  go = function(ctx)
    local f = io.open("/etc/passwd")
  end,
}
