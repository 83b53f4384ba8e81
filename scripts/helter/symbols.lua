-- helter.symbols: what an action card pays for (spec §1.3, §5).
--
-- A card shows character symbols (pay standard actions for those characters), action symbols
-- linked to one character (only that character may use them) and wild action symbols (anyone
-- may). One card pays for one thing. Its symbols are the entity prop "symbols", written
-- "chars | linked | wild" (cards/helter/decks.lua): read once per distinct string and kept for
-- the match, so a legality check is table look-ups.

local entity_get = entity.get

local M = {}

-- The action symbols a card may show (§5 cost table); the defenses are paid with these too.
M.ACTION_SYMBOLS = { melee = true, smash = true, snipe = true, shotgun = true, blast = true, psi = true, fly = true,
  rally = true, heal = true, interrupt = true, deflect = true, cover = true }

---Reads a card's symbol string: nil and a message when malformed.
---@param spec string "chars | linked | wild", e.g. "dredd+mean_machine | snipe>dredd | melee"
---@return table|nil symbols {chars = {sym = true}, linked = {action = {sym = true}}, wild = {action = true}}
---@return string|nil why
function M.parse(spec)
  if type(spec) ~= "string" then return nil, "symbols: a string \"chars | linked | wild\" expected" end
  local bar1 = spec:find("|", 1, true)
  local bar2 = bar1 and spec:find("|", bar1 + 1, true)
  if not bar2 or spec:find("|", bar2 + 1, true) then
    return nil, ("symbols '%s': expected three parts \"chars | linked | wild\""):format(spec)
  end
  local chars, linked, wild = spec:sub(1, bar1 - 1), spec:sub(bar1 + 1, bar2 - 1), spec:sub(bar2 + 1)
  -- The sets answer "does it show X?"; the lists (in the card's order) are for walking.
  local out = { chars = {}, linked = {}, wild = {}, char_list = {}, linked_list = {}, wild_list = {} }
  for c in chars:gmatch("%S+") do
    for s in c:gmatch("[^+]+") do
      out.chars[s] = true
      out.char_list[#out.char_list + 1] = s
    end
  end
  for word in linked:gmatch("%S+") do
    local a, c = word:match("^([%w_]+)>([%w_]+)$")
    if not a then return nil, ("symbols '%s': linked symbol '%s' is not action>character"):format(spec, word) end
    if not M.ACTION_SYMBOLS[a] then return nil, ("symbols '%s': unknown action symbol '%s'"):format(spec, a) end
    out.linked[a] = out.linked[a] or {}
    out.linked[a][c] = true
    out.linked_list[#out.linked_list + 1] = { a, c }
  end
  for a in wild:gmatch("[%w_]+") do
    if not M.ACTION_SYMBOLS[a] then return nil, ("symbols '%s': unknown action symbol '%s'"):format(spec, a) end
    out.wild[a] = true
    out.wild_list[#out.wild_list + 1] = a
  end
  return out
end

-- Cached by the string, never by the card: a search's copy re-deals the cards a player cannot
-- see (identities move between ids), and a cache by id would keep the true card's symbols.
---The symbols of action card `e` (parsed once per match and symbol string).
function M.of(G, e)
  local spec = entity_get(e, "symbols")
  local s = G.symbols[spec]
  if not s then
    local why
    s, why = M.parse(spec)
    if not s then error(entity.name(e) .. ": " .. why, 0) end
    G.symbols[spec] = s
  end
  return s
end

---What a hand can pay, gathered once: chars[sym] = cards showing sym; wild[action] = true;
---linked[action][sym] = true. `syms` is the hand's symbols in order.
function M.summary(syms)
  local chars, wild, linked = {}, {}, {}
  for i = 1, #syms do
    local s = syms[i]
    local list = s.char_list
    for k = 1, #list do chars[list[k]] = (chars[list[k]] or 0) + 1 end
    list = s.wild_list
    for k = 1, #list do wild[list[k]] = true end
    list = s.linked_list
    for k = 1, #list do
      local a = list[k][1]
      linked[a] = linked[a] or {}
      linked[a][list[k][2]] = true
    end
  end
  return { chars = chars, wild = wild, linked = linked }
end

---Whether a hand summary can pay action symbol `need` for the character with symbol `sym`.
function M.can_pay(sum, need, sym)
  if sum.wild[need] then return true end
  local l = sum.linked[need]
  return l ~= nil and l[sym] == true
end

---Whether card symbols `s` pay a standard action of a character with symbol `sym` (§5 row 1).
function M.shows(s, sym) return s.chars[sym] == true end

---Whether card symbols `s` pay action symbol `need` for a character with symbol `sym`: wild, or
---linked to that character (§5 rows 2–3); `wild_only` for INTERRUPT (HS-07).
function M.pays(s, need, sym, wild_only)
  if s.wild[need] then return true end
  if wild_only then return false end
  local l = s.linked[need]
  return l ~= nil and l[sym] == true
end

return M
