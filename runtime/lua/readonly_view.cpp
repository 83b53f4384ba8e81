// readonly_view.cpp - see readonly_view.h.
//
// A view is an empty table whose metatable holds the viewed table ([1]), the path a script
// reached it by ([2]) and the refusal text ([3]); its metamethods are plain C functions, so
// a view costs one table and one metatable, made once per viewed table.
#include "readonly_view.h"

#include <cctype>

#include "lua_util.h"

namespace duelbox {

namespace {

const char* const kViewsKey = "duelbox.readonly_views";   // registry: table -> its view (weak keys)

enum Slot { kTable = 1, kPath = 2, kRefusal = 3 };

// Pushes slot `slot` of the metatable of the view at `view`.
void push_slot(lua_State* L, int view, Slot slot) {
    lua_getmetatable(L, view);
    lua_rawgeti(L, -1, slot);
    lua_remove(L, -2);
}

bool is_identifier(const char* s) {
    if (!*s || std::isdigit(static_cast<unsigned char>(*s))) return false;
    for (; *s; ++s)
        if (!std::isalnum(static_cast<unsigned char>(*s)) && *s != '_') return false;
    return true;
}

// Pushes `path` followed by key `key` as a script would write it: path.name, path[3], path['a b'].
void push_path(lua_State* L, const char* path, int key) {
    key = lua_absindex(L, key);
    if (lua_type(L, key) == LUA_TSTRING && is_identifier(lua_tostring(L, key))) {
        lua_pushfstring(L, "%s.%s", path, lua_tostring(L, key));
    } else if (lua_type(L, key) == LUA_TSTRING) {
        lua_pushfstring(L, "%s['%s']", path, lua_tostring(L, key));
    } else {
        push_plain(L, key);
        lua_pushfstring(L, "%s[%s]", path, lua_tostring(L, -1));
        lua_remove(L, -2);
    }
}

// The value at the top, read from the view at `view` under the key at `key`: a table is
// replaced by its own view, so writes are refused at every depth.
void wrap_top(lua_State* L, int view, int key) {
    if (!lua_istable(L, -1)) return;
    if (readonly_view_push_made(L, -1)) {   // the usual case: no path to build
        lua_replace(L, -2);
        return;
    }
    if (readonly_view_is(L, -1)) return;   // a frozen view's mirror holds views already
    key = lua_absindex(L, key);
    push_slot(L, view, kPath);
    push_path(L, lua_tostring(L, -1), key);
    push_slot(L, view, kRefusal);
    readonly_view_push(L, -4, lua_tostring(L, -1), lua_tostring(L, -2));
    lua_replace(L, -5);
    lua_pop(L, 3);
}

int view_index(lua_State* L) {
    push_slot(L, 1, kTable);
    lua_pushvalue(L, 2);
    lua_gettable(L, -2);   // the table's own metamethods still apply
    wrap_top(L, 1, 2);
    return 1;
}

int view_newindex(lua_State* L) {
    // The nearest script line: a write may come through a C function (table.insert).
    lua_Debug ar;
    bool found = false;
    for (int level = 1; !found && lua_getstack(L, level, &ar); ++level)
        found = lua_getinfo(L, "Sl", &ar) && ar.currentline > 0;
    if (found) lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
    else lua_pushliteral(L, "");
    push_slot(L, 1, kRefusal);
    push_slot(L, 1, kPath);
    push_path(L, lua_tostring(L, -1), 2);  // where, refusal, path, path.key
    lua_pushfstring(L, "%s%s (%s)", lua_tostring(L, -4), lua_tostring(L, -3), lua_tostring(L, -1));
    return lua_error(L);
}

int view_len(lua_State* L) {
    push_slot(L, 1, kTable);
    lua_len(L, -1);
    return 1;
}

// The iterator pairs(view) returns; also what next(view, k) does.
int view_next(lua_State* L) {
    lua_settop(L, 2);
    push_slot(L, 1, kTable);
    lua_pushvalue(L, 2);
    if (!lua_next(L, 3)) {
        lua_pushnil(L);
        return 1;
    }
    wrap_top(L, 1, -2);
    return 2;
}

int view_pairs(lua_State* L) {
    lua_pushcfunction(L, view_next);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

// Pushes the registry's view cache, creating it on first use.
void push_views(lua_State* L) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, kViewsKey) == LUA_TTABLE) return;
    lua_pop(L, 1);
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");   // a table that is gone takes its view with it
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, kViewsKey);
}

}  // namespace

