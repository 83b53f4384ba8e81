-- core.ask: small conveniences over decide().

local M = {}

---Asks `player` to pick one option; returns its number and the option itself.
---@param player integer
---@param id string      the question's name (scripted answers match it)
---@param prompt string
---@param options table  labels or {label=, value=, entity=, space=}
---@param secret boolean|nil
---@return integer, any
function M.one(player, id, prompt, options, secret)
  local picks = decide { player = player, id = id, prompt = prompt, options = options, secret = secret }
  return picks[1], options[picks[1]]
end

---Asks a yes/no question.
---@return boolean
function M.yes(player, id, prompt)
  return decide { player = player, kind = "yesno", id = id, prompt = prompt }
end

return M
