// file_locals.cpp - see file_locals.h.
#include "file_locals.h"

#include <cstring>

namespace duelbox {

namespace {

// Registry: {functions = {f1, f2, ...}, indices = {i1, ...}, values = {v1, ...}, n = N}; a
// value may be nil, so each list is read by position up to n.
const char* const kRecordKey = "duelbox.file_locals";

bool walkable(int type) { return type == LUA_TTABLE || type == LUA_TFUNCTION; }

}  // namespace

int file_locals_record(lua_State* L, const int* roots, int nroots) {
    luaL_checkstack(L, 16, "file_locals_record");
    const int base = lua_gettop(L);
    lua_newtable(L);                       // base+1: visited objects
    lua_newtable(L);                       // base+2: upvalue ids seen (light userdata)
    lua_newtable(L);                       // base+3: the walk's stack
    lua_newtable(L);                       // base+4: functions
    lua_newtable(L);                       // base+5: indices
    lua_newtable(L);                       // base+6: values
    const int visited = base + 1, ids = base + 2, stack = base + 3, funcs = base + 4, indices = base + 5,
              values = base + 6;
    lua_Integer depth = 0, n = 0;
    const auto push_walk = [&](int idx) {   // queues the value at idx if it is a table or function
        if (!walkable(lua_type(L, idx))) return;
        lua_pushvalue(L, idx);
        lua_rawseti(L, stack, ++depth);
    };
    for (int i = 0; i < nroots; ++i) push_walk(roots[i]);
    while (depth > 0) {
        lua_rawgeti(L, stack, depth);      // base+7: the object
        lua_pushnil(L);
        lua_rawseti(L, stack, depth--);
        const int obj = base + 7;
        lua_pushvalue(L, obj);
        if (lua_rawget(L, visited) != LUA_TNIL) {
            lua_settop(L, base + 6);
            continue;
        }
        lua_pop(L, 1);
        lua_pushvalue(L, obj);
        lua_pushboolean(L, 1);
        lua_rawset(L, visited);
        if (lua_type(L, obj) == LUA_TTABLE) {
            lua_pushnil(L);
            while (lua_next(L, obj)) {      // key base+8, value base+9
                push_walk(base + 8);
                push_walk(base + 9);
                lua_pop(L, 1);
            }
            if (lua_getmetatable(L, obj)) {
                push_walk(-1);
                lua_pop(L, 1);
            }
        } else if (!lua_iscfunction(L, obj)) {   // a C function's upvalues are the host's own
            for (int i = 1;; ++i) {
                const char* name = lua_getupvalue(L, obj, i);
                if (!name) break;
                if (std::strcmp(name, "_ENV") == 0) {   // the file's frozen globals: walked, not recorded
                    push_walk(-1);
                    lua_pop(L, 1);
                    continue;
                }
                lua_pushlightuserdata(L, lua_upvalueid(L, obj, i));
                const bool seen = lua_rawget(L, ids) != LUA_TNIL;
                lua_pop(L, 1);
                if (!seen) {
                    lua_pushlightuserdata(L, lua_upvalueid(L, obj, i));
                    lua_pushboolean(L, 1);
                    lua_rawset(L, ids);
                    ++n;
                    lua_pushvalue(L, obj);
                    lua_rawseti(L, funcs, n);
                    lua_pushinteger(L, i);
                    lua_rawseti(L, indices, n);
                    lua_pushvalue(L, -1);
                    lua_rawseti(L, values, n);
                    push_walk(-1);
                }
                lua_pop(L, 1);
            }
        }
        lua_settop(L, base + 6);
    }
    lua_createtable(L, 0, 4);
    lua_pushvalue(L, funcs);
    lua_setfield(L, -2, "functions");
    lua_pushvalue(L, indices);
    lua_setfield(L, -2, "indices");
    lua_pushvalue(L, values);
    lua_setfield(L, -2, "values");
    lua_pushinteger(L, n);
    lua_setfield(L, -2, "n");
    lua_setfield(L, LUA_REGISTRYINDEX, kRecordKey);
    lua_settop(L, base);
    return static_cast<int>(n);
}

int file_locals_restore(lua_State* L) {
    const int base = lua_gettop(L);
    if (lua_getfield(L, LUA_REGISTRYINDEX, kRecordKey) != LUA_TTABLE) {
        lua_settop(L, base);
        return 0;
    }
    lua_getfield(L, base + 1, "functions");   // base+2
    lua_getfield(L, base + 1, "indices");     // base+3
    lua_getfield(L, base + 1, "values");      // base+4
    lua_getfield(L, base + 1, "n");
    const lua_Integer n = lua_tointeger(L, -1);
    lua_pop(L, 1);
    int restored = 0;
    for (lua_Integer k = 1; k <= n; ++k) {
        lua_rawgeti(L, base + 2, k);          // base+5: the function
        const int i = static_cast<int>((lua_rawgeti(L, base + 3, k), lua_tointeger(L, -1)));
        lua_pop(L, 1);
        lua_getupvalue(L, base + 5, i);       // base+6: its value now
        lua_rawgeti(L, base + 4, k);          // base+7: its value at load
        if (!lua_rawequal(L, -1, -2)) {
            lua_setupvalue(L, base + 5, i);   // pops the load-time value into the upvalue
            ++restored;
        }
        lua_settop(L, base + 4);
    }
    lua_settop(L, base);
    return restored;
}

}  // namespace duelbox
