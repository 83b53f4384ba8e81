// The scenarios in examples/unmatched/ load, run and hold their expectations: the teaching
// walkthrough of the rulebook's combat example, the match to watch and the benchmark match.
#include <catch2/catch.hpp>

#include "scenario/expectations.h"
#include "scenario/scenario.h"
#include "um_support.h"

using namespace duelbox;
using namespace duelbox::test;

namespace {
RunResult run_example(const std::string& name) {
    return run_scenario(load_scenario(um::repo_root() + "/examples/unmatched/" + name, um::repo_root()));
}
}  // namespace

TEST_CASE("UM-01 the combat walkthrough example holds its expectations", "[unmatched]") {
    RunResult r = run_example("combat_example.json");
    REQUIRE(r.error == "");
    CHECK(r.state == RunState::Stopped);
    CHECK(check_expectations(r.runner->scenario().expect, r.match(), r.error, r.runner->visible_events()).empty());
    CHECK(r.values("window", "when") == std::vector<nlohmann::json>{"AFTER COMBAT", "AFTER COMBAT"});
}

TEST_CASE("Unmatched the example match and the bench match play to a winner", "[unmatched]") {
    for (const char* name : {"match.json", "bench.json"}) {
        INFO(name);
        RunResult r = run_example(name);
        REQUIRE(r.error == "");
        REQUIRE(r.finished());
        CHECK(um::winners(r).size() == 1);
        CHECK(r.match().check_invariants() == "");
    }
}

TEST_CASE("Unmatched the same seed gives the same log in two fresh Lua states", "[unmatched]") {
    // Each LuaHost seeds Lua's string hash differently, so any pairs() order leaking into the
    // rules would show up here as a different log.
    RunResult a = run_example("match.json");
    RunResult b = run_example("match.json");
    REQUIRE(a.finished());
    REQUIRE(b.finished());
    REQUIRE(a.events().size() == b.events().size());
    for (std::size_t i = 0; i < a.events().size(); ++i) {
        INFO("event " << i);
        REQUIRE(a.match().log().to_json_line(a.events()[i], EventLog::kObserver, nullptr) ==
                b.match().log().to_json_line(b.events()[i], EventLog::kObserver, nullptr));
    }
}
