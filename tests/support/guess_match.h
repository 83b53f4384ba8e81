// guess_match.h - the Guess fixture game (tests/support/scripts/guess: one secret simultaneous
// choice, then the end) loaded on a host and stopped at its one decision group, for the
// search's tests.
#pragma once
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "lua/host.h"
#include "lua/match_runner.h"

namespace duelbox::test {

struct GuessMatch {
    Scenario scenario;
    LuaHost host;
    std::vector<DecisionRequest> group;   // both players' "guess" requests

    // `kind`: the fixture's option (rps, higher, twins); empty keeps its default.
    explicit GuessMatch(const std::string& kind = "")
        : scenario(load_scenario(std::string(DUELBOX_TEST_SUPPORT) + "/scenarios/guess.json", DUELBOX_TEST_SUPPORT)),
          host(scenario.limits) {
        if (!kind.empty()) scenario.options["kind"] = kind;
        std::vector<std::string> errors;
        REQUIRE(host.load_game(scenario, errors));
        Scenario t = scenario;
        t.stop.after_decisions = 0;
        MatchRunner r(host, t);
        REQUIRE(r.run() == RunState::Stopped);
        group = r.pending();
        REQUIRE(group.size() == 2);
    }
};

}  // namespace duelbox::test
