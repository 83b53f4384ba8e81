// call_sites.cpp - see call_sites.h.
#include "call_sites.h"

#include <cstdint>
#include <cstring>
#include <exception>
#include <string_view>

namespace duelbox {

namespace {

const char* const kPinsKey = "duelbox.call_site_pins";

// The saved program counter of the frame `ar` describes (lua_getstack filled it). Lua 5.4's
// CallInfo (lstate.h) begins with func, top, previous and next, one pointer-sized word each,
// then, for a Lua function, u.l.savedpc. nullptr when this is not a Lua 5.4.
const void* saved_pc(const lua_Debug& ar) {
#if LUA_VERSION_NUM == 504
    if (!ar.i_ci) return nullptr;
    const void* pc = nullptr;
    std::memcpy(&pc, reinterpret_cast<const unsigned char*>(ar.i_ci) + 4 * sizeof(void*), sizeof pc);
    return pc;
#else
    (void)ar;
    return nullptr;
#endif
}

// Whether the frame `ar` describes is a C function's: CallInfo's callstatus has CIST_C (1 << 1).
// After u (three pointer-sized words for a C function, its largest member) come u2 (an int)
// and nresults (a short), then callstatus.
bool is_c_frame(const lua_Debug& ar) {
#if LUA_VERSION_NUM == 504
    unsigned short status = 0;
    std::memcpy(&status, reinterpret_cast<const unsigned char*>(ar.i_ci) + 7 * sizeof(void*) + sizeof(int) + sizeof(short),
                sizeof status);
    return (status & (1u << 1)) != 0;
#else
    (void)ar;
    return false;
#endif
}

// The first of the two slots a call site may take (the table is two-way: a site whose first
// slot is taken by another hot site takes the second, so two sites that hash alike do not
// push each other out on every call). Instructions are 4 bytes apart; a multiplicative hash
// spreads neighbouring sites and code arrays wherever they lie.
std::size_t slot_of(const void* pc, std::size_t slots) {
    const auto a = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(pc)) >> 2;
    return static_cast<std::size_t>((a * 0x9E3779B97F4A7C15ull) >> 40) & (slots - 1) & ~std::size_t{1};
}

// pin(fn [, fresh]): keeps fn alive in the registry's pin table; `fresh` first replaces the
// table with an empty one (the old pins become garbage). Called protected: it allocates.
int pin_function(lua_State* L) {
    if (lua_toboolean(L, 2) || lua_getfield(L, LUA_REGISTRYINDEX, kPinsKey) != LUA_TTABLE) {
        lua_settop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, kPinsKey);
    }
    lua_pushvalue(L, 1);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    return 0;
}

// The self-test's probe: appends (saved pc, line) of its caller to the list in its upvalue.
struct Probe {
    const void* pc;
    int line;
    bool c_frame;
};
struct ProbeLog {
    Probe at[8];
    int n = 0;
};
int probe(lua_State* L) {
    auto* log = static_cast<ProbeLog*>(lua_touserdata(L, lua_upvalueindex(1)));
    lua_Debug ar;
    if (log->n < 8 && lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar))
        log->at[log->n++] = {saved_pc(ar), ar.currentline, is_c_frame(ar)};
    return 0;
}

// through_c(fn): calls fn from C, so that fn's caller is a C function's frame.
int through_c(lua_State* L) {
    lua_settop(L, 1);
    lua_call(L, 0, 0);
    return 0;
}

}  // namespace

