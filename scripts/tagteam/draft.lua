-- tagteam.draft: the Draft phase (spec §4.2): draw 3 from the reserve, insert one face down at
-- any position of the battle deck without reordering it, return the other two to the bottom
-- of the reserve in a chosen order; instant bonuses after both players have added a card.

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local ipairs = ipairs
local log_event, log_say, match_finish, zone_count = log.event, log.say, match.finish, zone.count
local zone_items, zone_move, zone_top = zone.items, zone.move, zone.top

local actions = require("tagteam.actions")
local turn = require("tagteam.turn")
local setup = require("tagteam.setup")
-- Functions of the modules above, read once (a module is a read-only front).
local actions_apply, actions_new_acc, turn_ko_check, turn_settle = actions.apply, actions.new_acc, turn.ko_check, turn.settle
local turn_snapshot, turn_triggers = turn.snapshot, turn.triggers
local card_def, fighter_of = setup.card_def, setup.fighter_of

local M = {}

-- A card's name: the entity's (cards.create names it as its compiled definition does), so it
-- follows the card when a search's copy re-deals hidden cards (tagteam.setup); one kernel call.
local entity_name = entity.name
local function name_of(_, c) return entity_name(c) end

local function position_options(G, p)
  local items = zone_items(G.battle[p])
  local n = #items
  local names = {}
  for i = 1, n do names[i] = name_of(G, items[i]) end
  local opts = {}
  for i = 1, n + 1 do
    local label
    if n == 0 then label = "the only card"
    elseif i == 1 then label = "top, above " .. names[1]
    elseif i == n + 1 then label = "bottom, below " .. names[n]
    else label = "between " .. names[i - 1] .. " and " .. names[i] end
    opts[i] = label   -- a plain label: option i is position i (decide reads no option table)
  end
  return opts
end

---Runs the Draft phase; returns true when the match ended (a reserve could not give 3).
function M.run(G)
  log_say("Draft phase", nil, { rule = "§4.2" })
  for p = 1, 2 do
    if zone_count(G.reserve[p]) < 3 then
      log_event("tagteam.reserve_empty", "{p:player}'s reserve cannot give 3 cards: the game is a draw",
        { player = p }, { rule = "§4.2" })
      match_finish({}, "reserve exhausted")
      return true
    end
  end
  local drawn = {}
  for p = 1, 2 do
    drawn[p] = {}
    for i = 1, 3 do
      drawn[p][i] = zone_top(G.reserve[p])
      zone_move(drawn[p][i], G.drawn[p], "bottom")
    end
  end
  -- 1. which card: both choose in secret at once
  local reqs = {}
  for p = 1, 2 do
    local opts = {}
    for i, c in ipairs(drawn[p]) do opts[i] = { label = name_of(G, c), entity = c } end
    reqs[p] = { player = p, id = "draft_pick", secret = true, options = opts, prompt = "Add which card to your battle deck?" }
  end
  local picks = decide_all(reqs)
  local kept, rest = {}, {}
  for p = 1, 2 do
    kept[p] = drawn[p][picks[p][1]]
    rest[p] = {}
    for i, c in ipairs(drawn[p]) do if i ~= picks[p][1] then rest[p][#rest[p] + 1] = c end end
  end
  -- 2. where it goes (n + 1 positions) and 3. the order the other two go under the reserve
  reqs = {}
  for p = 1, 2 do
    reqs[#reqs + 1] = { player = p, id = "draft_position", secret = true, options = position_options(G, p),
      prompt = "Insert " .. name_of(G, kept[p]) .. " where?" }
  end
  for p = 1, 2 do
    reqs[#reqs + 1] = { player = p, kind = "order", id = "draft_return", secret = true,
      options = { { label = name_of(G, rest[p][1]), entity = rest[p][1] }, { label = name_of(G, rest[p][2]), entity = rest[p][2] } },
      prompt = "Order for the bottom of your reserve (first goes under first)" }
  end
  local answers = decide_all(reqs)
  for p = 1, 2 do
    zone_move(kept[p], G.battle[p], answers[p][1])
    for _, n in ipairs(answers[2 + p]) do zone_move(rest[p][n], G.reserve[p], "bottom") end
    -- the card reads "a hidden card" to whoever cannot see the battle deck (§4.2: not shown)
    log_event("tagteam.added", "{p:player} adds {e:card} to the battle deck ({n} cards)",
      { player = p, card = kept[p], n = zone_count(G.battle[p]) }, { rule = "§4.2" })
  end
  -- 4. instant bonuses, announced and applied together after both added (card and place stay secret)
  local T = G
  turn_snapshot(T)
  T.A, T.B, T.live, T.def, T.card = {}, {}, { true, true }, {}, {}
  local acc, any = actions_new_acc(), false
  for p = 1, 2 do
    local def = card_def(kept[p]).def
    if def.instant then
      any = true
      T.A[p] = fighter_of(G, kept[p])
      T.B[p] = G.mate[T.A[p]]
      log_event("tagteam.instant", "{p:player} announces an instant bonus: {text}",
        { player = p, text = def.instant_text or "instant bonus" }, { rule = "§4.2" })
      local instant = def.instant
      for i = 1, #instant do actions_apply(T, p, instant[i], acc) end
    end
  end
  if any then
    turn_settle(T, acc)
    turn_triggers(T)
    if turn_ko_check(T) then return true end
  end
  return false
end

return M
