// card_text.cpp - see card_text.h.
#include "card_text.h"

#include "host.h"
#include "lua_modules.h"
#include "raw_field.h"

namespace duelbox {

std::string card_definition_text(const LuaHost& host, const std::string& key) {
    if (key.empty()) return "";
    lua_State* L = host.state();
    const int top = lua_gettop(L);
    std::string text;
    if (push_card_definition(L, key.c_str()) && lua_istable(L, -1) && raw_field(L, -1, "text") == LUA_TSTRING)
        text = lua_tostring(L, -1);
    lua_settop(L, top);
    return text;
}

}  // namespace duelbox
