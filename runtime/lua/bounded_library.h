// bounded_library.h - string and table functions whose one C call cannot run for ever.
//
// The instruction budget counts Lua instructions; a single call into the string or table
// library runs none, so `string.rep("", math.maxinteger)`, `table.move({}, 1, 2^62, 2)` or
// `string.find(("a"):rep(500), ".-.-.-b")` would hold the host for hours. The sandbox's
// versions check first and then call Lua's own function, so the normal path costs one scan
// of the pattern (or one metatable check) and nothing else.
//
// Contracts
//  - string.find/match/gmatch/gsub refuse a call whose worst case exceeds kMaxPatternSteps
//    (see pattern_steps) with "bad argument #2 to 'string.find' (pattern too complex ...)".
//  - string.rep returns "" at once when the result is empty; a result past the memory cap
//    fails as any allocation does.
//  - table.move, and table.insert/remove on a table with a __len, charge the elements they
//    shift to the instruction budget (charge_instructions), so a huge range is a budget error;
//    table.sort is not Lua's (stable_sort.h: stable, one unit per comparison, stopped at the
//    wall-clock limit between comparisons); table.concat on a table with
//    a metatable charges the j - i + 1 elements it reads (an __index can answer each in C).
//  - A string.gmatch or pairs iterator made while no match runs (a file loading) raises if it
//    is called in a match: its position lives in C, where the host cannot put it back between
//    matches (guard_load_time_iterator).
#pragma once
#include <lua.hpp>

#include <cstddef>

namespace duelbox {

// Replaces rep, find, match, gmatch and gsub in the string library copy at `string_table`.
void bound_string_library(lua_State* L, int string_table);
// Replaces move, insert, remove, sort and concat in the table library copy at `table_table`.
void bound_table_library(lua_State* L, int table_table);

// When no match runs: replaces the iterator function on the stack top with one that raises if
// it is called in a match, naming `made_by` ("pairs"); it works as before while files load.
void guard_load_time_iterator(lua_State* L, const char* made_by);

// Worst-case steps of Lua's matcher for `pattern` on a subject of `subject_len` bytes: each
// item repeated with *, + or - (and each %b or back-reference) may scan the whole subject once
// per position of the item before it, so k of them cost up to (n+1)^k per start position.
double pattern_steps(const char* pattern, std::size_t pattern_len, std::size_t subject_len, bool plain);
constexpr double kMaxPatternSteps = 1e8;   // about a second of matching on one core

}  // namespace duelbox
