-- battlecon.verbs: the glossary (spec §8) and movement words (§7) as functions card effects
-- call. `p` is always the player whose effect it is; "the opponent" is S.opponent(p).
-- Every verb is a no-op once the match has ended (an elimination ends a duel at once, EL2).

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local ipairs, tostring, type = ipairs, tostring, type
local board_ask_line, board_line_outcomes = board.ask_line, board.line_outcomes
local board_move, board_position, board_teleport, cards_create = board.move, board.position, board.teleport, cards.create
local counter_add, counter_get = counter.add, counter.get
local effect_prohibited, effect_stat, entity_get, entity_name = effect.prohibited, effect.stat, entity.get, entity.name
local effect_remove_source = effect.remove_source
local entity_set, flag_get, flag_set, log_event = entity.set, flag.get, flag.set, log.event
local log_within_rule, match_allies, match_asks_person, match_finish = log.within_rule, match.allies, match.asks_person, match.finish
local match_name, match_players, math_abs = match.name, match.players, math.abs
local math_max, math_min, table_concat, zone_find = math.max, math.min, table.concat, zone.find
local zone_items, zone_move, zone_top = zone.items, zone.move, zone.top

local S = require("battlecon.state")
local stats = require("battlecon.stats")
local fire = require("battlecon.fire")
-- Functions of the modules above, read once (a module is a read-only front).
local S_box, S_figure, S_flag, S_force, S_force_box = S.box, S.figure, S.flag, S.force, S.force_box
local S_force_holder, S_health, S_opponent, S_pe = S.force_holder, S.health, S.opponent, S.pe
local S_only, S_pool, S_set_flag, S_sources, S_team_mode = S.only, S.pool, S.set_flag, S.sources, S.team_mode
local S_tracker, fire_deactivate, fire_fire, stats_defense = S.tracker, fire.deactivate, fire.fire, stats.defense
local stats_number, stats_stable = stats.number, stats.stable

local M = {}

-- The events this file appends, declared once (log.kind): a call per event, no table.
local log_kind = log.kind
local EV_FORCE = log_kind("bc.force", "{p:player} gains {n} force", { "player", "n", "from_box" }, { rule = "§6.4" })
local EV_FORCE_FROM_BOX = log_kind("bc.force", "{p:player} gains {n} force ({from_box} of it from the box)",
  { "player", "n", "from_box" }, { rule = "§6.4" })
local EV_STUN = log_kind("bc.stun", "{p:player} is stunned", { "player" }, { rule = "§3.9" })
local EV_DAMAGE = log_kind("bc.damage", "{p:player} takes {n} damage ({health} health left)", { "player", "n", "health" },
  { rule = "§3.9 AT4" })
local UNSET = -999999

-- Rule option team_opponent (§9.3 O2, team play): "space" (default) = "the opponent" is worked
-- out again every time a fighter moves onto a new space; "move" = once, when a move starts.
local function respace() return entity_get(S_tracker(), "team_opponent") ~= "move" end

---------------------------------------------------------------------------------------------
-- Force (§6.4) and the common pool as the timer (§3.13 TO1)
---------------------------------------------------------------------------------------------

---Takes n force from the common pool (the box when it runs dry); the pool reaching 0 is the
---time-out (W17). Returns the new force.
function M.gain_force(p, n)
  if n <= 0 then return S_force(p) end
  local pool = S_pool()
  local have = counter_get(pool, "force")
  local from_pool = math_min(have, n)
  if from_pool > 0 then counter_add(pool, "force", -from_pool) end
  -- TO1: what the empty pool cannot give comes out of the box, whose tally goes down with it.
  local box = S_force_box()
  local from_box = math_min(n - from_pool, counter_get(box, "force"))
  if from_box > 0 then counter_add(box, "force", -from_box) end
  local holder = S_force_holder(p)
  local to = counter_add(holder, "force", n)
  local cap = S_team_mode() and require("battlecon.team").TEAM_CAP
  if cap and to > cap then                                             -- TF3: the team cap
    counter_add(holder, "force", cap - to)
    counter_add(S_force_box(), "force", to - cap)
    to = cap
  end
  -- The box is named only when it gave some: "2 force (1 of it from the box)".
  local report = from_pool < n and EV_FORCE_FROM_BOX or EV_FORCE
  report(p, n, n - from_pool)
  if counter_get(pool, "force") == 0 and not entity_get(S_tracker(), "time_out") then
    entity_set(S_tracker(), "time_out", true)
    log_event("bc.time_out", "the common force pool is empty: time is out", {}, { rule = "§3.13" })
  end
  return to
