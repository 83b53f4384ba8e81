// rule_steps_test.cpp - teaching mode's "rule steps only" (Session::step_rule) when the
// scripts set a rule context: every event of a step carries the same rule, and a step
// starts where the rule changes.
#include <catch2/catch.hpp>

#include "model/session.h"

using namespace duelbox;
using namespace duelbox::editor;

namespace {

// The snippet fixture game runs setup.code as its rules.
Scenario snippet(const std::string& code) {
    Scenario s;
    s.game = "snippet";
    s.root = DUELBOX_TEST_SUPPORT;
    s.seed = 1;
    for (const char* name : {"A", "B"}) {
        SeatSpec seat;
        seat.name = name;
        seat.agent = "first";
        s.seats.push_back(seat);
    }
    s.setup = {{"code", code}};
    return s;
}

}  // namespace

TEST_CASE("editor: with a rule context, teaching steps go to where the rule changes, both ways", "[editor]") {
    Session session;
    std::string error;
    REQUIRE(session.open(snippet(R"(log.within_rule("§1", function() log.event("a") log.event("b") end)
log.within_rule("§2", function() log.event("c") log.event("d") end)
log.event("e")
log.within_rule("§2", function() log.event("f") end))"),
                         error));
    INFO(error);
    const auto& events = session.run().match().log().events();
    REQUIRE(events.size() >= 8);
    REQUIRE(events[2].type == "a");   // 0, 1: the players' entities
    session.travel(0);
    std::vector<std::string> forward;
    for (int i = 0; i < 3; ++i) {
        session.step_rule(+1);
        REQUIRE(session.current_event());
        forward.emplace_back(session.current_event()->type);
    }
    // b and d continue the step a and c began; f begins a step after e, which has no rule.
    CHECK(forward == std::vector<std::string>{"a", "c", "f"});
    session.step_rule(-1);
    CHECK(session.current_event()->type == "c");
    session.step_rule(-1);
    CHECK(session.current_event()->type == "a");
    session.step_rule(-1);
    CHECK(session.cursor() == 0);
}
