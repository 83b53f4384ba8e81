// table_layout.cpp - see table_layout.h.
#include "table_layout.h"

#include <algorithm>

#include "lua/host.h"
#include "lua/raw_field.h"

namespace duelbox::editor {

bool TableLayout::numbered(const std::string& zone) const { return std::find(rows.begin(), rows.end(), zone) != rows.end(); }

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
        if (raw_field(L, view, "rows") == LUA_TTABLE) {
            for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TSTRING; ++i) {
                out.rows.emplace_back(lua_tostring(L, -1));
                lua_pop(L, 1);
            }
            lua_pop(L, 1);   // the value that ended the list
        }
        lua_pop(L, 1);
    }
    lua_settop(L, top);
    return out;
}

}  // namespace duelbox::editor
