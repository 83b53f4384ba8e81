// §8.5 (the project's rule for a match that can never change again, docs/rules-decisions.md,
// "Stalemate"): with empty hands, decks and discard piles no one can deploy, act, interrupt or
// draw, so a whole round of idle turns ends the match. The most points wins; tied leaders are
// compared by standing (option stalemate_tie, SAMPLE: the rulebook is silent) or draw.
// T12: 9 ‖ 10C 11 12 / 5 6 7H 8H / 1 2C 3 4.
#include <catch2/catch.hpp>

#include "helter_run.h"

using namespace duelbox::helter_test;
using J = nlohmann::json;

namespace {

// A seat that can never do anything: its characters stand where `deployed` says, with no card
// in hand, deck or discard pile; played by the random agent (only "end turn" is ever legal).
Seat frozen(const char* team, std::vector<std::string> deployed, std::vector<std::string> health, int points) {
    Seat s = seat(team, {{"deployed", deployed}, {"health", health}, {"points", points},
                         {"hand", J::array()}, {"deck", J::array()}, {"discard", J::array()}});
    s.agent = "random";
    return s;
}

}  // namespace

TEST_CASE("§8.5 a frozen match ends after a round of idle turns: the most points wins", "[helter][stalemate]") {
    Table t({frozen("judges", {"dredd@1"}, {}, 2), frozen("strontium_dogs", {"johnny@12"}, {}, 1)});
    REQUIRE(t.finished());
    CHECK(t.events("helter.stalemate").size() == 1);
    CHECK(t.events("helter.turn").size() == 2);   // one idle turn each: a whole round
    CHECK(t.winner_reason() == "A wins (most points at a stalemate)");
    CHECK(t.events("helter.stalemate_standing").empty());   // no tie: no standing told
}

TEST_CASE("§8.5 tied leaders at a stalemate: more health left on living characters wins", "[helter][stalemate]") {
    // A, the earlier seat, has more health: health decides before turn order. C has the most
    // health but fewer points: only the tied leaders are compared.
    Table t({frozen("judges", {"dredd@1"}, {"dredd=2"}, 2), frozen("strontium_dogs", {"johnny@12"}, {"johnny=1"}, 2),
             frozen("nikolai_dante", {"nikolai@6", "lulu@5"}, {}, 1)});
    REQUIRE(t.finished());
    CHECK(t.winner_reason() == "A wins (tied at a stalemate: best standing)");
    CHECK(t.events("helter.stalemate_standing").size() == 2);
}

TEST_CASE("§8.5 tied leaders at a stalemate with equal health: more characters alive wins", "[helter][stalemate]") {
    Table t({frozen("judges", {"dredd@1", "giant@2"}, {"dredd=1", "giant=1"}, 3),
             frozen("strontium_dogs", {"johnny@12"}, {"johnny=2"}, 3)});
    REQUIRE(t.finished());
    CHECK(t.winner_reason() == "A wins (tied at a stalemate: best standing)");
}

TEST_CASE("§8.5 tied leaders at a stalemate standing alike: the later in turn order wins", "[helter][stalemate]") {
    const std::vector<Seat> seats = {frozen("judges", {"dredd@1"}, {"dredd=2"}, 1),
                                     frozen("strontium_dogs", {"johnny@12"}, {"johnny=2"}, 1)};
    Table first_a(seats, J{{"first_player", 1}});
    REQUIRE(first_a.finished());
    CHECK(first_a.winner_reason() == "B wins (tied at a stalemate: best standing)");
    Table first_b(seats, J{{"first_player", 2}});
    REQUIRE(first_b.finished());
    CHECK(first_b.winner_reason() == "A wins (tied at a stalemate: best standing)");
}

TEST_CASE("§8.5 option stalemate_tie = draw: tied leaders at a stalemate draw", "[helter][stalemate]") {
    Table t({frozen("judges", {"dredd@1"}, {"dredd=1"}, 2), frozen("strontium_dogs", {"johnny@12"}, {"johnny=2"}, 2)},
            J{{"stalemate_tie", "draw"}});
    REQUIRE(t.finished());
    CHECK(t.m().result().winners.empty());
    CHECK(t.events("helter.stalemate_standing").empty());
}

TEST_CASE("§8.5 a character left to deploy keeps the match going: deploying is not idle", "[helter][stalemate]") {
    // B's Wulf waits on 12: B's first turn deploys him, so the first round is not idle; the
    // next round is, and A (more points) wins then.
    Seat b = frozen("strontium_dogs", {"johnny@11"}, {}, 1);
    b.setup["starts"] = J::array({"wulf@12"});
    Table t({frozen("judges", {"dredd@1"}, {}, 2), b});
    REQUIRE(t.finished());
    CHECK(t.events("helter.deploy").size() == 1);
    CHECK(t.events("helter.turn").size() == 4);
    CHECK(t.winner_reason() == "A wins (most points at a stalemate)");
}
