-- Raises a runtime error. TEST FIXTURE.
return {
  name = "Boom",
  go = function(ctx)
    local t = nil
    return t.field
  end,
}
