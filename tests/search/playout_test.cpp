// playout_test.cpp - copies of a match made at a decision (search/playout.h): a copy replays to
// the very decision the real match asks, and, answered as the real match was, plays the real
// match again event for event. Nothing the copy does touches the real match.
#include <catch2/catch.hpp>

#include <memory>

#include "kernel/rng.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "search/playout.h"
#include "../support/group_starts.h"
#include "../support/search_hosts.h"

using namespace duelbox;
using duelbox::test::answers_of;
using duelbox::test::GroupStarts;

namespace {

Scenario bench_of(const std::string& game) {
    const std::string root = DUELBOX_SOURCE_ROOT;
    Scenario s = load_scenario(root + "/examples/" + game + "/bench.json", root);
    for (auto& seat : s.seats) seat.agent = "random";
    return s;
}

}  // namespace

TEST_CASE("a copy made at a decision replays to it and, answered alike, plays the real match again", "[search]") {
    for (const char* game : {"battlecon", "unmatched", "tagteam", "squad", "helter"}) {
        Scenario s = bench_of(game);
        s.seed = 7;
        test::SearchHosts hosts(s);
        LuaHost &real_host = hosts.real, &search_host = hosts.search;
        auto starts = std::make_shared<std::vector<std::size_t>>();
        MatchRunner real(real_host, s, [starts](const SeatSpec&, PlayerIndex p, std::uint64_t seed) {
            return std::make_unique<GroupStarts>(starts, seed + static_cast<std::uint64_t>(p));
        });
        REQUIRE(real.run() == RunState::Finished);
        const auto& taken = real.taken();
        REQUIRE(taken.size() > 10);
        // A copy is made where a group begins (where a real agent is asked): the one nearest the middle.
        std::size_t at = 0;
        for (std::size_t g : *starts)
            if (g <= taken.size() / 2) at = g;
        INFO(game << ": copy at decision " << at << " of " << taken.size());
        Playout copy(search_host, s, {taken.begin(), taken.begin() + static_cast<std::ptrdiff_t>(at)});
        INFO(copy.error());
        REQUIRE(copy.reach());
        REQUIRE(copy.answered() == at);
        // Answer every group as the real match did, to the end.
        while (copy.waiting()) {
            const std::size_t from = copy.answered();
            copy.answer(answers_of(copy.pending(), taken, from));
            REQUIRE(copy.error() == "");
        }
        REQUIRE(copy.state() == RunState::Finished);
        REQUIRE(copy.match().log().size() == real.match().log().size());
        for (std::size_t i = 0; i < real.match().log().size(); i += 97)
            CHECK(copy.match().log().to_json_line(copy.match().log().event(i), EventLog::kObserver, nullptr) ==
                  real.match().log().to_json_line(real.match().log().event(i), EventLog::kObserver, nullptr));
        CHECK(copy.match().result() == real.match().result());
        CHECK(copy.rewards().size() == static_cast<std::size_t>(real.match().player_count()));
    }
}

TEST_CASE("a copy with a prefix the rules do not ask for says so", "[search]") {
    Scenario s = bench_of("battlecon");
    LuaHost host(s.limits);
    std::vector<std::string> errors;
    REQUIRE(host.load_game(s, errors));
    ScriptedDecision wrong;
    wrong.player = 0;
    wrong.id = "no.such.question";
    wrong.picks = {1};
    Playout copy(host, s, {wrong});
    CHECK_FALSE(copy.reach());
    CHECK(copy.error().find("no.such.question") != std::string::npos);
}
