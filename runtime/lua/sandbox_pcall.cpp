// sandbox_pcall.cpp - the sandbox's pcall and xpcall (sandbox.h): they catch a script's errors,
// but never the instruction budget, a wall clock, the memory cap or match.finish.
#include <algorithm>
#include <cstdint>

#include "error_names.h"
#include "host.h"
#include "kernel/match.h"
#include "lua_util.h"
#include "sandbox.h"
#include "script_call.h"

namespace duelbox {

namespace {

// -- pcall / xpcall that cannot swallow the budget or the memory cap ---------------------

// `ctx` packs the number of extra stack slots (low byte), the host's handler-context depth
// (bits 8-31) and its window.run walk depth (from bit 32) at the pcall, so a caught error
// leaves neither an unwound handler's [card, window] nor its walk behind.
static_assert(sizeof(lua_KContext) >= 8, "pcall_context packs the walk depth above bit 32");

lua_KContext pcall_context(lua_State* L, int extra) {
    const LuaHost& host = host_of(L);
    const auto depth = static_cast<lua_KContext>(std::min<std::size_t>(host.context_depth(), 0xFFFFFF));
    return static_cast<lua_KContext>(host.run_walk_depth()) << 32 | depth << 8 | extra;
}

int finish_pcall(lua_State* L, int status, lua_KContext ctx) {
    const auto extra = static_cast<int>(ctx & 0xFF);
    // Slot 1: the rule context (low 32 bits) and the open pcalls (above) at the pcall.
    const auto saved = static_cast<std::uint64_t>(lua_tointeger(L, 1));
    host_of(L).set_pcall_depth(static_cast<std::uint32_t>(saved >> 32));
    if (status != LUA_OK && status != LUA_YIELD) {
        // The budget and the memory cap end the match: they propagate with the handler's context.
        // Past the cap through kernel memory too (Match::charge refused with a plain error).
        if (status == LUA_ERRMEM || host_of(L).memory_error_in_flight() || host_of(L).over_memory_cap()) {
            LuaHost& host = host_of(L);
            host.set_memory_error_in_flight(true);
            luaL_where(L, 1);
            lua_pushfstring(L, "memory cap of %d MB exceeded%s", static_cast<int>(host.limits().memory_bytes >> 20),
                            host.context_suffix().c_str());
            lua_concat(L, 2);
            return lua_error(L);
        }
        // The budget error, and match.finish ending the rules, go on as they are.
        if (instruction_budget_exhausted() || host_of(L).finish_in_flight()) return lua_error(L);
        // The rule context the pcall started in (slot 1; log.within_rule leaves a scope the error
        // left unclosed).
        if (Match* m = host_of(L).match()) m->set_rule_symbol(static_cast<Sym>(saved & 0xFFFFFFFFu));
        host_of(L).restore_context_depth(static_cast<std::size_t>((ctx >> 8) & 0xFFFFFF));
        host_of(L).abandon_run_walks(static_cast<std::size_t>(ctx >> 32));
        forget_error_stack(L);             // caught: a later failure must not show this one's stack
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - extra;
}

// What a pcall puts back when it ends (finish_pcall), pushed as its slot 1: the rule context
// now (a caught error may leave a log.within_rule scope) and how many pcalls are open, one more
// counted from here. A script nesting more than LuaHost::kMaxPcallDepth fails. Lua bounds nested
// C calls at about 200 ("C stack overflow"), but its count starts again where a coroutine
// recovers from an error: an endless recursion through pcall from a __close built a stack there
// whose unwinding alone took minutes. Below Lua's bound, this one is the one a script meets.
void push_pcall_state(lua_State* L) {
    LuaHost& host = host_of(L);
    const std::uint32_t depth = host.pcall_depth();
    if (depth >= LuaHost::kMaxPcallDepth)
        luaL_error(L, "more than %d pcall/xpcall open at once (an endless recursion through pcall?)",
                   static_cast<int>(LuaHost::kMaxPcallDepth));
    const Match* m = host.match();
    const std::uint64_t rule = m ? m->rule_symbol() : 0;
    lua_pushinteger(L, static_cast<lua_Integer>(rule | std::uint64_t{depth} << 32));
    host.set_pcall_depth(depth + 1);
}

// Both name a failing C function as the API reference does ('board.advance', error_names.h)
// with a message handler, which runs before the stack unwinds.
// xpcall's handler sees the qualified message too. Not for a spent budget: Lua runs the
// message handler of an error raised inside a hook with hooks off, so the script's handler
// could loop for ever there; that error ends the call anyway, so the handler is skipped.
int xpcall_handler(lua_State* L) {
    if (instruction_budget_exhausted() || host_of(L).finish_in_flight()) return 1;
    qualify_error(L, 1);                   // level 0 is this handler; level 1 raised the error
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, -2);
    lua_call(L, 1, 1);
    return 1;
}

}  // namespace

int sandbox_pcall(lua_State* L) {
    // While the budget, a wall clock, the memory cap or match.finish unwinds, a __close that
    // calls pcall would start new protected work at every level it unwinds (a tree of calls
    // running for minutes past every limit): the error goes on instead.
    refuse_while_unwinding(L);
    luaL_checkany(L, 1);
    lua_pushboolean(L, 1);
    lua_insert(L, 1);
    lua_pushcfunction(L, error_name_handler);
    lua_insert(L, 1);
    push_pcall_state(L);
    lua_insert(L, 1);                      // rule, msgh, true, f, args...
    const lua_KContext ctx = pcall_context(L, 2);
    const int status = lua_pcallk(L, lua_gettop(L) - 4, LUA_MULTRET, 2, ctx, finish_pcall);
    return finish_pcall(L, status, ctx);
}

int sandbox_xpcall(lua_State* L) {
    refuse_while_unwinding(L);   // (as sandbox_pcall)
    const int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, xpcall_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);
    push_pcall_state(L);
    lua_insert(L, 1);                      // rule, f, handler, true, f, args...
    const lua_KContext ctx = pcall_context(L, 3);
    const int status = lua_pcallk(L, n - 2, LUA_MULTRET, 3, ctx, finish_pcall);
    return finish_pcall(L, status, ctx);
}

}  // namespace duelbox
