-- Lab fixture heroes and their cards (TEST FIXTURE): strong beats everyone, weak loses to
-- everyone, middle sits between; twin equals middle (draws against it); faulty breaks.
local function hero(name, power)
  return { key = "labfix/hero/" .. name, name = name:sub(1, 1):upper() .. name:sub(2), kind = "hero",
    props = { power = power }, deck = { "labfix/" .. name .. "/a", "labfix/" .. name .. "/b" } }
end
local function card(name, which)
  return { key = "labfix/" .. name .. "/" .. which, name = name .. " " .. which, kind = "card" }
end
local out = {}
for _, h in ipairs({ { "strong", 5 }, { "middle", 3 }, { "twin", 3 }, { "weak", 1 }, { "faulty", 2 } }) do
  out[#out + 1] = hero(h[1], h[2])
  out[#out + 1] = card(h[1], "a")
  out[#out + 1] = card(h[1], "b")
end
return out
