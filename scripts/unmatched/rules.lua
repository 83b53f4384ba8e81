-- unmatched.rules: the rule context each step of the rules logs under (log.event's `rule`),
-- citing the sections of the project's rules reference, docs/rules/unmatched.md. `--rules`
-- and the editor's teaching mode show the cited section's words.

-- Kernel and library functions this file calls, looked up once at load (a global's
-- look-up goes through the sandbox's environment chain on every call).
local ipairs, tostring = ipairs, tostring

local M = {}

-- The step's short name (what the scripts say) -> its rule context.
M.CONTEXT = {
  ["your turn"] = "§4.1 Your turn",
  maneuver = "§4.2 MANEUVER",
  scheme = "§4.3 SCHEME",
  -- The rulebook's three steps (seed L302, L311, L365): the attacker and target are declared,
  -- both cards chosen face down and revealed together, then the combat resolved.
  ["attack, step 1"] = "§4.4 ATTACK, step 1: declare the target",
  ["attack, step 2"] = "§4.4 ATTACK, step 2: choose and reveal",
  ["attack, step 3"] = "§4.4 ATTACK, step 3: resolve the combat",
  ["during combat"] = "§4.4 ATTACK: during combat",
  boost = "§4.5 Card effects: boost",
  exhaustion = "§4.6 Exhaustion",
  defeat = "§4.7 Defeat and victory",
  damage = "§1.3 Health rules: damage",
  health = "§1.3 Health rules",
  ["team play"] = "§7 Team play",
  Alice = "§6.2 Hero abilities: Alice",
}

---The log options `{ rule = <context> }` for each short name in `names` (built once per module).
---@param names string[]
---@return table<string, table>
function M.options(names)
  local out = {}
  for _, n in ipairs(names) do
    local context = M.CONTEXT[n]
    if not context then error("unmatched.rules: no rule context for '" .. tostring(n) .. "'", 2) end
    out[n] = { rule = context }
  end
  return out
end

return M
