// lua_counter.cpp - module `counter`: named, bounded integers on entities (and players).
#include <limits>

#include "host.h"
#include "lua_modules.h"
#include "lua_util.h"

namespace duelbox {

namespace {

constexpr std::int64_t kLow = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kHigh = std::numeric_limits<std::int64_t>::max();

// Counters sit on entities; a player's counters sit on match.player_entity(p).
EntityId check_owner(lua_State* L, int arg, Match& m) { return check_entity(L, arg, m); }

/// counter.define(e, name, value [, min [, max]]) -> to, from
/// Defines counter `name` on entity `e` with bounds (nil = unbounded). A start value outside
/// the bounds raises an error (it is never silently clamped); later set/add clamp.
int counter_define(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_owner(L, 1, m);
    const char* name = check_text(L, 2);
    const std::int64_t value = luaL_checkinteger(L, 3);
    const std::int64_t lo = luaL_opt(L, luaL_checkinteger, 4, kLow);
    const std::int64_t hi = luaL_opt(L, luaL_checkinteger, 5, kHigh);
    return kernel_call(L, [&] {
        stamp_source(L, m);
        const CounterChange c = m.define_counter(e, name, value, lo, hi);
        lua_pushinteger(L, c.to);
        lua_pushinteger(L, c.from);
        return 2;
    });
}

/// counter.get(e, name) -> integer
/// The counter's value (0 when never defined).
int counter_get(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_owner(L, 1, m);
    std::size_t len = 0;
    const char* name = luaL_checklstring(L, 2, &len);   // with its length: no strlen per read
    lua_pushinteger(L, m.counter(e, std::string_view(name, len)));
    return 1;
}

/// counter.set(e, name, value) -> to, from
/// Sets the counter, clamped to its bounds. Logged as "counter.change" with from/to.
int counter_set(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_owner(L, 1, m);
    const char* name = check_text(L, 2);
    const std::int64_t value = luaL_checkinteger(L, 3);
    return kernel_call(L, [&] {
        stamp_source(L, m);
        const CounterChange c = m.set_counter(e, name, value);
        lua_pushinteger(L, c.to);
        lua_pushinteger(L, c.from);
        return 2;
    });
}

/// counter.add(e, name, delta) -> to, from
/// Adds `delta` (may be negative), clamped to the bounds; returns the new and old values.
int counter_add(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_owner(L, 1, m);
    const char* name = check_text(L, 2);
    const std::int64_t delta = luaL_checkinteger(L, 3);
    return kernel_call(L, [&] {
        stamp_source(L, m);
        const CounterChange c = m.add_counter(e, name, delta);
        lua_pushinteger(L, c.to);
        lua_pushinteger(L, c.from);
        return 2;
    });
}

/// counter.bounds(e, name) -> min, max
/// The counter's bounds (nil for an unbounded side), or nothing when it is undefined.
int counter_bounds(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_owner(L, 1, m);
    const Counter* c = m.counters().find(e, luaL_checkstring(L, 2));
    if (!c) return 0;
    if (c->min == kLow) lua_pushnil(L);
    else lua_pushinteger(L, c->min);
    if (c->max == kHigh) lua_pushnil(L);
    else lua_pushinteger(L, c->max);
    return 2;
}

const luaL_Reg counter_module[] = {{"define", counter_define}, {"get", counter_get},       {"set", counter_set},
                                   {"add", counter_add},       {"bounds", counter_bounds}, {nullptr, nullptr}};

}  // namespace

void open_counter_module(lua_State* L, int env) { register_module(L, env, "counter", counter_module); }

}  // namespace duelbox
