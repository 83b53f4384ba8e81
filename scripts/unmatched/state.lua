-- unmatched.state: who is who. Fighters, characters, cards and the sides they belong to.
--
-- Match state lives in the kernel: each player's entity carries `character` (the id of its
-- character-card entity), `fighters` (how many) and `fighter1`..`fighterN` (hero first, then
-- sidekicks in character-card order); each fighter carries `fid` ("alice", "harpy"), `role`
-- ("hero"/"sidekick"), `ranged` and `defeated`, and a `health` counter bounded by its dial.

local M = {}

local function pe(p) return match.player_entity(p) end

local FIGHTER_KEY = {}
for i = 1, 8 do FIGHTER_KEY[i] = "fighter" .. i end   -- built once: this runs on every rule step

---Every fighter of player `p`, defeated ones included, hero first.
function M.fighters(p)
  local me, out = pe(p), {}
  for i = 1, entity.get(me, "fighters") or 0 do out[i] = entity.get(me, FIGHTER_KEY[i] or ("fighter" .. i)) end
  return out
end

function M.defeated(f) return entity.get(f, "defeated") == true end

---Player `p`'s fighters still in the game (on the board), hero first.
function M.alive(p)
  local out = {}
  for _, f in ipairs(M.fighters(p)) do
    if not M.defeated(f) then out[#out + 1] = f end
  end
  return out
end

function M.hero(p) return entity.get(pe(p), "fighter1") end
function M.is_hero(f) return entity.get(f, "role") == "hero" end
function M.health(f) return counter.get(f, "health") end

---The character-card entity of player `p` (its handlers are the hero's ability).
function M.character(p) return entity.get(pe(p), "character") end
---The character definition (move value, fighters, deck list) of player `p`.
function M.character_def(p) return cards.of(M.character(p)) end

function M.eliminated(p) return entity.get(pe(p), "eliminated") == true end

---True when fighters `a` and `b` are on opposing sides (never for allies or oneself).
function M.opposed(a, b) return not match.allies(entity.owner(a), entity.owner(b)) end

---Every living fighter opposing player `p`, in seat order.
function M.enemies(p)
  local out = {}
  for q = 1, match.players() do
    if not match.allies(p, q) then
      for _, f in ipairs(M.alive(q)) do out[#out + 1] = f end
    end
  end
  return out
end

---Every living fighter of every player, in seat order.
function M.all_alive()
  local out = {}
  for q = 1, match.players() do
    for _, f in ipairs(M.alive(q)) do out[#out + 1] = f end
  end
  return out
end

---Player `p`'s living fighter with fighter id `fid` (the first one, for Harpies).
function M.find(p, fid)
  for _, f in ipairs(M.alive(p)) do
    if entity.get(f, "fid") == fid then return f end
  end
  return nil
end

-- Card types (rulebook "card anatomy" A): versatile counts as attack and defense at once.
function M.is_attack_card(c)
  local t = entity.get(c, "type")
  return t == "attack" or t == "versatile"
end
function M.is_defense_card(c)
  local t = entity.get(c, "type")
  return t == "defense" or t == "versatile"
end
function M.is_scheme_card(c) return entity.get(c, "type") == "scheme" end

---Whether fighter `f` may use card `c`: the card names it (or ANY) and it is not defeated.
function M.can_use(c, f)
  if M.defeated(f) then return false end
  local user = entity.get(c, "user")
  return user == "any" or user == entity.get(f, "fid")
end

function M.hand(p) return zone.find("hand", p) end
function M.deck(p) return zone.find("deck", p) end
function M.discard_pile(p) return zone.find("discard", p) end

---Expands a short card name ("skirmish") to its key for player `p`'s hero deck.
function M.card_key(p, name)
  if name:find("/", 1, true) then return name end
  return "unmatched/" .. entity.get(pe(p), "hero") .. "/" .. name
end

return M
