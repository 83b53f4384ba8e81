// decision_tape.h - the decisions of a run, replayed by every rerun.
//
// A rerun after an edit (and a trip back in time) must ask the same questions and get the
// same answers. MatchRunner::taken() gives the answers as option numbers; the "decision"
// events give the answer as text. The tape keeps both, and a ReplayAgent answers each seat
// from the tape while the question still fits, then falls back to the seat's own agent.
//
// Contracts
//  - A recorded answer fits when the same player is asked the same id and the recorded picks
//    still name the same options (same answer text: "Strike", "2 > 1", "yes"). An index that
//    now points at another card does NOT fit: replaying it would silently change the story.
//  - A decision that no longer fits is not guessed: the agent defers (the runner waits), the
//    tape records why (misfit()), and the editor asks a human. The entry is then consumed, so
//    the tape goes on with the next recorded answer.
//  - Answers supplied from outside are appended to nothing here: the runner's taken() list is
//    the next tape.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "kernel/match.h"
#include "lua/match_runner.h"
#include "thinking_seat.h"

namespace duelbox::editor {

struct TapeEntry {
    ScriptedDecision decision;     // player 0-based, id, picks 1-based (Choose/Order) or yes
    std::string answer_text;       // as the "decision" event showed it
};

// Why a recorded decision was not replayed.
struct Misfit {
    std::size_t index = 0;         // position on the tape (0-based)
    PlayerIndex player = kNoPlayer;
    std::string message;           // "decision 4: player 1 was asked 'play' ..."
};

class DecisionTape {
public:
    DecisionTape() = default;
    explicit DecisionTape(std::vector<TapeEntry> entries) : entries_(std::move(entries)) {}

    // The tape of a run: taken() paired with the answers of the log's "decision" events.
    static DecisionTape from_run(const MatchRunner& runner);

    const std::vector<TapeEntry>& entries() const { return entries_; }
    std::size_t position() const { return next_; }
    bool exhausted() const { return next_ >= entries_.size(); }

    // The recorded answer for `r` if it fits (consumes it). When it does not fit, records the
    // misfit, consumes it and marks the player as waiting for an outside answer.
    enum class Outcome { Answered, Misfit, Empty };
    Outcome next(const DecisionRequest& r, Answer& out);

    const std::vector<Misfit>& misfits() const { return misfits_; }
    bool waiting(PlayerIndex p) const;                 // a misfit of p awaits an outside answer
    void answered_outside(PlayerIndex p);              // clears waiting(p)

private:
    std::vector<TapeEntry> entries_;
    std::size_t next_ = 0;
    std::vector<Misfit> misfits_;
    std::vector<PlayerIndex> waiting_;
};

// The text the runner logs for an answer ("Strike", "Lunge > Guard", "3", "yes").
std::string answer_text(const DecisionRequest& r, const Answer& a);

// An agent factory for MatchRunner: every seat answers from `tape` first, then from its own
// agent (default_agent: random/first/deferred for "human"); a scripted seat with an empty
// tape fails the run the way the runner does. A searching seat (mcts, greedy) thinks on
// `worker` (thinking_seat.h); without one it waits past the tape.
MatchRunner::AgentFactory replay_agents(std::shared_ptr<DecisionTape> tape, std::shared_ptr<ThinkingWorker> worker = nullptr);

}  // namespace duelbox::editor
