-- helter.map: the board's fixed relations for one match (spec §2), read from the kernel once at
-- setup so a rule asks a table, never the geometry: adjacency (borders only, §2.2), MOVE and
-- CLIMB destinations (§6.1–6.2; CLIMB only from normal ground: the rulebook's "from high ground,
-- use MOVE instead"), FLY destinations (§6.10: one or two steps over borders and
-- waterfalls, never ending on a waterfall), spaces in sight (the kernel's sight table, §2.7)
-- and spaces within SHOTGUN range (§2.8).
--
-- Map attributes read: "high" (high ground), "cover" (a cover space), "waterfall" (a
-- pseudo-space no one may stand on; the map also marks it "closed", which the kernel enforces).
-- Designations are the space names "1".."40".

local M = {}

-- The spaces at most `max` steps from `s` over the neighbour lists `nbrs` (s included), as a set.
local function within(nbrs, s, max)
  local seen, frontier = { [s] = true }, { s }
  for _ = 1, max do
    local next_frontier = {}
    for i = 1, #frontier do
      local ns = nbrs[frontier[i]]
      for k = 1, #ns do
        local t = ns[k]
        if not seen[t] then
          seen[t] = true
          next_frontier[#next_frontier + 1] = t
        end
      end
    end
    frontier = next_frontier
  end
  return seen
end

local function set_of(list)
  local set = {}
  for i = 1, #list do set[list[i]] = true end
  return set
end

-- A table of per-space values computed the first time a rule asks for a space: `fill(s)`
-- stores the value (and may store its siblings' in other tables; a plain assignment stores:
-- the tables have no __newindex). The board never changes
-- once loaded, so a value is the same whenever it is made; a copy of the match resumed by a
-- search (game.resume) asks for a few spaces and no longer pays for all of them.
local function on_demand(n, fill)
  return setmetatable({}, { __index = function(t, s)
    if math.type(s) ~= "integer" or s < 1 or s > n then return nil end
    fill(s)
    return t[s]
  end })
end

---Checks that the loaded map gives every space the same terrain twice: the attributes the rules
---read for moving and defending ("high", "cover") and the sight terrain the kernel computes line
---of sight from (`board.terrain`). High ground is elevation 1 and anything else 0; a cover space
---obscures; a high space never does, even a cover one (§2.7, HS-10o: from high ground only walls
---block), so a hand-made map cannot give a space one rule for moving and another for sight.
---Raises naming the map file and the space; a space without sight data is not checked.
---@param map_file string the map's path, for the message
function M.check_terrain(map_file)
  for s = 1, board.space_count() do
    local elevation, obscures = board.terrain(s)
    if elevation ~= nil then
      local high, cover = board.attr(s, "high") == true, board.attr(s, "cover") == true
      local want_elevation, want_obscures = high and 1 or 0, cover and not high
      if elevation ~= want_elevation or obscures ~= want_obscures then
        error(string.format("%s: space %s: its attributes (high %s, cover %s) need sight elevation %d and obscures %s, "
          .. "but its sight gives elevation %d and obscures %s", map_file, board.name(s), tostring(high), tostring(cover),
          want_elevation, tostring(want_obscures), elevation, tostring(obscures)), 0)
      end
    end
  end
end

---Builds the relations of the loaded board under the match's options. Per-space attributes
---are read at once; the relations (adjacent, adjacent_set, move, climb, fly, sight, shotgun)
---the first time a rule asks for a space (index them by space; do not iterate them).
---@param options table the match options (fly_crosses_walls, shotgun_distance)
---@return table map {n, name, designation, by_designation, high, cover, waterfall, zone, adjacent, move, climb, fly, sight, shotgun}
function M.build(options)
  local n = board.space_count()
  local m = { n = n, name = {}, designation = {}, by_designation = {}, high = {}, cover = {}, waterfall = {}, zone = {} }
  local fly_kinds = { "border", "waterfall" }
  if options.fly_crosses_walls then fly_kinds[3] = "wall" end
  local range_kinds = { "border", "waterfall" }
  if options.shotgun_distance == "all_shared_edges" then range_kinds[3] = "wall" end
  for s = 1, n do
    local name = board.name(s)
    m.name[s] = name
    m.high[s] = board.attr(s, "high") == true
    m.cover[s] = board.attr(s, "cover") == true
    m.waterfall[s] = board.attr(s, "waterfall") == true or board.closed(s)   -- a pseudo-space: never stood on
    local d = tonumber(name)
    if d and not m.waterfall[s] then
      m.designation[s] = d
      m.by_designation[d] = s
    end
    m.zone[s] = zone.find("space:" .. name)
  end
  local fly_nbrs
  fly_nbrs = on_demand(n, function(s) fly_nbrs[s] = board.neighbours(s, fly_kinds) end)
  local function near(s)   -- adjacent, adjacent_set, move and climb of s, together
    local adj, set, move, climb = {}, {}, {}, {}
    local ns = board.neighbours(s)
    for i = 1, #ns do
      local t = ns[i]
      if not m.waterfall[t] then
        adj[#adj + 1] = t
        set[t] = true
        if m.high[s] or not m.high[t] then move[#move + 1] = t end   -- no MOVE onto high ground from below
        if m.high[t] and not m.high[s] then climb[#climb + 1] = t end   -- from high ground it is a MOVE (seed L538)
      end
    end
    m.adjacent[s] = adj
    m.adjacent_set[s] = set
    m.move[s] = move
    m.climb[s] = climb
  end
  m.adjacent, m.adjacent_set, m.move, m.climb = on_demand(n, near), on_demand(n, near), on_demand(n, near),
    on_demand(n, near)
  m.fly = on_demand(n, function(s)
    local fly, reach = {}, within(fly_nbrs, s, 2)
    for t = 1, n do
      if reach[t] and t ~= s and not m.waterfall[t] then fly[#fly + 1] = t end
    end
    m.fly[s] = fly
  end)
  m.sight = on_demand(n, function(s) m.sight[s] = set_of(board.in_sight(s)) end)
  -- In sight and within two spaces (the kernel's one search).
  m.shotgun = on_demand(n, function(s) m.shotgun[s] = set_of(board.in_sight(s, 2, range_kinds)) end)
  return m
end

return M
