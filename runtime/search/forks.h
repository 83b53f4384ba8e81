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
//  - make_for's copies are re-dealt for one searching player before the decision's group was
//    asked (forks.cpp says where and why), and fit what that player saw of the real match
//    (player_view.h) unless no re-deal did; the counts say which.
//  - One copy lives on the host at a time (a copy's end unpins the host's functions): the
//    caller lets go of one before asking for the next.
#pragma once
#include <chrono>
#include <memory>
#include <optional>
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
    // Nothing re-dealt: the real match's hidden cards (for a caller that re-deals, or none).
    std::unique_ptr<Playout> make();
    // A copy for `viewer`'s search: reached, with what `viewer` cannot know re-dealt before
    // the decision's group was asked (forks.cpp), from seeds drawn from `rng`. The first call
    // makes plain copies first (the real match's view, and the resume check); they are not
    // returned.
    std::unique_ptr<Playout> make_for(PlayerIndex viewer, Rng& rng);

    // How the copies make_for returned were re-dealt (hint prints these):
    int redealt_before() const { return redealt_before_; }   // before the group, fitting what the viewer saw
    int redealt_unfit() const { return redealt_unfit_; }     // before the group, but none of kRedealTries fit
    int redealt_at_arrival() const { return redealt_at_arrival_; }   // at the decision: others asked too, no earlier point
    int redealt_alone() const { return redealt_alone_; }     // at the decision, where the viewer is asked alone
    int redeals_refused() const { return redeals_refused_; } // re-deals the viewer could tell apart, drawn again
    int lost() const { return lost_; }                       // no re-deal reached the viewer's questions
    // The copy make_for just returned is lost (not reached): the search goes on without it.
    bool last_lost() const { return last_lost_; }
    static constexpr int kRedealTries = 8;
    // "" or why the game's checkpoints cannot be trusted: a copy started from one failed before
    // the decision, or arrived there unlike the first copy (another log length, number of
    // random draws, entity count or question). A bug of game.resume: the search stops on it.
    const std::string& resume_error() const { return resume_error_; }

    // A search's safety limit (SearchBudget::limit_seconds): every copy after make_for's first may run
    // its rules only until then (the first always runs: some copy must decide). A copy that
    // failed once the deadline passed was cut short by it (cut_short).
    void set_deadline(std::chrono::steady_clock::time_point at) { deadline_ = at; }
    bool cut_short(const Playout& copy) const;

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
    std::optional<std::chrono::steady_clock::time_point> deadline_;
    int handed_out_ = 0;                  // copies make_for returned (the first is never capped)
    std::int64_t wall_clock_ms() const;   // the cap for the next copy (0: none)
    std::string first_arrival_;   // where the first copy to reach the decision arrived (arrival())
    std::string resume_error_;

    // make_for's plan, from the first (plain) copy: where to re-deal, and what.
    // Alone: the viewer is the only one asked (re-dealt at the decision: nothing to hide).
    // None: no group nor checkpoint before the decision; MadeSince: a hidden card the group
    // offers was made after the last one, or was in the viewer's sight there (both re-dealt at
    // the decision, and counted so).
    enum class Early { Undecided, AtGroup, AtResume, None, MadeSince, Alone };
    Early early_ = Early::Undecided;
    PlayerIndex viewer_ = kNoPlayer;
    std::size_t early_group_ = 0;       // AtGroup: the first decision of the group re-dealt at
    std::size_t early_log_ = 0;         // the log's length there: the view is compared from it
    std::vector<EntityId> hidden_;      // what the viewer cannot know at the decision (Match::hidden_from), made before the re-deal point
    EntityId made_since_from_ = 0;      // the first id made after the re-deal point
    std::string view_;                  // the real match's view since early_log_ (player_view.h)
    std::string asked_;                 // the viewer's questions in the real match's group (player_questions)
    bool reseed_early_ = false;            // the real match drew random numbers since the re-deal point
    int lost_ = 0;
    bool last_lost_ = false;
    int redealt_before_ = 0, redealt_unfit_ = 0, redealt_at_arrival_ = 0, redealt_alone_ = 0, redeals_refused_ = 0;

    bool plan(PlayerIndex viewer, std::unique_ptr<Playout>& failed);
    bool resume_checked(std::unique_ptr<Playout>& failed);
    bool in_view_at_early(const std::vector<EntityId>& ids);   // plan(): did the viewer see one at the re-deal point?
    std::unique_ptr<Playout> made_for(PlayerIndex viewer, Rng& rng);
    std::unique_ptr<Playout> redealt_copy(Rng& rng, bool& fits);
};

}  // namespace duelbox
