-- Textbomb: a game that declares event kinds in a loop as it loads, each with a new template.
-- The process keeps such texts for good; a red team's mod card (2026-11-30) filled the
-- process's bound this way, and every later game and match of the process failed. A load now
-- stops at its own bound on new texts, naming this line. TEST FIXTURE.
local n = 0
while true do
  log.kind("textbomb.k" .. n, ("x"):rep(1000) .. n, {})
  n = n + 1
end
