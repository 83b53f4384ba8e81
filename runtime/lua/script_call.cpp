#include "script_call.h"

#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <thread>

#include "error_names.h"
#include "host.h"
#include "kernel/match.h"
#include "line_trace.h"
#include "scenario_fields.h"
#include "script_profile.h"

namespace duelbox {

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kHookCount = 10000;   // instructions between two hook calls once armed

// One timed call at a time per OS thread (nested calls are not timed); the watchdog watches
// every live one. Each carries its own deadline, taken from its host's limits on the calling
// thread, so the watchdog never reads a host (whose limits its owner may change between
// matches) and several hosts running on several threads each get their own time slice.
struct Timed {
    lua_State* thread = nullptr;
    pthread_t runner{};                // the OS thread running it: the one the watchdog signals
    Clock::time_point deadline;
    Clock::time_point wall_deadline;   // limits.wall_clock_ms: past it the call is stopped
    std::atomic<bool>* over_wall = nullptr;   // the runner's t_over_wall
    int line_mask = 0;                 // LUA_MASKLINE (and CALL) while the host traces or profiles
    bool armed = false;
    bool stopped = false;
};

// The instruction counter of each state lives here, keyed by the state it belongs to.
struct Counting {
    lua_State* thread;
    std::int64_t used;
    std::int64_t budget;
    std::int64_t wall_clock_ms;        // for the message when the watchdog stops the call
    std::int64_t match_wall_clock_ms;  // > 0: the match's time left cut this call short (the message names it)
};

// Never destroyed: the detached watchdog may be waiting on them when the process exits, and
// destroying a condition variable with a waiter blocks forever in glibc.
std::mutex& g_mutex = *new std::mutex;
std::vector<Timed> g_timed;           // guarded by g_mutex
thread_local std::vector<Counting> t_counting;
std::once_flag g_watchdog_started;

void script_hook(lua_State* L, lua_Debug* ar);

// A Lua thread has one hook: script_hook serves both the instruction counter and the opt-in
// line trace, so arming the counter keeps the line mask and tracing never drops the counter.
void arm(lua_State* thread, int count, int line_mask) {
    lua_sethook(thread, script_hook, LUA_MASKCOUNT | line_mask, count);
}

// -- arming from the running thread itself ---------------------------------------------------
// lua_sethook may be called asynchronously from a signal handler (lua.c arms its Ctrl-C hook
// that way), but not from another thread: it writes the state's hook fields and walks its
// CallInfo list while the running thread changes them (and the collector may free a CallInfo
// the walk still holds). So the watchdog does not touch a Lua state: it sends kArmSignal to
// the thread running the call, whose handler arms the state that thread is running. The
// handler reads only these two thread_locals (lock-free atomics: async-signal-safe), which
// ScriptCall sets before the call is timed and clears before it disarms, so a signal that
// arrives late finds nothing to arm.
constexpr int kArmSignal = SIGURG;    // ignored by default, so a stray one is harmless
#if defined(__SANITIZE_THREAD__)
constexpr bool kArmBySignal = false;   // see watchdog_loop
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
constexpr bool kArmBySignal = false;
#else
constexpr bool kArmBySignal = true;
#endif
#else
constexpr bool kArmBySignal = true;
#endif
thread_local std::atomic<lua_State*> t_arm_thread{nullptr};
thread_local std::atomic<int> t_arm_line_mask{0};
// Set by the watchdog (through Timed::over_wall) when the call passed its wall-clock limit: the
// arming signal then arms the hook at every instruction, which raises at the next one.
thread_local std::atomic<bool> t_over_wall{false};

int hook_count() { return t_over_wall.load(std::memory_order_relaxed) ? 1 : kHookCount; }

void on_arm_signal(int) {
    const int saved_errno = errno;
    if (lua_State* L = t_arm_thread.load(std::memory_order_relaxed))
        arm(L, hook_count(), t_arm_line_mask.load(std::memory_order_relaxed));
    errno = saved_errno;
}

void install_arm_handler() {
    struct sigaction sa {};
    sa.sa_handler = on_arm_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;         // a read() in require is resumed, not failed with EINTR
    sigaction(kArmSignal, &sa, nullptr);
}

std::condition_variable& g_work = *new std::condition_variable;   // signalled when a timed call starts

// Sleeps while no call is timed (an idle editor costs nothing); otherwise looks every 2 ms.
void watchdog_loop() {
    std::unique_lock<std::mutex> lock(g_mutex);
    for (;;) {
        g_work.wait(lock, [] { return !g_timed.empty(); });
        lock.unlock();
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        lock.lock();
        const auto now = Clock::now();
        // Under the lock: an entry is erased (under the lock) before its thread moves on, so
        // the thread signalled is still inside that call.
        for (auto& t : g_timed) {
            const bool stop = !t.stopped && now >= t.wall_deadline;
            if (stop) t.over_wall->store(true, std::memory_order_relaxed);
            if (stop || (!t.armed && now >= t.deadline)) {
                // ThreadSanitizer holds an asynchronous signal until the thread enters an
                // instrumented function, which a loop inside the Lua library never does: under
                // TSan only, arm from here as lua.c's hook would (it cannot see Lua's accesses).
                if (kArmBySignal) pthread_kill(t.runner, kArmSignal);
                else arm(t.thread, stop ? 1 : kHookCount, t.line_mask);
                t.armed = true;
                t.stopped = t.stopped || stop;
            }
        }
    }
}

Counting* counting_for(lua_State* L) {
    for (auto& c : t_counting)
        if (c.thread == L) return &c;
    return nullptr;
}

LuaHost& host_of(lua_State* L) { return **static_cast<LuaHost**>(lua_getextraspace(L)); }

// A line event: record it when it belongs to a game file, and count it in the profile.
// Never raises.
void trace_line(lua_State* L, lua_Debug* ar) {
    LuaHost& host = host_of(L);
    if (ScriptProfile* profile = host.script_profile()) profile->on_line(L, ar);
    LineTrace* trace = host.line_trace();
    if (!trace || trace->truncated() || !lua_getinfo(L, "S", ar)) return;
    const Match* m = host.match();
    trace->record(ar->source, ar->currentline, m ? m->log().size() : 0);
}

void script_hook(lua_State* L, lua_Debug* ar) {
    if (ar->event == LUA_HOOKLINE) return trace_line(L, ar);
    if (ar->event == LUA_HOOKCALL || ar->event == LUA_HOOKTAILCALL) {
        if (ScriptProfile* profile = host_of(L).script_profile()) profile->on_call(L, ar);
        return;
    }
    // The hook runs on the script's own thread, so the thread_local counter is the right one.
    Counting* c = counting_for(L);
    if (!c) {
        // Armed on a coroutine created by this call (hooks are inherited): charge its creator's count.
        if (t_counting.empty()) return;
        c = &t_counting.back();
    }
    if (t_over_wall.load(std::memory_order_relaxed))
        raise_wall_clock_error(L, c->match_wall_clock_ms > 0 ? c->match_wall_clock_ms : c->wall_clock_ms,
                               c->match_wall_clock_ms > 0);
    c->used += kHookCount;
    if (c->used < c->budget) return;
    raise_budget_error(L, c->budget, 0);
}

}  // namespace

