// `duelbox bench --workers N` (runtime/lua/bench_pool.h): N threads, each with its own Lua
// state, split the matches. Match i must use seed base+i and play exactly the same whatever
// N is: same winner, units, health, reason and event log (hashed). A worker that reused
// another's seed, a host whose state leaked between threads, or results written to the
// wrong slot would make the runs differ.
#include <catch2/catch.hpp>

#include <set>

#include "lua/bench_pool.h"
#include "scenario/scenario.h"

using namespace duelbox;

namespace {

const std::string kRoot = std::string(DUELBOX_TEST_SUPPORT) + "/../..";

BenchRun bench(const Scenario& s, int workers, int matches) {
    BenchOptions o;
    o.matches = matches;
    o.seed = 1000;
    o.workers = workers;
    o.hash_logs = true;
    BenchRun r = run_bench(s, o);
    REQUIRE(r.load_errors.empty());
    REQUIRE(r.workers == workers);
    REQUIRE(r.matches.size() == static_cast<std::size_t>(matches));
    return r;
}

}  // namespace

TEST_CASE("bench: every match plays the same for 1, 2 or 3 workers", "[robustness][bench]") {
    constexpr int kMatches = 40;
    for (const char* game : {"battlecon", "unmatched", "tagteam"}) {
        INFO(game);
        const Scenario s = load_scenario(kRoot + "/examples/" + game + "/bench.json", kRoot);
        const BenchRun one = bench(s, 1, kMatches);
        std::set<std::uint64_t> hashes;
        for (std::size_t i = 0; i < one.matches.size(); ++i) {
            const BenchMatch& m = one.matches[i];
            INFO("match " << i << ": " << m.error);
            CHECK(m.seed == 1000 + i);
            CHECK(m.state == RunState::Finished);
            CHECK(m.units > 0);
            CHECK(m.health.size() == s.seats.size());
            hashes.insert(m.log_hash);
        }
        // Distinct seeds give distinct matches: a bench that played one seed everywhere fails here.
        CHECK(hashes.size() == one.matches.size());
        for (int workers : {2, 3}) {
            const BenchRun many = bench(s, workers, kMatches);
            for (std::size_t i = 0; i < one.matches.size(); ++i) {
                const BenchMatch &a = one.matches[i], &b = many.matches[i];
                INFO(workers << " workers, match " << i << " (seed " << a.seed << ")");
                CHECK(b.seed == a.seed);
                CHECK(b.state == a.state);
                CHECK(b.winners == a.winners);
                CHECK(b.units == a.units);
                CHECK(b.events == a.events);
                CHECK(b.health == a.health);
                CHECK(b.reason == a.reason);
                CHECK(b.error == a.error);
                CHECK(b.log_hash == a.log_hash);
                CHECK(bench_result_json(b) == bench_result_json(a));
            }
        }
    }
}

TEST_CASE("bench: more workers than matches starts one per match", "[robustness][bench]") {
    const Scenario s = load_scenario(kRoot + "/examples/battlecon/bench.json", kRoot);
    BenchOptions o;
    o.matches = 2;
    o.workers = 8;
    const BenchRun r = run_bench(s, o);
    CHECK(r.workers == 2);
    REQUIRE(r.matches.size() == 2);
    CHECK(r.matches[0].seed == 1);
    CHECK(r.matches[1].seed == 2);
    CHECK(r.unit_name == "beat");
}

TEST_CASE("bench: a game that does not load plays nothing and says why", "[robustness][bench]") {
    Scenario s = load_scenario(kRoot + "/examples/battlecon/bench.json", kRoot);
    s.game = "no_such_game";
    BenchOptions o;
    o.matches = 4;
    o.workers = 2;
    const BenchRun r = run_bench(s, o);
    REQUIRE_FALSE(r.load_errors.empty());
    CHECK_THAT(r.load_errors.front(), Catch::Contains("scripts/no_such_game/game.lua"));
    CHECK(r.matches.empty());
}

TEST_CASE("bench: --results lines have the exact format", "[robustness][bench]") {
    BenchMatch m;
    m.seed = 12;
    m.state = RunState::Finished;
    m.winners = {1};
    m.units = 9;
    m.health = {0, 7};
    m.reason = "knockout";
    CHECK(bench_result_json(m) == R"({"seed":12,"winner":1,"beats":9,"health":[0,7],"reason":"knockout"})");
    m.winners = {};
    m.reason = "draw";
    CHECK(bench_result_json(m) == R"({"seed":12,"winner":0,"beats":9,"health":[0,7],"reason":"draw"})");
    m.winners = {1, 3};
    m.reason = "team";
    CHECK(bench_result_json(m) ==
          R"({"seed":12,"winner":1,"winners":[1,3],"beats":9,"health":[0,7],"reason":"team"})");
    m.winners = {};
    m.state = RunState::Failed;
    m.reason = "";
    m.error = "scripts/x/game.lua:3: boom";
    CHECK(bench_result_json(m) ==
          R"({"seed":12,"winner":0,"beats":9,"health":[0,7],"reason":"","error":"scripts/x/game.lua:3: boom"})");
}
