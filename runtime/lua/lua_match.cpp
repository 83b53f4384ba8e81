// lua_match.cpp - module `match`: players, teams, periods, the result.
#include <algorithm>
#include <vector>

#include "host.h"
#include "lua_modules.h"
#include "lua_util.h"
#include "readonly_view.h"

namespace duelbox {

namespace {

/// match.players() -> integer
/// How many players (seats) the match has. Players are numbered 1..n in Lua.
int match_players(lua_State* L) {
    lua_pushinteger(L, match_of(L).player_count());
    return 1;
}

/// match.player_entity(p) -> entity
/// The entity that stands for player `p`; counters such as health usually live on it.
int match_player_entity(lua_State* L) {
    Match& m = match_of(L);
    const PlayerIndex p = check_player(L, 1, m);
    lua_pushinteger(L, m.player(p).entity);
    return 1;
}

/// match.name(p) -> string
/// Player `p`'s display name.
int match_name(lua_State* L) {
    Match& m = match_of(L);
    const PlayerIndex p = check_player(L, 1, m);
    lua_pushstring(L, m.player(p).name.c_str());
    return 1;
}

/// match.team(p) -> integer
/// Player `p`'s team number; players with the same team are allies.
int match_team(lua_State* L) {
    Match& m = match_of(L);
    const PlayerIndex p = check_player(L, 1, m);
    lua_pushinteger(L, m.player(p).team);
    return 1;
}

/// match.allies(a, b) -> boolean
/// True when players `a` and `b` are on the same team (a player is its own ally).
int match_allies(lua_State* L) {
    Match& m = match_of(L);
    const PlayerIndex a = check_player(L, 1, m);
    const PlayerIndex b = check_player(L, 2, m);
    lua_pushboolean(L, m.allies(a, b));
    return 1;
}

// The longest reason match.finish takes.
constexpr std::size_t kMaxReasonBytes = 256;

/// match.finish(winners, reason)
/// Ends the match. `winners` is a player, a list of players, or nil/{} for a draw;
/// `reason` a short word for the log ("knockout", "time-out"), at most 256 bytes.
/// It does not return: the rules stop where it is called (no pcall catches it), so nothing
/// happens after the result (no event follows it, no counter changes, no question is asked).
int match_finish(lua_State* L) {
    Match& m = match_of(L);
    // Every check comes first; the winners list is built in kernel_call after them, where
    // nothing can raise while it lives (a Lua error would skip its destructor).
    lua_Integer listed = 0;
    if (lua_isinteger(L, 1)) {
        check_player(L, 1, m);
    } else if (lua_istable(L, 1)) {
        readonly_view_unwrap(L, 1);   // raw reads below
        listed = luaL_len(L, 1);
        charge_list(L, 1);
        for (lua_Integer i = 1; i <= listed; ++i) {
            lua_rawgeti(L, 1, i);
            check_player_entry(L, 1, m);
            lua_pop(L, 1);
        }
    } else if (!lua_isnoneornil(L, 1)) {
        return luaL_typeerror(L, 1, "player, list of players or nil");
    }
    std::size_t reason_len = 0;
    const char* reason = luaL_checklstring(L, 2, &reason_len);
    // The reason goes into every record a match leaves (its result, each bench and lab line):
    // a long one, kept for thousands of matches, would fill the host, so it is a short word.
    if (reason_len > kMaxReasonBytes)
        return luaL_error(L, "match.finish: the reason is a short word for the log, at most %d bytes (got %I)",
                          static_cast<int>(kMaxReasonBytes), static_cast<LUAI_UACINT>(reason_len));
    if (m.result().finished) return luaL_error(L, "match.finish: the match has already finished");
    kernel_call(L, [&] {
        std::vector<PlayerIndex> winners;
        if (lua_isinteger(L, 1)) winners.push_back(static_cast<PlayerIndex>(lua_tointeger(L, 1) - 1));
        for (lua_Integer i = 1; i <= listed; ++i) {
            lua_rawgeti(L, 1, i);   // checked above: a player number
            const auto p = static_cast<PlayerIndex>(lua_tointeger(L, -1) - 1);
            lua_pop(L, 1);
            if (std::find(winners.begin(), winners.end(), p) == winners.end()) winners.push_back(p);
        }
        stamp_source(L, m);
        m.finish(winners, reason);
        return 0;
    });
    host_of(L).set_finish_in_flight(true);
    host_of(L).set_unwinding("match.finish: the match has finished (the rules stop here)");
    lua_pushliteral(L, "match.finish: the match has finished (the rules stop here)");
    return lua_error(L);
}

/// match.finished() -> boolean
/// True once match.finish has been called. Rules never need to test it after a step:
/// match.finish ends the rules where it is called, so no script runs once it is true.
int match_finished(lua_State* L) {
    lua_pushboolean(L, match_of(L).result().finished);
    return 1;
}

/// match.end_period(name)
/// Ends a named period ("beat", "turn", "round"): modifiers and prohibitions that expire
/// then are removed and once-per-period handler counts reset.
int match_end_period(lua_State* L) {
    Match& m = match_of(L);
    const char* period = luaL_checkstring(L, 1);
    charge_work(L, m.effects().modifiers().size() + m.effects().prohibitions().size() + m.windows().live_count() +
                       m.scratch().entries().size());   // each looked through once
    return kernel_call(L, [&] {
        stamp_source(L, m);
        m.end_period(period);
        return 0;
    });
}

/// match.check() -> string|nil
/// Checks the kernel's invariants (every entity in exactly one zone); nil when all hold.
int match_check(lua_State* L) {
    const std::string problem = match_of(L).check_invariants();
    if (problem.empty()) lua_pushnil(L);
    else lua_pushstring(L, problem.c_str());
    return 1;
}

/// match.event_count() -> integer
/// How many events the log holds so far.
int match_event_count(lua_State* L) {
    lua_pushinteger(L, static_cast<lua_Integer>(match_of(L).log().size()));
    return 1;
}

/// match.asks_person(p) -> boolean
/// Whether player p's decisions are answered by a person (at the terminal or in the editor)
/// rather than an agent or a script. A rule may then spend time on what only a person reads:
/// decide's `unavailable` list (what is not offered, and why). Never let it change what the
/// rules do: the same decisions must give the same match whoever answers them.
int match_asks_person(lua_State* L) {
    Match& m = match_of(L);
    const PlayerIndex p = check_player(L, 1, m);
    const DecisionSink* sink = host_of(L).decisions();
    lua_pushboolean(L, sink && sink->asks_person(p));
    return 1;
}

// What match.checkpoint compares around `save`: everything a script can change leaves a mark
// here (events: every kernel change that is news; draws; scratch values; handlers; derived
// definitions). The scratch values are copied: a handful of 24-byte entries. Kept with
// push_owned, as save may raise.
struct SaveMark {
    std::size_t events = 0;
    std::uint64_t draws = 0;
    std::uint64_t handlers = 0;
    std::size_t derived = 0;
    std::vector<ScratchStore::Entry> scratch;
};

SaveMark mark_of(const Match& m) {
    return {m.log().size(), m.rng().draws(), m.windows().write_clock(), m.derived_values().size(), m.scratch().entries()};
}

// nullptr, or what changed since `before` (a literal: nothing to free before luaL_error).
const char* changed_since(const SaveMark& before, const Match& m) {
    if (m.log().size() != before.events) return "it made events";
    if (m.rng().draws() != before.draws) return "it drew at random";
    if (m.scratch().entries() != before.scratch) return "it set a flag";
    if (m.windows().write_clock() != before.handlers) return "it changed a handler";
    if (m.derived_values().size() != before.derived) return "it defined a derived value";
    return nullptr;
}

/// match.checkpoint(save, ...)
/// Declares a point from which the rules can go on from the kernel's state plus the value
/// `save(...)` returns, so that a search copies the match from here instead of replaying it
/// from the start (docs/ai.md, "Checkpoints"). The game's `resume(ctx, data)` must go on from
/// here given that value as `data`: plain data only (nil, booleans, numbers, strings, tables
/// of those with integer or string keys, each table once, no metatables). Call it on the
/// rules' main line, e.g. at the top of the turn loop: every frame between game.play (or
/// game.resume) and this call must be a Lua function, so not inside pcall, log.within_rule,
/// a handler or a window walk; it raises there in every run. `save` runs only while a search
/// records copies (or a bench or lab worker's first match records its setup), never in a plain
/// match, where this costs one call and a stack check. `save` may only read: one that makes an
/// event, draws at random, sets a flag, changes a handler or defines a derived value raises.
int match_checkpoint(lua_State* L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    LuaHost& host = host_of(L);
    if (host.open_dispatches() > 0)
        return luaL_error(L, "match.checkpoint: a window walk is open (window.open without window.close yet): "
                             "call it outside the walk");
    // The walk is bounded: the main line of a game's rules is a few calls deep, and a script
    // recursing thousands of frames deep must not make each call walk them all.
    constexpr int kMaxDepth = 100;
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); ++level) {
        if (level > kMaxDepth)
            return luaL_error(L, "match.checkpoint: called more than %d calls deep: call it on the rules' main line", kMaxDepth);
        lua_getinfo(L, "S", &ar);
        if (ar.what[0] == 'C')
            return luaL_error(L, "match.checkpoint: called through a C function (pcall, log.within_rule, a handler, a "
                                 "sort...): call it on the rules' main line, where game.play or game.resume reaches "
                                 "it through Lua functions only");
    }
    DecisionSink* sink = host.decisions();
    if (!sink || !sink->records_checkpoints()) return 0;
    // save must only read: it runs in recording runs only (a search's copies, a bench or lab
    // worker's first match), so a save that changed the match would make those runs differ
    // from plain ones, and a copy from the checkpoint from the match it copies.
    const Match& m = match_of(L);
    SaveMark& before = push_owned<SaveMark>(L);   // freed by Lua if save raises
    before = mark_of(m);
    lua_insert(L, 1);                             // below save and its arguments
    lua_call(L, lua_gettop(L) - 2, 1);            // save(...) -> the value resume gets
    if (const char* what = changed_since(before, m))
        return luaL_error(L, "match.checkpoint: save changed the match (%s): it may only read and return a value", what);
    const int data = lua_gettop(L);
    return kernel_call(L, [&] {
        if (std::string why = sink->record_checkpoint(L, data); !why.empty()) throw KernelError("match.checkpoint: " + why);
        return 0;
    });
}

const luaL_Reg match_module[] = {
    {"players", match_players},     {"player_entity", match_player_entity}, {"name", match_name},
    {"team", match_team},           {"allies", match_allies},               {"finish", match_finish},
    {"finished", match_finished},   {"end_period", match_end_period},       {"check", match_check},
    {"event_count", match_event_count}, {"asks_person", match_asks_person},
    {"checkpoint", match_checkpoint},   {nullptr, nullptr}};

}  // namespace

void open_match_module(lua_State* L, int env) { register_module(L, env, "match", match_module); }

}  // namespace duelbox
