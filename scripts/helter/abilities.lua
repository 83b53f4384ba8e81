-- helter.abilities: the team rules of spec §9, each keyed by the character prop that names it.
--   hiex        (§9.1) a SNIPE may make every other character on the defender's space a defender
--   vampirism   (§9.2) damage from this character's MELEE may give it a health cube back
--   demons      (§9.3) MELEE and SMASH may pick a defender on an adjacent space
--   warp_spasm  (§9.4) warp cubes for damage dealt with MELEE/SMASH; turns into the set-aside card
--   berserk     (§9.4) SMASH may be paid with MELEE; never BLOCKs
--   stealth     (§9.4) two start cards (helter.setup) and the choice between them (helter.turn)
-- A modder's character gets a rule by carrying its flag; options steer the spec's ambiguities
-- (AMB-07, AMB-12, AMB-15, AMB-16).

local counter_get, counter_set, counter_add = counter.get, counter.set, counter.add
local entity_get = entity.get

local M = {}

local EV_VAMP = log.kind("helter.vampirism", "{e:character} feeds: health {to}", { "character", "to" },
  { rule = "§9.2 VAMPIRISM" })
local EV_WARP = log.kind("helter.warp_cubes", "{e:character} takes {n} warp cubes ({total} on the card)",
  { "character", "n", "total" }, { rule = "§9.4 WARP SPASM" })
local EV_SPASM = log.kind("helter.warp_spasm", "{e:character} warp-spasms: {e:into} takes the space with {health} health",
  { "character", "into", "health", "space" }, { rule = "§9.4 WARP SPASM" })

---Whether character f may BLOCK (Warp-Sláine never does: BERSERK).
function M.may_block(f) return not entity_get(f, "berserk") end

---Whether f's SMASH may be paid with a MELEE symbol (BERSERK).
function M.smash_with_melee(f) return entity_get(f, "berserk") == true end

---Whether f's MELEE and SMASH reach adjacent spaces (DEMONS).
function M.reaches_adjacent(f) return entity_get(f, "demons") == true end

---Whether f may widen a SNIPE to the defender's whole space (HI-EX).
function M.hiex(f) return entity_get(f, "hiex") == true end

-- The vampirism cap of f under option durham_vamp_cap (AMB-12).
local function vamp_cap(G, f)
  if G.options.durham_vamp_cap == "health" then return G.start_health[f] end
  return 3
end

---After the damage of `actor`'s `action` (hits: {f=, nominal=, removed=} on enemies of the
---actor's owner): VAMPIRISM's offer and WARP SPASM's cubes, then the warp check.
function M.after_damage(G, actor, action, hits, p)
  if entity_get(actor, "vampirism") and (action == "melee" or (action == "smash" and G.options.vamp_on_smash)) then
    for i = 1, #hits do
      if hits[i].removed > 0 and counter_get(actor, "health") < vamp_cap(G, actor) and counter_get(actor, "health") > 0 then
        if decide { player = p, kind = "yesno", id = "vampirism",
            prompt = entity.name(actor) .. ": regain a health cube (VAMPIRISM)?" } then
          EV_VAMP(actor, (counter_add(actor, "health", 1)))
        end
      end
    end
  end
  if entity_get(actor, "warp_spasm") and (action == "melee" or action == "smash") and counter_get(actor, "health") > 0 then
    local n = 0
    for i = 1, #hits do
      n = n + (G.options.warp_count == "removed" and hits[i].removed or hits[i].nominal)
    end
    if n > 0 then
      local to, from = counter_add(actor, "warp", n)
      EV_WARP(actor, to - from, to)
    end
  end
end

---The warp check (§9.4): every living character with warp_spasm holding as many warp cubes as
---health cubes, or more, becomes its set-aside card on the same space with the same health.
function M.warp_check(G)
  for p = 1, G.n do
    local list = G.chars[p]
    for i = 1, #list do
      local f = list[i]
      if entity_get(f, "warp_spasm") then
        local h = counter_get(f, "health")
        local s = board.position(f)
        local into = G.set_aside_of[p]
        if s and h > 0 and into and zone.of(into) == G.set_aside and counter_get(f, "warp") >= h then
          counter_set(into, "health", h)
          board.place(into, s)
          counter_set(f, "warp", 0)            -- the cubes go back to the box
          zone.move(f, G.set_aside)            -- replaced, not dead (AMB-10)
          list[i] = into
          EV_SPASM(f, into, h, s)
        end
      end
    end
  end
end

return M
