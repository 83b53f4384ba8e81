// hint_job_test.cpp - "Ask the AI" (editor/model/hint_job.h): a search of the pending decision
// runs in the background from the asker's view, answers the question it was asked about, and
// gives each answer's visits and estimated value; a new start cancels the search under way.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "lua/host.h"
#include "lua/match_runner.h"
#include "model/hint_job.h"

using namespace duelbox;
using namespace duelbox::editor;

namespace {

void wait_for(const HintJob& job) {
    for (int i = 0; i < 6000 && job.running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
}

}  // namespace

TEST_CASE("Ask the AI searches the pending decision in the background, from the asker's view") {
    const std::string root = DUELBOX_SOURCE_ROOT;
    Scenario s = load_scenario(root + "/examples/battlecon/bench.json", root);
    s.stop.after_decisions = 6;
    LuaHost host(s.limits);
    std::vector<std::string> errors;
    REQUIRE(host.load_game(s, errors));
    MatchRunner runner(host, s);
    REQUIRE(runner.run() == RunState::Stopped);
    REQUIRE_FALSE(runner.pending().empty());
    const PlayerIndex asker = runner.pending()[0].player;

    HintJob job;
    SearchBudget b;
    b.iterations = 12;
    job.start(s, runner.taken(), runner.pending(), asker, b, 1);
    wait_for(job);
    REQUIRE_FALSE(job.running());
    const auto h = job.result();
    REQUIRE(h);
    CHECK(h->error == "");
    CHECK(h->player == asker);
    CHECK(h->for_taken == runner.taken().size());
    CHECK(h->search.iterations == 12);
    CHECK(h->search.failed_copies == 0);
    REQUIRE_FALSE(h->search.options.empty());
    int visits = 0;
    for (const auto& o : h->search.options) {
        visits += o.visits;
        CHECK(o.value >= 0);
        CHECK(o.value <= 1);
    }
    CHECK(visits == 12);   // every copy went through one of the asker's answers

    // A long search started and then replaced: the second one's result is what is kept.
    b.iterations = 100000;
    job.start(s, runner.taken(), runner.pending(), asker, b, 2);
    b.iterations = 4;
    job.start(s, runner.taken(), runner.pending(), asker, b, 3);
    wait_for(job);
    REQUIRE(job.result());
    CHECK(job.result()->search.iterations == 4);
}
