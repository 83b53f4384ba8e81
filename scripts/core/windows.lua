-- core.windows: firing timing windows.
--
-- The kernel decides the walk (which handlers, in what order, which are live, whether to go
-- round again) and calls each handler: window.run, one kernel call for the whole walk. A
-- handler may call decide() (the kernel's walk resumes after it). A handler added meanwhile
-- first fires at the next dispatch; one removed meanwhile does not fire from then on.
--
-- Handlers share the caller's ctx: while one runs, ctx.self, ctx.player, ctx.window and
-- ctx.handler say whose it is, and they are put back as they were when the walk ends (so a
-- dispatch nested inside a handler leaves its caller's ctx intact). A handler reads ctx; it
-- does not keep it or write those four fields.

local window_run = window.run

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
  return (window_run(name, ctx, first, opts))
end

---M.dispatch that also says whether any handler applied (returned other than false): what a
---repeating walk (repeat_skipped) needs to know. It is window.run itself (no Lua call between).
---@param name string
---@param ctx table|nil
---@param first integer|nil
---@param opts table|nil
---@return integer fired
---@return boolean applied
M.walk = window_run

return M
