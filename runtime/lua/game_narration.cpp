// game_narration.cpp - see game_narration.h.
#include "game_narration.h"

#include "host.h"
#include "raw_field.h"

namespace duelbox {

NarrationPolicy read_narration_policy(const LuaHost& host, std::vector<std::string>& errors) {
    NarrationPolicy policy;
    lua_State* L = host.state();
    const int top = lua_gettop(L);
    const std::string where = "scripts/" + host.game() + "/game.lua: ";
    host.push_game(L);
    if (!lua_istable(L, -1)) {
        lua_settop(L, top);
        return policy;
    }
    const int narration = raw_field(L, -1, "narration");
    if (narration == LUA_TTABLE) {
        const int t = lua_gettop(L);
        for (const char* field : {"news", "details"}) {
            const int type = raw_field(L, t, field);
            if (type == LUA_TTABLE) {
                const auto n = static_cast<lua_Integer>(lua_rawlen(L, -1));
                for (lua_Integer i = 1; i <= n; ++i) {
                    if (lua_rawgeti(L, -1, i) == LUA_TSTRING) {
                        std::string event_type = lua_tostring(L, -1);
                        if (field[0] == 'n') policy.add_news(std::move(event_type));
                        else policy.add_detail(std::move(event_type));
                    } else {
                        errors.push_back(where + "narration." + field + "[" + std::to_string(i) +
                                         "]: an event type (a string) expected, got " + luaL_typename(L, -1));
                    }
                    lua_pop(L, 1);
                }
            } else if (type != LUA_TNIL) {
                errors.push_back(where + "narration." + field + ": a list of event types expected, got " +
                                 luaL_typename(L, -1));
            }
            lua_pop(L, 1);
        }
    } else if (narration != LUA_TNIL) {
        errors.push_back(where + "narration: a table {news = {...}, details = {...}} expected, got " + luaL_typename(L, -1));
    }
    lua_settop(L, top);
    return policy;
}

}  // namespace duelbox
