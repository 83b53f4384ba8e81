-- tagteam.content: small builders the fighter files (cards/tagteam/*.lua) share, so each
-- fighter file reads as its board and its ten cards.

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local pairs = pairs

local M = {}

---A fighter board. t: base_power, track, special, tokens, attack_mod, sides, hooks, start_card.
function M.fighter(id, name, t)
  t.key = "tagteam/" .. id
  t.kind = "fighter"
  t.name = name
  t.props = { base_power = t.base_power, roster = true, sample = t.sample or false }
  t.base_power = nil
  t.sample = nil
  if t.start_card then t.start_card = "tagteam/" .. id .. "/" .. t.start_card end
  return t
end

---A battle card of fighter `id`. actions: the action list (spec §8.13, "then" splits);
---extra: success, instant, instant_text, after_opponent, start.
function M.card(id, slug, name, text, actions, extra)
  local t = { key = "tagteam/" .. id .. "/" .. slug, name = name, actions = actions,
    text = text, props = { fighter = "tagteam/" .. id } }
  for k, v in pairs(extra or {}) do
    if k == "start" then t.props.start = v else t[k] = v end
  end
  return t
end

---A health track from `max` down to the KO cell 0: cells = {[n] = {gain=, heal=, stop=...}}.
function M.track(max, cells, start)
  return { max = max, start = start or max, min = 0, cells = cells or {} }
end

return M