void CallSites::self_test(lua_State* L) {
    if (tested_) return;
    tested_ = true;
    ProbeLog log;
    // Line 2 calls twice from one call site, line 3 once from another, line 4 from C.
    const char* chunk = "local probe, through_c = ...\nfor _ = 1, 2 do probe() end\nprobe()\nthrough_c(probe)\n";
    const int top = lua_gettop(L);
    bool ran = false;
    if (luaL_loadbuffer(L, chunk, std::strlen(chunk), "=call-site self-test") == LUA_OK) {
        lua_pushlightuserdata(L, &log);
        lua_pushcclosure(L, probe, 1);
        lua_pushcfunction(L, through_c);
        ran = lua_pcall(L, 2, 0, 0) == LUA_OK;
    }
    lua_settop(L, top);
    const auto gap = [](const void* a, const void* b) {
        return reinterpret_cast<std::intptr_t>(b) - reinterpret_cast<std::intptr_t>(a);
    };
    // The same site reads the same address, the next line's site a few instructions further on
    // (Lua 5.4 instructions are 4 bytes), and the lines agree.
    // A C function's frame reads as one, a Lua function's does not.
    enabled_ = ran && log.n == 4 && log.at[0].pc && log.at[0].pc == log.at[1].pc && log.at[0].line == 2 &&
               log.at[1].line == 2 && log.at[2].line == 3 && gap(log.at[0].pc, log.at[2].pc) > 0 &&
               gap(log.at[0].pc, log.at[2].pc) < 256 && gap(log.at[0].pc, log.at[2].pc) % 4 == 0 &&
               !log.at[0].c_frame && !log.at[1].c_frame && !log.at[2].c_frame && log.at[3].c_frame &&
               log.at[3].line < 0;
    if (enabled_) sites_.assign(kSlots, Site{});
}

SourceLoc CallSites::locate(lua_State* L, EventLog& log) {
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); ++level) {
        if (enabled_ && is_c_frame(ar)) continue;   // a C function in between: its caller made the call
        Site* slot = nullptr;
        const void* pc = enabled_ ? saved_pc(ar) : nullptr;
        if (pc) {
            Site* pair = &sites_[slot_of(pc, kSlots)];
            if (pair[0].pc == pc) return {log.intern_file(pair[0].file), pair[0].line};
            if (pair[1].pc == pc) return {log.intern_file(pair[1].file), pair[1].line};
            // A miss takes an empty slot of the two, else the second (its site was the older guest).
            slot = pair[0].pc == nullptr ? &pair[0] : &pair[1];
        }
        // First time at this call site (or the cache is off): ask Lua.
        const bool pin = slot && lua_checkstack(L, 4);
        lua_getinfo(L, pin ? "Slf" : "Sl", &ar);    // "f" pushes the function
        if (ar.currentline <= 0) {                   // C, or a function without line information
            if (pin) lua_pop(L, 1);
            continue;
        }
        // A file's chunk ("@path") keeps its path for as long as its code lives; a chunk loaded
        // from a string shows a short form made on each call, so only files are kept.
        const bool from_file = ar.source[0] == '@';
        const std::string_view file = from_file ? std::string_view(ar.source + 1) : std::string_view(ar.short_src);
        if (pin) {
            if (from_file) remember(L, lua_gettop(L), *slot, pc, file, ar.currentline);
            lua_pop(L, 1);
        }
        // A chunk loaded from a string is named by the script (load's chunkname): the log keeps
        // such names itself, a bounded few, never as the process's texts (a loop of named
        // loads added 5.7 MB of them a match, past every bound).
        return {from_file ? log.intern_file(file) : log.intern_chunk_name(file), ar.currentline};
    }
    return {};
}

void CallSites::remember(lua_State* L, int function, Site& slot, const void* pc, std::string_view file, int line) {
    const bool fresh = kept_ >= kMaxSites;
    if (fresh) {   // bounded: forget every site, and let their functions go
        sites_.assign(kSlots, Site{});
        kept_ = 0;
    }
    // Interned: a file's path (only files are kept; a script's load() cannot name a chunk as a
    // file, sandbox.cpp), so the symbols stay as few as the game's files.
    Sym path = 0;
    try {
        path = intern(file);
    } catch (const std::exception&) {   // the symbol table is full: the site is simply not kept
        return;
    }
    lua_pushcfunction(L, pin_function);
    lua_pushvalue(L, function);
    lua_pushboolean(L, fresh);
    if (lua_pcall(L, 2, 0, 0) != LUA_OK) {   // out of memory: the site is simply not kept
        lua_pop(L, 1);
        return;
    }
    ++kept_;
    slot = {pc, path, line};
}

void CallSites::clear(lua_State* L) {
    if (!sites_.empty()) sites_.assign(kSlots, Site{});
    kept_ = 0;
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, kPinsKey);
}

}  // namespace duelbox
