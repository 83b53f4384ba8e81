// file_locals.cpp - see file_locals.h.
#include "file_locals.h"

#include <cstring>

namespace duelbox {

namespace {

// Registry: {functions = {f1, f2, ...}, indices = {i1, ...}, values = {v1, ...}, n = N}; a
// value may be nil, so each list is read by position up to n.
const char* const kRecordKey = "duelbox.file_locals";

bool walkable(int type) { return type == LUA_TTABLE || type == LUA_TFUNCTION; }

// Whether table t (absolute index) holds exactly the entries of `image` (count entries) and
// the metatable `meta` (false = none).
bool same_as_image(lua_State* L, int t, int image, lua_Integer count, int meta) {
    if (lua_getmetatable(L, t)) {
        const bool same = lua_rawequal(L, -1, meta);
        lua_pop(L, 1);
        if (!same) return false;
    } else if (lua_type(L, meta) != LUA_TBOOLEAN) {
        return false;
    }
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {               // key -2, value -1
        lua_pushvalue(L, -2);
        lua_rawget(L, image);
        const bool same = lua_rawequal(L, -1, -2);
        lua_pop(L, 2);
        if (!same || ++n > count) {
            lua_pop(L, 1);                 // the key
            return false;
        }
    }
    return n == count;
}

// Gives table t (absolute index) back the entries of `image` and the metatable `meta`.
void put_back(lua_State* L, int t, int image, int meta) {
    lua_pushnil(L);
    while (lua_next(L, t)) {               // clearing a field while traversing is allowed
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, t);
    }
    lua_pushnil(L);
    while (lua_next(L, image)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, t);
    }
    if (lua_type(L, meta) == LUA_TBOOLEAN) lua_pushnil(L);
    else lua_pushvalue(L, meta);
    lua_setmetatable(L, t);
}

// Puts back every recorded table whose entries or metatable changed; `record` is the
// registry record's absolute index. Returns how many.
int restore_tables(lua_State* L, int record) {
    const int base = lua_gettop(L);
    lua_getfield(L, record, "tables");     // base+1
    lua_getfield(L, record, "images");     // base+2
    lua_getfield(L, record, "counts");     // base+3
    lua_getfield(L, record, "metas");      // base+4
    lua_getfield(L, record, "ntables");
    const lua_Integer n = lua_tointeger(L, -1);
    lua_pop(L, 1);
    int restored = 0;
    for (lua_Integer k = 1; k <= n; ++k) {
        lua_rawgeti(L, base + 1, k);       // base+5: the table
        lua_rawgeti(L, base + 2, k);       // base+6: its image
        lua_rawgeti(L, base + 3, k);
        const lua_Integer count = lua_tointeger(L, -1);
        lua_pop(L, 1);
        lua_rawgeti(L, base + 4, k);       // base+7: its metatable at load
        if (!same_as_image(L, base + 5, base + 6, count, base + 7)) {
            put_back(L, base + 5, base + 6, base + 7);
            ++restored;
        }
        lua_settop(L, base + 4);
    }
    lua_settop(L, base);
    return restored;
}

}  // namespace

