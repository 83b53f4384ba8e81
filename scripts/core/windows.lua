-- core.windows: firing timing windows.
--
-- The kernel keeps the handlers and their order (window.collect); this walks that snapshot
-- and calls each handler with its own ctx. A handler added meanwhile first fires at the next
-- dispatch; one removed meanwhile does not fire from then on. Neither disturbs the walk.
-- A handler may call decide(): nothing in C++ is on the stack here.

local M = {}

-- Copies the caller's ctx and adds what a handler needs to know about itself.
local function handler_ctx(ctx, info, name)
  local h = {}
  if ctx then
    for k, v in pairs(ctx) do h[k] = v end -- copying: the order of pairs() does not matter
  end
  h.self = info.source
  h.player = info.player
  h.window = name
  h.handler = info.id
  return h
end

-- Within one priority, a player who has several handlers orders them (when asked to).
local function owner_order(ids, name)
  local out, i = {}, 1
  while i <= #ids do
    local first = window.info(ids[i])
    local j = i
    while j + 1 <= #ids do
      local nxt = window.info(ids[j + 1])
      if nxt.player ~= first.player or nxt.priority ~= first.priority then break end
      j = j + 1
    end
    if j > i and first.player then
      local group, options = {}, {}
      for k = i, j do
        group[#group + 1] = ids[k]
        local src = window.info(ids[k]).source
        options[#options + 1] = src and entity.name(src) or ("handler " .. ids[k])
      end
      local order = decide { player = first.player, kind = "order", id = "order." .. name,
        prompt = "order your effects for " .. name, options = options }
      for _, n in ipairs(order) do out[#out + 1] = group[n] end
    else
      for k = i, j do out[#out + 1] = ids[k] end
    end
    i = j + 1
  end
  return out
end

-- Keeps the handlers whose source is `only` (an entity or a list of entities).
local function only_from(ids, only)
  local wanted = {}
  if type(only) == "table" then
    for _, e in ipairs(only) do wanted[e] = true end
  else
    wanted[only] = true
  end
  local out = {}
  for _, id in ipairs(ids) do
    local info = window.info(id)
    if info and info.source and wanted[info.source] then out[#out + 1] = id end
  end
  return out
end

---Fires every handler of window `name`: priority first, then seats from `first` on, then
---registration order. opts.only = an entity (or list) fires only the handlers of those
---sources ("this card's Hit effects"); opts.owner_orders = true lets a player with several
---simultaneous handlers order them. Returns how many handlers fired.
---@param name string
---@param ctx table|nil
---@param first integer|nil  the player whose handlers go first (default 1)
---@param opts {only: integer|integer[]|nil, owner_orders: boolean|nil}|nil
---@return integer
function M.dispatch(name, ctx, first, opts)
  local ids = window.collect(name, first)
  if opts and opts.only then ids = only_from(ids, opts.only) end
  if opts and opts.owner_orders and #ids > 1 then ids = owner_order(ids, name) end
  local fired = 0
  for _, id in ipairs(ids) do
    local info = window.info(id)
    local fn = info and window.begin(id)
    if fn then
      fn(handler_ctx(ctx, info, name))
      window.finish()
      fired = fired + 1
    end
  end
  return fired
end

return M
