// raw_field.h - reading tables a script made, from C++, without running script code.
//
// C++ reads the game table and card tables outside any protected call (loading, starting a
// match, bench setup). There an __index or __len that raises would abort the process
// ("unprotected Lua error") and one that loops would hang it, so those reads are raw: a
// metatable on such a table is never consulted by the host.
#pragma once
#include <lua.hpp>

#include "readonly_view.h"

namespace duelbox {

// Pushes t[key] for the table at `idx` without metamethods; returns its type (lua_rawget).
// A read-only view (a required module, readonly_view.h) is replaced by the table it shows.
inline int raw_field(lua_State* L, int idx, const char* key) {
    idx = lua_absindex(L, idx);
    lua_pushstring(L, key);
    const int type = lua_rawget(L, idx);
    if (type == LUA_TTABLE) readonly_view_unwrap(L, -1);
    return type;
}

// t[key] = the value at the top (popped), without metamethods.
inline void raw_set_field(lua_State* L, int idx, const char* key) {
    idx = lua_absindex(L, idx);
    lua_pushstring(L, key);
    lua_insert(L, -2);
    lua_rawset(L, idx);
}

}  // namespace duelbox
