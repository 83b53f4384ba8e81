-- Hole #16.7: a registered handler is a kernel record. Without a charge, this registers ten
-- million handlers (one shared function) with 200-byte period names under a 64 MB cap.
-- TEST FIXTURE.
return {
  name = "Kernel handlers",
  go = function()
    local period = string.rep("p", 200)
    local function never() end
    for _ = 1, 10000000 do window.on("go", never, { period = period }) end
  end,
}
