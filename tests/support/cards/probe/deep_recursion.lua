-- Recurses without end: the rules coroutine's stack grows until the memory cap. TEST FIXTURE.
return {
  name = "Deep recursion",
  go = function(ctx) local function f() return 1 + f() end return f() end,
}
