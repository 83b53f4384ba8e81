// game_search.cpp - reading a game's `search` declaration (see game_search.h).
#include "game_search.h"

#include "lua/raw_field.h"

namespace duelbox {

namespace {

// A value as the error shows it: "many", 2.5, boolean.
std::string shown(lua_State* L, int idx) {
    if (lua_type(L, idx) == LUA_TSTRING) return std::string("\"") + lua_tostring(L, idx) + "\"";
    if (lua_type(L, idx) != LUA_TNUMBER) return luaL_typename(L, idx);
    lua_pushvalue(L, idx);   // lua_tostring turns a number into a string in place: convert a copy
    std::string s = lua_tostring(L, -1);
    lua_pop(L, 1);
    return s;
}

}  // namespace

bool read_game_search_defaults(LuaHost& host, GameSearchDefaults& out, std::string& error) {
    out = {};
    lua_State* L = host.state();
    const int top = lua_gettop(L);
    host.push_game(L);
    bool ok = true;
    if (lua_istable(L, -1)) {
        const int t = raw_field(L, -1, "search");
        if (t == LUA_TTABLE) {
            const int c = raw_field(L, -1, "copies");
            if (c != LUA_TNIL) {
                int is_int = 0;
                const lua_Integer n = lua_tointegerx(L, -1, &is_int);
                if (!is_int || n < 1 || n > max_game_copies) {
                    error = "game.search.copies: expected an integer from 1 to " + std::to_string(max_game_copies) +
                            ", got " + shown(L, -1);
                    ok = false;
                } else {
                    out.copies = static_cast<int>(n);
                }
            }
        } else if (t != LUA_TNIL) {
            error = std::string("game.search: expected a table ({ copies = N }), got ") + luaL_typename(L, -1);
            ok = false;
        }
    }
    lua_settop(L, top);
    return ok;
}

}  // namespace duelbox
