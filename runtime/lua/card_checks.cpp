// card_checks.cpp - see card_checks.h.
#include "card_checks.h"

#include <lua.hpp>

#include "host.h"
#include "raw_field.h"
#include "script_call.h"

namespace duelbox {

std::vector<std::string> run_card_checks(LuaHost& host) {
    std::vector<std::string> out;
    lua_State* L = host.state();
    const int top = lua_gettop(L);
    host.push_game(L);
    const bool has = lua_istable(L, -1) && raw_field(L, -1, "check_card") == LUA_TFUNCTION;
    if (!has) {
        lua_settop(L, top);
        return out;
    }
    const int check = lua_gettop(L);
    for (const CardDef& c : host.cards()) {
        lua_pushvalue(L, check);
        lua_pushstring(L, c.key.c_str());
        ScriptCall call(host, L);
        if (call.pcall(1, 1) != LUA_OK) {
            out.push_back(call.error());
            continue;
        }
        const std::string where = c.file + ": " + c.key + ": ";
        if (lua_type(L, -1) == LUA_TSTRING) {
            out.push_back(where + lua_tostring(L, -1));
        } else if (lua_istable(L, -1)) {
            const auto n = static_cast<lua_Integer>(lua_rawlen(L, -1));
            for (lua_Integer i = 1; i <= n; ++i) {
                if (lua_rawgeti(L, -1, i) == LUA_TSTRING) out.push_back(where + lua_tostring(L, -1));
                lua_pop(L, 1);
            }
        } else if (!lua_isnil(L, -1)) {
            out.push_back(where + "check_card returned a " + luaL_typename(L, -1) + " (expected nil or a message)");
        }
        lua_settop(L, check);
    }
    lua_settop(L, top);
    return out;
}

}  // namespace duelbox
