-- Registers a new handler while the window is being dispatched. TEST FIXTURE.
return {
  name = "Adder",
  go = function(ctx)
    if ctx.round == 1 then
      window.on("go", function(c) log.event("fired", "late handler fires", { card = 0 }) end)
    end
  end,
}
