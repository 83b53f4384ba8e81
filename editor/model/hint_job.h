// hint_job.h - the editor's "Ask the AI": a search of the pending decision on a background
// thread (search/mcts.h), from the asking player's view only, so a designer sees each answer's
// visits and estimated chance to win (and a simultaneous choice's mixed strategy) while the
// editor keeps drawing.
//
// Contracts
//  - start() returns at once; the search runs on its own thread with a host of its own (loaded
//    on that thread from the scenario: its game and mods), never the session's host. Starting
//    again, or destroying the job, cancels a search under way (after the copy it is playing).
//  - result() is the last finished search with the question it answered (`for_taken`: how many
//    answers the match had given, `player`): the panel shows it only while that question is
//    still the one pending.
#pragma once
#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "scenario/scenario.h"
#include "search/mcts.h"

namespace duelbox::editor {

struct Hint {
    PlayerIndex player = kNoPlayer;
    std::size_t for_taken = 0;
    SearchResult search;
    std::string error;                   // the game did not load on the search's host
};

class HintJob {
public:
    HintJob() = default;
    ~HintJob();
    HintJob(const HintJob&) = delete;
    HintJob& operator=(const HintJob&) = delete;

    void start(const Scenario& scenario, std::vector<ScriptedDecision> taken, std::vector<DecisionRequest> group,
               PlayerIndex player, SearchBudget budget, std::uint64_t seed);
    void cancel();
    bool running() const { return running_.load(); }
    std::optional<Hint> result() const;

private:
    mutable std::mutex mutex_;
    std::optional<Hint> result_;
    std::atomic<bool> running_{false}, cancel_{false};
    std::jthread thread_;
};

}  // namespace duelbox::editor
