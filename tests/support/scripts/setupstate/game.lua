-- Setupstate: a game that breaks the checkpoint's promise (checkpoint.h) in one of three ways:
-- its setup keeps a fact in a file-level local before its seed-free checkpoint (mode "local");
-- its `save` counts its calls in another (mode "save": harmless, since a plain match never calls
-- save and a resumed one starts the count as loaded); or `save` counts and `resume` sets the
-- count back from the saved data (mode "saveback": a resumed match then differs from the plain
-- one). The match's last event reports both. The bench must not start later matches from a
-- checkpoint that makes them differ from the match their seed plays from the start
-- (setup_reuse.h; a red team and a review, 2026-11-30). TEST FIXTURE.
local set_up = false
local saves = 0

local function save()
  saves = saves + 1
  return { n = saves }
end

local function go()
  local roll = math.random(1, 6)
  log.event("setupstate.end", "set up {s}, saved {n}, rolled {r}", { s = set_up, n = saves, r = roll })
  match.finish(set_up and 1 or 2, "set up " .. tostring(set_up) .. ", saves " .. saves)
end

local game = {
  name = "Setupstate (test fixture)",
  windows = {},
  setup_keys = {},
  seat_keys = {},
  options = {
    { name = "mode", default = "local", values = { "local", "save", "saveback" },
      doc = "how the game breaks the checkpoint's promise (see the file header)" },
  },
}

function game.play(ctx)
  zone.create("table", nil, "public")
  if ctx.options.mode == "local" then set_up = true end
  match.checkpoint(save)
  go()
end

function game.resume(ctx, data)
  if ctx.options.mode == "saveback" then saves = data.n end
  go()
end

return game
