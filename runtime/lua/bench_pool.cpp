// bench_pool.cpp - see bench_pool.h.
#include "bench_pool.h"

#include <algorithm>
#include <exception>
#include <map>
#include <memory>
#include <mutex>

#include <nlohmann/json.hpp>

#include "host.h"
#include "host_pool.h"
#include "raw_field.h"
#include "setup_reuse.h"
#include "kernel/json_text.h"

namespace duelbox {

namespace {

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

// `reuse`: this host's shared setup (BenchOptions::reuse_setup), or null.
BenchMatch play_one(LuaHost& host, const Scenario& base, std::uint64_t seed, const BenchOptions& o,
                    const std::string& unit_event, SetupReuse* reuse) {
    Scenario s = base;
    s.seed = seed;
    s.decisions.clear();
    s.stop = StopAt{};
    for (auto& seat : s.seats) seat.agent = "random";
    MatchRunner runner(host, std::move(s));
    if (reuse) reuse->start(host, runner, 0);   // one scenario: every match shares its key
    std::size_t chars = 0;
    if (o.narrate)
        runner.set_event_observer(
            [&](const Match& m, std::uint32_t seq) { chars += m.narrate(m.log().event(seq), EventLog::kObserver).size(); });
    BenchMatch r;
    r.seed = seed;
    r.state = runner.run();
    if (r.state != RunState::Finished) r.error = runner.error();
    if (reuse) reuse->keep(host, runner);
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
    run.matches.resize(static_cast<std::size_t>(matches));
    std::string unit_event, unit_name = "unit";   // the same in every worker: the first one's reading
    std::once_flag read_once;
    PoolJobs jobs = PoolJobs::of(base, opts.workers, matches);
    std::mutex profiles_mutex;
    std::vector<std::unique_ptr<ScriptProfile>> profiles;   // one per worker's host
    // Per host (one worker each): the setup its matches share (BenchOptions::reuse_setup). The
    // map is guarded; each entry has one user.
    std::mutex reuse_mutex;
    std::map<const LuaHost*, SetupReuse> reuse;
    jobs.loaded = [&](LuaHost& host) {
        std::call_once(read_once, [&] { read_bench_unit(host, unit_event, unit_name); });
        if (!opts.profile) return;
        std::lock_guard<std::mutex> lock(profiles_mutex);
        host.set_script_profile(profiles.emplace_back(std::make_unique<ScriptProfile>()).get());
    };
    jobs.job = [&](LuaHost& host, int i) {
        BenchMatch& slot = run.matches[static_cast<std::size_t>(i)];   // each index has one writer
        const std::uint64_t seed = opts.seed + static_cast<std::uint64_t>(i);
        SetupReuse* mine = nullptr;
        if (opts.reuse_setup) {
            std::lock_guard<std::mutex> lock(reuse_mutex);
            mine = &reuse[&host];   // std::map: the entry stays where it is as others are added
        }
        try {
            slot = play_one(host, base, seed, opts, unit_event, mine);
        } catch (const std::exception& e) {   // the runner catches script faults; this is bad_alloc and worse
            slot = BenchMatch{};
            slot.seed = seed;
            slot.state = RunState::Failed;
            slot.error = std::string("internal error: ") + e.what();
        }
    };
    const PoolRun pool = run_on_hosts(jobs);
    run.workers = pool.workers;
    if (!pool.load_errors.empty()) {
        run.load_errors = pool.load_errors;
        run.matches.clear();
        return run;
    }
    run.unit_event = unit_event;
    run.unit_name = unit_name;
    run.wall_seconds = pool.wall_seconds;
    run.cpu_seconds = pool.cpu_seconds;
    if (!profiles.empty()) {
        for (std::size_t i = 1; i < profiles.size(); ++i) profiles[0]->merge(*profiles[i]);
        run.profile = profiles[0]->report();
    }
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
    return json_text(j);
}

}  // namespace duelbox
