-- Setupstate: a game that breaks the checkpoint's promise (checkpoint.h): its setup keeps a fact
-- in a file-level local before its seed-free checkpoint, and its `save` counts its calls in
-- another; the rest of the match reads both. A match resumed from the checkpoint starts them as
-- they loaded, so it is not the match its seed plays from the start: the bench must not start
-- later matches there (setup_reuse.h; a red team, 2026-11-30). TEST FIXTURE.
local set_up = false
local saves = 0

local function save()
  saves = saves + 1
  return {}
end

local function go(ctx)
  local roll = math.random(1, 6)
  log.event("setupstate.end", "set up {s}, saved {n}, rolled {r}", { s = set_up, n = saves, r = roll })
  match.finish((set_up and saves == 0) and 1 or 2, "set up " .. tostring(set_up) .. ", saves " .. saves)
end

local game = {
  name = "Setupstate (test fixture)",
  windows = {},
  setup_keys = {},
  seat_keys = {},
  options = {
    { name = "mode", default = "local", values = { "local", "save" },
      doc = "local: setup sets a file-level local before the checkpoint; save: save counts its calls" },
  },
}

function game.play(ctx)
  zone.create("table", nil, "public")
  if ctx.options.mode == "local" then set_up = true end
  match.checkpoint(save)
  go(ctx)
end

function game.resume(ctx)
  go(ctx)
end

return game
