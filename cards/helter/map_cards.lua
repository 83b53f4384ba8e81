-- The 40 map cards (spec §1.2, §3 steps 7–11): one per space designation, shared by both
-- boards. SAMPLE CONTENT — not from the rulebook: which 20 carry the multiplayer symbol (the
-- rulebook shows the symbol but not the cards it is on; 2 × 10 must remain for two players).
local list = {}
for d = 1, 40 do
  list[#list + 1] = { key = ("helter/map_%02d"):format(d), kind = "mapcard", name = "map card " .. d,
    props = { designation = d, multiplayer = (d % 4 == 1 or d % 4 == 2) } }
end
return list
