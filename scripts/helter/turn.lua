-- helter.turn: one normal turn with its interrupting turns (spec §4, §6.14, §10.2).
--
-- The active player deploys (step 1, mandatory while a character waits), then deploys and acts
-- one at a time (step 2), then declares the end of the turn (step 3), then draws and passes the
-- marker (step 4). After each completed action and each end-of-turn declaration an interrupt
-- window opens: the first willing player in priority order (AMB-02) pays a wild INTERRUPT card
-- and takes an interrupting turn (no mandatory deploy, no draw). When an interrupting turn
-- ends and nobody interrupts, play returns to the active player (AMB-01) or resumes the
-- interrupted turn (option nested_interrupt_return = "resume").

local actions = require("helter.actions")
local state = require("helter.state")
local symbols = require("helter.symbols")

local zone_count, zone_items, zone_move, zone_top = zone.count, zone.items, zone.move, zone.top
local entity_name = entity.name

local M = {}

local EV_TURN = log.kind("helter.turn", "Turn {turn}: {p:player} takes the active player marker", { "turn", "player" },
  { rule = "§4 Turn structure" })
local EV_DEPLOY = log.kind("helter.deploy", "{p:player} reveals {e:card} and deploys {e:character} on {s:space}",
  { "player", "character", "space", "card" }, { rule = "§4.1 Deploy a character" })
local EV_END = log.kind("helter.end_declared", "{p:player} declares the end of their turn", { "player", "interrupting" },
  { rule = "§4.3 Declare the end of your turn" })
local EV_INTERRUPT = log.kind("helter.interrupt", "{p:player} INTERRUPTs with {e:card} and takes an interrupting turn",
  { "player", "card", "after" }, { rule = "§6.14 INTERRUPT" })
local EV_RETURN = log.kind("helter.play_returns", "Play returns to {p:player}", { "player" }, { rule = "§6.14 INTERRUPT" })
local EV_DRAW = log.kind("helter.draw", "{p:player} draws {n} cards (hand {hand})", { "player", "n", "hand" },
  { rule = "§4.4 Draw and pass" })
local EV_RESHUFFLE = log.kind("helter.reshuffle", "{p:player} shuffles {n} discarded cards into a new deck", { "player", "n" },
  { rule = "§4.4 Draw and pass" })

---Deploys character f of player p (§4.1): reveals its start card (Ukko: one of two, STEALTH)
---and puts the figure on that space; the cards leave the game (an unused one face down).
function M.deploy(G, p, f)
  log.within_rule("§4.1 Deploy a character", function()
    local under = zone_items(G.under[f])
    local card = under[1]
    if #under > 1 then
      card = under[decide { player = p, id = "stealth", entities = under, secret = true,
        prompt = entity_name(f) .. " (STEALTH): deploy on which card's space?" }[1]]
    end
    for i = 1, #under do
      if under[i] ~= card then zone_move(under[i], G.unused) end
    end
    zone_move(card, G.removed)
    local s = G.map.by_designation[entity.get(card, "designation")]
    board.place(f, s)
    EV_DEPLOY(p, f, s, card)
  end)
end

-- Priority for an interrupt window after player `after` (AMB-02): clockwise from the active
-- player's left neighbour with the active player last, or from `after`'s left neighbour.
local function priority(G, active, after)
  local from = G.options.interrupt_priority == "from_actor" and after or active
  local out = {}
  for k = 1, G.n do out[k] = (from - 1 + k) % G.n + 1 end
  return out
end

-- Whether player q may interrupt now: not the player who just acted, not an eliminated one, and
-- the active player only under AMB-13 and not once they declared the end of their turn (they
-- "take no further actions", §6.14 AMB-04), nor when an interrupter has just declared the end
-- of their interrupting turn and play returns to the active player anyway (`returning`): an
-- INTERRUPT is taken only out of turn (seed L650, L661-663).
local function may_interrupt(G, q, active, after, declared, returning)
  if q == after or G.eliminated[q] then return false end
  if q ~= active then return true end
  if returning then return false end
  return G.options.active_may_interrupt and not (declared and G.options.resume_after_end_interrupt == "draw")
end

