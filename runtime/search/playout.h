// playout.h - a copy of a match played on from one of its decisions, for a search.
//
// How a copy is made: a Lua coroutine suspended inside the rules cannot be copied, and the
// rules' state lives partly in it (locals across a decision), so a copy replays the answers
// given so far (the decision prefix) on a search host of its own: from the scenario's start,
// or, when the game declares checkpoints (lua/checkpoint.h), from the last checkpoint the
// match passed, restored from the kernel's snapshot with game.resume. What a copy costs is
// measured, not assumed: docs/ai.md gives forks per second per game, both ways.
//
// Contracts
//  - A Playout owns one MatchRunner on `host`; one Playout runs on a host at a time (host.h).
//  - reach() replays the prefix and stops at the group the real match is asking: pending()
//    is that group. Every seat is answered from outside from then on (answer()).
//  - Nothing the copy does touches the real match: its own Match, its own host.
//  - A copy that fails (a script error) reports it in error(); the search treats it as a draw.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "lua/host.h"
#include "lua/match_runner.h"

namespace duelbox {

class Playout {
public:
    // `from`: a sealed checkpoint that fits the prefix (checkpoint_fits), or null: the start.
    // `wall_clock_ms` > 0: the copy's rules may run this long in all, if less than the
    // scenario's limits.match_wall_clock_ms (a search's time left before its safety limit).
    Playout(LuaHost& host, const Scenario& scenario, const std::vector<ScriptedDecision>& prefix,
            std::shared_ptr<const Checkpoint> from = {}, std::int64_t wall_clock_ms = 0);

    // Before reach(): keep the last checkpoint the replay passes (checkpoint()).
    void record_checkpoints() { runner_.record_checkpoints(true); }
    // Replays the prefix: true when the copy waits at the group after it.
    bool reach();
    // Replays the prefix only up to the group the real match answered from decision `n` on,
    // and waits there unanswered: true when it does. reach() then answers it from the prefix
    // and goes on. A search re-deals hidden cards there (forks.cpp): before the rules build
    // the question it searches.
    bool reach_group_at(std::size_t n);
    // Before reach(): `f` runs on the match restored from the checkpoint, before the rules
    // resume (a copy started from the start never calls it).
    void on_resumed(std::function<void(Match&)> f) { runner_.on_resumed(std::move(f)); }
    // The last group answered so far (MatchRunner::last_answered_group).
    const MatchRunner::AnsweredGroup& last_answered_group() const { return runner_.last_answered_group(); }
    bool reached() const { return reached_; }
    bool resumed() const { return resumed_; }
    bool capped() const { return capped_; }   // made with a wall_clock_ms of its own
    // After reach(), when recording: the last checkpoint passed, sealed with this copy's log
    // and answers (null when none was passed).
    std::shared_ptr<const Checkpoint> checkpoint() const;
    // Whether a group is waiting for answers (false once the match finished or failed).
    bool waiting() const { return runner_.state() == RunState::WaitingForAnswer; }
    const std::vector<DecisionRequest>& pending() const { return runner_.pending(); }
    // Answers the waiting group (one answer per request, in order) and plays on to the next
    // group or the end.
    void answer(const std::vector<Answer>& answers);

    // The copy's match, writable between answers (a search re-deals hidden things in it).
    Match& match() { return runner_.match_for_search(); }
    const Match& match() const { return runner_.match(); }
    RunState state() const { return runner_.state(); }
    const std::string& error() const { return error_; }
    std::size_t answered() const { return runner_.taken().size(); }

    // Each player's reward once finished: 1 a win, 0 a loss, 1/2 a draw (or a copy that did
    // not finish: failed, or cut short by the search).
    std::vector<double> rewards() const;

    // The game's own estimate of each player's standing while the copy waits: its Lua
    // `game.evaluate(p)` (a number from 0, lost, to 1, won; docs/ai.md), called for every
    // player; a search cuts a copy short with it. Nothing when the game declares none, or
    // when it fails or returns something else (error() then says what).
    bool can_evaluate() const;
    std::optional<std::vector<double>> evaluate();

private:
    RunState play_on();

    LuaHost& host_;
    MatchRunner runner_;
    std::size_t prefix_ = 0;
    std::string error_;
    bool reached_ = false, resumed_ = false, capped_ = false;
};

}  // namespace duelbox
