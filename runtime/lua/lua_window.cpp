// lua_window.cpp - module `window`: the timing-window registry.
//
// The kernel keeps handlers and decides a walk's order (dispatch.h). window.run walks and
// calls each handler itself, through lua_callk with a continuation, so a handler may still
// yield for a decision (scripts/core/windows.lua is window.run); window.open/next/done/close
// hand the same walk to a script step by step.
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
    const bool known = to_id(L, 1, id);
    if (const Handler* h = known ? m.windows().get(id) : nullptr) charge_work(L, m.windows().listening(h->window).size());   // its window's list shifts
    lua_pushboolean(L, known && m.windows().remove(id));
    return 1;
}

/// window.off_source(e) -> integer
/// Removes every handler that entity `e` registered; returns how many.
int window_off_source(lua_State* L) {
    Match& m = match_of(L);
    const EntityId source = check_entity(L, 1, m);
    charge_work(L, m.windows().live_count());
    lua_pushinteger(L, m.windows().remove_source(source));
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
    charge_work(L, 4 * m.windows().listening(name).size());   // filtered and sorted
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
            charge_list(L, -1);
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
            charge_list(L, -1);
            for (lua_Integer i = 1; i <= n; ++i) {
                lua_rawgeti(L, -1, i);
                const PlayerIndex p = check_player_at(L, -1, arg, "field 'players'", m);
                o.players |= mask_of(p);
                o.policy.append(p);   // a list is also the seat order (a turn order by speed)
                lua_pop(L, 1);
            }
        } else {
            o.players = mask_of(check_player_at(L, -1, arg, "field 'players'", m));
        }
    }
    lua_pop(L, 1);
    if (raw_field(L, t, "zones") == LUA_TTABLE) {
        const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
        charge_list(L, -1);
        // One allocation, not one per doubling; at most 64 zones' room, so that no length is
        // ever trusted for an allocation (reading stops at the first missing name anyway).
        o.zones.reserve(static_cast<std::size_t>(std::min<lua_Integer>(n, 64)));
        std::size_t copied = 0;
        for (lua_Integer i = 1; i <= n; ++i) {
            if (lua_rawgeti(L, -1, i) != LUA_TSTRING) luaL_argerror(L, arg, "field 'zones': a list of zone names expected");
            copied = room_for_copy(L, copied, lua_rawlen(L, -1) + sizeof(std::string), "field 'zones'");
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

// Opens a walk over window `name` with the first player at stack slot `first` and the options
// table (or nil) at `opts`; returns its handle. Raises on a bad option or too many open walks.
int open_walk(lua_State* L, const char* name, int first, int opts, const char* fn) {
    Match& m = match_of(L);
    charge_work(L, 4 * m.windows().listening(name).size());   // filtered and sorted at the opening (before `o` holds memory)
    DispatchOptions o;
    o.policy.first = lua_isnoneornil(L, first) ? 0 : check_player(L, first, m);
    o.policy.players = std::max(1, m.player_count());
    if (lua_istable(L, opts)) {
        // Read into storage that outlives a check raising (a longjmp skips destructors): this
        // thread's scratch options. The reading is raw, so no walk can be opened meanwhile.
        thread_local DispatchOptions scratch;
        DispatchOptions& read = scratch;
        read = DispatchOptions{};
        read.policy = o.policy;
        read_dispatch_options(L, opts, opts, m, read);
        o = std::move(read);
    } else if (!lua_isnoneornil(L, opts)) {
        luaL_typeerror(L, opts, "table of options");
    }
    const int handle = host_of(L).open_dispatch(name, std::move(o));
    if (handle == 0) luaL_error(L, "%s: too many window walks are open (is window.close missing?)", fn);
    return handle;
}

/// window.open(name [, first_player [, {only=, players=, zones=, repeat_skipped=, owner_orders=, until_finished=}]]) -> walk
/// Starts a walk over window `name`'s handlers, decided by the kernel (no list is built in
/// Lua): priority, then seats from `first_player`, then registration order. `only` keeps the
/// handlers of an entity or a list of entities; `players` (a player or a list) those whose
/// player is one of them, and a list also gives the seat order instead of the wrap-around
/// from `first_player` (handlers of its first player first, then its second...: a turn order
/// that is not the seating); `zones` (zone names) those whose source lies in such a zone now.
/// `repeat_skipped` goes round again after a pass in which something applied, with the
/// handlers that returned false and those that came into play meanwhile (a fixpoint);
/// `owner_orders` lets a player order their own simultaneous handlers; `until_finished`
/// ends the walk once the match is finished. Walk it with window.next, close it with
/// window.close. core.windows.dispatch is the usual way to do all of this. The options table
/// is read raw: its metatable, if any, is not consulted (a module's read-only table is fine).
int window_open(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    check_window_name(L, 1, name);
    lua_pushinteger(L, open_walk(L, name, 2, 3, "window.open"));
    return 1;
}

// The labels of the handlers a walk asks a player to order (its current group): their
// sources' names, or "handler <id>" for one with no source.
void push_order_labels(lua_State* L, const Match& m, const Dispatch& d) {
    const auto& group = d.group();
    lua_createtable(L, static_cast<int>(group.size()), 0);
    for (std::size_t i = 0; i < group.size(); ++i) {
        const Handler* h = m.windows().get(group[i]);
        if (h && h->source != kNoEntity) lua_pushstring(L, m.entity(h->source).name.c_str());
        else lua_pushfstring(L, "handler %d", static_cast<int>(group[i]));
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
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
            push_order_labels(L, m, d);
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

// The order a list of 1-based option numbers at `idx` gives (what decide{kind = "order"}
// returns), 0-based, read raw (at most 64 entries). Into a list the thread keeps, not one of
// the caller's frame: the error a bad order raises longjmps past the caller, which would leak
// a local vector's storage (memory no cap counts).
const std::vector<int>& read_order(lua_State* L, int idx) {
    thread_local std::vector<int> perm;
    perm.clear();
    const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, idx));
    for (lua_Integer i = 1; i <= n && i <= 64; ++i) {
        lua_rawgeti(L, idx, i);
        perm.push_back(lua_isinteger(L, -1) ? static_cast<int>(lua_tointeger(L, -1) - 1) : -1);
        lua_pop(L, 1);
    }
    return perm;
}

/// window.order(walk, order)
/// Answers window.next's order question: `order` lists the labels' numbers (1-based) in
/// the order the player chose (what decide{kind = "order"} returns).
int window_order(lua_State* L) {
    Dispatch& d = check_dispatch(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    readonly_view_unwrap(L, 2);   // raw reads: no script code runs while the order is read
    if (!d.order(read_order(L, 2))) return luaL_argerror(L, 2, "not an order of the handlers asked about");
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

// -- window.run: the whole walk in one call ----------------------------------------------

// window.run's stack while it walks: its four arguments, the walk's handle and serial (which
// opening of that handle it is), and the four ctx fields it sets for each handler, as they
// were before the walk (put back at its end).
enum RunSlot : int { kRunName = 1, kRunCtx, kRunFirst, kRunOpts, kRunHandle, kRunSerial, kRunSaved, kRunTop = kRunSaved + 3 };
const char* const kCtxFields[] = {"self", "player", "window", "handler"};
// Where run_walk resumes: at the loop's head, after a handler returned, after an order answer.
enum RunPhase : lua_KContext { kRunLoop, kRunAfterHandler, kRunAfterOrder };

// The walk is looked up by its handle each time: a handler may open walks of its own, and
// the host's list of walks may grow (and move) meanwhile.
// A handler that closed it (window.close with a guessed handle), even if another walk has
// its handle since, ends the walk with an error.
Dispatch& run_dispatch(lua_State* L) {
    LuaHost& host = host_of(L);
    const int handle = static_cast<int>(lua_tointeger(L, kRunHandle));
    Dispatch* d = host.dispatch(handle);
    if (!d || host.dispatch_serial(handle) != static_cast<std::uint64_t>(lua_tointeger(L, kRunSerial)))
        luaL_error(L, "window.run: the walk of window '%s' was closed while it ran", lua_tostring(L, kRunName));
    return *d;
}

// What window.done does with the handler's result (on the stack top, popped).
void run_handler_done(lua_State* L) {
    Dispatch& d = run_dispatch(L);
    const bool skipped = lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1);
    if (skipped && d.current() != 0) match_of(L).windows().unmark_fired(d.current());   // not used up
    d.applied(!skipped);
    host_of(L).pop_context();
    lua_settop(L, kRunTop);
}

// What window.order does with decide's answer (a list of option numbers, on the stack top).
void run_order_done(lua_State* L) {
    Dispatch& d = run_dispatch(L);
    const bool ok = lua_istable(L, -1) && d.order(read_order(L, lua_gettop(L)));
    if (!ok) luaL_error(L, "window.run: the order answer is not an order of the handlers asked about");
    lua_settop(L, kRunTop);
}

// Asks the player to order their simultaneous handlers: decide{player=, kind = "order",
// id = "order.<window>", prompt = "order your effects for <window>", options = {label...}}.
void push_order_question(lua_State* L, Dispatch& d) {
    Match& m = match_of(L);
    push_decide_function(L);
    if (!lua_isfunction(L, -1)) luaL_error(L, "window.run: no decide function to ask the order with (the decide module is not open)");
    lua_createtable(L, 0, 5);
    push_player(L, d.order_player());
    lua_setfield(L, -2, "player");
    lua_pushliteral(L, "order");
    lua_setfield(L, -2, "kind");
    const char* name = lua_tostring(L, kRunName);
    lua_pushfstring(L, "order.%s", name);
    lua_setfield(L, -2, "id");
    lua_pushfstring(L, "order your effects for %s", name);
    lua_setfield(L, -2, "prompt");
    push_order_labels(L, m, d);
    lua_setfield(L, -2, "options");
}

// The walk itself. A handler or an order question may yield (a decision): Lua then resumes
// here, through lua_callk's continuation, with `phase` saying what had been called.
int run_walk(lua_State* L, int, lua_KContext phase) {
    if (phase == kRunAfterHandler) run_handler_done(L);
    else if (phase == kRunAfterOrder) run_order_done(L);
    Match& m = match_of(L);
    for (;;) {
        Dispatch& d = run_dispatch(L);
        const Dispatch::Step step = d.next(m);
        if (step == Dispatch::Step::End) break;
        if (step == Dispatch::Step::Order) {
            push_order_question(L, d);
            lua_callk(L, 1, 1, kRunAfterOrder, run_walk);
            run_order_done(L);
            continue;
        }
        const HandlerId id = d.current();
        m.windows().mark_fired(id);
        // What the call needs, copied before ctx is written: a ctx whose __newindex runs script
        // code may add handlers, and the registry's list (which `h` points into) may move.
        const Handler* h = m.windows().get(id);
        const EntityId source = h->source;
        const PlayerIndex player = h->player;
        const int ref = h->script_ref;
        LuaHost& host = host_of(L);
        host.push_context({source != kNoEntity ? m.entity(source).def : "", h->window});
        if (source != kNoEntity) lua_pushinteger(L, source);
        else lua_pushnil(L);
        lua_setfield(L, kRunCtx, "self");
        push_player(L, player);
        lua_setfield(L, kRunCtx, "player");
        lua_pushvalue(L, kRunName);
        lua_setfield(L, kRunCtx, "window");
        lua_pushinteger(L, id);
        lua_setfield(L, kRunCtx, "handler");
        host.push_function(L, ref);
        lua_pushvalue(L, kRunCtx);
        lua_callk(L, 1, 1, kRunAfterHandler, run_walk);
        run_handler_done(L);
    }
    for (int i = 0; i < 4; ++i) {
        lua_pushvalue(L, kRunSaved + i);
        lua_setfield(L, kRunCtx, kCtxFields[i]);
    }
    Dispatch& d = run_dispatch(L);
    const bool applied = d.any_applied();
    const int fired = d.fired();
    LuaHost& host = host_of(L);
    const int handle = static_cast<int>(lua_tointeger(L, kRunHandle));
    host.close_dispatch(handle);
    host.end_run_walk(handle);
    lua_pushinteger(L, fired);
    lua_pushboolean(L, applied);
    return 2;
}

/// window.run(name [, ctx [, first_player [, opts]]]) -> fired, applied
/// Fires window `name`'s handlers, the whole walk in one call: window.open with the same
/// `first_player` and `opts`, then each handler called as `fn(ctx)` in the kernel's order
/// (a player with several simultaneous handlers is asked to order them when opts.owner_orders
/// says so), then window.close. While a handler runs, ctx.self, ctx.player, ctx.window and
/// ctx.handler say whose it is (its source, player, the window, its id); they are put back as
/// they were when the walk ends, so a walk nested in a handler leaves its caller's ctx intact.
/// A handler returning false is "skipped" (window.done). Returns how many handlers fired and
/// whether any applied. With no handler listening it returns 0, false at once and makes no
/// ctx; `ctx` nil = a new table with room for the four fields (pass nil rather than `{}`; a
/// table of your own grows as they are set, unless made with them as nil fields:
/// docs/performance.md §2). Handlers may ask decisions. core.windows.walk is this.
int window_run(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    check_window_name(L, 1, name);
    lua_settop(L, kRunOpts);
    if (match_of(L).windows().listening(name).empty()) {   // nothing could fire: no walk to open
        lua_pushinteger(L, 0);
        lua_pushboolean(L, 0);
        return 2;
    }
    if (!lua_toboolean(L, kRunCtx)) {
        // Room for the four fields the walk sets and a few of the handlers' own: a table grown
        // field by field rehashes twice before its first handler runs (~3 k instructions).
        lua_createtable(L, 0, 8);
        lua_replace(L, kRunCtx);
    }
    luaL_argexpected(L, lua_istable(L, kRunCtx), kRunCtx, "table or nil");
    luaL_checkstack(L, kRunTop + 8, "window.run");
    lua_pushnil(L);                                                          // kRunHandle, below
    lua_pushnil(L);                                                          // kRunSerial, below
    for (const char* field : kCtxFields) lua_getfield(L, kRunCtx, field);   // kRunSaved...: put back at the end
    const int handle = open_walk(L, name, kRunFirst, kRunOpts, "window.run");   // (a bad option raises here)
    LuaHost& host = host_of(L);
    host.begin_run_walk(handle);
    lua_pushinteger(L, handle);
    lua_replace(L, kRunHandle);
    lua_pushinteger(L, static_cast<lua_Integer>(host.dispatch_serial(handle)));
    lua_replace(L, kRunSerial);
    return run_walk(L, LUA_OK, kRunLoop);
}

const luaL_Reg window_module[] = {{"on", window_on},           {"off", window_off},   {"off_source", window_off_source},
                                  {"collect", window_collect}, {"info", window_info}, {"begin", window_begin},
                                  {"finish", window_finish},   {"open", window_open},
                                  {"next", window_next},       {"done", window_done}, {"order", window_order},
                                  {"close", window_close},     {"listens", window_listens}, {"run", window_run},
                                  {nullptr, nullptr}};

}  // namespace

void open_window_module(lua_State* L, int env) { register_module(L, env, "window", window_module); }

}  // namespace duelbox
