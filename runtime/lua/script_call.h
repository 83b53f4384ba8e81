// script_call.h - the one way C++ runs Lua: pcall or resume, with budget and clean errors.
//
// The instruction budget costs nothing on the normal path. A count hook slows every Lua
// instruction by 40-75% whatever its count (measured, see DESIGN.md), so a watchdog thread
// has it armed only when a call has run longer than the time slice; from then on the hook
// counts instructions and stops the call at the budget. The watchdog never touches a Lua
// state: it signals the OS thread running the call, which arms its own state in the signal
// handler (lua.c's Ctrl-C pattern), so hosts on several threads are timed independently. A slice of 0 arms the counter at
// once, which makes the cut-off point deterministic (tests and `--strict-budget` use it).
// A host with a LineTrace attached (line_trace.h) also gets LUA_MASKLINE on the same hook
// function from the start of each outermost call: a Lua thread has only one hook.
//
// Contracts
//  - Construct one ScriptCall per entry into Lua; its destructor disarms the hook even
//    when the call failed. Calls may nest (a require during a call): only the outermost
//    one is timed.
//  - Thread-safe across hosts: any number of threads may each run calls on their own
//    LuaHost at once (one thread per host at a time). The counters are per thread; each
//    timed call has its own deadline. The process's SIGURG handler is Duelbox's (it arms
//    the calling thread's hook; a SIGURG with no timed call running does nothing).
//  - On failure, error() is one line: "file:line: message [card k, window w]"; traceback()
//    has the Lua stack for logs and the editor.
#pragma once
#include <lua.hpp>

#include <cstdint>
#include <string>

namespace duelbox {

class LuaHost;

class ScriptCall {
public:
    // match_ms_left >= 0: the wall-clock time the match's rules have left in all
    // (limits.match_wall_clock_ms less what its earlier resumes took); the call is stopped there
    // when that comes before its own limits.wall_clock_ms.
    ScriptCall(LuaHost& host, lua_State* thread, std::int64_t match_ms_left = -1);
    ~ScriptCall();
    ScriptCall(const ScriptCall&) = delete;
    ScriptCall& operator=(const ScriptCall&) = delete;

    // lua_pcall on `thread` with the function and args already pushed. Returns the status.
    int pcall(int nargs, int nresults);
    // lua_resume of coroutine `thread` from `from`. *nresults receives the yielded/returned count.
    int resume(lua_State* from, int nargs, int* nresults);

    const std::string& error() const { return error_; }
    const std::string& traceback() const { return traceback_; }

private:
    void describe_failure(lua_State* co, int status);

    LuaHost& host_;
    lua_State* thread_;
    lua_State* outer_thread_ = nullptr;   // the running thread an enclosing call had set (host.h)
    bool outermost_ = false;
    std::string error_, traceback_;
};

// True while the outermost running call has spent its instruction budget. The sandbox's
// pcall re-raises such errors so a script cannot catch its way past the budget.
bool instruction_budget_exhausted();

// Charges `units` instructions to the outermost running call, for library functions whose one
// C call does work in proportion to an argument (table.move): the hook cannot count inside a
// C function. Raises the budget error (naming the caller's line) once the budget is spent, and
// the wall-clock error once the watchdog has stopped the call (a C loop that charges as it goes
// is stopped there, as the hook stops Lua code).
void charge_instructions(lua_State* L, std::int64_t units);
// Raises "file:line: instruction budget of N exceeded ..." for the function at `level` (0 from
// the hook, 1 from a C function charging work), naming the nearest script line at or above it
// (a C function the script handed straight to another has a C caller, whose line is none).
void raise_budget_error(lua_State* L, std::int64_t budget, int level);
// The same for a call the watchdog stopped at limits.wall_clock_ms (level 0: from the hook), or,
// whole_match, at the match's limits.match_wall_clock_ms.
void raise_wall_clock_error(lua_State* L, std::int64_t wall_clock_ms, bool whole_match = false);
// "the match's rules ran for more than N ms ... in all (limits.match_wall_clock_ms; ...)": the
// watchdog's message and the runner's, when a match is past its limit between two resumes.
std::string match_wall_clock_message(std::int64_t match_wall_clock_ms);

// Location of the innermost Lua function on a (possibly dead) coroutine's stack: "file:line" or "".
std::string innermost_lua_location(lua_State* co);

// -- errors that pass through a C function (log.within_rule) -----------------------------------
// Such a function catches the error to restore its state and raises it again, so by the time
// ScriptCall describes the failure the stack below it (the card's frames) is gone and a
// traceback stops at "[C]: in upvalue 'within'". Its message handler, which runs where the
// error was raised, calls note_error_stack: the traceback and innermost line of that moment
// are kept with the error value, and ScriptCall uses them when the same value ends the call.
// Only errors pay: the normal path does nothing.
void note_error_stack(lua_State* L);     // the error value at the top; stack-neutral; never raises
void forget_error_stack(lua_State* L);   // a caught error (the sandbox's pcall): drop the note

}  // namespace duelbox
