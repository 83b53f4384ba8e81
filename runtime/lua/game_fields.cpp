// game_fields.cpp - see game_fields.h.
#include "game_fields.h"

#include "raw_field.h"

namespace duelbox {

int game_field_type(LuaHost& host, const char* name) {
    lua_State* L = host.state();
    const int top = lua_gettop(L);
    host.push_game(L);
    const int t = lua_istable(L, -1) ? raw_field(L, -1, name) : LUA_TNIL;
    lua_settop(L, top);
    return t;
}

}  // namespace duelbox
