// Rule situations from the hostile review of the first Helter Skelter build (rulebook seed 004,
// spec §4.4, §6.11, §6.14, §8.4): eliminations inside one action whatever the order of the dead,
// an eliminated player's turn ending at once, an interrupted end-of-turn declaration staying made,
// the reshuffle the moment a deck runs out, RALLY's "any character", CLIMB only from below.
// T12: 9 ‖ 10C 11 12 / 5 6 7H 8H / 1 2C 3 4.
#include <catch2/catch.hpp>

#include "helter_run.h"

using namespace duelbox::helter_test;
using J = nlohmann::json;

TEST_CASE("§8.4 during a tie-break, a BLAST killing an enemy and the actor's last character: the actor is out first", "[helter][review]") {
    auto table = [](int d_points) {
        std::vector<Seat> seats = {
            seat("strontium_dogs", {{"deployed", {"middenface@6"}}, {"health", {"middenface=1"}}, {"points", 3},
                                    {"hand", {"||snipe", "|blast>middenface|"}}}),
            seat("judges", {{"deployed", {"dredd@6", "giant@12"}}, {"health", {"dredd=1"}}, {"points", 4}}),
            seat("nikolai_dante", {{"deployed", {"lulu@5"}}, {"health", {"lulu=1"}}})};
        if (d_points >= 0) seats.push_back(seat("slaine", {{"deployed", {"ukko@4"}}, {"points", d_points}}));
        return Table(seats, J{{"win_points", 10}});
    };
    Table t = table(-1);
    t.pick("Middenface McNulty: SNIPE");
    t.pick("Lulu Romanov");               // C is out: A and B tie on 4, play goes on
    REQUIRE_FALSE(t.finished());
    t.pick("Middenface McNulty: BLAST");  // Dredd (A's fifth point) and Middenface (A's last) die
    REQUIRE(t.finished());
    CHECK(t.winner_reason() == "B wins (most points after an elimination)");
    Table u = table(4);                   // D on 4 too: B and D play on
    u.pick("Middenface McNulty: SNIPE");
    u.pick("Lulu Romanov");
    u.pick("Middenface McNulty: BLAST");
    REQUIRE_FALSE(u.finished());
    u.expect_question("turn", 2);         // A's turn ended with A: no "end turn", no draw
    CHECK(u.events("helter.draw").empty());
}

TEST_CASE("AMB-01 resume: an interrupter whose end was interrupted does not get a fresh turn", "[helter][review]") {
    Table t({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {"dredd||"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}, {"hand", {"||interrupt"}}}),
             seat("nikolai_dante", {{"deployed", {"nikolai@9"}}, {"hand", {"||interrupt"}}})},
            J{{"nested_interrupt_return", "resume"}});
    t.pick("Judge Dredd: MOVE");
    t.pick("2");
    t.pick("INTERRUPT with [||interrupt]");   // B
    t.pick("end turn");
    t.expect_question("interrupt", 3);
    t.pick("INTERRUPT with [||interrupt]");   // C interrupts B's declaration
    t.pick("end turn");
    t.expect_question("turn", 1);             // B had ended: back to A
}

TEST_CASE("§6.14 AMB-04 the active player who declared the end takes no further actions, even by interrupting", "[helter][review]") {
    Table t({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {"dredd||", "||interrupt"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}, {"hand", {"||interrupt", "wulf||"}}})});
    t.pick("end turn");
    t.pick("INTERRUPT with [||interrupt]");
    t.pick("Wulf Sternhammer: MOVE");
    t.expect_question("turn", 2);   // A, holding an INTERRUPT, is not asked
}

TEST_CASE("§4.4 the discard pile becomes the deck the moment the deck runs out", "[helter][review]") {
    Table t({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {"giant||", "giant||", "giant||", "giant||"}},
                             {"deck", {"giant||", "giant||", "giant||"}}, {"discard", {"dredd||", "dredd||", "dredd||", "dredd||", "dredd||"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}})});
    t.pick("end turn");
    CHECK(t.count("hand", 1) == 7);
    CHECK(t.count("deck", 1) == 5);     // reshuffled as the third card left it
    CHECK(t.count("discard", 1) == 0);
}

