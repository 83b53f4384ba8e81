// evaluate_test.cpp - each game's `evaluate` (docs/ai.md): at a decision mid-match it returns a
// number in [0, 1] for every player, and the players' estimates sum to 1 (each game scores a
// player by its share of what decides the match).
#include <catch2/catch.hpp>

#include "lua/host.h"
#include "lua/match_runner.h"
#include "search/playout.h"
#include "../support/search_hosts.h"

using namespace duelbox;

TEST_CASE("every game estimates a standing from 0 to 1 per player, the players summing to 1", "[search]") {
    const std::string root = DUELBOX_SOURCE_ROOT;
    for (const char* game : {"battlecon", "unmatched", "tagteam", "squad", "helter"}) {
        Scenario s = load_scenario(root + "/examples/" + game + "/bench.json", root);
        s.seed = 21;
        test::SearchHosts hosts(s);
        LuaHost &host = hosts.real, &search_host = hosts.search;
        MatchRunner real(host, s);
        REQUIRE(real.run() == RunState::Finished);
        const std::size_t at = real.taken().size() / 2;
        // Copies wait only where a group begins: step back until one arrives.
        bool checked = false;
        for (std::size_t k = at; k > 0; --k) {
            Playout copy(search_host, s, {real.taken().begin(), real.taken().begin() + static_cast<std::ptrdiff_t>(k)});
            if (!copy.reach()) continue;
            INFO(game << " at decision " << k);
            REQUIRE(copy.can_evaluate());
            const auto e = copy.evaluate();
            REQUIRE(e);
            REQUIRE(e->size() == s.seats.size());
            double total = 0;
            for (double x : *e) {
                CHECK(x >= 0);
                CHECK(x <= 1);
                total += x;
            }
            CHECK(total == Approx(1.0));
            checked = true;
            break;
        }
        CHECK(checked);
    }
}

// Squad battle: the play deck is a player's life, and the units in play what will take the
// other's (scripts/squad/game.lua): with equal decks, a Line Walker (ATTACK 3) in play is worth
// three cards of deck.
TEST_CASE("squad battle's evaluate counts the units in play by their ATTACK beside the deck", "[search]") {
    const std::string root = DUELBOX_SOURCE_ROOT;
    Scenario s = load_scenario(root + "/examples/squad/bench.json", root);
    for (auto& seat : s.seats) {
        seat.setup.erase("deck");
        seat.setup["cards"] = nlohmann::json::array();
        for (int i = 0; i < 10; ++i) seat.setup["cards"].push_back(i % 2 ? "squad/red_depot" : "squad/blue_depot");
        seat.setup["hand"] = nlohmann::json::array({"squad/red_depot"});
    }
    s.seats[0].setup["base"] = nlohmann::json::array({"squad/line_walker"});
    test::SearchHosts hosts(s);
    LuaHost &host = hosts.real, &search_host = hosts.search;
    Scenario t = s;
    t.stop.after_decisions = 0;
    MatchRunner real(host, t);
    REQUIRE(real.run() == RunState::Stopped);
    Playout copy(search_host, s, {});
    REQUIRE(copy.reach());
    const auto e = copy.evaluate();
    REQUIRE(e);
    // 10 cards each, and player 1's Line Walker: 13 against 10
    CHECK((*e)[0] == Approx(13.0 / 23.0));
    CHECK((*e)[1] == Approx(10.0 / 23.0));
}
