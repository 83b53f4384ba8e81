// sorted_pairs.h - pairs() in an order that is the same in every process.
//
// Lua seeds its string hash per state, so `pairs` over string keys walks them in an order that
// differs between runs, and so would any log or decision that follows it (#16.14). The
// sandbox's `pairs` first collects the pairs (through `__pairs` when the table has one, as a
// read-only view does), then hands them out by key: numbers by value, then strings by bytes,
// then false, true. Keys of other types (tables, functions) have no order but their address,
// which differs between runs: one such key comes last; two or more are refused ("pairs: a table
// with two or more keys that are tables or functions has no fixed order ...").
//
// The sandbox's `next` follows the same order, so `next(t, k)` and `for k, v in next, t` agree
// with `pairs` in every process: next(t) is the first key pairs gives, next(t, k) the one after
// k. It walks the whole table on each call (charged to the budget): fine for `next(t) == nil`
// and small tables; walk big ones with pairs.
#pragma once
#include <lua.hpp>

namespace duelbox {

// The sandbox's pairs(t) and next(t [, k]): Lua C functions.
int sorted_pairs(lua_State* L);
int sorted_next(lua_State* L);

}  // namespace duelbox
