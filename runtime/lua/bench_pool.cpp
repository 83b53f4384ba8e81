// bench_pool.cpp - see bench_pool.h.
#include "bench_pool.h"

#include <time.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <latch>
#include <thread>

#include <nlohmann/json.hpp>

#include "host.h"
#include "raw_field.h"

namespace duelbox {

namespace {

using Clock = std::chrono::steady_clock;

// CPU time of the calling thread only: with several workers on shared cores, wall time per
// beat would charge a worker for the time it waited for a core.
double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

std::uint64_t fnv1a(std::uint64_t h, const std::string& s) {
    for (unsigned char c : s) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return h;
}

// game.lua's `bench_unit = {event = "bc.beat", name = "beat"}`, when the game has one.
void read_bench_unit(LuaHost& host, std::string& event, std::string& name) {
    lua_State* L = host.state();
    const int top = lua_gettop(L);
    host.push_game(L);
    if (lua_istable(L, -1) && raw_field(L, -1, "bench_unit") == LUA_TTABLE) {   // raw: raw_field.h
        if (raw_field(L, -1, "event") == LUA_TSTRING) event = lua_tostring(L, -1);
        if (raw_field(L, -2, "name") == LUA_TSTRING) name = lua_tostring(L, -1);
    }
    lua_settop(L, top);
}

BenchMatch play_one(LuaHost& host, const Scenario& base, std::uint64_t seed, const BenchOptions& o,
                    const std::string& unit_event) {
    Scenario s = base;
    s.seed = seed;
    s.decisions.clear();
    s.stop = StopAt{};
    for (auto& seat : s.seats) seat.agent = "random";
    MatchRunner runner(host, std::move(s));
    std::size_t chars = 0;
    if (o.narrate)
        runner.set_event_observer([&](const Match& m, const Event& e) { chars += m.narrate(e, EventLog::kObserver).size(); });
    BenchMatch r;
    r.seed = seed;
    r.state = runner.run();
    if (r.state != RunState::Finished) r.error = runner.error();
    const Match& m = runner.match();
    for (PlayerIndex p : m.result().winners) r.winners.push_back(p + 1);
    r.reason = m.result().reason;
    for (int p = 0; p < m.player_count(); ++p) r.health.push_back(m.counter(m.player(p).entity, "health"));
    r.events = m.log().size();
    r.units = m.log().count(unit_event);   // on the flat records: no readable events are made
    if (o.hash_logs) {
        const NameResolver names = m.names();
        std::uint64_t h = 0xcbf29ce484222325ull;
        for (const Event& e : m.log().events()) h = fnv1a(h, m.log().to_json_line(e, EventLog::kObserver, &names) + "\n");
        r.log_hash = h;
    }
    (void)chars;
    return r;
}

}  // namespace

BenchRun run_bench(const Scenario& base, const BenchOptions& opts) {
    BenchRun run;
    const int matches = std::max(1, opts.matches);
    const int workers = std::clamp(opts.workers, 1, matches);
    run.workers = workers;
    run.matches.resize(static_cast<std::size_t>(matches));

    struct Worker {                        // written by its thread only; read after join
        std::vector<std::string> errors;
        std::string unit_event, unit_name = "unit";
        double cpu = 0;
        Clock::time_point end;
    };
    std::vector<Worker> w(static_cast<std::size_t>(workers));
    std::atomic<int> next{0};              // the next match index to play
    std::atomic<bool> load_failed{false};
    std::latch loaded(workers + 1);        // every host loaded (and the caller took the start time)
    Clock::time_point start;
    std::string spawn_error;

    auto work = [&](Worker& me) {
        LuaHost host(base.limits);         // this thread's own Lua state
        if (!host.load_game(base.root, base.game, me.errors)) load_failed = true;
        else read_bench_unit(host, me.unit_event, me.unit_name);
        loaded.arrive_and_wait();
        if (load_failed) return;
        const double cpu0 = thread_cpu_seconds();
        for (int i = next.fetch_add(1); i < matches; i = next.fetch_add(1)) {
            BenchMatch& slot = run.matches[static_cast<std::size_t>(i)];   // each index has one writer
            const std::uint64_t seed = opts.seed + static_cast<std::uint64_t>(i);
            try {
                slot = play_one(host, base, seed, opts, me.unit_event);
            } catch (const std::exception& e) {   // the runner catches script faults; this is bad_alloc and worse
                slot = BenchMatch{};
                slot.seed = seed;
                slot.state = RunState::Failed;
                slot.error = std::string("internal error: ") + e.what();
            }
        }
        me.cpu = thread_cpu_seconds() - cpu0;
        me.end = Clock::now();
    };
    {
        std::vector<std::jthread> threads;
        threads.reserve(w.size());
        try {
            for (Worker& me : w) threads.emplace_back(work, std::ref(me));
        } catch (const std::exception& e) {   // no thread to be had: the started ones must not wait forever
            load_failed = true;
            spawn_error = std::string("cannot start a worker thread: ") + e.what();
            loaded.count_down(static_cast<std::ptrdiff_t>(w.size() - threads.size()));
        }
        loaded.arrive_and_wait();
        start = Clock::now();
    }   // joins every worker
    if (!spawn_error.empty()) {
        run.load_errors = {spawn_error};
        run.matches.clear();
        return run;
    }
    for (const Worker& me : w)
        if (!me.errors.empty()) {
            run.load_errors = me.errors;
            run.matches.clear();
            return run;
        }
    run.unit_event = w.front().unit_event;
    run.unit_name = w.front().unit_name;
    Clock::time_point end = start;
    for (const Worker& me : w) {
        run.cpu_seconds += me.cpu;
        end = std::max(end, me.end);
    }
    run.wall_seconds = std::chrono::duration<double>(end - start).count();
    return run;
}

std::string bench_result_json(const BenchMatch& m) {
    nlohmann::ordered_json j;              // keys in this order, as the format says
    j["seed"] = m.seed;
    j["winner"] = m.winners.empty() ? 0 : m.winners.front();
    if (m.winners.size() > 1) j["winners"] = m.winners;
    j["beats"] = m.units;
    j["health"] = m.health;
    j["reason"] = m.reason;
    if (m.state != RunState::Finished) j["error"] = m.error;
    return j.dump();
}

}  // namespace duelbox
