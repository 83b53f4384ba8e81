// lua_window.cpp - module `window`: the timing-window registry.
//
// The kernel keeps handlers and their order; the rules (scripts/core/windows.lua) walk the
// snapshot and call each handler with window.begin/window.finish around it, so a handler
// may yield for a decision with no C++ frame on the stack.
#include <algorithm>

#include "host.h"
#include "lua_modules.h"
#include "lua_util.h"

namespace duelbox {

namespace {

void check_window_name(lua_State* L, int arg, const char* name) {
    const auto& windows = host_of(L).windows();
    if (std::find(windows.begin(), windows.end(), name) != windows.end()) return;
    luaL_Buffer known;   // a Lua buffer, not a std::string: luaL_argerror longjmps
    luaL_buffinit(L, &known);
    for (std::size_t i = 0; i < windows.size(); ++i) {
        if (i > 0) luaL_addstring(&known, ", ");
        luaL_addlstring(&known, windows[i].data(), windows[i].size());
    }
    luaL_pushresult(&known);
    luaL_argerror(L, arg, lua_pushfstring(L, "unknown window '%s' (the game's windows: %s)", name, lua_tostring(L, -1)));
}

/// window.on(name, fn [, {source=, player=, priority=, limit=, period=}]) -> handler
/// Registers `fn(ctx)` for window `name`. limit = fires per period (0 or nil = each time);
/// period = the period whose end resets the count ("beat"); lower priority fires first.
/// Added during a dispatch of the same window, it first fires at the next dispatch.
int window_on(lua_State* L) {
    Match& m = match_of(L);
    const char* name = luaL_checkstring(L, 1);
    check_window_name(L, 1, name);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 3);
    Handler& h = push_owned<Handler>(L);   // its strings must survive a check raising
    h.window = name;
    if (lua_istable(L, 3)) {
        std::int64_t v = 0;
        if (lua_getfield(L, 3, "source") != LUA_TNIL) h.source = check_entity_at(L, -1, 3, "field 'source'", m);
        lua_pop(L, 1);
        lua_getfield(L, 3, "player");
        h.player = lua_isnil(L, -1) ? kNoPlayer : check_player_at(L, -1, 3, "field 'player'", m);
        lua_pop(L, 1);
        if (get_field_int(L, 3, "priority", v)) h.priority = static_cast<int>(std::clamp<std::int64_t>(v, -1000000, 1000000));
        if (get_field_int(L, 3, "limit", v)) h.limit = static_cast<int>(std::clamp<std::int64_t>(v, 0, 1000000));
        get_field_string(L, 3, "period", h.period);
        if (h.limit > 0 && h.period.empty()) return luaL_error(L, "window.on: a limit needs a period (e.g. period = \"beat\")");
    } else if (!lua_isnoneornil(L, 3)) {
        return luaL_typeerror(L, 3, "table of options");
    }
    if (h.player == kNoPlayer && h.source != kNoEntity) h.player = m.entity(h.source).owner;
    h.script_ref = host_of(L).ref_function(L, 2);
    lua_pushinteger(L, m.windows().add(std::move(h)));
    return 1;
}

/// window.off(handler) -> boolean
/// Removes a handler. Removed during a dispatch, it does not fire from then on (not even
/// later in the same dispatch), and the walk over the other handlers is not disturbed.
int window_off(lua_State* L) {
    Match& m = match_of(L);
    HandlerId id = 0;
    lua_pushboolean(L, to_id(L, 1, id) && m.windows().remove(id));
    return 1;
}

/// window.off_source(e) -> integer
/// Removes every handler that entity `e` registered; returns how many.
int window_off_source(lua_State* L) {
    Match& m = match_of(L);
    lua_pushinteger(L, m.windows().remove_source(check_entity(L, 1, m)));
    return 1;
}

/// window.collect(name [, first_player]) -> {handler...}
/// The handlers that may fire in window `name` now, in order: priority, then seat order
/// starting at `first_player`, then registration order. A snapshot: changes made while
/// walking it apply to the next collect.
int window_collect(lua_State* L) {
    Match& m = match_of(L);
    const char* name = luaL_checkstring(L, 1);
    check_window_name(L, 1, name);
    OrderPolicy policy;
    policy.first = lua_isnoneornil(L, 2) ? 0 : check_player(L, 2, m);
    policy.players = std::max(1, m.player_count());
    const auto ids = m.windows().collect(name, policy);
    push_id_list(L, ids);
    return 1;
}

/// window.info(handler) -> {id=, window=, source=, player=, priority=, limit=, period=, fired=}|nil
/// The handler's record, or nil once it has been removed.
int window_info(lua_State* L) {
    Match& m = match_of(L);
    HandlerId id = 0;
    const Handler* h = to_id(L, 1, id) ? m.windows().get(id) : nullptr;
    if (!h) {
        lua_pushnil(L);
        return 1;
    }
    lua_createtable(L, 0, 8);
    lua_pushinteger(L, h->id);
    lua_setfield(L, -2, "id");
    lua_pushstring(L, h->window.c_str());
    lua_setfield(L, -2, "window");
    if (h->source != kNoEntity) {
        lua_pushinteger(L, h->source);
        lua_setfield(L, -2, "source");
    }
    push_player(L, h->player);
    lua_setfield(L, -2, "player");
    lua_pushinteger(L, h->priority);
    lua_setfield(L, -2, "priority");
    lua_pushinteger(L, h->limit);
    lua_setfield(L, -2, "limit");
    lua_pushstring(L, h->period.c_str());
    lua_setfield(L, -2, "period");
    lua_pushinteger(L, h->fired);
    lua_setfield(L, -2, "fired");
    return 1;
}

/// window.begin(handler) -> fn|nil
/// Starts firing a handler: nil if it was removed or is at its limit; otherwise counts the
/// fire and returns its function. Errors until window.finish() name the handler's card.
int window_begin(lua_State* L) {
    Match& m = match_of(L);
    HandlerId id = 0;
    if (!to_id(L, 1, id) || !m.windows().can_fire(id)) {
        lua_pushnil(L);
        return 1;
    }
    m.windows().mark_fired(id);
    const Handler* h = m.windows().get(id);
    LuaHost& host = host_of(L);
    host.push_context({h->source != kNoEntity ? m.entity(h->source).def : "", h->window});
    host.push_function(L, h->script_ref);
    return 1;
}

/// window.finish()
/// Ends the handler started by the last window.begin (pairs with it).
int window_finish(lua_State* L) {
    host_of(L).pop_context();
    return 0;
}

const luaL_Reg window_module[] = {{"on", window_on},           {"off", window_off},   {"off_source", window_off_source},
                                  {"collect", window_collect}, {"info", window_info}, {"begin", window_begin},
                                  {"finish", window_finish},   {nullptr, nullptr}};

}  // namespace

void open_window_module(lua_State* L, int env) { register_module(L, env, "window", window_module); }

}  // namespace duelbox
