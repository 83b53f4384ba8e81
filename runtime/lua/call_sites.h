// call_sites.h - the script line that made a kernel call, looked up once per call site.
//
// Every event and every decision names the script line that caused it (its source). Asking Lua
// (lua_getinfo "Sl") costs about 500 instructions, most of them decoding the function's line
// table, as much again as appending the event; and a call site gives the same file and line
// every time it is reached. So the answer is kept against the call site's address: the
// calling frame's saved program counter, the address of the instruction after the call, which
// names one instruction of one function's code for as long as that code lives.
//
// Why a kept answer cannot go stale: the function whose frame answered is pinned (a registry
// table holds it) for as long as the entry is kept, so its code cannot be freed and its
// address cannot come back as other code. The table is bounded (kMaxSites); past it every
// entry and pin is dropped and the sites are found again.
//
// A C function between the binding and the script (log.within_rule(rule, zone.move_all, ...),
// pcall(f, ...)) is stepped over, as Lua's answer would be, and the script's frame is the site.
//
// Lua's public API gives neither the saved program counter nor whether a frame is a C
// function's: both are fields of Lua's CallInfo (lstate.h: u.l.savedpc, callstatus), at the
// same places in every 5.4 release. A self-test at the host's start checks that what is read
// there behaves as it must (the same address for one call site, different for two lines; a C
// frame reads as one, a Lua frame does not); if it does not (another Lua), the cache stays
// off and every call asks Lua, so a different Lua build costs speed, never a wrong line.
#pragma once
#include <lua.hpp>

#include <cstddef>
#include <string_view>
#include <vector>

#include "kernel/event.h"
#include "kernel/symbols.h"

namespace duelbox {

class CallSites {
public:
    static constexpr std::size_t kMaxSites = 4096;   // pinned functions at most; then all are dropped

    // Runs the self-test on L (a fresh state, before any script) and turns the cache on if it
    // passes. Idempotent.
    void self_test(lua_State* L);
    bool enabled() const { return enabled_; }

    // The nearest Lua frame that calls (level 1 outwards): its file, interned in `log`, and line;
    // {} when no Lua function is on the stack. Never raises a Lua error.
    SourceLoc locate(lua_State* L, EventLog& log);

    // Drops every kept site and unpins their functions (the scripts were reloaded).
    void clear(lua_State* L);

private:
    struct Site {
        const void* pc = nullptr;     // the call site's saved program counter; nullptr = empty
        Sym file = 0;                 // the path (a file's chunk name without its '@'), interned
        int line = 0;
    };
    static constexpr std::size_t kSlots = 2 * kMaxSites;   // direct-mapped, power of two

    // Keeps `slot` for the function at stack slot `function` (pinned first; not kept when that fails).
    void remember(lua_State* L, int function, Site& slot, const void* pc, std::string_view file, int line);

    std::vector<Site> sites_;
    std::size_t kept_ = 0;          // entries kept since the last clear (= functions pinned, at most)
    bool enabled_ = false;
    bool tested_ = false;
};

}  // namespace duelbox
