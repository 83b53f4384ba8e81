-- battlecon.team_beat: the beat for 3 or 4 fighters (spec §9.4-9.9), using the duel's Set,
-- Recycle and windows. Differences from the duel: teams take Advantage turns, no clashes,
-- the turn order sorts every fighter by speed with the team tie-break, each attacker picks
-- the nearest enemy in range, force lives in team pools, eliminated fighters leave the board.
--
-- The team time-out winner (M.time_out_winner, TE5) follows the rulebook's general time-out
-- section (L551: the fighter with the most health wins), which the spec's TE5 [GAP] missed; the
-- spec's sample reading (more total health wins) is kept as rule option team_timeout = "total".

local S = require("battlecon.state")
local stats = require("battlecon.stats")
local fire = require("battlecon.fire")
local set = require("battlecon.set")
local team = require("battlecon.team")

local M = {}

-- Sub-steps run inside the rule they implement (log.within_rule): every event they make,
-- the kernel's included, names that section (the teaching walkthroughs show it).
local within = log.within_rule

local function living(q) return not S.flag(q, "eliminated") end

-- Team ids in seat order, the holder's team first.
local function teams()
  local out, seen = { match.team(S.active()) }, { [match.team(S.active())] = true }
  for q = 1, match.players() do
    local t = match.team(q)
    if not seen[t] then seen[t] = true; out[#out + 1] = t end
  end
  return out
end

---TA1: teams alternate from the holder's team; on its turn any one player of the team may
---use one advantage (asked in seat order); a team passes when all its players pass; two
---team passes in a row end the phase.
function M.advantage()
  local order, i, prev_pass, guard = teams(), 1, false, 0
  while true do
    guard = guard + 1
    if guard > 400 then error("team advantage phase does not end", 2) end
    local acted = false
    for q = 1, match.players() do
      if match.team(q) == order[i] and living(q) then
        local list = set.choices(q)
        if #list > 1 then
          local options = {}
          for k, c in ipairs(list) do options[k] = c.label end
          -- Unannounced, as in a duel (battlecon.set): asking only when more than pass is open
          -- must not tell the others what the face-down pair allows.
          local pick = decide { player = q, id = "advantage", prompt = "use an advantage or pass", options = options,
            single = true, unannounced = true }
          if pick ~= 1 then set.use(q, list[pick]); acted = true; break end
        end
      end
    end
    if not acted then
      log.event("bc.team_pass", "team {team} passes", { team = order[i] }, { rule = "§9.4 TA1" })
      if prev_pass then break end
      prev_pass = true
    else
      prev_pass = false
    end
    i = i % #order + 1
  end
end

---REV1-REV2, TS1-TS3: no clashes; the fastest takes the active player card.
function M.reveal()
  for q = 1, match.players() do
    if living(q) then
      for _, e in ipairs(zone.items(zone.find("pair", q))) do zone.reveal(e, "all"); fire.activate(e) end
    end
  end
  log.event("bc.reveal", "every pair is revealed", {}, { rule = "§3.4 REV1" })
  fire.fire("reveal", nil, S.order())
  local entries = {}
  for q = 1, match.players() do
    if living(q) then entries[#entries + 1] = { player = q, speed = stats.speed(q), tiebreak = stats.tiebreak(q) } end
  end
  local sorted, ties = team.turn_order(entries, match.team(S.active()))
  for _, pair in ipairs(ties) do                                       -- TS3.1: teammates decide
    local a, b = sorted[pair[1]], sorted[pair[2]]
    local first = a.player < b.player and a.player or b.player
    local pick = within("§9.5 TS3.1 Teammates tied: they decide", decide, { player = first, id = "team.tie",
      prompt = "your teammate and you tie: who goes first?", options = { match.name(a.player), match.name(b.player) },
      single = true })
    if pick == 2 then sorted[pair[1]], sorted[pair[2]] = b, a end
  end
  local ids = {}
  for k, e in ipairs(sorted) do ids[k] = tostring(e.player) end
  within("§9.5 TS2 The fastest takes the active player card; the others by falling speed", function()
    S.set_active(sorted[1].player)
    entity.set(S.tracker(), "order", table.concat(ids, ","))
  end)
  log.event("bc.turn_order", "turn order: {order}", { order = table.concat(ids, ",") }, { rule = "§9.5 TS2" })
end

-- TS4 + TT1-TT2: each living, unstunned fighter in turn order attacks the nearest enemy in
-- range (a choice when there is one on each side). Called at the range check (AT4.2), after
-- every Before effect, so an origin an effect named (attack.origin, R7) is known: "in range"
-- is measured from it; "nearest, left or right" from the attacker (option team_nearest).
local function choose_target(atk, attack)
  local range = stats.range(atk)
  local origin = attack and attack.origin
  local from = entity.get(S.tracker(), "team_nearest") == "origin" and origin or nil
  local list = team.targets(atk, function(d) return stats.in_range(range, d) end, origin, from)
  if #list <= 1 then return list[1] end
  local options = {}
  for k, q in ipairs(list) do options[k] = { label = match.name(q), value = q } end
  return list[within("§9.6 TT1 An enemy in range on each side: the attacker chooses", decide,
    { player = atk, id = "target", prompt = "choose whom to attack", options = options, single = true })]
end
---The fighter `atk` attacks in team play: the nearest enemy in range; with one on each side the
---attacker chooses (§9.6 TT1).
M.choose_target = choose_target

---The attacks of a team beat: each living fighter takes its attack once, in turn order (S.order,
---read again after each attack), choosing its target with M.choose_target.
---@param attack table the battlecon.attack module
function M.attacks(attack)
  -- The order is read again after each attack: "become the active player" re-orders the
  -- others (TS6); nobody attacks twice.
  local done = {}
  while true do
    local next_q
    for _, q in ipairs(S.order()) do
      if not done[q] and living(q) then next_q = q; break end
    end
    if not next_q then return end
    done[next_q] = true
    attack.attack(next_q, choose_target)
  end
end

---TS6: p takes the active player card; everyone else is ordered again by speed.
function M.become_active(p)
  return within("§9.5 TS6 Become the active player: the others set their order again", M.become_active_now, p)
end

---M.become_active without its rule context: p takes the active player card; once the beat's turn
---order is set, every other living fighter follows p, sorted again by speed (team.turn_order).
---@param p integer
function M.become_active_now(p)
  S.set_active(p)
  if not entity.get(S.tracker(), "order") then return end
  local entries = {}
  for q = 1, match.players() do
    if q ~= p and living(q) then entries[#entries + 1] = { player = q, speed = stats.speed(q), tiebreak = stats.tiebreak(q) } end
  end
  local ids = { tostring(p) }
  if #entries > 0 then
    for _, e in ipairs(team.turn_order(entries, match.team(p), true)) do ids[#ids + 1] = tostring(e.player) end
  end
  entity.set(S.tracker(), "order", table.concat(ids, ","))
end

-- The best score of each team at time-out: its living fighter with the most health, or
-- (option team_timeout = "total") the health of all its fighters added up.
local function time_out_scores(total)
  local score = {}
  for q = 1, match.players() do
    local t, h = match.team(q), math.max(0, S.health(q))
    score[t] = score[t] or 0
    if total then score[t] = score[t] + h elseif living(q) and h > score[t] then score[t] = h end
  end
  return score
end

---TE5, rulebook L551 («побеждает боец с наибольшим количеством здоровья. В случае ничьей побеждает
---игрок, который в последнем раунде был реагирующим»): the team of the living fighter with the
---most health wins; when fighters of different teams share the most, the reactive team (the one
---without the active player card) wins. Rule option team_timeout = "total" (the spec's sample
---reading): the team with more health added up wins, a tie going to the reactive team as well.
function M.time_out_winner()
  local total = entity.get(S.tracker(), "team_timeout") == "total"
  local score, holder = time_out_scores(total), match.team(S.active())
  local best, win, tie = -1, nil, false
  for _, t in ipairs(teams()) do
    if score[t] > best then best, win, tie = score[t], t, false elseif score[t] == best then tie = true end
  end
  if tie then   -- the holder's team comes first in teams(): the last tied team is a reactive one
    for _, t in ipairs(teams()) do if t ~= holder and score[t] == best then win = t end end
  end
  local winners = {}
  for q = 1, match.players() do if match.team(q) == win then winners[#winners + 1] = q end end
  if total then
    local text = tie and "time-out: both teams have {health} health in all; team {team}, reactive in the final beat, wins"
      or "time-out: team {team} wins ({health} health in all)"
    log.event("bc.time_out_win", text, { team = win, health = best, tie = tie }, { rule = "§9.9 TE5" })
  elseif tie then
    log.event("bc.time_out_win", "time-out: fighters of both teams have the most health ({health}); team {team}, "
      .. "reactive in the final beat, wins", { team = win, health = best }, { rule = "§9.9 TE5" })
  else
    local top
    for _, q in ipairs(winners) do if not top and living(q) and S.health(q) == best then top = q end end
    log.event("bc.time_out_win", "time-out: {p:player} has the most health ({health}): team {team} wins",
      { player = top, team = win, health = best }, { rule = "§9.9 TE5" })
  end
  match.finish(winners, "time-out")
end

return M
