-- Tag Team test fixtures (spec §11.2): tracks FX-* and sample cards S-*.
-- TEST FIXTURE / SAMPLE CONTENT — not from the rulebook. Not in the roster (props.roster unset),
-- so drafts and random pairings never deal them; tests give each card to a fighter with "@slot".

local function plain(max) return { max = max, start = max, cells = {} } end

local golem = { max = 20, start = 20, cells = { [15] = { gain = 1 } } }
local golem2 = { max = 20, start = 20, cells = { [15] = { gain = 1 }, [13] = { gain = 1 } } }
local wb = { max = 12, start = 12, cells = {} }
for c = 1, 5 do wb.cells[c] = { stop = true } end

local function fighter(key, name, track, extra)
  local t = { key = key, kind = "fighter", name = name, props = { base_power = 2 }, track = track }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

local function card(key, name, actions, extra)
  local t = { key = "tagteam/fx/" .. key, name = name, props = {}, actions = actions }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

return {
  fighter("tagteam/fx_plain20", "Plain-20", plain(20)),
  fighter("tagteam/fx_plain15", "Plain-15", plain(15)),
  fighter("tagteam/fx_golem", "FX-Golem", golem),
  fighter("tagteam/fx_golem2", "FX-Golem2", golem2),
  fighter("tagteam/fx_wb", "FX-WildBunch", wb),
  fighter("tagteam/fx_flame", "FX-Flame", plain(20), { attack_mod = { add = 1 } }),
  -- endless chain (Q-04): entering 10 deals 1 (down to 9), entering 9 heals 1 (up to 10), ...
  fighter("tagteam/fx_loop", "FX-Loop", { max = 20, start = 20, cells = { [10] = { damage = 1 }, [9] = { heal = 1 } } }),

  card("s_idle", "S-IDLE", {}),
  card("s_atk", "S-ATK", { { "attack" } }),
  card("s_blk", "S-BLK", { { "block" } }),
  card("s_blk_plus", "S-BLK+", { { "block" } }, { success = { { "gain", 1 } } }),
  card("s_heal1", "S-HEAL(1)", { { "heal", 1 } }),
  card("s_heal2", "S-HEAL(2)", { { "heal", 2 } }),
  card("s_heal3", "S-HEAL(3)", { { "heal", 3 } }),
  card("s_atk_dd2", "S-ATK+DD(2)", { { "attack" }, { "damage", 2, to = "opponent" } }),
  card("s_patk", "S-PATK", { { "attack" }, { "attack", by = "partner" } }),
  card("s_atk_op", "S-ATK-OP", { { "attack", at = "opp_partner" } }),
  card("s_atk_both", "S-ATK-BOTH", { { "attack", at = "opponents" } }),
  card("s_cancel", "S-CANCEL", { { "cancel" } }),
  card("s_cancel_atk", "S-CANCEL+ATK", { { "cancel" }, { "attack" } }),
  card("s_xfer2", "S-XFER(2)", { { "transfer", 2, to = "partner" } }),
  card("s_xfer2_then_xfer2", "S-XFER(2)-THEN-XFER(2)", { { "transfer", 2, to = "partner" }, "then",
    { "transfer", 2, to = "partner" } }),
  card("s_lose2", "S-LOSE(2)", { { "lose", 2 } }),
  card("s_gain_then_atk", "S-GAIN-THEN-ATK", { { "gain", 1 }, "then", { "attack" } }),
  card("s_gain2_then_atk8", "S-GAIN(2)-THEN-ATK-IF-8", { { "gain", 2 }, "then", { "attack", if_power = 8 } }),
  card("s_then_heal3", "S-THEN-HEAL(3)", { "then", { "heal", 3 } }),
  card("s_then_atk", "S-THEN-ATK", { "then", { "attack" } }),
  card("s_dd1_self", "S-DD(1)-SELF", { { "damage", 1, to = "you" } }),
  card("s_pgain", "S-PGAIN", { { "gain", 1, to = "partner" } }),
  card("s_defer_heal2", "S-DEFER-HEAL(2)", { { "heal", 2 } }, { after_opponent = true }),
  card("j_succ", "J-SUCC", { { "attack" } }, { success = { { "heal", "power" } } }),
  card("wfh_hp", "WFH-HP", { { "heal", 1, to = "partner" } }),
  card("s_instant_gain", "S-INSTANT", {}, { instant = { { "gain", 1 } }, instant_text = "gain 1 power" }),
}