-- The interrupt window after player `after` (§10.2): returns the interrupter, having paid, or nil.
local function open_window(G, active, after, declared, returning)
  local order = priority(G, active, after)
  for k = 1, #order do
    local q = order[k]
    if may_interrupt(G, q, active, after, declared, returning) then
      local hand = zone_items(G.hand[q])
      local opts = nil
      for i = 1, #hand do
        if symbols.pays(symbols.of(G, hand[i]), "interrupt", nil, true) then
          opts = opts or { { label = "pass" } }
          opts[#opts + 1] = { label = "INTERRUPT with " .. entity_name(hand[i]), entity = hand[i] }
        end
      end
      if opts then
        G.busy = true   -- someone could do something: not a stalemate (helter.game)
        local pick = decide { player = q, id = "interrupt", unannounced = true, options = opts,
          prompt = ("%s has finished: interrupt?"):format(match.name(after)) }[1]
        if pick > 1 then
          local card = opts[pick].entity
          zone_move(card, G.discard[q])
          EV_INTERRUPT(q, card, after)
          return q
        end
      end
    end
  end
  return nil
end
local function window(G, active, after, declared, returning)
  return log.within_rule("§10.2 Interrupt window", open_window, G, active, after, declared, returning)
end

-- "Whenever your deck runs out": the discard pile becomes the new deck, shuffled (§4.4).
local function reshuffle_if_out(G, p)
  if zone_count(G.deck[p]) > 0 then return end
  local k = zone.move_all(G.discard[p], G.deck[p])
  if k == 0 then return end
  zone.shuffle(G.deck[p])
  EV_RESHUFFLE(p, k)
end

-- Step 4: draw up to `draw` cards, never above the hand limit, reshuffling the discard pile
-- the moment the deck runs out, even mid-draw (§4.4); with both empty, the draw stops.
local function draw(G, p)
  local limit, n = G.options.hand_limit, 0
  for _ = 1, G.options.draw do
    if zone_count(G.hand[p]) >= limit then break end
    reshuffle_if_out(G, p)
    if zone_count(G.deck[p]) == 0 then break end
    zone_move(zone_top(G.deck[p]), G.hand[p], "bottom")
    n = n + 1
    reshuffle_if_out(G, p)
  end
  EV_DRAW(p, n, zone_count(G.hand[p]))
  if n > 0 then G.busy = true end
end

---Plays turn number `n` of the active player `active`, with every interrupting turn in it.
---Sets G.busy when anyone could deploy, act, interrupt or draw (a turn without is idle).
function M.play(G, active, n)
  EV_TURN(n, active)
  G.busy = false
  local undeployed, deployed = state.undeployed(G, active), false
  if #undeployed > 0 and G.options.mandatory_deploy then
    local f = undeployed[1]
    if #undeployed > 1 then
      f = undeployed[log.within_rule("§4.1 Deploy a character", decide, { player = active, id = "deploy",
        entities = undeployed, prompt = "Deploy a character (step 1)" })[1]]
    end
    M.deploy(G, active, f)
    deployed = true
    G.busy = true   -- a deploy changes the board: not an idle turn
  end
  local over = log.within_rule("§4.2 Deploy or act", M.main, G, active, deployed and G.options.window_after_deploy)
  if not over then log.within_rule("§4.4 Draw and pass", draw, G, active) end
end

---Step 2 and 3 of `active`'s turn with every interrupting turn in it, until the marker's holder
---goes on to step 4 (or the match ends). `window_first`: step 1's deploy opens a window (AMB-14).
---Returns true when the active player was eliminated during the turn (no step 4 then).
function M.main(G, active, window_first)
  -- owner: whose turn it is now; ended: that owner declared the end of it (an interrupted
  -- declaration stays made). The stack keeps the interrupted turns for nested_interrupt_return.
  local owner, interrupting, declared, ended = active, false, false, false
  local stack = {}
  local function switch_to(q)
    stack[#stack + 1] = { owner, interrupting, ended }
    owner, interrupting, ended = q, true, false
  end
  local function back_to_active()
    owner, interrupting, ended, stack = active, false, declared, {}
  end
  -- An interrupting turn is over (ended, or its player eliminated): play returns (§6.14) to the
  -- marker's holder, or with nested_interrupt_return = "resume" to the latest interrupted turn
  -- not declared over whose player is still in. True when that is the marker's holder after
  -- declaring the end of the turn: they take no further actions (AMB-04), step 4 comes next.
  local function play_returns()
    if G.options.nested_interrupt_return == "resume" then
      repeat
        local top = table.remove(stack)
        owner, interrupting, ended = top[1], top[2], top[3]
      until not (interrupting and (ended or G.eliminated[owner])) or #stack == 0
      if interrupting and (ended or G.eliminated[owner]) then back_to_active() end
    else
      back_to_active()
    end
    if G.eliminated[owner] then return false end   -- the marker's holder is out: the loop's head ends the turn
    EV_RETURN(owner)
    if owner == active and not interrupting and declared then
      if G.options.resume_after_end_interrupt == "draw" then return true end
      declared, ended = false, false   -- AMB-04 alternative: back to step 2
    end
    return false
  end
  if window_first then
    local w = window(G, active, active, declared)
    if w then switch_to(w) end
  end
  while true do
    if G.eliminated[owner] then   -- lost every character during this turn: it ends here (§8.4)
      if owner == active then return true end
      local to_draw = play_returns()
      if owner == active and G.eliminated[active] then return true end
      if to_draw then break end
    end
    local opts, what = actions.menu(G, owner)
    if #opts > 1 then G.busy = true end
    local o = what[log.within_rule(interrupting and "§6.14 Interrupting turn" or "§4.2 Deploy or act", decide,
      { player = owner, id = "turn", options = opts,
        prompt = interrupting and "Interrupting turn: deploy, act or end" or "Deploy, act or end your turn" })[1]]
    if o.kind == "deploy" then
      M.deploy(G, owner, o.f)
      if G.options.window_after_deploy then
        local w = window(G, active, owner, declared)
        if w then switch_to(w) end
      end
    elseif o.kind == "act" then
      if actions.perform(G, owner, o.f, o.action) then return false end
      -- The action is complete, whoever it eliminated (its actor too): the others may interrupt
      -- (§10.2, seed L652); an eliminated actor's turn is over either way (the loop's head).
      local w = window(G, active, owner, declared)
      if w then switch_to(w) end
    else
      EV_END(owner, interrupting)
      ended = true
      if not interrupting then declared = true end
      -- After an interrupting turn's end play goes back to the marker's holder (option
      -- nested_interrupt_return "active"): the holder is not offered an interrupt of it.
      local returning = interrupting and G.options.nested_interrupt_return ~= "resume"
      local w = window(G, active, owner, declared, returning)
      if w then
        switch_to(w)
      elseif not interrupting then
        break
      elseif play_returns() then
        break
      end
    end
  end
  return false
end

return M
