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

Scenario seeded(Scenario s, std::uint64_t seed) {
    s.seed = seed;
    return s;
}

// A match of the bench scenario of a game played to its end by random agents, with where each group of questions
// began, and a second host for its copies.
struct Played {
    Scenario s;
    test::SearchHosts hosts;
    std::shared_ptr<std::vector<std::size_t>> starts = std::make_shared<std::vector<std::size_t>>();
    MatchRunner real;
    Played(const char* game, std::uint64_t seed)
        : s(seeded(bench_of(game), seed)), hosts(s), real(hosts.real, s, [starts = starts](const SeatSpec&, PlayerIndex p, std::uint64_t agent_seed) {
              return std::make_unique<GroupStarts>(starts, agent_seed + static_cast<std::uint64_t>(p));
          }) {
        REQUIRE(real.run() == RunState::Finished);
    }
};

}  // namespace

TEST_CASE("a copy made at a decision replays to it and, answered alike, plays the real match again", "[search]") {
    for (const char* game : {"battlecon", "unmatched", "tagteam", "squad", "helter"}) {
        Played played(game, 7);
        const Scenario& s = played.s;
        const MatchRunner& real = played.real;
        const auto& taken = real.taken();
        REQUIRE(taken.size() > 10);
        // A copy is made where a group begins (where a real agent is asked): the one nearest the middle.
        std::size_t at = 0;
        for (std::size_t g : *played.starts)
            if (g <= taken.size() / 2) at = g;
        INFO(game << ": copy at decision " << at << " of " << taken.size());
        Playout copy(played.hosts.search, s, {taken.begin(), taken.begin() + static_cast<std::ptrdiff_t>(at)});
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

TEST_CASE("a copy held at an earlier group waits there unanswered, then reaches the decision as an unheld one", "[search]") {
    // What a search re-deals at (search/forks.cpp): the group answered before the decision.
    for (const char* game : {"battlecon", "unmatched", "squad"}) {
        Played played(game, 5);
        const std::vector<std::size_t>& starts = *played.starts;
        REQUIRE(starts.size() > 4);
        const std::size_t before = starts[starts.size() / 2], at = starts[starts.size() / 2 + 1];
        INFO(game << ": held at decision " << before << ", copied at " << at);
        const auto& taken = played.real.taken();
        const std::vector<ScriptedDecision> prefix(taken.begin(), taken.begin() + static_cast<std::ptrdiff_t>(at));
        std::size_t plain_log = 0, plain_asks = 0, asked_at_log = 0;
        {   // one copy on a host at a time (playout.h)
            Playout plain(played.hosts.search, played.s, prefix);
            REQUIRE(plain.reach());
            CHECK(plain.last_answered_group().first == before);
            plain_log = plain.match().log().size();
            plain_asks = plain.pending().size();
            asked_at_log = plain.last_answered_group().log_size;
        }
        Playout held(played.hosts.search, played.s, prefix);
        REQUIRE(held.reach_group_at(before));
        CHECK(held.answered() == before);
        CHECK_FALSE(held.reached());
        CHECK(held.match().log().size() == asked_at_log);   // the log as it was when the group was asked
        REQUIRE(held.reach());
        CHECK(held.answered() == at);
        CHECK(held.match().log().size() == plain_log);
        CHECK(held.pending().size() == plain_asks);
    }
}
