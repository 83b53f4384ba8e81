// Determinism (issue: foundation): the same seeded match in two separate processes gives
// byte-identical logs; and every event of long random runs keeps the zone invariant.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "../support/read_text.h"
#include "../support/temp_dir.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/scenario.h"

using namespace duelbox;
using duelbox::test::TempDir;

namespace {

// Runs the CLI in its own process and returns its stdout (kept in file `out`).
std::string run_cli(const std::string& args, const std::string& out) {
    const std::string cmd = std::string(DUELBOX_CLI_PATH) + " " + args + " > " + out + " 2>&1";
    const int status = std::system(cmd.c_str());
    INFO(cmd);
    CHECK(status == 0);
    return test::read_text(out);
}

Scenario duel(std::uint64_t seed, int rounds) {
    Scenario s = load_scenario(DUELBOX_TEST_SUPPORT "/scenarios/duel_demo.json", DUELBOX_TEST_SUPPORT);
    s.seed = seed;
    s.options["rounds"] = rounds;
    return s;
}

}  // namespace

TEST_CASE("the same seeded match in two processes gives byte-identical logs", "[robustness][determinism]") {
    const TempDir dir("determinism");
    const std::string scenario = DUELBOX_TEST_SUPPORT "/scenarios/duel_demo.json";
    const std::string a = run_cli("run " + scenario + " --seed 99 --json", dir.file("a.jsonl"));
    const std::string b = run_cli("run " + scenario + " --seed 99 --json", dir.file("b.jsonl"));
    REQUIRE(a.size() > 1000);
    CHECK(a == b);
    const std::string c = run_cli("run " + scenario + " --seed 100 --json", dir.file("c.jsonl"));
    CHECK(a != c);   // the seed matters
}

TEST_CASE("a recorded replay reproduces the match event for event", "[robustness][determinism]") {
    const TempDir dir("determinism_replay");
    const std::string scenario = DUELBOX_TEST_SUPPORT "/scenarios/duel_demo.json";
    const std::string replay = dir.file("match.replay.json");
    run_cli("run " + scenario + " --seed 5 --quiet --record " + replay, dir.file("run.txt"));
    const std::string out = run_cli("replay " + replay, dir.file("replay.txt"));
    CHECK(out.find("Replay matches the recording") != std::string::npos);
    const Replay r = load_replay(replay, DUELBOX_TEST_SUPPORT);
    CHECK(r.scenario.decisions.size() > 10);
    CHECK(r.scenario.seats[0].agent == "scripted");
}

TEST_CASE("the same host plays the same match twice with identical logs", "[robustness][determinism]") {
    LuaHost host;
    std::vector<std::string> errors;
    REQUIRE(host.load_game(DUELBOX_TEST_SUPPORT, "duel", errors));
    std::vector<std::string> logs;
    for (int i = 0; i < 2; ++i) {
        MatchRunner runner(host, duel(42, 30));
        REQUIRE(runner.run() == RunState::Finished);
        std::string log;
        for (const Event& e : runner.match().log().events()) log += runner.match().log().to_json_line(e, EventLog::kObserver, nullptr) + "\n";
        logs.push_back(log);
    }
    CHECK(logs[0] == logs[1]);
}

TEST_CASE("every entity is in exactly one zone after every event of long random runs", "[robustness][invariants]") {
    LuaHost host;
    std::vector<std::string> errors;
    REQUIRE(host.load_game(DUELBOX_TEST_SUPPORT, "duel", errors));
    std::size_t checked = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        Scenario s = duel(seed, 200);
        for (auto& seat : s.seats) seat.setup["health"] = 20;   // long matches
        MatchRunner runner(host, s);
        std::string broken;
        runner.set_event_observer([&](const Match& m, std::uint32_t seq) {
            ++checked;
            if (broken.empty()) {
                const std::string problem = m.check_invariants();
                if (!problem.empty())
                    broken = "after event " + std::to_string(seq) + " (" + std::string(symbol(m.log().type_of(seq))) + "): " + problem;
            }
        });
        const RunState end = runner.run();
        INFO("seed " << seed << ": " << runner.error());
        REQUIRE(end == RunState::Finished);
        CHECK(broken.empty());
    }
    CHECK(checked > 10000);
}
