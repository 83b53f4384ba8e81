// stable_sort.h - table.sort for scripts: a stable merge sort that charges its comparisons.
//
// Lua's own table.sort is a quicksort that, on a lopsided split of a large array, picks its
// next pivot from clock() and time(): elements that compare equal then end in a different order
// in every run, and a log that depends on the order differs between processes. Its comparisons
// run inside C, where neither the instruction hook nor the wall-clock stop reaches them. This
// one keeps equal elements in the order they had (stable: the same result everywhere), charges
// one budget unit per comparison and stops at the call's wall-clock limit between comparisons.
#pragma once

struct lua_State;

namespace duelbox {

// table.sort(list [, comp]): sorts list[1..#list] in place (reading and writing it through its
// metamethods, as Lua's does); comp(a, b) is true when a must come before b, default a < b.
int stable_table_sort(lua_State* L);

}  // namespace duelbox
