#include "script_call.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <thread>

#include "error_names.h"
#include "host.h"
#include "kernel/match.h"
#include "line_trace.h"

namespace duelbox {

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kHookCount = 10000;   // instructions between two hook calls once armed

// One timed call at a time per host thread; the watchdog watches every live one.
struct Timed {
    lua_State* thread = nullptr;
    LuaHost* host = nullptr;
    Clock::time_point start;
    bool armed = false;
    int line_mask = 0;                 // LUA_MASKLINE while the host records a line trace
};

// The instruction counter of each state lives here, keyed by the state it belongs to.
struct Counting {
    lua_State* thread;
    std::int64_t used;
    std::int64_t budget;
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
        for (auto& t : g_timed) {
            if (t.armed) continue;
            const auto slice = std::chrono::milliseconds(t.host->limits().time_slice_ms);
            // lua_sethook is safe to call from another thread (lua.c does it from a signal handler).
            if (now - t.start >= slice) {
                arm(t.thread, kHookCount, t.line_mask);
                t.armed = true;
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

// A line event: record it when it belongs to a game file. Never raises.
void trace_line(lua_State* L, lua_Debug* ar) {
    LuaHost& host = host_of(L);
    LineTrace* trace = host.line_trace();
    if (!trace || trace->truncated() || !lua_getinfo(L, "S", ar)) return;
    const Match* m = host.match();
    trace->record(ar->source, ar->currentline, m ? m->log().size() : 0);
}

void script_hook(lua_State* L, lua_Debug* ar) {
    if (ar->event == LUA_HOOKLINE) return trace_line(L, ar);
    // The hook runs on the script's own thread, so the thread_local counter is the right one.
    Counting* c = counting_for(L);
    if (!c) {
        // Armed on a coroutine created by this call (hooks are inherited): charge its creator's count.
        if (t_counting.empty()) return;
        c = &t_counting.back();
    }
    c->used += kHookCount;
    if (c->used < c->budget) return;
    {   // C++ strings end with this block: lua_error longjmps past any destructor
        lua_Debug here;
        std::string where;
        if (lua_getstack(L, 0, &here) && lua_getinfo(L, "Sl", &here) && here.currentline > 0)
            where = std::string(here.short_src) + ":" + std::to_string(here.currentline) + ": ";
        LuaHost& host = host_of(L);
        const std::string msg = where + "instruction budget of " + std::to_string(c->budget) +
                                " exceeded (an endless loop?)" + host.context_suffix();
        lua_pushstring(L, msg.c_str());
    }
    lua_error(L);
}

}  // namespace

ScriptCall::ScriptCall(LuaHost& host, lua_State* thread) : host_(host), thread_(thread) {
    std::call_once(g_watchdog_started, [] { std::thread(watchdog_loop).detach(); });
    if (!t_counting.empty()) return;   // nested: the outer call already times and counts
    outermost_ = true;
    host.set_memory_error_in_flight(false);   // a new call from C++: nothing is on its way up
    t_counting.push_back({thread, 0, host.limits().instructions});
    const int line_mask = host.line_trace() ? LUA_MASKLINE : 0;   // opt-in: off costs nothing
    if (host.limits().time_slice_ms <= 0) {
        arm(thread, kHookCount, line_mask);   // strict mode: count from the first instruction
        return;
    }
    {
        std::lock_guard<std::mutex> lock(g_mutex);
        // Set under the lock so the watchdog, arming the counter, sees the line mask too.
        if (line_mask) lua_sethook(thread, script_hook, line_mask, 0);
        g_timed.push_back({thread, &host, Clock::now(), false, line_mask});
    }
    g_work.notify_one();
}

ScriptCall::~ScriptCall() {
    if (!outermost_) return;
    {
        std::lock_guard<std::mutex> lock(g_mutex);
        for (auto it = g_timed.begin(); it != g_timed.end(); ++it)
            if (it->thread == thread_) {
                g_timed.erase(it);
                break;
            }
        lua_sethook(thread_, nullptr, 0, 0);
    }
    t_counting.clear();
}

// The memory cap is enforced only while Lua runs under protection: an allocation failing
// in a bare API call from C++ would panic, which is exactly the crash we promise not to have.
int ScriptCall::pcall(int nargs, int nresults) {
    // The message handler names the failing C function while its frame still exists.
    const int handler = lua_gettop(thread_) - nargs;
    lua_pushcfunction(thread_, error_name_handler);
    lua_insert(thread_, handler);
    const bool was = host_.memory_cap_enforced();
    host_.enforce_memory_cap(true);
    const int status = lua_pcall(thread_, nargs, nresults, handler);
    lua_remove(thread_, handler);
    host_.enforce_memory_cap(was);
    if (status != LUA_OK) {
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
    if (status != LUA_OK && status != LUA_YIELD) {
        if (status == LUA_ERRRUN) qualify_error(thread_, 0);   // a dead coroutine keeps its stack: level 0 raised it
        describe_failure(thread_, status);
    }
    return status;
}

void ScriptCall::describe_failure(lua_State* co, int status) {
    std::string msg;
    if (status == LUA_ERRMEM) {
        const std::string where = innermost_lua_location(co);
        msg = (where.empty() ? "" : where + ": ") + "memory cap of " +
              std::to_string(host_.limits().memory_bytes >> 20) + " MB exceeded" + host_.context_suffix();
    } else {
        const char* s = lua_tostring(co, -1);
        msg = s ? s : "(error object is not a string)";
        // Errors raised by the budget hook already carry the context; others get it here.
        const std::string suffix = host_.context_suffix();
        if (!suffix.empty() && msg.find(suffix) == std::string::npos) msg += suffix;
    }
    error_ = msg;
    // The dead coroutine keeps its stack, so the traceback can still be read.
    luaL_traceback(co, co, nullptr, 0);
    const char* tb = lua_tostring(co, -1);
    traceback_ = tb ? tb : "";
    lua_pop(co, 1);
}

bool instruction_budget_exhausted() {
    return !t_counting.empty() && t_counting.front().used >= t_counting.front().budget;
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