void raise_budget_error(lua_State* L, std::int64_t budget, int level) {
    {   // C++ strings end with this block: lua_error longjmps past any destructor
        const std::string msg = lua_place(L, level) + "instruction budget of " + std::to_string(budget) +
                                " exceeded (an endless loop?)" + host_of(L).context_suffix();
        lua_pushstring(L, msg.c_str());
        host_of(L).set_unwinding(msg);
    }
    lua_error(L);
}

std::string match_wall_clock_message(std::int64_t match_wall_clock_ms) {
    return "the match's rules ran for more than " + std::to_string(match_wall_clock_ms) +
           " ms of wall-clock time in all (limits.match_wall_clock_ms; time spent waiting for an answer is not counted)";
}

void raise_wall_clock_error(lua_State* L, std::int64_t wall_clock_ms, bool whole_match) {
    {
        const std::string msg =
            lua_place(L, 0) +
            (whole_match ? match_wall_clock_message(wall_clock_ms)
                         : "the call ran for more than " + std::to_string(wall_clock_ms) +
                               " ms of wall-clock time (limits.wall_clock_ms; the instruction budget does not "
                               "count work inside one operation, such as comparing two huge strings)") +
            host_of(L).context_suffix();
        lua_pushstring(L, msg.c_str());
        host_of(L).set_unwinding(msg);
    }
    lua_error(L);
}

