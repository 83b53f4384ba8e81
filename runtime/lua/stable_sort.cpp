// stable_sort.cpp - see stable_sort.h.
//
// A bottom-up merge sort between two Lua tables made for the call (so the memory cap counts
// them): the elements are read once, merged in runs of doubling width, and written back once.
#include "stable_sort.h"

#include <climits>

#include <lua.hpp>

#include "script_call.h"

namespace duelbox {

namespace {

constexpr lua_Integer kChargeEvery = 64;   // comparisons between two charges (and wall-clock checks)

struct Sorter {
    lua_State* L;
    bool has_comp;
    lua_Integer uncharged = 0;

    // Whether the value at `a` must come before the value at `b` (absolute indices).
    bool before(int a, int b) {
        if (++uncharged == kChargeEvery) {
            charge_instructions(L, uncharged);
            uncharged = 0;
        }
        if (!has_comp) return lua_compare(L, a, b, LUA_OPLT) != 0;
        lua_pushvalue(L, 2);
        lua_pushvalue(L, a);
        lua_pushvalue(L, b);
        lua_call(L, 2, 1);
        const bool yes = lua_toboolean(L, -1) != 0;
        lua_pop(L, 1);
        return yes;
    }

    // Merges runs src[lo..mid] and src[mid+1..hi] into dst[lo..hi]; on a tie the left run's
    // element goes first (stable).
    void merge(int src, int dst, lua_Integer lo, lua_Integer mid, lua_Integer hi) {
        lua_Integer i = lo, j = mid + 1, k = lo;
        while (i <= mid && j <= hi) {
            lua_rawgeti(L, src, i);
            lua_rawgeti(L, src, j);
            const int left = lua_gettop(L) - 1, right = lua_gettop(L);
            if (before(right, left)) {
                lua_rawseti(L, dst, k++);
                lua_pop(L, 1);
                ++j;
            } else {
                lua_pop(L, 1);
                lua_rawseti(L, dst, k++);
                ++i;
            }
        }
        for (; i <= mid; ++i) {
            lua_rawgeti(L, src, i);
            lua_rawseti(L, dst, k++);
        }
        for (; j <= hi; ++j) {
            lua_rawgeti(L, src, j);
            lua_rawseti(L, dst, k++);
        }
    }
};

}  // namespace

int stable_table_sort(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    const lua_Integer n = luaL_len(L, 1);
    if (n < 2) return 0;
    luaL_argcheck(L, n < INT_MAX, 1, "array too big");
    const bool has_comp = !lua_isnoneornil(L, 2);
    if (has_comp) luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 2);
    charge_instructions(L, n);   // reading and writing every element back
    lua_createtable(L, static_cast<int>(n), 0);   // 3: the elements
    lua_createtable(L, static_cast<int>(n), 0);   // 4: the other side of each merge
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_geti(L, 1, i);
        lua_rawseti(L, 3, i);
    }
    Sorter s{L, has_comp};
    int src = 3, dst = 4;
    for (lua_Integer width = 1; width < n; width *= 2) {
        for (lua_Integer lo = 1; lo <= n; lo += 2 * width) {
            const lua_Integer mid = lo + width - 1;
            const lua_Integer hi = lo + 2 * width - 1 < n ? lo + 2 * width - 1 : n;
            if (mid >= hi) {   // a lone run: copied as it is
                for (lua_Integer k = lo; k <= hi; ++k) {
                    lua_rawgeti(L, src, k);
                    lua_rawseti(L, dst, k);
                }
            } else {
                s.merge(src, dst, lo, mid, hi);
            }
        }
        const int t = src;
        src = dst;
        dst = t;
    }
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, src, i);
        lua_seti(L, 1, i);
    }
    return 0;
}

}  // namespace duelbox
