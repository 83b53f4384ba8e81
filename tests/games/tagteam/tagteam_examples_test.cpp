// tagteam_examples_test.cpp - the scenarios in examples/tagteam/ run as a user would run them:
// the first game plays to its end, the walkthrough's expectations hold, the bench file loads.
#include <catch2/catch.hpp>

#include "scenario/expectations.h"
#include "tagteam_run.h"

using namespace duelbox;
using namespace duelbox::tagteam_test;

namespace {
Run run_file(const std::string& name) {
    return play(load_scenario(root() + "/examples/tagteam/" + name, root()));
}
}  // namespace

TEST_CASE("examples/tagteam/first_game.json plays the rulebook's first-game teams to the end", "[tagteam]") {
    Run r = run_file("first_game.json");
    INFO(r.runner->error());
    REQUIRE(r.state == RunState::Finished);
    CHECK(r.m().entity(r.fighter(1, 1)).name == "Jeanne");
    CHECK(r.m().entity(r.fighter(2, 2)).name == "Wong Fei-hung");
    CHECK(!r.events("tagteam.turn").empty());
}

TEST_CASE("examples/tagteam/walkthrough_round1.json meets its expectations", "[tagteam]") {
    Run r = run_file("walkthrough_round1.json");
    REQUIRE(r.state == RunState::Stopped);
    const auto problems = check_expectations(r.runner->scenario().expect, r.m(), r.runner->error(),
                                             r.runner->visible_events());
    for (const auto& p : problems) FAIL_CHECK(p);
    CHECK(problems.empty());
    CHECK(r.runner->scenario().expect.counters.size() == 5);
}

TEST_CASE("examples/tagteam/bench.json deals random teams", "[tagteam]") {
    Run r = run_file("bench.json");
    INFO(r.runner->error());
    REQUIRE(r.state == RunState::Finished);
    CHECK(r.runner->scenario().options.at("teams") == "random");
}