void charge_instructions(lua_State* L, std::int64_t units) {
    if (t_counting.empty() || units <= 0) return;
    Counting& c = t_counting.front();
    // A C function's loop charges here between steps, where the hook cannot stop it: the
    // watchdog's verdict is read here too (a sort comparing huge strings for minutes).
    if (t_over_wall.load(std::memory_order_relaxed)) {
        const Counting& last = t_counting.back();
        raise_wall_clock_error(L, last.match_wall_clock_ms > 0 ? last.match_wall_clock_ms : last.wall_clock_ms,
                               last.match_wall_clock_ms > 0);
    }
    c.used = units >= c.budget - c.used ? c.budget : c.used + units;   // no overflow: saturates at the budget
    if (c.used >= c.budget) raise_budget_error(L, c.budget, 1);
}

namespace {
const char* const kNotedErrorKey = "duelbox.noted_error";   // registry: {value, traceback, "file:line"}

// Pushes the note kept for the error value at `value` (absolute) and returns true, or pushes
// nothing and returns false when there is none for that value.
bool push_note_for(lua_State* L, int value) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, kNotedErrorKey) != LUA_TTABLE) {
        lua_pop(L, 1);
        return false;
    }
    lua_rawgeti(L, -1, 1);
    const bool same = lua_rawequal(L, -1, value);
    lua_pop(L, 1);
    if (!same) lua_pop(L, 1);
    return same;
}
}  // namespace

ScriptCall::ScriptCall(LuaHost& host, lua_State* thread, std::int64_t match_ms_left) : host_(host), thread_(thread) {
    std::call_once(g_watchdog_started, [] {
        install_arm_handler();
        std::thread(watchdog_loop).detach();
    });
    outer_thread_ = host.set_running_thread(thread);
    if (!t_counting.empty()) return;   // nested: the outer call already times and counts
    outermost_ = true;
    host.set_memory_error_in_flight(false);   // a new call from C++: nothing is on its way up
    host.clear_memory_refusal();
    host.set_pcall_depth(0);
    host.set_finish_in_flight(false);
    host.clear_unwinding();
    t_over_wall.store(false, std::memory_order_relaxed);
    std::int64_t wall_ms = std::clamp<std::int64_t>(host.limits().wall_clock_ms, 1, 86'400'000);
    // The match's time left cuts the call shorter than its own limit: then the message names the
    // match's limit.
    const bool match_cut = match_ms_left >= 0 && match_ms_left < wall_ms;
    if (match_cut) wall_ms = std::max<std::int64_t>(match_ms_left, 1);
    t_counting.push_back({thread, 0, host.limits().instructions, wall_ms,
                          match_cut ? std::clamp<std::int64_t>(host.limits().match_wall_clock_ms, 1, 86'400'000) : 0});
    // Opt-in: off costs nothing. A profile also counts calls.
    const int line_mask = (host.line_trace() || host.script_profile() ? LUA_MASKLINE : 0) |
                          (host.script_profile() ? LUA_MASKCALL : 0);
    if (ScriptProfile* profile = host.script_profile()) profile->resume_clock();
    const bool strict = host.limits().time_slice_ms <= 0;
    if (strict) arm(thread, kHookCount, line_mask);   // strict mode: count from the first instruction
    else if (line_mask) lua_sethook(thread, script_hook, line_mask, 0);
    // Published before the watchdog can see the call, so its signal finds the state to arm.
    t_arm_line_mask.store(line_mask, std::memory_order_relaxed);
    t_arm_thread.store(thread, std::memory_order_relaxed);
    std::atomic_signal_fence(std::memory_order_seq_cst);
    // Scenario files are capped at 10 s (scenario.cpp); a host built in code is clamped to a day
    // so the deadline cannot overflow the clock (9223372036854775807 ms did, UBSan).
    const std::int64_t slice_ms = std::clamp<std::int64_t>(host.limits().time_slice_ms, 0, 86'400'000);
    const auto now = Clock::now();
    {
        std::lock_guard<std::mutex> lock(g_mutex);
        g_timed.push_back({thread, pthread_self(), now + std::chrono::milliseconds(slice_ms),
                           now + std::chrono::milliseconds(wall_ms), &t_over_wall, line_mask, strict, false});
    }
    g_work.notify_one();
}

