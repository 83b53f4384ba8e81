// table_layout.cpp - see table_layout.h.
#include "table_layout.h"

#include <algorithm>

#include "lua/host.h"
#include "lua/raw_field.h"

namespace duelbox::editor {

bool TableLayout::numbered(const std::string& zone) const { return std::find(rows.begin(), rows.end(), zone) != rows.end(); }

bool TableLayout::drawn_together(const std::string& zone) const {
    return std::find(together.begin(), together.end(), zone) != together.end();
}

namespace {
// The strings of list field `key` of the table at `t` (absolute), in order, up to the first
// value that is not a string.
std::vector<std::string> string_list(lua_State* L, int t, const char* key) {
    std::vector<std::string> out;
    if (raw_field(L, t, key) == LUA_TTABLE) {
        for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TSTRING; ++i) {
            out.emplace_back(lua_tostring(L, -1));
            lua_pop(L, 1);
        }
        lua_pop(L, 1);   // the value that ended the list
    }
    lua_pop(L, 1);
    return out;
}
}  // namespace

TableLayout read_table_layout(const LuaHost& host) {
    TableLayout out;
    lua_State* L = host.state();
    if (!L) return out;
    const int top = lua_gettop(L);
    host.push_game(L);
    if (lua_istable(L, -1) && raw_field(L, -1, "table_view") == LUA_TTABLE) {   // raw: no metamethod runs
        const int view = lua_gettop(L);
        if (raw_field(L, view, "turned") == LUA_TSTRING) out.turned = lua_tostring(L, -1);
        lua_pop(L, 1);
        if (raw_field(L, view, "attached") == LUA_TSTRING) out.attached = lua_tostring(L, -1);
        lua_pop(L, 1);
        out.rows = string_list(L, view, "rows");
        out.together = string_list(L, view, "together");
    }
    lua_settop(L, top);
    return out;
}

}  // namespace duelbox::editor
