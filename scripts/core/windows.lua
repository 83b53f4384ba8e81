-- core.windows: firing timing windows.
--
-- The kernel decides the walk (window.open/next: which handlers, in what order, which are
-- live, whether to go round again); this calls each handler, so a handler may call
-- decide() with nothing in C++ on the stack. A handler added meanwhile first fires at the
-- next dispatch; one removed meanwhile does not fire from then on.
--
-- Handlers share the caller's ctx: while one runs, ctx.self, ctx.player, ctx.window and
-- ctx.handler say whose it is, and they are put back as they were when it returns (so a
-- dispatch nested inside a handler leaves its caller's ctx intact). A handler reads ctx; it
-- does not keep it or write those four fields.

local window_open, window_next, window_done = window.open, window.next, window.done
local window_order, window_close, window_listens = window.order, window.close, window.listens

local M = {}

---Fires every handler of window `name`: priority first, then seats from `first` on, then
---registration order. opts.only = an entity (or list) fires only the handlers of those
---sources ("this card's Hit effects"); opts.players / opts.zones keep the handlers of those
---players / whose source lies in such a zone; opts.owner_orders = true lets a player with
---several simultaneous handlers order them; opts.repeat_skipped = true goes round again
---while something applies (a handler returning false is "skipped"); opts.until_finished
---stops once the match is finished. Returns how many handlers fired (M.walk also says
---whether any applied).
---@param name string
---@param ctx table|nil
---@param first integer|nil  the player whose handlers go first (default 1)
---@param opts {only: integer|integer[]|nil, players: integer|integer[]|nil, zones: string[]|nil, owner_orders: boolean|nil, repeat_skipped: boolean|nil, until_finished: boolean|nil}|nil
---@return integer fired
function M.dispatch(name, ctx, first, opts)
  return (M.walk(name, ctx, first, opts))
end

-- The id and prompt of each window's order question, made once per window name and match (the
-- host empties these file-level tables before each match).
local ORDER_ID, ORDER_PROMPT = {}, {}
local function order_texts(name)
  local id = ORDER_ID[name]
  if not id then
    id = "order." .. name
    ORDER_ID[name], ORDER_PROMPT[name] = id, "order your effects for " .. name
  end
  return id, ORDER_PROMPT[name]
end

---M.dispatch that also says whether any handler applied (returned other than false): what a
---repeating walk (repeat_skipped) needs to know.
---@param name string
---@param ctx table|nil
---@param first integer|nil
---@param opts table|nil
---@return integer fired
---@return boolean applied
function M.walk(name, ctx, first, opts)
  if window_listens(name) == 0 then return 0, false end   -- nothing could fire: no walk to open
  ctx = ctx or {}
  local walk = window_open(name, first, opts)
  local self, player, win, handler = ctx.self, ctx.player, ctx.window, ctx.handler
  while true do
    local id, fn, source, owner = window_next(walk)
    if not id then break end
    if id == 0 then                                  -- fn = the player, source = the labels
      local id_text, prompt = order_texts(name)
      window_order(walk, decide { player = fn, kind = "order", id = id_text, prompt = prompt, options = source })
    else
      ctx.self, ctx.player, ctx.window, ctx.handler = source, owner, name, id
      window_done(walk, fn(ctx))
    end
  end
  ctx.self, ctx.player, ctx.window, ctx.handler = self, player, win, handler
  local applied, fired = window_close(walk)
  return fired, applied
end

return M
