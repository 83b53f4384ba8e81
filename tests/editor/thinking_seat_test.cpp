// thinking_seat_test.cpp - AI seats in the editor think on the session's worker thread
// (editor/model/thinking_seat.h): the run waits meanwhile, plays on when the answer is in, and
// logs exactly what the terminal logs; a session closed while its AI thinks stops the search.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "lua/host.h"
#include "lua/match_runner.h"
#include "duel_copy.h"
#include "model/session.h"

using namespace duelbox;
using namespace duelbox::editor;

namespace {

Scenario battlecon_bench() {
    const std::string root = DUELBOX_SOURCE_ROOT;
    return load_scenario(root + "/examples/battlecon/bench.json", root);
}

// Polls as the window does until no AI seat is thinking (the run finished or waits for a
// person), at most about a minute.
void play_out(Session& s) {
    for (int i = 0; i < 60000; ++i) {
        if (s.poll_thinking()) continue;
        // The worker marks the answer ready before it says nobody thinks: one more poll sees it.
        if (s.thinking() == kNoPlayer && !s.poll_thinking()) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

std::vector<std::string> events_of(const Match& m, std::size_t n) {
    std::vector<std::string> out;
    const NameResolver names = m.names();
    for (std::size_t i = 0; i < n; ++i) out.push_back(m.log().to_json_line(m.log().event(i), kNoPlayer, &names));
    return out;
}

}  // namespace

TEST_CASE("an AI seat in the editor thinks on the worker and plays the match the terminal plays") {
    Scenario sc = battlecon_bench();
    sc.seats[0].agent = "mcts:6";
    sc.seats[1].agent = "greedy:1";
    Session s;
    std::string error;
    REQUIRE(s.open(sc, error));
    // open() returned with the run waiting on the first searched question, not searched there.
    CHECK(s.waiting());
    CHECK(s.outcome().state == RunState::WaitingForAnswer);
    play_out(s);
    REQUIRE(s.outcome().state == RunState::Finished);
    CHECK(s.thinking() == kNoPlayer);

    LuaHost host(sc.limits);
    std::vector<std::string> errors;
    REQUIRE(host.load_game(sc, errors));
    MatchRunner terminal(host, sc);
    REQUIRE(terminal.run() == RunState::Finished);
    const auto& mine = s.run().runner().taken();
    REQUIRE(mine.size() == terminal.taken().size());
    for (std::size_t i = 0; i < mine.size(); ++i) {
        CHECK(mine[i].player == terminal.taken()[i].player);
        CHECK(mine[i].picks == terminal.taken()[i].picks);
    }
    CHECK(events_of(s.run().match(), s.tip()) == events_of(terminal.match(), terminal.visible_events()));
}

TEST_CASE("a person against the AI: the AI's questions wait for its search, the person's for the panel") {
    const std::string root = DUELBOX_SOURCE_ROOT;
    Scenario sc = load_scenario(root + "/examples/battlecon/play_against_ai.json", root);
    sc.seats[1].agent = "mcts:6";
    Session s;
    std::string error;
    REQUIRE(s.open(sc, error));
    // Answer every question of the person with its first option, let the AI think on its own,
    // for a few dozen answers.
    std::size_t people = 0, thought = 0;
    for (int round = 0; round < 400 && s.waiting() && s.run().runner().taken().size() < 30; ++round) {
        if (s.thinking() != kNoPlayer) {
            CHECK(s.thinking() == 1);
            ++thought;
            play_out(s);
            continue;
        }
        const auto pending = s.pending();
        bool gave = false;
        for (std::size_t i = 0; i < pending.size() && !gave; ++i) {
            if (pending[i].player != 0 || s.answered(i)) continue;
            Answer a;
            a.picks.assign(static_cast<std::size_t>(pending[i].min), 0);
            for (std::size_t k = 0; k < a.picks.size(); ++k) a.picks[k] = static_cast<std::int64_t>(k);
            CHECK(s.provide(i, a) == "");
            ++people;
            gave = true;
        }
        if (!gave) play_out(s);
    }
    CHECK(people > 0);
    CHECK(thought > 0);
    // Every answer of Brook's so far was the search's: it is on the tape a rerun replays.
    std::size_t brooks = 0;
    for (const auto& d : s.run().runner().taken()) brooks += d.player == 1;
    CHECK(brooks > 0);
}

TEST_CASE("closing a session while its AI thinks stops the search") {
    Scenario sc = battlecon_bench();
    sc.seats[0].agent = "mcts:1000000";   // hours of copies: only a stop ends it
    sc.seats[1].agent = "random";
    {
        Session s;
        std::string error;
        REQUIRE(s.open(sc, error));
        for (int i = 0; i < 2000 && s.thinking() == kNoPlayer; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        CHECK(s.thinking() == 0);
        CHECK(s.rerun());   // the run is replaced: its search is asked to stop, the new one starts
        CHECK(s.waiting());
    }   // the session goes: the worker stops the search under way and joins
    SUCCEED("the session closed");
}

TEST_CASE("an AI seat whose search fails fails the run with the agent's message, as in the terminal") {
    testing::DuelCopy duel("thinking_fails");
    duel.replace("scripts/duel/game.lua", "return game", "function game.evaluate(p) error(\"no estimate here\") end\nreturn game");
    Scenario sc = duel.demo();
    sc.options["rounds"] = 200;   // long enough that copies are cut short and evaluated
    sc.seats[0].agent = "mcts:8";
    sc.seats[1].agent = "random";
    Session s;
    std::string error;
    REQUIRE(s.open(sc, error));
    play_out(s);
    REQUIRE(s.outcome().state == RunState::Failed);
    CHECK(s.outcome().error.find("game.evaluate: ") != std::string::npos);
    CHECK(s.outcome().error.find("no estimate here") != std::string::npos);
    CHECK(s.thinking() == kNoPlayer);
}
