// helter_examples_test.cpp - the scenarios in examples/helter/ run as a user would run them: the
// four-player match plays to a winner, and the one-turn walkthrough meets its expectations with
// narration and the spec section on every event of the turn it teaches.
#include <catch2/catch.hpp>

#include "helter_run.h"
#include "scenario/expectations.h"

using namespace duelbox;
using namespace duelbox::helter_test;

namespace {
std::unique_ptr<MatchRunner> run_file(const std::string& name, RunState& state) {
    const std::string root = test::games_root();
    auto r = std::make_unique<MatchRunner>(host(), load_scenario(root + "/examples/helter/" + name, root));
    state = r->run();
    return r;
}
}  // namespace

TEST_CASE("examples/helter/four_player_match.json plays four teams to a winner", "[helter]") {
    RunState state{};
    auto r = run_file("four_player_match.json", state);
    INFO(r->error());
    REQUIRE(state == RunState::Finished);
    CHECK(r->match().result().winners.size() == 1);
    CHECK(r->match().player_count() == 4);
}

TEST_CASE("the turn walkthrough: deploy, SNIPE, DEFLECT, INTERRUPT, MOVE, MELEE, return, draw (§4, §6, §7, §10)", "[helter]") {
    RunState state{};
    auto r = run_file("turn_walkthrough.json", state);
    INFO(r->error());
    REQUIRE(state == RunState::Stopped);
    const Match& m = r->match();
    const auto problems = check_expectations(r->scenario().expect, m, r->error(), r->visible_events());
    for (const auto& p : problems) FAIL_CHECK(p);
    CHECK(problems.empty());
    bool started = false;
    int checked = 0;
    for (const Event& e : m.log().events()) {
        if (e.type == "helter.turn") started = true;
        if (!started) continue;
        INFO("event " << e.seq << " " << e.type);
        CHECK_FALSE(m.narrate(e, EventLog::kObserver).empty());
        const Value& rule = e.get("rule");
        CHECK(std::holds_alternative<std::string>(rule));
        if (const auto* s = std::get_if<std::string>(&rule)) CHECK(s->rfind("§", 0) == 0);
        ++checked;
    }
    CHECK(checked > 40);
}