ScriptCall::~ScriptCall() {
    host_.set_running_thread(outer_thread_);
    if (!outermost_) return;
    if (ScriptProfile* profile = host_.script_profile()) profile->pause_clock();
    {
        std::lock_guard<std::mutex> lock(g_mutex);
        for (auto it = g_timed.begin(); it != g_timed.end(); ++it)
            if (it->thread == thread_) {
                g_timed.erase(it);
                break;
            }
    }
    // Nothing left to arm before disarming: a signal still on its way then does nothing.
    t_arm_thread.store(nullptr, std::memory_order_relaxed);
    t_over_wall.store(false, std::memory_order_relaxed);
    std::atomic_signal_fence(std::memory_order_seq_cst);
    lua_sethook(thread_, nullptr, 0, 0);
    t_counting.clear();
    host_.clear_unwinding();   // (finish_in_flight stays: the runner reads it after the call)
}

namespace {

// ScriptCall::pcall's message handler: names a failing C function while its frame still exists,
// and notes the stack of the moment, which the pcall unwinds before the error is described (a
// file's top-level error("x", 0) is then named with its line, not only its file).
int noting_error_handler(lua_State* L) {
    error_name_handler(L);
    note_error_stack(L);
    return 1;
}

}  // namespace

// The memory cap is enforced only while Lua runs under protection: an allocation failing
// in a bare API call from C++ would panic, which is exactly the crash we promise not to have.
int ScriptCall::pcall(int nargs, int nresults) {
    const int handler = lua_gettop(thread_) - nargs;
    lua_pushcfunction(thread_, noting_error_handler);
    lua_insert(thread_, handler);
    const bool was = host_.memory_cap_enforced();
    host_.enforce_memory_cap(true);
    Match* m = host_.match();
    const Sym rule = m ? m->rule_symbol() : 0;
    const int status = lua_pcall(thread_, nargs, nresults, handler);
    lua_remove(thread_, handler);
    host_.enforce_memory_cap(was);
    if (status != LUA_OK) {
        if (m && host_.match() == m) m->set_rule_symbol(rule);   // a log.within_rule scope the error left

        describe_failure(thread_, status);
        lua_pop(thread_, 1);
    }
    return status;
}

int ScriptCall::resume(lua_State* from, int nargs, int* nresults) {
    const bool was = host_.memory_cap_enforced();
    host_.enforce_memory_cap(true);
    const int status = lua_resume(thread_, from, nargs, nresults);
    host_.enforce_memory_cap(was);
    // match.finish ends the rules by raising (lua_match.cpp): the runner reads the result, and
    // there is no failure to describe.
    if (status != LUA_OK && status != LUA_YIELD && !host_.finish_in_flight()) {
        if (status == LUA_ERRRUN) qualify_error(thread_, 0);   // a dead coroutine keeps its stack: level 0 raised it
        describe_failure(thread_, status);
    }
    return status;
}

namespace {

// Whether `msg` starts with a script's place, "file:line: " (as Lua's error() at level 1 and up
// writes it: "cards/x.lua:7: ...", "snippet:2: ...", "[string \"...\"]:1: ...").
bool starts_with_place(const std::string& msg) {
    const std::size_t colon = msg.find(": ");
    if (colon == std::string::npos || colon == 0) return false;
    const std::size_t line_colon = msg.rfind(':', colon - 1);
    if (line_colon == std::string::npos || line_colon + 1 >= colon || line_colon == 0) return false;
    for (std::size_t i = line_colon + 1; i < colon; ++i)
        if (msg[i] < '0' || msg[i] > '9') return false;
    return msg.find('\n') == std::string::npos || msg.find('\n') > colon;
}

// Whether `msg` starts with a data file as its place, "maps/x.json: space 7: ..." (a game's rules
// raise at level 0 naming the file a bad value came from): that file, not the script line that
// noticed, is what the reader must fix.
bool starts_with_file(const std::string& msg) {
    const std::size_t colon = msg.find(": ");
    if (colon == std::string::npos || colon == 0) return false;
    const std::string_view first(msg.data(), colon);
    if (first.find(' ') != std::string_view::npos || first.find('\n') != std::string_view::npos) return false;
    return first.find('/') != std::string_view::npos || first.ends_with(".json");
}

}  // namespace

