// lab_spec.cpp - see lab_spec.h.
#include "lab_spec.h"

#include <lua.hpp>

#include "lua/host.h"
#include "lua/lua_modules.h"
#include "lua/raw_field.h"

namespace duelbox {

namespace {

// Reads a list of strings at t[key] (raw); false when it is absent or not such a list.
bool read_strings(lua_State* L, int t, const char* key, std::vector<std::string>& out) {
    const int type = raw_field(L, t, key);
    bool ok = type == LUA_TTABLE;
    if (ok) {
        const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
        for (lua_Integer i = 1; i <= n && ok; ++i) {
            ok = lua_rawgeti(L, -1, i) == LUA_TSTRING;
            if (ok) out.emplace_back(lua_tostring(L, -1));
            lua_pop(L, 1);
        }
        ok = ok && n > 0;
    }
    lua_pop(L, 1);
    return ok;
}

// t[key] as a string, or `fallback` when absent; false when present and not a string.
bool read_string(lua_State* L, int t, const char* key, std::string& out, const char* fallback) {
    const int type = raw_field(L, t, key);
    bool ok = true;
    if (type == LUA_TSTRING) out = lua_tostring(L, -1);
    else if (type == LUA_TNIL) out = fallback;
    else ok = false;
    lua_pop(L, 1);
    return ok;
}

}  // namespace

const RosterEntry* LabSpec::find(const std::string& name) const {
    for (const RosterEntry& e : roster)
        if (e.name == name || e.key == name) return &e;
    return nullptr;
}

std::string read_lab_spec(LuaHost& host, LabSpec& out) {
    out = LabSpec{};
    lua_State* L = host.state();
    const int top = lua_gettop(L);
    const std::string where = "scripts/" + host.game() + "/game.lua: ";
    auto fail = [&](const std::string& why) {
        lua_settop(L, top);
        return where + why;
    };
    host.push_game(L);
    if (!lua_istable(L, -1)) return fail("the game did not load");
    const int game = lua_gettop(L);
    if (raw_field(L, game, "bench_unit") == LUA_TTABLE) {
        read_string(L, -1, "event", out.unit_event, "");
        read_string(L, -1, "name", out.unit_name, "unit");
    }
    lua_pop(L, 1);
    if (raw_field(L, game, "lab") != LUA_TTABLE)
        return fail("the game declares no `lab` table, so `duelbox lab` does not know what a fighter is (docs/lab.md)");
    const int lab = lua_gettop(L);
    if (raw_field(L, lab, "roster") != LUA_TTABLE) return fail("lab.roster: expected a table {prefix=, kind=}");
    const int roster = lua_gettop(L);
    std::string prefix, kind, prop;
    if (!read_string(L, roster, "prefix", prefix, "") || prefix.empty())
        return fail("lab.roster.prefix: expected the key prefix of the fighters' definitions");
    if (!read_string(L, roster, "kind", kind, "")) return fail("lab.roster.kind: expected a string");
    if (!read_string(L, roster, "prop", prop, "")) return fail("lab.roster.prop: expected a string");
    if (!read_string(L, lab, "seat_key", out.seat_key, "") || out.seat_key.empty())
        return fail("lab.seat_key: expected the seat setup key that names a fighter");
    std::string seat_value;
    if (!read_string(L, lab, "seat_value", seat_value, "name") || (seat_value != "name" && seat_value != "key"))
        return fail("lab.seat_value: expected \"name\" or \"key\"");
    out.seat_value_key = seat_value == "key";
    const int picks_type = raw_field(L, lab, "picks");
    if (picks_type == LUA_TNUMBER && lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 && lua_tointeger(L, -1) <= 8)
        out.picks = static_cast<int>(lua_tointeger(L, -1));
    else if (picks_type != LUA_TNIL) return fail("lab.picks: expected a whole number from 1 to 8");
    lua_pop(L, 1);
    if (!read_strings(L, lab, "played", out.played)) return fail("lab.played: expected a list of zone names");
    if (!read_strings(L, lab, "held", out.held)) return fail("lab.held: expected a list of zone names");

    for (const CardDef& c : host.cards()) {
        if (c.key.size() <= prefix.size() || c.key.compare(0, prefix.size(), prefix) != 0) continue;
        if (c.key.find('/', prefix.size()) != std::string::npos) continue;
        if (!push_card_definition(L, c.key.c_str())) continue;
        const int def = lua_gettop(L);
        std::string def_kind, display;
        read_string(L, def, "kind", def_kind, "");
        read_string(L, def, "name", display, "");
        bool has_prop = prop.empty();
        if (!has_prop && raw_field(L, def, "props") == LUA_TTABLE) {
            raw_field(L, -1, prop.c_str());
            has_prop = lua_toboolean(L, -1);
            lua_pop(L, 1);
        }
        if (!prop.empty()) lua_pop(L, 1);
        lua_pop(L, 1);
        if (!kind.empty() && def_kind != kind) continue;
        if (!has_prop) continue;
        out.roster.push_back({c.key.substr(prefix.size()), c.key, display.empty() ? c.key : display});
    }
    lua_settop(L, top);
    if (out.roster.empty()) return where + "lab.roster: no definition matches prefix \"" + prefix + "\"" +
                                   (kind.empty() ? "" : " and kind \"" + kind + "\"");
    return "";
}

}  // namespace duelbox
