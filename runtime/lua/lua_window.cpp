// lua_window.cpp - module `window`: the timing-window registry.
//
// The kernel keeps handlers and their order; the rules (scripts/core/windows.lua) walk the
// snapshot and call each handler with window.begin/window.finish around it, so a handler
// may yield for a decision with no C++ frame on the stack.
#include <algorithm>

#include <cstdint>

#include "host.h"
#include "lua_modules.h"
#include "lua_util.h"
#include "raw_field.h"

namespace duelbox {

namespace {

void check_window_name(lua_State* L, int arg, const char* name) {
    if (host_of(L).has_window(name)) return;
    const auto& windows = host_of(L).windows();
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
    return kernel_call(L, [&] {
        // The record is memory the kernel holds for the script (#16.7): charged before it is kept.
        m.charge(sizeof(Handler) + h.window.size() + h.period.size());
        h.script_ref = host_of(L).ref_function(L, 2);
        lua_pushinteger(L, m.windows().add(std::move(h)));
        return 1;
    });
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

/// window.finish([handler, result])
/// Ends the handler started by the last window.begin (pairs with it). Given the handler and
/// `result` false (its condition was not met), the fire window.begin counted is given back:
/// it did not apply, so it does not count toward the handler's limit.
int window_finish(lua_State* L) {
    HandlerId id = 0;
    if (!lua_isnoneornil(L, 1) && lua_type(L, 2) == LUA_TBOOLEAN && !lua_toboolean(L, 2) && to_id(L, 1, id))
        match_of(L).windows().unmark_fired(id);
    host_of(L).pop_context();
    return 0;
}

// -- Walks decided by the kernel (dispatch.h) ---------------------------------------------

// Reads opts.only (an entity or a list) / opts.players (a player or a list) / opts.zones (a
// list of zone names) of the options table at `t` (argument `arg`) into `o`.
void read_dispatch_options(lua_State* L, int t, int arg, Match& m, DispatchOptions& o) {
    // Raw reads (raw_field.h): no script code runs while the options are read, so nothing can
    // open another walk meanwhile, and a module's read-only table reads like the table.
    readonly_view_unwrap(L, t);
    if (raw_field(L, t, "only") != LUA_TNIL) {
        if (lua_istable(L, -1)) {
            const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
            for (lua_Integer i = 1; i <= n; ++i) {
                lua_rawgeti(L, -1, i);
                o.only.push_back(check_entity_at(L, -1, arg, "field 'only'", m));
                lua_pop(L, 1);
            }
            if (n == 0) o.only.push_back(kNoEntity);   // an empty list keeps nothing
        } else {
            o.only.push_back(check_entity_at(L, -1, arg, "field 'only'", m));
        }
    }
    lua_pop(L, 1);
    if (raw_field(L, t, "players") != LUA_TNIL) {
        o.players = kNobody;
        if (lua_istable(L, -1)) {
            const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
            for (lua_Integer i = 1; i <= n; ++i) {
                lua_rawgeti(L, -1, i);
                o.players |= mask_of(check_player_at(L, -1, arg, "field 'players'", m));
                lua_pop(L, 1);
            }
        } else {
            o.players = mask_of(check_player_at(L, -1, arg, "field 'players'", m));
        }
    }
    lua_pop(L, 1);
    if (raw_field(L, t, "zones") == LUA_TTABLE) {
        const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
        // One allocation, not one per doubling; at most 64 zones' room, so that no length is
        // ever trusted for an allocation (reading stops at the first missing name anyway).
        o.zones.reserve(static_cast<std::size_t>(std::min<lua_Integer>(n, 64)));
        for (lua_Integer i = 1; i <= n; ++i) {
            if (lua_rawgeti(L, -1, i) != LUA_TSTRING) luaL_argerror(L, arg, "field 'zones': a list of zone names expected");
            o.zones.emplace_back(lua_tostring(L, -1));
            lua_pop(L, 1);
        }
    } else if (!lua_isnil(L, -1)) {
        luaL_argerror(L, arg, "field 'zones': a list of zone names expected");
    }
    lua_pop(L, 1);
    raw_field(L, t, "repeat_skipped");
    o.repeat_skipped = lua_toboolean(L, -1);
    raw_field(L, t, "owner_orders");
    o.owner_orders = lua_toboolean(L, -1);
    raw_field(L, t, "until_finished");
    o.until_finished = lua_toboolean(L, -1);
    lua_pop(L, 3);
}

Dispatch& check_dispatch(lua_State* L, int arg) {
    const lua_Integer handle = luaL_checkinteger(L, arg);
    Dispatch* d = handle > 0 && handle <= INT32_MAX ? host_of(L).dispatch(static_cast<int>(handle)) : nullptr;
    if (!d) luaL_argerror(L, arg, "no such window walk (closed already, or not from window.open)");
    return *d;
}

/// window.open(name [, first_player [, {only=, players=, zones=, repeat_skipped=, owner_orders=, until_finished=}]]) -> walk
/// Starts a walk over window `name`'s handlers, decided by the kernel (no list is built in
/// Lua): priority, then seats from `first_player`, then registration order. `only` keeps the
/// handlers of an entity or a list of entities; `players` (a player or a list) those whose
/// player is one of them; `zones` (zone names) those whose source lies in such a zone now.
/// `repeat_skipped` goes round again after a pass in which something applied, with the
/// handlers that returned false and those that came into play meanwhile (a fixpoint);
/// `owner_orders` lets a player order their own simultaneous handlers; `until_finished`
/// ends the walk once the match is finished. Walk it with window.next, close it with
/// window.close. core.windows.dispatch is the usual way to do all of this. The options table
/// is read raw: its metatable, if any, is not consulted (a module's read-only table is fine).
int window_open(lua_State* L) {
    Match& m = match_of(L);
    const char* name = luaL_checkstring(L, 1);
    check_window_name(L, 1, name);
    DispatchOptions o;
    o.policy.first = lua_isnoneornil(L, 2) ? 0 : check_player(L, 2, m);
    o.policy.players = std::max(1, m.player_count());
    if (lua_istable(L, 3)) {
        // Read into storage that outlives a check raising (a longjmp skips destructors): this
        // thread's scratch options. The reading is raw, so no walk can be opened meanwhile.
        thread_local DispatchOptions scratch;
        DispatchOptions& opts = scratch;
        opts = DispatchOptions{};
        opts.policy = o.policy;
        read_dispatch_options(L, 3, 3, m, opts);
        o = std::move(opts);
    } else if (!lua_isnoneornil(L, 3)) {
        return luaL_typeerror(L, 3, "table of options");
    }
    const int handle = host_of(L).open_dispatch(name, std::move(o));
    if (handle == 0) return luaL_error(L, "window.open: too many window walks are open (is window.close missing?)");
    lua_pushinteger(L, handle);
    return 1;
}

/// window.next(walk) -> handler, fn, source, player | 0, player, {label...} | nil
/// The next step of a walk. A handler to call: its id, its function, its source entity and
/// player; call `fn(ctx)` and report with window.done. An order to ask: 0, the player, and
/// the labels of their simultaneous handlers; ask them and answer with window.order. nil:
/// the walk is over (close it). Errors until window.done name the handler's card.
int window_next(lua_State* L) {
    Match& m = match_of(L);
    Dispatch& d = check_dispatch(L, 1);
    switch (d.next(m)) {
        case Dispatch::Step::Fire: {
            const HandlerId id = d.current();
            m.windows().mark_fired(id);
            const Handler* h = m.windows().get(id);
            LuaHost& host = host_of(L);
            host.push_context({h->source != kNoEntity ? m.entity(h->source).def : "", h->window});
            lua_pushinteger(L, id);
            host.push_function(L, h->script_ref);
            if (h->source != kNoEntity) lua_pushinteger(L, h->source);
            else lua_pushnil(L);
            push_player(L, h->player);
            return 4;
        }
        case Dispatch::Step::Order: {
            lua_pushinteger(L, 0);
            push_player(L, d.order_player());
            const auto& group = d.group();
            lua_createtable(L, static_cast<int>(group.size()), 0);
            for (std::size_t i = 0; i < group.size(); ++i) {
                const Handler* h = m.windows().get(group[i]);
                if (h && h->source != kNoEntity) lua_pushstring(L, m.entity(h->source).name.c_str());
                else lua_pushfstring(L, "handler %d", static_cast<int>(group[i]));
                lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
            }
            return 3;
        }
        case Dispatch::Step::End: break;
    }
    lua_pushnil(L);
    return 1;
}

/// window.done(walk, result)
/// Ends the handler window.next returned. `result` is what it returned: false means its
/// condition was not met ("skipped", tried again in a repeating walk, and not counted
/// toward its limit); anything else, applied.
int window_done(lua_State* L) {
    Dispatch& d = check_dispatch(L, 1);
    const bool skipped = lua_type(L, 2) == LUA_TBOOLEAN && !lua_toboolean(L, 2);
    if (skipped && d.current() != 0) match_of(L).windows().unmark_fired(d.current());   // not used up
    d.applied(!skipped);
    host_of(L).pop_context();
    return 0;
}

/// window.order(walk, order)
/// Answers window.next's order question: `order` lists the labels' numbers (1-based) in
/// the order the player chose (what decide{kind = "order"} returns).
int window_order(lua_State* L) {
    Dispatch& d = check_dispatch(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    std::vector<int> perm;
    const lua_Integer n = luaL_len(L, 2);
    for (lua_Integer i = 1; i <= n && i <= 64; ++i) {
        lua_geti(L, 2, i);
        perm.push_back(lua_isinteger(L, -1) ? static_cast<int>(lua_tointeger(L, -1) - 1) : -1);
        lua_pop(L, 1);
    }
    if (!d.order(perm)) return luaL_argerror(L, 2, "not an order of the handlers asked about");
    return 0;
}

/// window.close(walk) -> applied, fired
/// Ends a walk: whether any handler applied (returned other than false), and how many fired.
int window_close(lua_State* L) {
    Dispatch& d = check_dispatch(L, 1);
    const bool applied = d.any_applied();
    const int fired = d.fired();
    host_of(L).close_dispatch(static_cast<int>(lua_tointeger(L, 1)));
    lua_pushboolean(L, applied);
    lua_pushinteger(L, fired);
    return 2;
}

/// window.listens(name) -> integer
/// How many handlers listen to window `name` now (registered and not removed, wherever their
/// source lies and whatever their limits). 0 means a walk of the window would fire nothing, so
/// a caller may skip opening one (core.windows.walk does).
int window_listens(lua_State* L) {
    const Match& m = match_of(L);
    const char* name = luaL_checkstring(L, 1);
    check_window_name(L, 1, name);
    lua_pushinteger(L, static_cast<lua_Integer>(m.windows().listening(name).size()));
    return 1;
}

const luaL_Reg window_module[] = {{"on", window_on},           {"off", window_off},   {"off_source", window_off_source},
                                  {"collect", window_collect}, {"info", window_info}, {"begin", window_begin},
                                  {"finish", window_finish},   {"open", window_open},
                                  {"next", window_next},       {"done", window_done}, {"order", window_order},
                                  {"close", window_close},     {"listens", window_listens},
                                  {nullptr, nullptr}};

}  // namespace

void open_window_module(lua_State* L, int env) { register_module(L, env, "window", window_module); }

}  // namespace duelbox
