// squad_examples_test.cpp - the scenarios in examples/squad/ run as a user would run them: the
// match to watch plays to a deck-out, and the T-01 walkthrough (spec §6.7) meets its
// expectations, with narration and the spec section on every event of the turn it teaches.
#include <catch2/catch.hpp>

#include <map>

#include "scenario/expectations.h"
#include "squad_run.h"

using namespace duelbox;
using namespace duelbox::squad_test;

namespace {
Run run_file(const std::string& name) { return run(load_scenario(root() + "/examples/squad/" + name, root())); }
}  // namespace

TEST_CASE("examples/squad/first_match.json plays the quick-start decks to a deck-out", "[squad]") {
    Run r = run_file("first_match.json");
    INFO(r.runner->error());
    REQUIRE(r.state == RunState::Finished);
    CHECK(r.m().result().reason.find("deck") != std::string::npos);
    CHECK(r.events("squad.turn").size() > 5);
}

TEST_CASE("T-01 the sample turn: 3 + 2 = 5 against Bastion's 0, absorbed; attackers stay tapped in P2's turn",
          "[squad]") {
    Run r = run_file("sample_turn_walkthrough.json");
    REQUIRE(r.state == RunState::Stopped);
    const auto problems = check_expectations(r.runner->scenario().expect, r.m(), r.runner->error(), r.runner->visible_events());
    for (const auto& p : problems) FAIL_CHECK(p);
    CHECK(problems.empty());
    // Ada paid Line Walker's cost: one card milled to her Discard.
    CHECK(r.count("discard", 1) == 1);
    // Turn 3 (Brook's): Ada's two attackers are still tapped, so she is never asked to defend.
    // They untap only in Ada's own Ready phase of turn 4 (where the walkthrough stops).
    const EntityId walker = r.find("base_area", 1, "Line Walker"), gun = r.find("base_area", 1, "Field Gun");
    const EntityId bastion = r.find("base_area", 2, "Bastion");
    std::int64_t turn = 0;
    bool ada_defends_in_turn_3 = false;
    std::map<EntityId, std::int64_t> untapped_in;   // the turn of each card's last untap
    for (const Event& e : r.m().log().events()) {
        if (e.type == "squad.turn") turn = std::get<std::int64_t>(e.get("turn"));
        if (turn == 3 && e.type == "decision" && std::get<std::string>(e.get("id")) == "defend.ground") ada_defends_in_turn_3 = true;
        if (e.type == "entity.prop" && e.get("key") == Value{std::string("tapped")} && e.get("value") == Value{false})
            untapped_in[static_cast<EntityId>(std::get<std::int64_t>(e.get("entity")))] = turn;
    }
    CHECK_FALSE(ada_defends_in_turn_3);
    CHECK(untapped_in[walker] == 4);
    CHECK(untapped_in[gun] == 4);
    CHECK(untapped_in[bastion] == 3);   // Brook's Ready untapped only Brook's cards
    CHECK(r.damage(r.find("base_area", 2, "Bastion")) == 0);
    // Teaching: every event from the first turn on is narrated and names the spec section it implements.
    bool started = false;
    for (const Event& e : r.m().log().events()) {
        if (e.type == "squad.first") started = true;
        if (!started) continue;
        INFO("event " << e.seq << " " << e.type);
        CHECK_FALSE(r.m().narrate(e, EventLog::kObserver).empty());
        const Value& rule = e.get("rule");
        CHECK(std::holds_alternative<std::string>(rule));
        if (const auto* s = std::get_if<std::string>(&rule)) CHECK(s->rfind("§", 0) == 0);
    }
}