bool readonly_view_push_made(lua_State* L, int idx) {
    idx = lua_absindex(L, idx);
    push_views(L);
    lua_pushvalue(L, idx);
    if (lua_rawget(L, -2) == LUA_TTABLE) {
        lua_remove(L, -2);
        return true;
    }
    lua_pop(L, 2);
    return false;
}

namespace {

// Makes the view of the table at `idx` (no view of it exists yet), leaves it on the stack and
// records it in the cache before anything nested is viewed, so a cycle finds it.
// Frozen views are made eagerly, a C call per level: deeper than this, a table gets an ordinary
// view (made when read), so a hostile definition nesting tables 100,000 deep cannot exhaust
// the C stack while the game loads.
constexpr int kMaxFrozenDepth = 64;

void make_view(lua_State* L, int idx, const char* refusal, const char* path, bool frozen, int depth = 0) {
    idx = lua_absindex(L, idx);
    if (depth > kMaxFrozenDepth) frozen = false;
    // A frozen table with a metatable of its own keeps the C __index: its reads must still go
    // through that metatable (an __index chain a modder built), which a mirror would not copy.
    if (frozen && lua_getmetatable(L, idx)) {
        lua_pop(L, 1);
        frozen = false;
    }
    push_views(L);
    lua_newtable(L);                       // the view
    lua_createtable(L, 3, 6);              // its metatable
    lua_pushvalue(L, idx);
    lua_rawseti(L, -2, kTable);
    lua_pushstring(L, path);
    lua_rawseti(L, -2, kPath);
    lua_pushstring(L, refusal);
    lua_rawseti(L, -2, kRefusal);
    const luaL_Reg meta[] = {{"__index", view_index}, {"__newindex", view_newindex}, {"__len", view_len},
                             {"__pairs", view_pairs}, {nullptr, nullptr}};
    luaL_setfuncs(L, meta, 0);
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, idx);
    lua_pushvalue(L, -2);
    lua_rawset(L, -4);                     // views[table] = view
    lua_remove(L, -2);                     // view
    if (!frozen) return;

    // The mirror: the table's entries with every nested table replaced by its (frozen) view.
    // It becomes the view's __index, so a read is the VM's own table look-up, no C call.
    const int view = lua_gettop(L);
    luaL_checkstack(L, 8, "read-only view");
    lua_newtable(L);
    const int mirror = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, idx)) {             // key, value
        if (lua_istable(L, -1) && !readonly_view_push_made(L, -1)) {
            push_path(L, path, -2);
            make_view(L, -2, refusal, lua_tostring(L, -1), true, depth + 1);
            lua_replace(L, -2);            // key, value, view(value)
        } else if (lua_istable(L, -1)) {
            // readonly_view_push_made pushed the existing view
        } else {
            lua_pushvalue(L, -1);
        }
        lua_pushvalue(L, -3);
        lua_insert(L, -2);                 // key, value, key, view-or-value
        lua_rawset(L, mirror);
        lua_pop(L, 1);                     // key
    }
    // The view shows the mirror in every way: reads (__index), #, pairs and next, and C code that
    // unwraps it (readonly_view_unwrap), so all of them agree on the table as it was now.
    lua_getmetatable(L, view);
    lua_pushvalue(L, mirror);
    lua_setfield(L, -2, "__index");
    lua_pushvalue(L, mirror);
    lua_rawseti(L, -2, kTable);
    lua_pop(L, 2);                         // metatable, mirror
}

}  // namespace

void readonly_view_push(lua_State* L, int idx, const char* refusal, const char* path, bool frozen) {
    idx = lua_absindex(L, idx);
    if (readonly_view_push_made(L, idx)) return;
    make_view(L, idx, refusal, path, frozen);
}

bool readonly_view_is(lua_State* L, int idx) {
    if (!lua_istable(L, idx) || !lua_getmetatable(L, idx)) return false;
    lua_pushliteral(L, "__newindex");      // __index is a table in a frozen view
    lua_rawget(L, -2);
    const bool view = lua_tocfunction(L, -1) == view_newindex;
    lua_pop(L, 2);
    return view;
}

void readonly_view_unwrap(lua_State* L, int idx) {
    idx = lua_absindex(L, idx);
    if (!readonly_view_is(L, idx)) return;
    push_slot(L, idx, kTable);
    lua_replace(L, idx);
}

}  // namespace duelbox
