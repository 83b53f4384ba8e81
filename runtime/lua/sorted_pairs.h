// sorted_pairs.h - pairs() in an order that is the same in every process.
//
// Lua seeds its string hash per state, so `pairs` over string keys walks them in an order that
// differs between runs, and so would any log or decision that follows it (#16.14). The
// sandbox's `pairs` first collects the pairs (through `__pairs` when the table has one, as a
// read-only view does), then hands them out by key: numbers by value, then strings by bytes,
// then false, true; keys of other types (tables, functions) come last, in the order found,
// which is not fixed (use such keys with a list instead).
#pragma once
#include <lua.hpp>

namespace duelbox {

// The sandbox's pairs(t): a Lua C function.
int sorted_pairs(lua_State* L);

}  // namespace duelbox
