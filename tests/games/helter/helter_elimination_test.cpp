// Helter Skelter eliminations in three-player games (spec §6.14, §8.4, §10.2; rulebook seed
// 004): who may interrupt after an action that eliminated its own actor, what the marker's
// holder may do after declaring the end when an interrupter is eliminated, and who is compared
// when the last teams fall together. Found by a rules audit; no worked example covers them.
// T12: 9 ‖ 10C 11 12 / 5 6 7H 8H / 1 2C 3 4.
#include <catch2/catch.hpp>

#include "helter_run.h"

using namespace duelbox;
using namespace duelbox::helter_test;
using J = nlohmann::json;

TEST_CASE("§6.14 AMB-04: an interrupter eliminated in their turn returns play to a holder who declared the end: step 4 next", "[helter][turn]") {
    // Rulebook L466-470: declare the end of the turn, then draw and pass the marker; the
    // default reading (AMB-04 "draw") gives the declaring player no further action.
    Table t({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {"dredd||"}}, {"deck", {"giant||", "giant||", "giant||"}}}),
             seat("slaine", {{"deployed", {"kai@6"}}, {"health", {"kai=1"}}, {"hand", {"||interrupt", "|blast>kai|"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@6"}}, {"hand", {"gronk||"}}})},
            J{{"win_points", 10}});
    t.expect_question("turn", 1);
    t.pick("end turn");
    t.expect_question("interrupt", 2);
    t.pick("INTERRUPT with [||interrupt]");
    t.expect_question("turn", 2);
    t.pick("Kai: BLAST");   // Kai's own blast kills Kai: B is out, A and C are tied on 0
    REQUIRE_FALSE(t.finished());
    CHECK(t.events("helter.eliminated").size() == 1);
    // A declared the end before B interrupted: A draws and the marker passes to C.
    t.expect_question("turn", 3);
    const auto draws = t.events("helter.draw");
    REQUIRE(draws.size() == 1);
    CHECK(std::get<std::int64_t>(draws[0]->get("player")) == 1);
    std::size_t a_turns = 0;   // A's only question was the one they declared the end with
    for (const Event* e : t.events("decision"))
        if (std::get<std::int64_t>(e->get("player")) == 1) ++a_turns;
    CHECK(a_turns == 1);
}

TEST_CASE("§8.4 when the last teams fall together, only they are compared: a player out earlier cannot win", "[helter][turn]") {
    // Rulebook L494: "you are out, and the remaining player with the most points wins".
    Table t({seat("slaine", {{"deployed", {"kai@6"}}, {"health", {"kai=1"}}, {"points", 1}, {"hand", {"||snipe", "|blast>kai|"}}}),
             seat("judges", {{"deployed", {"dredd@6"}}, {"health", {"dredd=1"}}, {"points", 2}}),
             seat("strontium_dogs", {{"deployed", {"wulf@5"}}, {"health", {"wulf=1"}}, {"points", 4}})},
            J{{"win_points", 10}});
    t.expect_question("turn", 1);
    t.pick("Kai: SNIPE");
    t.pick("Wulf Sternhammer");   // C is out with 4 points; A (2) and B (2) are tied: play on
    REQUIRE_FALSE(t.finished());
    CHECK(t.points(1) == 2);
    CHECK(t.events("helter.tie").size() == 1);
    while (t.waiting() && t.id() == "interrupt") t.pick("pass");
    t.expect_question("turn", 1);
    t.pick("Kai: BLAST");   // Dredd dies (A scores: 3) and so does Kai: A and B are out together
    REQUIRE(t.finished());
    CHECK(t.points(1) == 3);
    CHECK(t.events("helter.eliminated").size() == 3);
    CHECK(t.winner_reason() == "A wins (most points after an elimination)");   // 3 against 2; C's 4 no longer counts
}

TEST_CASE("§10.2 an action that eliminates its own actor is complete: the others may interrupt after it", "[helter][turn]") {
    // Rulebook L652-654: you may interrupt right after another player completed an action.
    Table t({seat("slaine", {{"deployed", {"kai@6"}}, {"health", {"kai=1"}}, {"points", 1}, {"hand", {"|blast>kai|"}}}),
             seat("judges", {{"deployed", {"dredd@6"}}, {"points", 2}, {"hand", {"giant||"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}, {"points", 2}, {"hand", {"||interrupt", "wulf||"}}})},
            J{{"win_points", 10}});
    t.expect_question("turn", 1);
    t.pick("Kai: BLAST");   // Kai dies by his own blast: A is out; B and C are tied on 2
    REQUIRE_FALSE(t.finished());
    CHECK(t.events("helter.eliminated").size() == 1);
    t.expect_question("interrupt", 3);   // B holds no INTERRUPT card; C is asked
    t.pick("INTERRUPT with [||interrupt]");
    t.expect_question("turn", 3);
    t.pick("end turn");
    // A is out: no play returns to A and A draws nothing; the next turn is B's.
    t.expect_question("turn", 2);
    CHECK(t.events("helter.play_returns").empty());
    CHECK(t.events("helter.draw").empty());
}
