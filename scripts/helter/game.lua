-- Judge Dredd: Helter Skelter (Martin Wallace, 2019), for 2–4 players: teams of characters on
-- an area map with walls, high ground, cover and line of sight, hidden deployment, actions
-- paid by matching symbols and out-of-turn interrupts. Spec: the project's Helter Skelter
-- rules spec (rulebook seed 004); readings of its open points: docs/rules-decisions.md,
-- "Helter Skelter" (every AMB-nn is an option below, default first).
--
-- Files: setup.lua (§3), state.lua (zones, seats), map.lua (§2 relations), symbols.lua (§5
-- card symbols), actions.lua (§6), combat.lua (§7–8), abilities.lua (§9 team rules),
-- turn.lua (§4, §10), stalemate.lua (a match that can never change again). Cards:
-- cards/helter/*.lua; maps: maps/helter_*.json.

local setup = require("helter.setup")
local state = require("helter.state")
local turn = require("helter.turn")
local stalemate = require("helter.stalemate")
local map = require("helter.map")

local game = {
  name = "Helter Skelter",
  windows = {},
  options = {
    { name = "win_points", default = 5, min = 1, max = 20, doc = "points that win at once (§8.3)" },
    { name = "hand_limit", default = 7, min = 1, max = 30, doc = "the hand limit; end-of-turn draws stop there (§4.4)" },
    { name = "draw", default = 3, min = 0, max = 30, doc = "cards drawn at the end of a normal turn (§4.4)" },
    { name = "first_player", default = 0, min = 0, max = 4, doc = "who takes the first turn; 0 = the rulebook's: the lowest fragment (§3.13)" },
    { name = "max_turns", default = 1000, min = 0, doc = "normal turns before the match is called a draw (0 = no limit); a safety net for random play" },
    { name = "stalemate_tie", default = "standing", values = { "standing", "draw" },
      doc = "tied leaders at a stalemate (SAMPLE, the rulebook is silent): the best standing wins (health left, characters alive, later in turn order), or a draw" },
    { name = "nested_interrupt_return", default = "active", values = { "active", "resume" },
      doc = "AMB-01: after an interrupt of an interrupting turn, play returns to the active player, or resumes the interrupted turn" },
    { name = "interrupt_priority", default = "from_active", values = { "from_active", "from_actor" },
      doc = "AMB-02: simultaneous interrupts go clockwise from the active player's left (active last), or from the left of the player who just acted" },
    { name = "blast_hits_actor", default = true, doc = "AMB-03: a BLAST on the actor's own space makes the actor a defender too" },
    { name = "resume_after_end_interrupt", default = "draw", values = { "draw", "resume" },
      doc = "AMB-04: after interrupts of the active player's end-of-turn declaration, play returns to step 4 (draw), or to step 2" },
    { name = "shotgun_distance", default = "borders", values = { "borders", "all_shared_edges" },
      doc = "AMB-05: SHOTGUN's two spaces count borders and waterfalls (never walls), or every shared edge" },
    { name = "collect_dead_single", default = true, doc = "AMB-06: COLLECT's three dead-symbol cards all show the same dead character" },
    { name = "hiex_hits_actor", default = true, doc = "AMB-07: HI-EX into the sniper's own space makes the sniper a defender too" },
    { name = "psi_discard_forced", default = true, doc = "AMB-08: the PSI discard is forced when possible (false: the defender may take the damage)" },
    { name = "defense_order", default = "seat", values = { "seat", "simultaneous" },
      doc = "AMB-09: defenders' owners declare from the acting player clockwise, each seeing earlier declarations; or all hidden until all have declared" },
    { name = "warp_slaine_symbol", default = "slaine", values = { "slaine", "own" },
      doc = "AMB-10: Warp-Sláine shows Sláine's character symbol, or his own printed one" },
    { name = "fly_crosses_walls", default = false, doc = "AMB-11: a FLY step may cross a wall" },
    { name = "durham_vamp_cap", default = "three", values = { "three", "health" },
      doc = "AMB-12: VAMPIRISM heals up to 3 cubes, or up to starting health" },
    { name = "active_may_interrupt", default = true, doc = "AMB-13: the active player may interrupt another player's interrupting turn" },
    { name = "window_after_deploy", default = false, doc = "AMB-14: deploying opens an interrupt window" },
    { name = "vamp_on_smash", default = false, doc = "AMB-15: Durham's SMASH also triggers VAMPIRISM" },
    { name = "warp_count", default = "nominal", values = { "nominal", "removed" },
      doc = "AMB-16: warp cubes count the damage dealt, or only the health cubes actually removed" },
    { name = "mandatory_deploy", default = true, doc = "AMB-17: step 1's deploy is mandatory while a character waits" },
  },
  setup_keys = {
    { name = "map", type = "string", doc = "the board: city_blocks (default), grand_hall, or a map file under the root" },
  },
  seat_keys = {
    { name = "team", type = "string", values = setup.TEAMS, doc = "the team (default by seat: judges, strontium_dogs, nikolai_dante, slaine)" },
    { name = "deployed", type = "list", of = "string", doc = "\"dredd@1\": a character already on the space with that designation (scripted setup)" },
    { name = "starts", type = "list", of = "string", doc = "\"giant@17\" (Ukko: \"ukko@5/9\"): an undeployed character's hidden start card(s)" },
    { name = "dead", type = "list", of = "string", doc = "characters already dead (by symbol)" },
    { name = "health", type = "list", of = "string", doc = "\"dredd=2\": a character's current health" },
    { name = "warp", type = "integer", min = 0, max = 5, doc = "warp cubes on Sláine" },
    { name = "fragments", type = "list", of = "string", doc = "designations of the spaces holding this team's fragments" },
    { name = "points", type = "integer", min = 0, doc = "points already scored" },
    { name = "hand", type = "list", of = "string", doc = "the hand: action card keys (judges_03) or symbol strings (\"dredd||snipe\")" },
    { name = "deck", type = "list", of = "string", doc = "the action deck, top first (not shuffled)" },
    { name = "discard", type = "list", of = "string", doc = "the discard pile" },
  },
  bench_unit = { event = "helter.turn", name = "turn" },
  -- What `duelbox run` tells without --verbose: a figure's step is told by its "moves"/"deploys"
  -- line, an action's end by the next line, and health by the damage and heal lines.
  narration = { details = { "board.place", "helter.action_done", "counter.change" } },
  check_card = setup.check_card,
  -- What `duelbox lab` pairs and counts (docs/lab.md): the teams; an action card is played when it
  -- is discarded (every cost, defense and PSI discard), held while in hand. Two-seat base
  -- scenario: `duelbox lab examples/helter/bench_2p.json`.
  lab = {
    roster = { prefix = "helter/team_", kind = "team" },
    seat_key = "team",
    played = { "discard" },
    held = { "hand" },
  },
}

local EV_LIMIT = log.kind("helter.turn_limit", "{n} turns played: the match is called a draw", { "n" },
  { rule = "§8.5 Stalemate" })

-- The match's G once setup is done, for evaluate (nil during setup: a host plays one match at a
-- time, and a search's copy replays its match from the start on a host of its own).
local current

---How well player `p` stands, from 0 (lost) to 1 (won), the players' figures summing to 1:
---what a search (docs/ai.md) scores a copy of the match with when it cuts the copy short.
---Points decide the match (5 win at once, §8.3; the most after an elimination or a stalemate,
---§8.4-8.5), so each counts 1; a player's living characters add half a point at full health.
---An eliminated player stands at 0; during setup everyone stands alike.
---@param p integer
---@return number
function game.evaluate(p)
  local n = match.players()
  if not current then return 1 / n end
  local score, total = {}, 0
  for q = 1, n do
    local s = 0
    if not current.eliminated[q] then
      s = state.points(q)
      local alive, full = 0, 0
      for _, f in ipairs(current.chars[q]) do
        full = full + (current.start_health[f] or 0)
        if not state.dead(f) then alive = alive + (counter.get(f, "health") or 0) end
      end
      if full > 0 then s = s + 0.5 * alive / full end
    end
    score[q] = s
    total = total + s
  end
  if total == 0 then return 1 / n end
  return score[p] / total
end

-- What a checkpoint keeps of G (match.checkpoint): its own tables of ids and facts. Resume
-- rebuilds the rest: options and seat count from ctx, the map's relations from the board, and
-- the symbol cache (it refills).
local KEPT = { "team", "team_name", "chars", "symbol", "start_health", "owner", "under", "set_aside_of", "eliminated",
  "hand", "deck", "discard", "reserve", "trophies", "collected", "map_hand", "received", "removed", "set_aside",
  "unused", "box", "out_of_play", "tie_told", "tiebreak", "busy", "first_player" }

-- The value a checkpoint saves at the top of a turn: G's kept tables, whose turn comes, the
-- normal turns played and the idle turns in a row.
local function save(G, p, n, idle)
  local kept = {}
  for i = 1, #KEPT do kept[KEPT[i]] = G[KEPT[i]] end
  return { G = kept, p = p, n = n, idle = idle }
end

-- The turn loop from seat p's turn, with n normal turns played and `idle` idle turns in a row:
-- each turn starts at a checkpoint, where a search's copy of the match may start instead of
-- replaying the match from setup (docs/ai.md, "Checkpoints").
local function play_turns(ctx, G, p, n, idle)
  while true do
    match.checkpoint(save, G, p, n, idle)
    if not G.eliminated[p] then
      if ctx.options.max_turns > 0 and n >= ctx.options.max_turns then
        EV_LIMIT(n)
        match.finish(nil, "turn limit")
        return
      end
      n = n + 1
      turn.play(G, p, n)
      idle = G.busy and 0 or idle + 1
      if idle >= #state.remaining(G) then
        stalemate.finish(G, idle)
        return
      end
    end
    p = state.left(G, p)
  end
end

function game.play(ctx)
  current = nil
  local G, first = log.within_rule("§3 Setup", setup.run, ctx)
  current = G
  play_turns(ctx, G, first, 0, 0)
end

---Goes on from a checkpoint of `play` (match.checkpoint): the kernel's state is as it was
---there, `data` what `save` returned then. Rebuilds G's derived tables, then plays on.
---@param ctx table the game context, as play gets it
---@param data table the saved value
function game.resume(ctx, data)
  local G = data.G
  G.options, G.n = ctx.options, ctx.players
  G.map = map.build(ctx.options)
  G.symbols = {}
  current = G
  play_turns(ctx, G, data.p, data.n, data.idle)
end

return game
