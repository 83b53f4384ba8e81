// sorted_pairs.cpp - see sorted_pairs.h.
#include "sorted_pairs.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numeric>

#include "bounded_library.h"
#include "readonly_view.h"
#include "script_call.h"

namespace duelbox {

namespace {

int rank(int type) {
    switch (type) {
        case LUA_TNUMBER: return 0;
        case LUA_TSTRING: return 1;
        case LUA_TBOOLEAN: return 2;
        default: return 3;   // no fixed order: kept as found
    }
}

// a < b for two keys on the stack (absolute indices), in the order sorted_pairs.h describes.
bool key_less(lua_State* L, int a, int b) {
    const int ra = rank(lua_type(L, a)), rb = rank(lua_type(L, b));
    if (ra != rb) return ra < rb;
    switch (ra) {
        case 0: return lua_compare(L, a, b, LUA_OPLT) != 0;   // numbers never raise
        case 1: {
            std::size_t la = 0, lb = 0;
            const char* sa = lua_tolstring(L, a, &la);
            const char* sb = lua_tolstring(L, b, &lb);
            const int c = std::memcmp(sa, sb, std::min(la, lb));
            return c < 0 || (c == 0 && la < lb);
        }
        case 2: return !lua_toboolean(L, a) && lua_toboolean(L, b);
        default: return false;
    }
}

// The iterator: upvalue 1 is {k1, v1, k2, v2, ...} in order, upvalue 2 the next position.
int sorted_step(lua_State* L) {
    const lua_Integer at = lua_tointeger(L, lua_upvalueindex(2));
    if (lua_rawgeti(L, lua_upvalueindex(1), 2 * at + 1) == LUA_TNIL) return 1;
    lua_rawgeti(L, lua_upvalueindex(1), 2 * at + 2);
    lua_pushinteger(L, at + 1);
    lua_replace(L, lua_upvalueindex(2));
    return 2;
}

// Two keys that are tables or functions (or userdata, threads) have no order but their
// addresses, which differ between runs: refused rather than walked in an order that varies.
int refuse_unordered(lua_State* L, const char* fn) {
    return luaL_error(L, "%s: a table with two or more keys that are tables or functions has no fixed order (Lua "
                         "would walk them by address, which differs between runs); keep such values in a list and "
                         "walk it with ipairs", fn);
}

}  // namespace

int sorted_next(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);      // as the base library's next
    lua_settop(L, 2);
    lua_pushvalue(L, 1);
    readonly_view_unwrap(L, 3);            // 3: the table whose keys are walked
    const bool after = !lua_isnil(L, 2);
    const bool after_unordered = after && rank(lua_type(L, 2)) == 3;
    lua_pushnil(L);                        // 4: the best key so far (nil = none)
    lua_Integer n = 0, unordered = 0;
    lua_pushnil(L);                        // 5: lua_next's control
    while (lua_next(L, 3)) {               // 5 key, 6 value
        lua_pop(L, 1);
        ++n;
        const bool no_order = rank(lua_type(L, 5)) == 3;
        if (no_order && ++unordered > 1) return refuse_unordered(L, "next");
        // Keys after `k` in pairs' order; the smallest of them is the answer. A key without an
        // order (at most one) comes last, so nothing follows it.
        if (after_unordered || (after && !key_less(L, 2, 5))) continue;
        if (lua_isnil(L, 4) || key_less(L, 5, 4)) {
            lua_pushvalue(L, 5);
            lua_replace(L, 4);
        }
    }
    charge_instructions(L, n);             // one walk of the table per call (a for loop: n^2 in all)
    if (lua_isnil(L, 4)) return 1;
    lua_pushvalue(L, 4);
    lua_gettable(L, 1);                    // through a view's __index, so nested tables stay read-only
    return 2;
}

int sorted_pairs(lua_State* L) {
    luaL_checkany(L, 1);
    lua_settop(L, 1);
    // The pairs as Lua's own pairs would give them: through __pairs, or with next.
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);                 // 2 f, 3 s, 4 first control
    } else {
        luaL_checktype(L, 1, LUA_TTABLE);
        lua_settop(L, 4);
    }
    const bool raw = lua_isnil(L, 2);
    lua_newtable(L);                       // 5: collected {k, v, k, v, ...}
    lua_Integer n = 0, unordered = 0;
    lua_pushvalue(L, 4);                   // the control
    for (;;) {
        if (raw) {
            if (!lua_next(L, 1)) break;
        } else {
            lua_pushvalue(L, 2);
            lua_pushvalue(L, 3);
            lua_pushvalue(L, -3);
            lua_remove(L, -4);
            lua_call(L, 2, 2);
            if (lua_isnil(L, -2)) {
                lua_pop(L, 2);
                break;
            }
        }
        if (rank(lua_type(L, -2)) == 3 && ++unordered > 1) return refuse_unordered(L, "pairs");
        lua_pushvalue(L, -2);
        lua_rawseti(L, 5, 2 * n + 1);
        lua_rawseti(L, 5, 2 * n + 2);      // the key stays as the next control
        ++n;
    }
    // The collecting is linear; the sort is one C call of n log n comparisons.
    if (n > 1) charge_instructions(L, static_cast<std::int64_t>(static_cast<double>(n) * std::log2(static_cast<double>(n))));
    // The order lives in Lua memory (counted, collected): a raise below leaks nothing.
    auto* order = static_cast<lua_Integer*>(lua_newuserdatauv(L, sizeof(lua_Integer) * static_cast<std::size_t>(n), 0));
    std::iota(order, order + n, lua_Integer{0});
    luaL_checkstack(L, 4, "pairs");
    std::sort(order, order + n, [&](lua_Integer a, lua_Integer b) {
        lua_rawgeti(L, 5, 2 * a + 1);
        lua_rawgeti(L, 5, 2 * b + 1);
        const int top = lua_gettop(L);
        const bool less = key_less(L, top - 1, top);
        const bool greater = !less && key_less(L, top, top - 1);
        lua_pop(L, 2);
        return less || (!greater && a < b);   // equal ranks without an order keep the order found
    });
    lua_createtable(L, static_cast<int>(2 * n), 0);   // 7: sorted
    for (lua_Integer i = 0; i < n; ++i) {
        lua_rawgeti(L, 5, 2 * order[i] + 1);
        lua_rawseti(L, 7, 2 * i + 1);
        lua_rawgeti(L, 5, 2 * order[i] + 2);
        lua_rawseti(L, 7, 2 * i + 2);
    }
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, sorted_step, 2);
    guard_load_time_iterator(L, "pairs");   // a file-level iterator would keep its place between matches
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

}  // namespace duelbox