TEST_CASE("§6.11 RALLY's extra CLIMB card: a RALLY symbol linked to any character, a dead one too", "[helter][review]") {
    Table t({seat("judges", {{"deployed", {"hershey@5", "mean_machine@6"}}, {"dead", {"dredd"}},
                             {"hand", {"|rally>hershey|", "|rally>dredd|"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}})});
    t.pick("Chief Judge Hershey: RALLY");
    t.yes(true);                         // Mean Machine first
    t.expect_question("rally_move", 1);
    t.pick("CLIMB to 7");
    CHECK(t.at("Mean Machine") == "7");
    CHECK(t.count("discard", 1) == 2);
}

TEST_CASE("§6.2 CLIMB starts only on normal ground: from high ground it is a MOVE (seed L538)", "[helter][review]") {
    Table t({seat("judges", {{"deployed", {"dredd@7"}}, {"hand", {"dredd||", "dredd||"}}}), seat("strontium_dogs", {{"deployed", {"wulf@12"}}})});
    CHECK_FALSE(t.offers("Judge Dredd: CLIMB"));
    CHECK(t.offers("Judge Dredd: MOVE"));
}

TEST_CASE("§8.5 a step-1 deploy is not an idle turn: no stalemate while a deploy changes the board", "[helter][review]") {
    // D ends turn 1 with no target; J's step 1 deploys Giant on 3 and J can do nothing else. D's
    // SNIPE then has a target: the match must go on.
    Table t(scenario({seat("judges", {{"starts", {"giant@3"}}}),
                      seat("strontium_dogs", {{"deployed", {"johnny@4"}}, {"hand", {"|snipe>johnny|"}}})},
                     J{{"first_player", 2}}));
    t.expect_question("turn", 2);
    t.pick("end turn");
    t.expect_question("turn", 1);   // J, after the deploy: only "end turn"
    t.pick("end turn");
    t.expect_question("turn", 2);
    CHECK(t.offers("Johnny Alpha: SNIPE"));
}

TEST_CASE("§8.4 both last teams eliminated by one action: the one with more points wins", "[helter][review]") {
    Table t({seat("judges", {{"deployed", {"dredd@10"}}, {"health", {"dredd=1"}}, {"points", 1}, {"hand", {"|snipe>dredd|"}}}),
             seat("strontium_dogs", {{"deployed", {"johnny@10"}}, {"health", {"johnny=1"}}})});
    t.pick("Judge Dredd: SNIPE");   // Johnny, the only target; HI-EX takes Dredd in too
    t.yes(true);
    REQUIRE(t.finished());
    CHECK(t.winner_reason() == "A wins (most points after an elimination)");
}

TEST_CASE("§6.14 an interrupter with every character undeployed may deploy in the interrupting turn", "[helter][review]") {
    Table t({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {"dredd||"}}}),
             seat("strontium_dogs", {{"starts", {"wulf@12"}}, {"hand", {"||interrupt"}}})});
    t.pick("Judge Dredd: MOVE");
    t.pick("2");
    t.pick("INTERRUPT with [||interrupt]");
    t.expect_question("turn", 2);
    CHECK(t.options() == std::vector<std::string>{"deploy Wulf Sternhammer", "end turn"});   // no mandatory step 1
    t.pick("deploy Wulf Sternhammer");
    CHECK(t.at("Wulf Sternhammer") == "12");
}

TEST_CASE("§4.4 with deck and discard pile both empty the draw stops; §6.3 one of several own fragments", "[helter][review]") {
    Table t({seat("judges", {{"deployed", {"dredd@6"}}, {"fragments", {"6", "6"}}, {"hand", {"dredd||", "dredd||", "dredd||"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}})});
    t.pick("Judge Dredd: COLLECT");
    CHECK(t.count("collected", 1) == 1);
    CHECK(t.count("space:6", 0) == 2);               // Dredd and the other fragment
    CHECK_FALSE(t.offers("Judge Dredd: COLLECT"));   // the hand is spent
    t.pick("end turn");                              // deck empty; the discard holds the 3 paid cards
    CHECK(t.count("hand", 1) == 3);                  // reshuffled and drawn
    Table e({seat("judges", {{"deployed", {"dredd@6"}}}), seat("strontium_dogs", {{"deployed", {"wulf@12"}}})});
    e.pick("end turn");
    const auto draws = e.events("helter.draw");
    REQUIRE(draws.size() == 1);
    CHECK(std::get<std::int64_t>(draws[0]->get("n")) == 0);
}

TEST_CASE("§6.12 HEAL never reaches a dead character", "[helter][review]") {
    Table t({seat("strontium_dogs", {{"deployed", {"gronk@10"}}, {"dead", {"wulf"}}, {"hand", {"|heal>gronk|"}}}),
             seat("judges", {{"deployed", {"dredd@1"}}})});
    t.pick("Gronk: HEAL");   // only Gronk himself: no question
    CHECK(t.events("helter.heal").size() == 1);
    CHECK(t.zone_of("Wulf Sternhammer") == "removed");
}
