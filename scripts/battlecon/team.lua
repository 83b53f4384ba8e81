-- battlecon.team: team play pieces (spec §9) on the same kernel state as the duel: who "the
-- opponent" is (O1; on a new space, O2), attack targets (O3/TT1, range from the attack's
-- origin, R7), the turn order with the team tie-break (TS2-TS3), the team force pool with
-- Revenge income and the cap of 20 (§9.7, TE2). The beat loop is battlecon.team_beat; the cards
-- are cards/battlecon/team_cards.lua.

local S = require("battlecon.state")

local M = {}

M.POOL = { [2] = 45, [3] = 65, [4] = 85 }     -- T4
M.TEAM_CAP = 20                               -- TF3

local function pos(p) return board.position(S.figure(p)) end

---Living fighters of other teams (figures still on the board): "every fighter of another
---team" (§8), not only the current opponent; in a duel, the opponent.
function M.enemies(p)
  local out = {}
  for q = 1, match.players() do
    if not match.allies(p, q) and S.figure(q) and pos(q) then out[#out + 1] = q end
  end
  return out
end

-- The nearest enemy on each side of p, among `list` (default every enemy); `keep(q)`
-- filters candidates first (a range, "can the effect apply to it", O7). Sides and nearness
-- are seen from space `from` (default p's own space); an enemy standing on `from` itself
-- (only possible when it is not p's space) is nearer than any other and the only answer.
local function nearest_each_side(p, keep, list, from)
  local here = from or pos(p)
  local left, right
  for _, q in ipairs(list or M.enemies(p)) do
    if not keep or keep(q) then
      local at = pos(q)
      if at == here then return { q } end
      if at < here and (not left or at > pos(left)) then left = q end
      if at > here and (not right or at < pos(right)) then right = q end
    end
  end
  local out = {}
  if left then out[#out + 1] = left end
  if right then out[#out + 1] = right end
  return out
end

---O1/O7: the players p may treat as "the opponent" for an effect: the nearest enemy on each
---side; `can(q)` drops those the effect cannot be applied to.
function M.opponents(p, can) return nearest_each_side(p, can) end

---O1 for one enemy: whether enemy q, standing on space `at` (where it is, or a space a move
---would take it onto), is one of p's nearest enemies, the one on its side of p. Every other
---figure is where it stands. False when p or q is off the board.
function M.is_nearest(p, q, at)
  local here = pos(p)
  if not here or not at or at == here then return false end
  for r = 1, match.players() do
    if r ~= q and not match.allies(p, r) then
      local other = pos(r)
      if other and (other - here) * (other - at) < 0 then return false end   -- r is nearer on that side
    end
  end
  return true
end

---The nearest enemy of p in direction `dir` (+1 right, -1 left) from p's space, or nil.
function M.nearest_toward(p, dir)
  local here = pos(p)
  local best, best_at
  for q = 1, match.players() do
    local at = not match.allies(p, q) and pos(q)
    if at and (at - here) * dir > 0 and (not best or math.abs(at - here) < math.abs(best_at - here)) then
      best, best_at = q, at
    end
  end
  return best
end

---O3/TT1: the enemies p's attack may target: the nearest enemy within range on each side
---(enemies closer than the minimum range are skipped). `in_range(d)` tests a distance.
---`origin` (R7): the space the range is measured from, p's own unless an effect named
---another (attack.origin). `from`: where "nearest, on the left or the right" is seen from;
---default p's own space, the rulebook's words ("ближайший к вам ... слева или справа от
---вас"); rule option team_nearest = "origin" passes the origin instead. docs/rules-decisions.md.
function M.targets(p, in_range, origin, from)
  origin = origin or pos(p)
  return nearest_each_side(p, function(q) return in_range(math.abs(pos(q) - origin)) end, nil, from)
end

---TS2-TS3: sorts fighters for the turn order. Each entry: {player=, speed=, tiebreak=}.
---`holder_team` is the team holding the active player card. Returns the sorted entries and
---the list of index pairs (i, i+1) that are teammates tied: they choose their order.
---Ties of three or more are broken pairwise ([GAP], SAMPLE reading): the order is built by
---taking, again and again, the first fighter (in seat order) whom no other fighter left beats
---in their own tie (teammates never beat each other: they choose), so every pairwise rule that
---can hold does. A comparator sort could not: "A2 beats B1 (both ▲, A holds the card), B1
---beats A1 (only B1 has ▲)" is not transitive, and the sort put B1 first.
---`holder_known`: the card's holder is already decided and not among `entries` (TS6: someone
---became the active player, the others follow sorted again): every tie is broken with
---`holder_team`, none passes to the fastest entry's team.
function M.turn_order(entries, holder_team, holder_known)
  local team_has_tb = {}
  for _, e in ipairs(entries) do
    if e.tiebreak then team_has_tb[match.team(e.player)] = true end
  end
  local function beats(a, b, holder)           -- true when a goes before b, whatever anyone chooses
    if a.speed ~= b.speed then return a.speed > b.speed end
    local ta, tb = match.team(a.player), match.team(b.player)
    if ta == tb then return false end                           -- teammates choose (TS3.1)
    if a.tiebreak ~= b.tiebreak then return a.tiebreak == true end   -- TS3.2
    if not a.tiebreak then                                      -- TS3.3
      local ha = team_has_tb[ta] or false
      local hb = team_has_tb[tb] or false
      if ha ~= hb then return ha end
    end
    return ta == holder                                         -- TS3.3 / TS3.4
  end
  -- Fills `out` from `rest` (in seat order), each time with the first fighter nobody left beats.
  local function build(rest, holder, out)
    while #rest > 0 do
      local k = 1                              -- (with no such fighter, which these rules never give: the first)
      for i = 1, #rest do
        local beaten = false
        for j = 1, #rest do
          if j ~= i and beats(rest[j], rest[i], holder) then beaten = true; break end
        end
        if not beaten then k = i; break end
      end
      out[#out + 1] = table.remove(rest, k)
    end
    return out
  end
  local seats = {}
  for i, e in ipairs(entries) do seats[i] = e end
  table.sort(seats, function(a, b) return a.player < b.player end)
  -- [AMBIG] TS3: first place is decided with the previous holder; the fastest fighter then
  -- takes the card and lower ties are broken with the new holder's team.
  local sorted = build(seats, holder_team, {})
  if not holder_known then
    local first = table.remove(sorted, 1)
    table.sort(sorted, function(a, b) return a.player < b.player end)
    sorted = build(sorted, match.team(first.player), { first })
  end
  local choose = {}
  for i = 1, #sorted - 1 do
    local a, b = sorted[i], sorted[i + 1]
    if a.speed == b.speed and match.allies(a.player, b.player) then choose[#choose + 1] = { i, i + 1 } end
  end
  return sorted, choose
end

---§9.7 TF1-TF2, TE2: the team's Recycle income: 1 per living fighter (2 at health <= 7)
---plus, per eliminated fighter, its Revenge card's force (+2 per beat, the one Revenge bonus
---the rulebook names; read from the card so the number lives in one place). Several Revenge
---cards add up (TE2: two in a 3 vs 1). Paid by battlecon.recycle team_income through
---verbs.gain_force, which caps the team pool at TEAM_CAP (TF3, excess to the box).
function M.income_amount(team)
  local revenge = cards.get("battlecon/revenge").props.force_per_beat
  local n = 0
  for q = 1, match.players() do
    if match.team(q) == team then
      if S.health(q) <= 0 or S.flag(q, "eliminated") then n = n + revenge
      else n = n + ((S.health(q) <= 7) and 2 or 1) end
    end
  end
  return n
end

return M
