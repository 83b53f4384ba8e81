// bounded_library.cpp - see bounded_library.h.
//
// Each replacement is a C closure holding Lua's own function as upvalue 1: it checks its
// arguments for the runaway case, then calls that function directly on the same stack, so
// results and error messages are Lua's own.
#include "bounded_library.h"

#include <algorithm>
#include <cmath>

#include "lua_util.h"
#include "host.h"
#include "script_call.h"
#include "stable_sort.h"

namespace duelbox {

namespace {

int call_original(lua_State* L) { return lua_tocfunction(L, lua_upvalueindex(1))(L); }

// One past the single-character class starting at p[i] (Lua's classEnd, without raising:
// a malformed pattern is left for Lua's matcher to report).
std::size_t class_end(const char* p, std::size_t lp, std::size_t i) {
    if (p[i] == '%') return std::min(lp, i + 2);
    if (p[i] != '[') return i + 1;
    ++i;
    if (i < lp && p[i] == '^') ++i;
    do {   // the first character of a set may be ']'
        if (i >= lp) return lp;
        if (p[i++] == '%' && i < lp) ++i;
    } while (i < lp && p[i] != ']');
    return std::min(lp, i + 1);
}

// The string argument at `idx`, or nullptr when it is not a string (then Lua's function
// converts or reports it).
const char* string_arg(lua_State* L, int idx, std::size_t* len) {
    return lua_type(L, idx) == LUA_TSTRING ? lua_tolstring(L, idx, len) : nullptr;
}

// Refuses the call when the pattern at 2 on the subject at 1 may take too long.
void check_pattern(lua_State* L, bool plain) {
    std::size_t ls = 0, lp = 0;
    const char* s = string_arg(L, 1, &ls);
    const char* p = string_arg(L, 2, &lp);
    if (!s || !p) return;
    const double steps = pattern_steps(p, lp, ls, plain);
    if (steps <= kMaxPatternSteps) return;
    lua_pushfstring(L,
                    "pattern too complex for a subject of %I bytes (up to %f matching steps, limit %f): anchor it "
                    "with '^', repeat fewer items with '*', '+' or '-', or split the text",
                    static_cast<lua_Integer>(ls), static_cast<lua_Number>(steps),
                    static_cast<lua_Number>(kMaxPatternSteps));
    luaL_argerror(L, 2, lua_tostring(L, -1));
}

int bounded_find(lua_State* L) {
    check_pattern(L, lua_toboolean(L, 4));
    return call_original(L);
}

// match, gmatch and gsub: never plain. For gmatch the check covers every later step too.
int bounded_match(lua_State* L) {
    check_pattern(L, false);
    return call_original(L);
}

// An iterator made while no match runs (a file's top level, as it loads) keeps its position in
// C, where the host cannot put it back before each match as it does a file's locals: a
// file-level iterator would carry from one match to the next (different results on a reused
// host, or with another number of bench workers). It still works while the files load.
// Upvalue 1: the iterator; upvalue 2: what made it ("string.gmatch", "pairs").
int load_time_iterator(lua_State* L) {
    if (host_of(L).match())
        return luaL_error(L, "a %s iterator made while its file loaded cannot be used in a match: it keeps its "
                             "position from one match to the next on this host (call %s inside the function that "
                             "loops)", lua_tostring(L, lua_upvalueindex(2)), lua_tostring(L, lua_upvalueindex(2)));
    const int base = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, base, LUA_MULTRET);
    return lua_gettop(L);
}

int bounded_gmatch(lua_State* L) {
    check_pattern(L, false);
    call_original(L);   // pushes the iterator
    guard_load_time_iterator(L, "string.gmatch");
    return 1;
}

// string.rep("", huge) would loop `huge` times producing nothing.
int bounded_rep(lua_State* L) {
    std::size_t l = 0, lsep = 0;
    int is_int = 0;
    const lua_Integer n = lua_tointegerx(L, 2, &is_int);
    if (string_arg(L, 1, &l) && is_int && n > 1 && (lua_isnoneornil(L, 3) || string_arg(L, 3, &lsep)) &&
        l + lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    return call_original(L);
}

// table.move(a1, f, e, t): e - f + 1 elements, one instruction each.
int bounded_move(lua_State* L) {
    int f_ok = 0, e_ok = 0;
    const lua_Integer f = lua_tointegerx(L, 2, &f_ok);
    const lua_Integer e = lua_tointegerx(L, 3, &e_ok);
    if (f_ok && e_ok && e >= f) {
        const lua_Unsigned count = static_cast<lua_Unsigned>(e) - static_cast<lua_Unsigned>(f) + 1;
        charge_instructions(L, count > static_cast<lua_Unsigned>(LUA_MAXINTEGER) ? LUA_MAXINTEGER
                                                                                 : static_cast<lua_Integer>(count));
    }
    return call_original(L);
}

// table.concat(t, sep, i, j) reads t[i] .. t[j] in C, one lua_geti each: on a table with an
// __index answering "" that is no instruction and no memory per element, so
// table.concat(setmetatable({}, {__index = ...}), "", 1, math.maxinteger) ran for ever inside
// one call. A table with a metatable is charged its j - i + 1 reads first (a plain table's
// length bounds the loop already: concat stops at its first missing element).
int bounded_concat(lua_State* L) {
    if (lua_type(L, 1) == LUA_TTABLE && lua_getmetatable(L, 1)) {
        lua_pop(L, 1);
        int i_ok = 1, j_ok = 0;
        const lua_Integer i = lua_isnoneornil(L, 3) ? 1 : lua_tointegerx(L, 3, &i_ok);
        lua_Integer j = 0;
        if (lua_isnoneornil(L, 4)) {
            lua_len(L, 1);   // (an __len runs as script code, under the budget)
            j = lua_tointegerx(L, -1, &j_ok);
            lua_pop(L, 1);
        } else {
            j = lua_tointegerx(L, 4, &j_ok);
        }
        if (i_ok && j_ok && j >= i) {
            const lua_Unsigned count = static_cast<lua_Unsigned>(j) - static_cast<lua_Unsigned>(i) + 1;
            charge_instructions(L, count > static_cast<lua_Unsigned>(LUA_MAXINTEGER) ? LUA_MAXINTEGER
                                                                                     : static_cast<lua_Integer>(count));
        }
    }
    return call_original(L);
}

// table.insert/remove shift every element up to #t; a __len may claim any length. A table
// without a metatable is as long as its memory allows: nothing to check.
int bounded_shift(lua_State* L) {
    if (lua_type(L, 1) == LUA_TTABLE && lua_getmetatable(L, 1)) {
        lua_pop(L, 1);
        lua_len(L, 1);
        int ok = 0;
        const lua_Integer n = lua_tointegerx(L, -1, &ok);
        lua_pop(L, 1);
        if (ok) charge_instructions(L, n);
    }
    return call_original(L);
}

void replace(lua_State* L, int lib, const char* name, lua_CFunction f) {
    lua_getfield(L, lib, name);
    lua_pushcclosure(L, f, 1);
    lua_setfield(L, lib, name);
}

}  // namespace

double pattern_steps(const char* p, std::size_t lp, std::size_t n, bool plain) {
    const double positions = static_cast<double>(n) + 1;
    if (plain) return positions * static_cast<double>(std::max<std::size_t>(lp, 1));
    std::size_t i = 0;
    const bool anchored = lp > 0 && p[0] == '^';
    if (anchored) i = 1;
    double per_start = 1, items = 0;
    while (i < lp) {
        const char c = p[i];
        if (c == '(' || c == ')' || (c == '$' && i + 1 == lp)) {
            ++i;
            continue;
        }
        items += 1;
        if (c == '%' && i + 1 < lp) {
            const char d = p[i + 1];
            if (d == 'b' || (d >= '0' && d <= '9')) {   // a balance or a back-reference scans the subject
                per_start *= positions;
                i += d == 'b' ? 4 : 2;
                continue;
            }
            if (d == 'f') {   // a frontier tests one position
                i = i + 2 < lp ? class_end(p, lp, i + 2) : lp;
                continue;
            }
        }
        i = class_end(p, lp, i);
        if (i < lp && (p[i] == '*' || p[i] == '+' || p[i] == '-')) {
            per_start *= positions;
            ++i;
        } else if (i < lp && p[i] == '?') {
            per_start *= 2;
            ++i;
        }
    }
    return (anchored ? 1 : positions) * std::max(items, 1.0) * per_start;
}

void guard_load_time_iterator(lua_State* L, const char* made_by) {
    if (host_of(L).match()) return;
    lua_pushstring(L, made_by);
    lua_pushcclosure(L, load_time_iterator, 2);
}

void bound_string_library(lua_State* L, int string_table) {
    string_table = lua_absindex(L, string_table);
    replace(L, string_table, "find", bounded_find);
    for (const char* name : {"match", "gsub"}) replace(L, string_table, name, bounded_match);
    replace(L, string_table, "gmatch", bounded_gmatch);
    replace(L, string_table, "rep", bounded_rep);
}

void bound_table_library(lua_State* L, int table_table) {
    table_table = lua_absindex(L, table_table);
    replace(L, table_table, "move", bounded_move);
    for (const char* name : {"insert", "remove"}) replace(L, table_table, name, bounded_shift);
    lua_pushcfunction(L, stable_table_sort);   // not Lua's: stable, charged, stopped in time (stable_sort.h)
    lua_setfield(L, table_table, "sort");
    replace(L, table_table, "concat", bounded_concat);
}

}  // namespace duelbox
