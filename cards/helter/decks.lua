-- The four 30-card action decks (spec §1.3, §5). SAMPLE CONTENT — not from the rulebook: the
-- rulebook's deck size and card list are cut off (seed L149) and its team cards' symbol counts
-- are not reproduced. Ours follow the spec's flavour hints (§12 item 3): every action and every
-- defense occurs, each character has cards for its standard actions, and every card shows two
-- character symbols, so a team down to one character is rarely left with a hand it cannot use
-- (the rulebook has no discard: docs/rules-decisions.md, "Stalemate").
--
-- A card's symbols are written "chars | linked | wild" (the spec's card notation):
--   "dredd+mean_machine | snipe>dredd | melee"  = the character symbols of Dredd and Mean
--   Machine, a SNIPE symbol linked to Dredd, and a wild MELEE symbol. Any part may be empty.
-- scripts/helter/symbols.lua reads that string (entity prop "symbols").

local NAMES = {
  giant = "Giant", anderson = "Anderson", hershey = "Hershey", dredd = "Dredd", mean_machine = "Mean Machine",
  middenface = "Middenface", durham = "Durham", johnny = "Johnny", wulf = "Wulf", gronk = "Gronk",
  viktor = "Viktor", jena = "Jena", nikolai = "Nikolai", elena = "Elena", lulu = "Lulu",
  ukko = "Ukko", slaine = "Sláine", niamh = "Niamh", kai = "Kai",
}

local list = {}

-- A readable card name from its symbols: "Dredd+Mean Machine · SNIPE(Dredd) · MELEE".
local function card_name(spec)
  local bar1 = spec:find("|", 1, true)
  local bar2 = spec:find("|", bar1 + 1, true)
  local chars, linked, wild = spec:sub(1, bar1 - 1), spec:sub(bar1 + 1, bar2 - 1), spec:sub(bar2 + 1)
  local parts = {}
  local names = {}
  for c in chars:gmatch("[%w_]+") do names[#names + 1] = NAMES[c] or c end
  if #names > 0 then parts[#parts + 1] = table.concat(names, "+") end
  for a, c in linked:gmatch("([%w_]+)>([%w_]+)") do parts[#parts + 1] = a:upper() .. "(" .. (NAMES[c] or c) .. ")" end
  for a in wild:gmatch("[%w_]+") do parts[#parts + 1] = a:upper() end
  return table.concat(parts, " · ")
end

local function deck(team, cards)
  local entries = {}
  for i = 1, #cards do
    local n, spec = cards[i][1], cards[i][2]
    local key = ("helter/%s_%02d"):format(team, i)
    list[#list + 1] = { key = key, kind = "action", name = card_name(spec), props = { symbols = spec } }
    entries[#entries + 1] = { key, n }
  end
  list[#list + 1] = { key = "helter/deck_" .. team, kind = "deck", name = "Action deck (" .. team .. ")", list = entries }
end

deck("judges", {
  { 2, "dredd+mean_machine | snipe>dredd |" },
  { 2, "dredd+giant | snipe>dredd | melee" },
  { 2, "giant+dredd | | deflect" },
  { 3, "giant+hershey | shotgun>giant |" },
  { 2, "anderson+giant | psi>anderson |" },
  { 1, "anderson+mean_machine | psi>anderson | interrupt" },
  { 2, "anderson+hershey | | cover" },
  { 2, "hershey+dredd | rally>hershey |" },
  { 2, "hershey+giant | | snipe" },
  { 2, "mean_machine+hershey | smash>mean_machine |" },
  { 2, "mean_machine+anderson | | melee" },
  { 2, "dredd+hershey | | interrupt" },
  { 2, "giant+mean_machine | | smash" },
  { 2, "dredd+anderson | | deflect" },
  { 2, "hershey+mean_machine | melee>mean_machine | cover" },
})

deck("strontium_dogs", {
  { 2, "johnny+gronk | snipe>johnny |" },
  { 2, "johnny+wulf | psi>johnny |" },
  { 2, "middenface+wulf | shotgun>middenface |" },
  { 1, "middenface+johnny | blast>middenface | deflect" },
  { 2, "durham+middenface | melee>durham |" },
  { 2, "durham+gronk | | melee" },
  { 2, "wulf+johnny | smash>wulf |" },
  { 2, "wulf+gronk | | smash" },
  { 3, "gronk+durham | heal>gronk |" },
  { 2, "johnny+middenface | | deflect" },
  { 2, "middenface+durham | | cover" },
  { 2, "gronk+johnny | | interrupt" },
  { 2, "wulf+durham | | snipe" },
  { 2, "middenface+gronk | | deflect" },
  { 2, "johnny+durham | snipe>johnny | melee" },
})

deck("nikolai_dante", {
  { 3, "viktor+jena | fly>viktor |" },
  { 2, "viktor+elena | | smash" },
  { 2, "jena+nikolai | rally>jena |" },
  { 2, "jena+lulu | | deflect" },
  { 2, "nikolai+viktor | snipe>nikolai |" },
  { 2, "nikolai+elena | | melee" },
  { 2, "elena+jena | smash>elena |" },
  { 2, "lulu+nikolai | melee>lulu |" },
  { 2, "lulu+viktor | smash>lulu |" },
  { 2, "nikolai+jena | | interrupt" },
  { 2, "elena+lulu | | cover" },
  { 2, "jena+viktor | | melee" },
  { 2, "nikolai+lulu | | deflect" },
  { 1, "nikolai+elena | shotgun>nikolai | snipe" },
  { 2, "viktor+nikolai | | interrupt" },
})

deck("slaine", {
  { 2, "ukko+kai | shotgun>ukko |" },
  { 2, "ukko+niamh | | melee" },
  { 3, "slaine+niamh | smash>slaine |" },
  { 2, "slaine+ukko | melee>slaine |" },
  { 2, "niamh+ukko | fly>niamh |" },
  { 2, "niamh+kai | | deflect" },
  { 2, "kai+slaine | heal>kai |" },
  { 2, "kai+niamh | blast>kai |" },
  { 2, "kai+slaine | | cover" },
  { 2, "ukko+slaine | | interrupt" },
  { 2, "niamh+slaine | | smash" },
  { 2, "kai+ukko | psi>kai |" },
  { 2, "slaine+niamh | | deflect" },
  { 1, "ukko+kai | | snipe" },
  { 2, "niamh+kai | | interrupt" },
})

return list