end

---Pays n force to the box (support tokens, Maneuver). False when p cannot pay in full.
function M.pay_force(p, n)
  if S_force(p) < n then return false end
  counter_add(S_force_holder(p), "force", -n)
  counter_add(S_force_box(), "force", n)
  return true
end

---------------------------------------------------------------------------------------------
-- Health: damage, lose, restore, spend (§8), elimination (§3.12)
---------------------------------------------------------------------------------------------

---Eliminates player p (nothing once the match is over or p is already out). Duel: the opponent wins
---(reason `why`, default "knockout"). Team play: p's figure and components go to the box, a Revenge
---card is placed, and when no one of p's team is left the other players win.
---@param p integer
---@param why string|nil
function M.eliminate(p, why)
  if S_flag(p, "eliminated") then return end
  log_event("bc.eliminated", "{p:player} is eliminated", { player = p }, { rule = "§3.12" })
  for _, e in ipairs(S_sources(p)) do fire_deactivate(e) end
  if not S_team_mode() then return match_finish(S_opponent(p), why or "knockout") end
  -- EL1/TE1: the figure and the fighter's components leave the game; the team fights on.
  S_set_flag(p, "eliminated", true)
  zone_move(S_figure(p), S_box())
  -- "All its effects stop at once" (rulebook L555): its cards' handlers, and the modifiers and
  -- prohibitions they put on other fighters (Anvil's "cannot move" outlived Bastion).
  for i = 1, #S.KIT_ZONES do                                           -- cards, tokens, markers
    local z = zone_find(S.KIT_ZONES[i], p)
    for _, e in ipairs(zone_items(z)) do
      fire_deactivate(e)
      effect_remove_source(e)
      if entity_get(e, "space") then entity_set(e, "space", nil) end   -- a marker leaves the line
      zone_move(e, S_box())
    end
  end
  effect_remove_source(S_pe(p))
  require("battlecon.status").end_given_by(p)                         -- its statuses on others end too
  local revenge = cards_create("battlecon/revenge", p, zone_find("table"))          -- TE2
  log_event("bc.revenge", "{p:player}'s team places {e:card}", { player = p, card = revenge }, { rule = "§9.9 TE2" })
  -- An opponent an attack fixed stays fixed (O4: "the fighter you hit, wherever it is now";
  -- O5 the attacker): the attacker's later Hit and Damage effects aimed at p do nothing (the
  -- verbs below ignore an eliminated fighter), they do not turn on the next enemy. The attack
  -- unfixes it when it ends (attack.lua); no other rule fixes an opponent.
  for q = 1, match_players() do
    if match_allies(p, q) and not S_flag(q, "eliminated") then return end
  end
  local winners = {}
  for q = 1, match_players() do
    if not match_allies(p, q) then winners[#winners + 1] = q end
  end
  match_finish(winners, why or "knockout")                           -- TE3
end

---Stunned as an effect (§8): stability prevents it; a second stun has no effect (returns
---false) and fires nothing. W14: "stunned" handlers see ctx.stun = {target =} before the
---stun lands and may cancel it ("when you would be stunned", "when you stun the opponent").
function M.stun(p)
  if S_flag(p, "eliminated") or S_flag(p, "stunned") or stats_stable(p) then return false end
  local pending = { target = p }
  fire_fire("stunned", { stun = pending })                           -- each player orders their own (E8)
  if pending.cancel then return false end
  S_set_flag(p, "stunned", true)
  EV_STUN(p)
  return true
end

---The damage pipeline (§12.12): armor (burns) -> "at most X at a time" -> "cannot drop below
---1" -> health -> elimination -> stun against the damage taken this beat.
---opts: ignore_armor, ignore_defense. Returns {seen=, taken=}: `seen` is what other effects
---count ("cannot drop below 1" hides nothing from them), `taken` what health lost.
function M.take_damage(p, amount, opts)
  opts = opts or {}
  if S_flag(p, "eliminated") then return { seen = 0, taken = 0 } end   -- EL1: gone
  amount = stats_number(amount)
  local pe = S_pe(p)
  local vulnerable = effect_stat(pe, "vulnerable", 0) > 0
  if amount > 0 and not (opts.ignore_armor or vulnerable) then
    local armor = counter_get(pe, "armor")
    local absorbed = math_min(armor, amount)
    if absorbed > 0 then
      counter_add(pe, "armor", -absorbed)
      amount = amount - absorbed
      log_event("bc.armor", "{p:player}'s armor absorbs {n}", { player = p, n = absorbed }, { rule = "§8 armor" })
    end
  end
  local cap = effect_stat(pe, "damage_cap", UNSET)
  if cap ~= UNSET and amount > cap then amount = math_max(0, cap) end   -- the rest counts for nothing
  local seen, taken = amount, amount
  local health = S_health(p)
  if effect_stat(pe, "health_floor", 0) > 0 and health - amount < 1 then taken = math_max(0, health - 1) end
  if taken > 0 then
    counter_add(pe, "health", -taken)
    S_set_flag(p, "damage_taken", flag_get(pe, "damage_taken") + taken)   -- scratch: the health change is the news
  end
  EV_DAMAGE(p, taken, S_health(p))
  if S_health(p) <= 0 then M.eliminate(p); return { seen = seen, taken = taken } end
  if taken > 0 then
    local defense = (opts.ignore_defense or vulnerable) and 0 or stats_defense(p)
    if flag_get(pe, "damage_taken") > defense then M.stun(p) end
  end
  return { seen = seen, taken = taken }
end

---"Deal X damage" (§8): not an attack; fires "when you take damage" effects of the target
---whenever damage got past armor, as an attack's does: a health floor ("cannot go below 1")
---that keeps it all off counts the full damage for every other effect (§8).
function M.deal_damage(p, x, target)
  target = target or S_opponent(p)
  if not target then return { seen = 0, taken = 0 } end
  local r = M.take_damage(target, x)
  if r.seen >= 1 then
    fire_fire("when_damaged", { target = target, amount = r.seen, by = p }, target)
  end
  return r
end

---"Lose X" (§8): not damage; never eliminates (stops at 1); no stun, no armor.
function M.lose(p, x, target)
  target = target or S_opponent(p)
  if not target or S_flag(target, "eliminated") then return 0 end
  local h = S_health(target)
  local n = math_max(0, math_min(x, h - 1))
  if n > 0 then counter_add(S_pe(target), "health", -n) end
  log_event("bc.lose", "{p:player} loses {n} health", { player = target, n = n }, { rule = "§8 lose X" })
  return n
end

---Player p restores x health, never above the maximum. Returns the health actually restored.
---@param p integer
---@param x integer
---@return integer
function M.restore(p, x)
  if S_flag(p, "eliminated") or x <= 0 then return 0 end
  -- The kernel clamps the add to the counter's maximum (the starting health) and saturates:
  -- no sum made here can overflow, and a fighter a mod gave unbounded health has no maximum.
  local to, from = counter_add(S_pe(p), "health", x)
  return to - from
end

---"Spend X health": never the last one; all or nothing. True when paid.
function M.spend_health(p, x)
  if S_health(p) - x < 1 then return false end
  counter_add(S_pe(p), "health", -x)
  return true
end

---Player p gains x armor: it absorbs damage before health (M.take_damage) until the beat's
---clean-up sets it back to 0.
---@param p integer
---@param x integer
function M.armor(p, x)
  if not S_flag(p, "eliminated") then counter_add(S_pe(p), "armor", x) end
end

---Avoid attacks (§8): set during the range check on the defender.
function M.avoid(attack) attack.avoided = true end

---Cause a clash (§8, REV4): after the Reveal effects, a clash whatever the speeds (▲ cancels).
function M.cause_clash() flag_set(S_tracker(), "cause_clash", true, "beat") end

---Become the active player (§3.15).
function M.become_active(p)
  if S_team_mode() then return require("battlecon.team_beat").become_active(p) end
  log_within_rule("§3.15 Becoming the active player mid-beat", S.set_active, p)
end

---------------------------------------------------------------------------------------------
-- Movement (§7) with "When/Each time" timing (W14: fires before the move, may cancel it)
---------------------------------------------------------------------------------------------

local MOVER_OF = { advance = "self", retreat = "self", close = "self", pull = "other", push = "other" }

-- The label of a move outcome, "advance 2 (to space 5)", by word, then n * 1024 + space: made
-- once a match (numbers made text cost about a thousand instructions; the host empties this
-- file-level table before each match).
local MOVE_LABEL = {}
local function move_label(w, n, to)
  local small = n >= 0 and n < 1024 and to >= 0
  local by_word = MOVE_LABEL[w]
  if not by_word then by_word = {}; MOVE_LABEL[w] = by_word end
  local key = small and n * 1024 + to
  local label = small and by_word[key]
  if label then return label end
  label = w .. " " .. n .. " (to space " .. to .. ")"
  if small then by_word[key] = label end
  return label
end

-- The players who may be "the opponent" of p's movement effect (default S.opponent(p); team
-- play: the nearest enemy on each side, so an effect that cannot apply to one goes to the
-- other, O7), and the figures of those still on the board, with their players: an opponent
-- fixed by the attack and eliminated since (O4) is off the board, nothing to move or move
-- against. The lists are made per call (a W14 window may move again inside a move).
local function move_targets(p, opps)
  if not opps then
    if S_team_mode() and not entity_get(S_tracker(), "opp" .. p) then
      opps = require("battlecon.team").opponents(p)
    else
      opps = S_only(S_opponent(p))
    end
  end
  local figs, whose = {}, {}
  for i = 1, #opps do
    local o = opps[i]
    if not S_flag(o, "eliminated") then
      figs[#figs + 1] = S_figure(o)
      whose[#whose + 1] = o
    end
  end
  return opps, figs, whose
end

-- What a refused move is called where a person reads why it is missing.
local function refused_label(w, n, o, many)
  return w .. " " .. n .. (many and (" against " .. match_name(o)) or "")
end

---The legal outcomes of a movement effect (MV11-MV12): {word=, n=, to=, label=, opp=} each,
---for p's effect moving with `words` (a word or a list) by one of `amounts` (a number or a list).
---`opps` = the players who may be "the opponent" (default: S.opponent(p); team play: the
---nearest enemy on each side, so an effect that cannot apply to one goes to the other, O7).
---With `why` (a list, for a person asking), each outcome left out is added to it as decide's
---`unavailable` entry {label=, why=}: prohibited (and by which card), off the board, no move.
---The kernel decides what is legal (board.line_outcomes, as board.ask_line asks it in M.move).
function M.outcomes(p, words, amounts, opps, why)
  local outcomes = {}
  if S_flag(p, "eliminated") then return outcomes end                 -- EL1: off the board
  local all, figs, whose = move_targets(p, opps)
  if #figs == 0 then return outcomes end
  local me = S_figure(p)
  local many = #all > 1
  local listed, refused = board_line_outcomes(me, figs, words, amounts)
  for i = 1, #listed do
    local t = listed[i]
    local o = whose[t.other]
    local label = move_label(t.word, t.n, t.to)
    if many then label = label .. " against " .. match_name(o) end
    outcomes[i] = { word = t.word, n = t.n, to = t.to, opp = o, label = label }
  end
  if why then
    for i = 1, #refused do
      local r = refused[i]
      local o = whose[r.other]
      local mover = MOVER_OF[r.word] == "self" and me or figs[r.other]
      why[#why + 1] = { label = refused_label(r.word, r.n, o, many), why = M.refusal(r.word, mover, r.ok, r.why) }
    end
  end
  return outcomes
end

-- The prohibition a word's move breaks: "move" for any, else this one (the kernel's own test).
local BAN = { advance = "advance", close = "advance", retreat = "retreat", pull = "be_pulled", push = "be_pushed" }

---Why a line move of `word` for `mover` was left out, in words, from board.move's dry run
---(`ok`, `to_or_why`): forbidden by a card (named), off the board, or no space to go to.
---@return string
function M.refusal(word, mover, ok, to_or_why)
  if ok then return "nothing would move: every space that way is taken or the move is too short (§7.1 MV7)" end
  if to_or_why == "prohibited" then
    local _, by = effect_prohibited(mover, "move")
    if not by then _, by = effect_prohibited(mover, BAN[word] or "move") end
    return by and ("forbidden by " .. entity_name(by) .. " this beat") or "forbidden by an effect this beat"
  end
  if to_or_why == "off the board" then return "it would leave the board: a move is all or nothing (§7.1 MV7)" end
  return tostring(to_or_why)
end

-- board.ask_line's question for M.move: one table, filled per call (the label names the
-- opponent when there may be more than one; the explanations only for a person, who may ask).
local MOVE_ASK = { id = "move" }
local LABEL_ONE, LABEL_AGAINST = "{word} {n} (to space {to})", "{word} {n} (to space {to}) against {other}"

---p's effect moves a fighter with `word` ("advance", "retreat", "close", "pull", "push") by
---one of `amounts` (a number or a list: "advance 1-2" = {1, 2}); words may be a list ("push
---or pull"). The mover is p for advance/retreat/close and the opponent for pull/push.
---All or nothing: illegal outcomes are dropped; if none is left the effect is ignored.
---The kernel lists the outcomes and asks which one when there are several (board.ask_line).
---Returns true when the figure ended on another space.
function M.move(p, words, amounts, why)
  local word, n, to, other, whose
  if not S_flag(p, "eliminated") then                                  -- EL1: off the board
    local all, figs
    all, figs, whose = move_targets(p)
    if #figs > 0 then
      local me, many = S_figure(p), #all > 1
      local ask = MOVE_ASK
      ask.id, ask.prompt = "move", why or "choose a movement"
      ask.label = many and LABEL_AGAINST or LABEL_ONE
      if many then
        local names = {}
        for i = 1, #whose do names[i] = match_name(whose[i]) end
        ask.names = names
      else
        ask.names = nil
      end
      ask.explain = match_asks_person(p) and function(w, k, i, ok, why_not)    -- reasons only for a person to read
        return refused_label(w, k, whose[i], many),
          M.refusal(w, MOVER_OF[w] == "self" and me or figs[i], ok, why_not)
      end or nil
      word, n, to, other = board_ask_line(p, me, figs, words, amounts, ask)
    end
  end
  if not word then
    if type(words) == "string" then words = S_only(words) end
    log_event("bc.move_ignored", "{p:player}'s {word} cannot be done: ignored", { player = p,
      word = table_concat(words, "/") }, { rule = "§7.1 MV7" })
    return false
  end
  local opp = whose[other]
  local me, them = S_figure(p), S_figure(opp)
  local self_word = MOVER_OF[word] == "self"
  local mover_p = self_word and p or opp
  -- W14: timing effects fire before the move and may change or cancel it. `opp`: the figure
  -- the word is relative to (the chosen opponent, or the fighter pushed or pulled); `n`: the
  -- distance the effect names; `to`: the space the mover would end on as things stand (a close
  -- may go fewer spaces than n, rulebook L621; a W14 effect may still change it).
  local pending = { word = word, n = n, mover = mover_p, actor = p, opp = opp, to = to }
  local side = self_word and S_team_mode() and (board_position(them) > board_position(me) and 1 or -1)
  fire_fire("moving", { move = pending })   -- each player orders their own (E8)
  if pending.cancel then return false end
  -- A W14 effect may have eliminated the mover or the fighter it moves against (team play): its
  -- figure has left the line, so the move ends there (EL1).
  if S_team_mode() and (S_flag(p, "eliminated") or (opp and S_flag(opp, "eliminated"))) then return false end
  if side and respace() and not entity_get(S_tracker(), "opp" .. p) then
    -- O2: a fighter the W14 effects moved onto a new space may have changed who "the
    -- opponent" is: the nearest enemy on the chosen side now (TM2: the direction stays the
    -- one chosen at the start), so a close stops before an enemy put in its way.
    local q = require("battlecon.team").nearest_toward(p, side)
    if q then them = S_figure(q) end
  end
  local mover = S_figure(mover_p)
  local from = board_position(mover)
  local ok, _, passed = board_move(pending.word, me, them, pending.n)
  if ok and board_position(mover) ~= from then
    S_set_flag(mover_p, "moved", true)
    -- MV9/MV16: a pushed or pulled fighter that ends on the other side moved past too.
    M.note_passed(mover_p, from, board_position(mover), passed)
    if pending.word == "advance" or pending.word == "close" then S_set_flag(mover_p, "advanced", true) end
    return true
  end
  return false
end

---"Moved past the opponent" (MV16, O6): in a duel, ending on the other side of the opponent;
---in team play "the opponent" is worked out again on every new space (O2), so it is the
---enemy passed who is nearest to the mover when the move ends (flag passed_enemy, which
---Dodge-style effects compare with the attacker). Rule option team_opponent = "move": the
---opponent worked out when the move started, on the side it went: the first enemy passed.
function M.note_passed(p, from, to, duel_passed)
  if not S_team_mode() then
    if duel_passed then S_set_flag(p, "moved_past", true) end
    return
  end
  local near = respace() and to or from
  local best, best_at
  for q = 1, match_players() do
    local at = not match_allies(p, q) and board_position(S_figure(q))
    if at and (at - from) * (at - to) < 0 and (not best or math_abs(at - near) < math_abs(best_at - near)) then
      best, best_at = q, at
    end
  end
  if best then
    S_set_flag(p, "moved_past", true)
    S_set_flag(p, "passed_enemy", best)
  end
end

-- Whether a figure other than the mover `m` stands on space s (a space a move jumps).
local function occupied(s, m)
  for q = 1, match_players() do
    if q ~= m and board_position(S_figure(q)) == s then return true end
  end
  return false
end

---"When the opponent moves / advances / is pushed..." (W14): whether the fighter a pending
---move moves (a `moving` handler's ctx.move) counts as p's opponent for that move. In a duel:
---the mover is the other player. In team play "the opponent" is worked out again every time
---any fighter moves onto a new space (§9.3 O2): the mover counts when it is one of p's
---nearest enemies (O1) where it stands or on any new space the move takes it onto (the
---jumped ones are not entered; a teleport enters only its destination). The path is known
---before anything moves (MV7), so the effect may still change or cancel the whole move.
---Rule option team_opponent = "move": where it stands when the move starts, only.
---  moving = function(ctx) if not verbs.mover_is_opponent(ctx.player, ctx.move) ... end
function M.mover_is_opponent(p, move)
  local m = move.mover
  if not S_team_mode() then return m ~= p end
  if match_allies(p, m) then return false end
  local team = require("battlecon.team")
  local from = board_position(S_figure(m))
  if team.is_nearest(p, m, from) then return true end
  if not respace() then return false end
  local to = move.to
  if not move.teleport then
    if not move.opp then return false end                             -- no path to follow
    local ok, dest = board_move(move.word, S_figure(move.actor), S_figure(move.opp), move.n, true)
    if not ok then return false end
    to = dest
    local dir = to > from and 1 or -1
    for s = from + dir, to - dir, dir do
      if not occupied(s, m) and team.is_nearest(p, m, s) then return true end
    end
  end
  return to ~= from and team.is_nearest(p, m, to)
end

---Teleport (§7.2): to a free space; counts as an advance or a retreat for bans and triggers.
function M.teleport(p, to)
  local o = S_opponent(p)
  if not o then return false end
  local ok, counts = board_teleport(S_figure(p), S_figure(o), to, true)
  if not ok then return false end
  local pending = { word = counts, teleport = true, mover = p, actor = p, opp = o, to = to }
  fire_fire("moving", { move = pending })   -- each player orders their own (E8)
  if pending.cancel then return false end
  local from = board_position(S_figure(p))
  local moved, _, passed = board_teleport(S_figure(p), S_figure(o), to)
  ok = moved
  if ok then
    S_set_flag(p, "moved", true)
    M.note_passed(p, from, to, passed)
    if counts == "advance" then S_set_flag(p, "advanced", true) end    -- §7.2: it counts as an advance
  end
  return ok
end

---SP1: turns p's special attack card over: the side in "special_back" becomes the face-up
---side in "special". Only Maneuver's effect does this (unless a card says otherwise).
---False when there is no card to turn (the special attack was used).
function M.flip_special(p)
  local front, back = zone_top(zone_find("special", p)), zone_top(zone_find("special_back", p))
  if not (front and back) then return false end
  zone_move(front, zone_find("special_back", p))
  zone_move(back, zone_find("special", p))
  log_event("bc.special_flip", "{p:player} turns the special attack card over: {e:card}", { player = p, card = back },
    { rule = "§3.7 SP1" })
  return true
end

---------------------------------------------------------------------------------------------
-- Cards: discard (§8), take
---------------------------------------------------------------------------------------------

---Discard a card: into "discard1"/"discard2" when a pile is named, else face down next to
---the pair ("aside"), to go to discard 1 with the pair at Recycle.
function M.discard(p, card, pile)
  fire_deactivate(card)
  zone_move(card, zone_find(pile or "aside", p))
end

---Puts `card` into player p's hand, its effects switched off.
---@param p integer
---@param card integer
function M.take(p, card)
  fire_deactivate(card)
  zone_move(card, zone_find("hand", p))
end

return M
