// Timing windows driven from Lua (issue: foundation, "tests"): re-entrant dispatch, limits,
// a decision asked from inside a window, owner ordering.
#include <catch2/catch.hpp>

#include "probe_run.h"

using namespace duelbox;
using namespace duelbox::test;

TEST_CASE("a handler that removes itself during dispatch fires once and does not disturb the others",
          "[robustness][windows]") {
    auto host = probe_host();
    // self_remove sits between two echoes, so removing it mid-walk must not skip the next one.
    MatchRunner runner(*host, probe_scenario({"probe/echo", "probe/self_remove", "probe/echo"}, 2));
    REQUIRE(runner.run() == RunState::Finished);
    const auto dispatched = events_of(runner.match(), "dispatched");
    REQUIRE(dispatched.size() == 2);
    CHECK(std::get<std::int64_t>(dispatched[0]->get("fired")) == 3);
    CHECK(std::get<std::int64_t>(dispatched[1]->get("fired")) == 2);
    CHECK(events_of(runner.match(), "fired").size() == 5);
}

TEST_CASE("a handler added during dispatch first fires at the next dispatch", "[robustness][windows]") {
    auto host = probe_host();
    MatchRunner runner(*host, probe_scenario({"probe/adder"}, 2));
    REQUIRE(runner.run() == RunState::Finished);
    const auto dispatched = events_of(runner.match(), "dispatched");
    REQUIRE(dispatched.size() == 2);
    CHECK(std::get<std::int64_t>(dispatched[0]->get("fired")) == 1);
    CHECK(std::get<std::int64_t>(dispatched[1]->get("fired")) == 2);
}

TEST_CASE("once per round versus each time", "[robustness][windows]") {
    auto host = probe_host();
    Scenario s = probe_scenario({"probe/once_per_round", "probe/echo"}, 4);
    s.setup["period_every"] = 2;   // two dispatches per round, two rounds
    MatchRunner runner(*host, s);
    REQUIRE(runner.run() == RunState::Finished);
    int limited = 0, each = 0;
    for (const Event* e : events_of(runner.match(), "fired")) {
        const auto card = static_cast<EntityId>(std::get<std::int64_t>(e->get("card")));
        (runner.match().entity(card).def == "probe/once_per_round" ? limited : each)++;
    }
    CHECK(limited == 2);   // once in each of the two rounds
    CHECK(each == 4);      // every dispatch
}

TEST_CASE("a handler asks its owner a decision from inside a window", "[robustness][windows][decide]") {
    auto host = probe_host();
    Scenario s = probe_scenario({"probe/asker"});
    s.seats[0].agent = "scripted";
    ScriptedDecision yes;
    yes.player = 0;
    yes.id = "asker.gain";
    yes.yes = true;
    s.decisions = {yes};
    MatchRunner runner(*host, s);
    REQUIRE(runner.run() == RunState::Finished);
    const Match& m = runner.match();
    CHECK(m.counter(m.player(0).entity, "score") == 2);
    const auto decisions = events_of(m, "decision");
    REQUIRE(decisions.size() == 1);
    CHECK(std::get<std::string>(decisions[0]->get("answer")) == "yes");
    CHECK(m.log().where(*decisions[0]) == "cards/probe/asker.lua:5");
    REQUIRE(runner.taken().size() == 1);
    CHECK(runner.taken()[0].yes == std::optional<bool>(true));
}

TEST_CASE("a scripted seat with no answer left fails naming the question and the line", "[robustness][windows][decide]") {
    auto host = probe_host();
    Scenario s = probe_scenario({"probe/asker"});
    s.seats[0].agent = "scripted";
    MatchRunner runner(*host, s);
    REQUIRE(runner.run() == RunState::Failed);
    CHECK(runner.error() ==
          "player 1 is scripted but no scripted decision is left for 'asker.gain' (gain 2?), asked at cards/probe/asker.lua:5");
}

TEST_CASE("a scripted answer that does not fit names the decision's field path", "[robustness][windows][decide]") {
    auto host = probe_host();
    Scenario s = probe_scenario({"probe/asker"});
    ScriptedDecision wrong;
    wrong.player = 0;
    wrong.id = "something.else";
    wrong.yes = true;
    s.decisions = {wrong};
    MatchRunner runner(*host, s);
    REQUIRE(runner.run() == RunState::Failed);
    CHECK(runner.error() == "decisions[0]: scripted answer for 'something.else' but player 1 was asked 'asker.gain' (gain 2?)");
}

TEST_CASE("the owner orders simultaneous handlers when the rules ask", "[robustness][windows][decide]") {
    auto host = probe_host();
    Scenario s = probe_scenario({"probe/echo", "probe/once_per_round"});
    s.setup["owner_orders"] = true;
    ScriptedDecision order;
    order.player = 0;
    order.id = "order.go";
    order.picks = {2, 1};   // the second card first
    s.decisions = {order};
    MatchRunner runner(*host, s);
    REQUIRE(runner.run() == RunState::Finished);
    const auto fired = events_of(runner.match(), "fired");
    REQUIRE(fired.size() == 2);
    const auto first = static_cast<EntityId>(std::get<std::int64_t>(fired[0]->get("card")));
    CHECK(runner.match().entity(first).def == "probe/once_per_round");
}
