-- The squad-battle card game (the spec's "Gundam War"-like CCG): squads in rows in a Space and
-- a Ground arena, costs paid from the play deck, deck-out loses. Spec: the project's
-- squad-battle rules spec; the rulebook gives the battle and end-of-turn phases, the spec
-- fills the rest from sources and [SAMPLE] rules. Readings taken: docs/rules-decisions.md,
-- "Squad battle".
--
-- Files: setup.lua (zones, decks, opening hands), cards.lua (unit stats, orientation,
-- attachments, destruction), turn.lua (Ready, Draw, Deploy, End), battle.lua (§3).
-- Cards: cards/squad/*.lua.

local cards = require("squad.cards")
local setup = require("squad.setup")
local turn = require("squad.turn")

local game = {
  name = "Squad Battle",
  -- enter_battle: a card entering battle (A4); destroyed: a card destroyed (§3.3.2 step 4);
  -- end_of_turn: end-of-turn effects (§4 E2); resolve: an Order's effect; ability: an
  -- activated ability's effect (squad.priority).
  -- Every handler gets ctx.G, the match's zones (squad.setup).
  windows = { "enter_battle", "destroyed", "end_of_turn", "resolve", "ability" },
  options = {
    { name = "payment", default = "mill", values = { "mill", "tap" },
      doc = "how a card's cost is paid (§6.3): mill = cards from the top of your play deck to your Discard; tap = tap that many untapped Resources" },
    { name = "hand_limit", default = 6, min = 0, max = 60, doc = "cards the active player may keep at the end of the turn (§4 E1)" },
    { name = "opening_hand", default = 6, min = 0, max = 60, doc = "cards each player draws at setup (§6.1)" },
    { name = "first_player", default = 0, min = 0, max = 2, doc = "who takes the first turn: 1 or 2; 0 = at random (§6.1)" },
    { name = "contested_when", default = "damage_step", values = { "damage_step", "declared" },
      doc = "whether an arena is defended (§3.3): damage_step = defenders there at the damage step (the rulebook: attackers whose defenders were all sent back hit the deck); declared = a squad was declared there, even if it left (the damage vanishes)" },
  },
  setup_keys = {},
  seat_keys = {
    { name = "deck", type = "string", doc = "a deck definition, e.g. squad/red_quickstart: shuffled, then the opening hand drawn" },
    { name = "cards", type = "list", of = "string", doc = "the play deck itself, top first: not shuffled" },
    { name = "hand", type = "list", of = "string", doc = "the opening hand (then nothing is drawn at setup)" },
    { name = "base", type = "list", of = "string", doc = "cards already in the Base area; marks: \"key!tapped\", \"key!damage=1\"" },
    { name = "dump", type = "list", of = "string", doc = "cards already in the Dump" },
    { name = "attach", type = "list", of = "string", doc = "\"card@s.i\": a Character or Operation of this seat attached to the i-th card of seat s's base list" },
    { name = "discard", type = "list", of = "string", doc = "cards already in the Discard" },
  },
  bench_unit = { event = "squad.turn", name = "turn" },
  -- `duelbox check`: decks list playable cards within the copy limit; units are complete.
  check_card = setup.check_card,
  -- The editor's table (docs/editor.md): tapped cards drawn turned, the cards attached to a unit
  -- (its zone "gear:<unit>") listed on the unit's tile, each squad's units numbered by row, and
  -- the battle area first: Space, then Ground, both players' squads side by side.
  table_view = { turned = "tapped", attached = "gear:", rows = { "space", "ground" }, together = { "space", "ground" } },
}

local EV_FIRST = log.kind("squad.first", "{p:player} takes the first turn", { "player" }, { rule = "§6.1 Setup" })
local EV_OPEN = log.kind("squad.opening", "{p:player} draws an opening hand of {n} cards", { "player", "n" },
  { rule = "§6.1 Setup" })

-- The deck-out check (§6.6): a player with no card in the play deck loses; both at once is a
-- draw. `empty_drawer` is a player who tried to draw from an empty deck. True when over.
local function deck_out(G, empty_drawer)
  local out1 = empty_drawer == 1 or zone.count(G.deck[1]) == 0
  local out2 = empty_drawer == 2 or zone.count(G.deck[2]) == 0
  if out1 and out2 then
    match.finish(nil, "both decks out")
  elseif out1 or out2 then
    match.finish(out1 and 2 or 1, "deck out")
  else
    return false
  end
  return true
end

-- The match's G once setup is done, for evaluate (nil during setup: a host plays one match at a
-- time, and a search's copy replays its match from the start on a host of its own).
local current

---How well player `p` stands, from 0 (lost) to 1 (won): what a search (docs/ai.md) scores a
---copy of the match with when it cuts the copy short. A player whose play deck runs out loses
---(§6.6), and deck damage and costs (payment = mill) come out of the same deck, so the play
---deck is the player's life; the units a player has in play are what will take the other's:
---each counts its printed ATTACK, one battle's worth of deck damage (printed: a bonus "until
---end of turn" is gone by the next battle). p's share of both players' sum; during setup both
---stand alike. (Deck share alone won 88.5% of 200 matches against random play; with the
---units, 93.0%: docs/ai.md.)
---@param p integer
---@return number
function game.evaluate(p)
  if not current then return 0.5 end
  local life, total = {}, 0
  for q = 1, 2 do
    local n = zone.count(current.deck[q])
    for _, c in ipairs(cards.in_play(current, q)) do
      if entity.kind(c) == "unit" then n = n + (entity.get(c, "attack") or 0) end
    end
    life[q] = n
    total = total + n
  end
  if total == 0 then return 0.5 end
  return life[p] / total
end

-- What a checkpoint keeps of G (match.checkpoint): every field but the options, which are
-- ctx's. G holds zone ids and the active player only; the rest of the match is the kernel's.
local KEPT = { "hand", "deck", "base", "dump", "discard", "arena", "chain", "active" }

-- The value a checkpoint saves at the top of a turn: G's kept fields, the turns played and
-- whose turn comes.
local function save(G, n, p)
  local kept = {}
  for i = 1, #KEPT do kept[KEPT[i]] = G[KEPT[i]] end
  return { G = kept, n = n, p = p }
end

-- The turns from seat p's, n turns played. Each starts at a checkpoint, where a search's copy
-- of the match may start instead of replaying it from setup (docs/ai.md, "Checkpoints").
local function play_turns(G, n, p)
  local check = function(q) return deck_out(G, q) end
  while true do
    match.checkpoint(save, G, n, p)
    n = n + 1
    if turn.play(G, p, n, check) then return end
    p = 3 - p
  end
end

function game.play(ctx)
  current = nil
  local G = log.within_rule("§6.1 Setup", setup.run, ctx)
  current = G
  local check = function(p) return deck_out(G, p) end
  local first = ctx.options.first_player
  if first == 0 then first = math.random(1, 2) end
  EV_FIRST(first)
  for p = 1, 2 do
    if zone.count(G.hand[p]) == 0 and not (ctx.seats[p].setup or {}).hand then
      local n = math.min(ctx.options.opening_hand, zone.count(G.deck[p]))
      for _ = 1, n do zone.move(zone.top(G.deck[p]), G.hand[p], "bottom") end
      EV_OPEN(p, n)
    end
  end
  if check() then return end
  play_turns(G, 0, first)
end

---Goes on from a checkpoint of `play` (match.checkpoint, at the top of a turn): the kernel's state
---is as it was there and `data` is {G = the zone ids and active player, n = turns played,
---p = whose turn comes}. Gives G its options back, then plays on.
---@param ctx table the game context, as play gets it
---@param data table the saved value
function game.resume(ctx, data)
  local G = data.G
  G.options = ctx.options
  current = G
  play_turns(G, data.n, data.p)
end

return game