int file_locals_record(lua_State* L, const int* roots, int nroots, int module_cache) {
    module_cache = lua_absindex(L, module_cache);
    luaL_checkstack(L, 24, "file_locals_record");
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
    // Second walk: the tables a script can write into. It starts from every upvalue's value
    // (a file environment: from the file's own globals behind it) and from the module cache,
    // and goes through entries, metatables and functions' upvalues, but not into the metatable
    // of a read-only front (library fronts, read-only views, module fronts: `__metatable` set,
    // so no script can get it, and a C `__newindex` that refuses, so no script writes through
    // it); so the card definitions and the libraries, which no script can change, cost nothing
    // per match. A script's own locked metatable is entered: its __newindex may be a table.
    lua_newtable(L);                       // base+7: tables a script can write into
    lua_newtable(L);                       // base+8: the walk's stack
    const int writable = base + 7, wstack = base + 8;
    lua_Integer wdepth = 0;
    const auto push_table = [&](int idx) {
        if (lua_type(L, idx) != LUA_TTABLE) return;
        lua_pushvalue(L, idx);
        lua_rawseti(L, wstack, ++wdepth);
    };
    push_table(module_cache);
    lua_pushnil(L);
    while (lua_next(L, visited)) {         // key base+9 (an object), value base+10
        lua_pop(L, 1);
        if (lua_type(L, base + 9) != LUA_TFUNCTION || lua_iscfunction(L, base + 9)) continue;
        for (int i = 1;; ++i) {
            const char* name = lua_getupvalue(L, base + 9, i);   // base+10
            if (!name) break;
            if (std::strcmp(name, "_ENV") != 0) push_table(base + 10);
            else if (lua_getmetatable(L, base + 10)) {          // the file's globals, if it has any
                lua_getfield(L, -1, "__index");
                push_table(-1);
                lua_pop(L, 2);
            }
            lua_pop(L, 1);
        }
    }
    while (wdepth > 0) {
        lua_rawgeti(L, wstack, wdepth);    // base+9: the table
        lua_pushnil(L);
        lua_rawseti(L, wstack, wdepth--);
        const int t = base + 9;
        lua_pushvalue(L, t);
        const bool seen = lua_rawget(L, writable) != LUA_TNIL;
        lua_pop(L, 1);
        if (!seen) {
            lua_pushvalue(L, t);
            lua_pushboolean(L, 1);
            lua_rawset(L, writable);
            lua_pushnil(L);
            while (lua_next(L, t)) {       // key base+10, value base+11
                push_table(base + 10);
                push_table(base + 11);
                lua_pop(L, 1);
            }
            if (lua_getmetatable(L, t)) {  // base+10
                const bool locked = lua_getfield(L, -1, "__metatable") != LUA_TNIL;
                lua_getfield(L, base + 10, "__newindex");
                if (!locked || !lua_iscfunction(L, -1)) push_table(base + 10);
            }
        }
        lua_settop(L, base + 8);
    }
    // Each of them gets an image: a copy of its entries and its metatable at load.
    lua_newtable(L);                       // base+9: tables
    lua_newtable(L);                       // base+10: images
    lua_newtable(L);                       // base+11: entry counts
    lua_newtable(L);                       // base+12: metatables (false = none)
    const int tables = base + 9, images = base + 10, counts = base + 11, metas = base + 12;
    lua_Integer nt = 0;
    lua_pushnil(L);
    while (lua_next(L, writable)) {        // key base+13 (the table), value base+14
        lua_pop(L, 1);
        const int t = base + 13;
        ++nt;
        lua_pushvalue(L, t);
        lua_rawseti(L, tables, nt);
        lua_newtable(L);                   // base+14: the image
        lua_Integer entries = 0;
        lua_pushnil(L);
        while (lua_next(L, t)) {           // key base+15, value base+16
            lua_pushvalue(L, base + 15);
            lua_insert(L, -2);
            lua_rawset(L, base + 14);
            ++entries;
        }
        lua_rawseti(L, images, nt);
        lua_pushinteger(L, entries);
        lua_rawseti(L, counts, nt);
        if (!lua_getmetatable(L, t)) lua_pushboolean(L, 0);
        lua_rawseti(L, metas, nt);
    }
    lua_createtable(L, 0, 9);   // the record: lists by name, and their lengths
    const int record = lua_gettop(L);
    const auto keep = [&](const char* name, int slot) {
        lua_pushvalue(L, slot);
        lua_setfield(L, record, name);
    };
    keep("tables", tables);
    keep("images", images);
    keep("counts", counts);
    keep("metas", metas);
    keep("functions", funcs);
    keep("indices", indices);
    keep("values", values);
    lua_pushinteger(L, nt);
    lua_setfield(L, record, "ntables");
    lua_pushinteger(L, n);
    lua_setfield(L, record, "n");
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
    restored += restore_tables(L, base + 1);
    lua_settop(L, base);
    return restored;
}

}  // namespace duelbox
