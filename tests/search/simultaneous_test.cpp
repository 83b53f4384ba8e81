// simultaneous_test.cpp - a search's answer to a secret simultaneous choice is drawn from a
// solved mixed strategy (search/mcts.h, search/matrix_game.h): a guess is mixed, a dominant
// answer is pure. Fixture: tests/support/scripts/guess (one secret choice, then the end).
#include <catch2/catch.hpp>

#include <map>

#include "../support/guess_match.h"
#include "search/mcts.h"

using namespace duelbox;

namespace {

struct Guess : test::GuessMatch {
    explicit Guess(const std::string& kind) : GuessMatch(kind) {}

    SearchResult search(PlayerIndex p, int copies, std::uint64_t seed) {
        SearchBudget b;
        b.iterations = copies;
        return search_decision(host, scenario, {}, group, p, b, seed);
    }
};

double probability_of(const SearchResult& r, const std::string& label) {
    for (const auto& o : r.options)
        if (o.label == "guess=" + label) return o.probability;   // answers are keyed "<request id>=<label>"
    return -1;
}

}  // namespace

TEST_CASE("rock, paper, scissors: the search mixes all three, near a third each", "[search]") {
    Guess g("rps");
    for (PlayerIndex p : {0, 1}) {
        const SearchResult r = g.search(p, 300, 11);
        CHECK(r.simultaneous);
        REQUIRE(r.options.size() == 3);
        for (const char* label : {"rock", "paper", "scissors"}) {
            INFO(label << " for player " << p + 1);
            CHECK(probability_of(r, label) > 0.2);
            CHECK(probability_of(r, label) < 0.47);
        }
    }
    // The answer is drawn from that mix: over many searches every choice comes up.
    std::map<std::string, int> drawn;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        const SearchResult r = g.search(0, 60, seed);
        REQUIRE(r.answers.size() == 1);
        ++drawn[g.group[0].options[static_cast<std::size_t>(r.answers[0].picks[0])].label];
    }
    CHECK(drawn["rock"] >= 8);
    CHECK(drawn["paper"] >= 8);
    CHECK(drawn["scissors"] >= 8);
}

TEST_CASE("higher number wins: the search plays the dominant three", "[search]") {
    Guess g("higher");
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        const SearchResult r = g.search(0, 90, seed);
        CHECK(probability_of(r, "three") > 0.9);
        REQUIRE(r.answers.size() == 1);
        CHECK(g.group[0].options[static_cast<std::size_t>(r.answers[0].picks[0])].label == "three");
    }
}

TEST_CASE("two options with one label are one answer: one row, and the dominant one is played", "[search]") {
    Guess g("twins");   // options: one, one, two; the higher wins
    const SearchResult r = g.search(0, 90, 3);
    REQUIRE(r.options.size() == 2);
    CHECK(r.options[0].label != r.options[1].label);
    CHECK(probability_of(r, "two") > 0.9);
    REQUIRE(r.answers.size() == 1);
    CHECK(g.group[0].options[static_cast<std::size_t>(r.answers[0].picks[0])].label == "two");
}
