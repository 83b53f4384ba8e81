// forks.h - the copies one search makes of a match at one decision, each as cheap as the game allows.
//
// Every copy replays the answers given so far (playout.h). When the game declares checkpoints
// (lua/checkpoint.h: match.checkpoint and game.resume), the first copy records the last one
// it passes and every later copy starts there, replaying only the answers since; a
// ResumeCache kept by an agent carries that checkpoint to its next decision, whose first copy
// then starts there too. A game without checkpoints replays from the start, as before.
//
// Contracts
//  - A copy started from a checkpoint is the copy a replay from the start makes (the game's
//    promise, checked by tests/search/resume_test.cpp): the search's answers do not depend
//    on which way its copies were made.
//  - A cache holds checkpoints of one match on hosts loaded from the same files; its owner
//    empties it when either changes (search_agents.cpp). A checkpoint that does not fit the
//    prefix (checkpoint_fits) is never used.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "lua/checkpoint.h"
#include "playout.h"

namespace duelbox {

struct ResumeCache {
    std::shared_ptr<const Checkpoint> checkpoint;   // the newest one a copy of this match passed
};

class Forks {
public:
    // `checkpoints` false: every copy replays from the start (the cache is left alone).
    Forks(LuaHost& host, const Scenario& scenario, const std::vector<ScriptedDecision>& prefix, ResumeCache* cache = nullptr,
          bool checkpoints = true);

    // A new copy, reach() done: waiting at the decision when reached(), else error() says why.
    std::unique_ptr<Playout> make();
    // "" or why the game's checkpoints cannot be trusted: a copy started from one failed before
    // the decision, or arrived there unlike the first copy (another log length, number of
    // random draws, entity count or question). A bug of game.resume: the search stops on it.
    const std::string& resume_error() const { return resume_error_; }

    int resumed() const { return resumed_; }     // copies started from a checkpoint
    int replayed() const { return replayed_; }   // copies started from the scenario's start

private:
    LuaHost& host_;
    const Scenario& scenario_;
    const std::vector<ScriptedDecision>& prefix_;
    ResumeCache* cache_;
    bool can_resume_ = false;
    bool recorded_ = false;
    std::shared_ptr<const Checkpoint> from_;
    int resumed_ = 0, replayed_ = 0;
    std::string first_arrival_;   // where the first copy to reach the decision arrived (arrival())
    std::string resume_error_;
};

}  // namespace duelbox