void ScriptCall::describe_failure(lua_State* co, int status) {
    // A coroutine that died growing its stack into the memory cap (endless recursion) has no
    // free slot left: nothing may be pushed onto it unless it grows (the cap is off by now).
    // What is built here is built on the host's main thread, which only reads co's stack.
    lua_State* const main = host_.state();
    const bool room = lua_checkstack(co, 8);
    // The stack where the error was raised, when a C function it passed through noted it.
    std::string noted_traceback, noted_where;
    if (room && push_note_for(co, lua_gettop(co))) {
        lua_rawgeti(co, -1, 2);
        lua_rawgeti(co, -2, 3);
        noted_traceback = lua_tostring(co, -2) ? lua_tostring(co, -2) : "";
        noted_where = lua_tostring(co, -1) ? lua_tostring(co, -1) : "";
        lua_pop(co, 3);
    }
    forget_error_stack(main);   // (the registry: every thread's)
    const auto innermost = [&] { return noted_where.empty() ? innermost_lua_location(co) : noted_where; };
    std::string msg;
    if (status == LUA_ERRMEM) {
        // The dead coroutine's own stack, else (a protected call unwound it: a file's top level)
        // the line the cap refused an allocation at.
        std::string where = innermost_lua_location(co);
        if (where.empty()) where = host_.memory_refused_at();
        msg = (where.empty() ? "" : where + ": ") + "memory cap of " +
              std::to_string(host_.limits().memory_bytes >> 20) + " MB exceeded" + host_.context_suffix();
    } else {
        const char* s = lua_type(co, -1) == LUA_TSTRING || lua_type(co, -1) == LUA_TNUMBER ? lua_tostring(co, -1) : nullptr;
        if (s) {
            msg = s;
            // A message without a place of its own (Lua's "C stack overflow", error("x", 0), a level
            // past the stack, error(42)): the innermost Lua line is where the script was. Not a
            // scenario field's or a data file's error, which a game raises at level 0 on purpose
            // (bad input: the field or the file is the place).
            if (!starts_with_place(msg) && !names_scenario_field(msg) && !starts_with_file(msg)) {
                const std::string where = innermost();
                if (!where.empty()) msg = where + ": " + msg;
            }
        } else {   // error({}) or error(nil): no message to carry a place, so name the innermost line
            const std::string where = innermost();
            msg = (where.empty() ? "" : where + ": ") + "error raised with a " + luaL_typename(co, -1) +
                  " value instead of a message (give error() a string)";
        }
        // Errors raised by the budget hook already carry the context; others get it here.
        const std::string suffix = host_.context_suffix();
        if (!suffix.empty() && msg.find(suffix) == std::string::npos) msg += suffix;
    }
    error_ = msg;
    if (!noted_traceback.empty()) {
        traceback_ = noted_traceback;
        return;
    }
    // The dead coroutine keeps its stack, so the traceback can still be read (from the main thread).
    if (!lua_checkstack(main, LUA_MINSTACK)) return;
    luaL_traceback(main, co, nullptr, 0);
    const char* tb = lua_tostring(main, -1);
    traceback_ = tb ? tb : "";
    lua_pop(main, 1);
}


void note_error_stack(lua_State* L) {
    if (host_of(L).finish_in_flight() || !lua_checkstack(L, 4)) return;   // the match's end: nothing to report
    const int value = lua_gettop(L);
    // An error passing out through nested scopes meets each one's handler: the first note,
    // taken deepest, is the one to keep.
    if (push_note_for(L, value)) {
        lua_pop(L, 1);
        return;
    }
    // Taken right at the memory cap too: a refused allocation here would replace the
    // script's error with "error in error handling".
    LuaHost& host = host_of(L);
    const bool capped = host.memory_cap_enforced();
    host.enforce_memory_cap(false);
    lua_createtable(L, 3, 0);
    lua_pushvalue(L, value);
    lua_rawseti(L, -2, 1);
    luaL_traceback(L, L, nullptr, 1);   // level 0 is the handler
    lua_rawseti(L, -2, 2);
    lua_pushstring(L, innermost_lua_location(L).c_str());
    lua_rawseti(L, -2, 3);
    lua_setfield(L, LUA_REGISTRYINDEX, kNotedErrorKey);
    host.enforce_memory_cap(capped);
}

void forget_error_stack(lua_State* L) {
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, kNotedErrorKey);
}

bool instruction_budget_exhausted() {
    return !t_counting.empty() &&
           (t_counting.front().used >= t_counting.front().budget || t_over_wall.load(std::memory_order_relaxed));
}

std::string innermost_lua_location(lua_State* co) {
    lua_Debug ar;
    for (int level = 0; lua_getstack(co, level, &ar); ++level) {
        if (lua_getinfo(co, "Sl", &ar) && ar.currentline > 0)
            return std::string(ar.short_src) + ":" + std::to_string(ar.currentline);
    }
    return "";
}

}  // namespace duelbox
