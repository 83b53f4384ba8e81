// run.h - one play of a scenario with its own Lua host: the unit the editor keeps, compares
// and throws away.
//
// Contracts
//  - A Run owns (or shares) the host its runner plays in; the runner is destroyed first.
//  - play() never throws and never blocks on a person: it stops at the end, at the scenario's
//    stop, at a failure, or when a seat waits for an outside answer.
//  - same_event compares type, narration template, fields and audience, not the source
//    file:line (an edit that only moves lines changes no event); what a rerun reports as its
//    first change also compares the rendered narration and what entities are created with
//    (run_compare.h).
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "decision_tape.h"
#include "run_compare.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "timeline.h"

namespace duelbox::editor {

// How a run ended, comparable across runs.
struct Outcome {
    RunState state = RunState::NotStarted;
    bool finished = false;
    std::vector<PlayerIndex> winners;           // 0-based
    std::string reason;
    std::string error;
    std::size_t events = 0;                     // visible events
    std::string text() const;                   // "finished: Ada wins (knockout), 212 events"
    bool same_result(const Outcome& o) const;   // state, winners, reason, error
};

class Run {
public:
    // Loads the scenario's game into a fresh host; nullptr when the definitions do not load
    // (every problem appended to `errors`). With a tape, the scenario's own decisions are
    // replaced by the tape (reruns); without one, the scenario plays as in the CLI.
    // Searching seats think on `worker` (thinking_seat.h); without one (a run played again for
    // its timeline or for travel) they wait past the tape.
    static std::unique_ptr<Run> load(const Scenario& scenario, std::shared_ptr<DecisionTape> tape,
                                     std::vector<std::string>& errors, std::shared_ptr<ThinkingWorker> worker = nullptr);
    // The same on an already loaded host (time travel reuses one host for many reruns).
    Run(std::shared_ptr<LuaHost> host, const Scenario& scenario, std::shared_ptr<DecisionTape> tape,
        std::shared_ptr<ThinkingWorker> worker = nullptr);
    ~Run();

    void set_observer(std::function<void(const Match&, std::uint32_t seq)> f);   // before play()
    // What each entity was created with (run_compare.h), recorded by the run's own observer,
    // which then calls the one given to set_observer.
    const BirthRecord& births() const { return births_; }
    // Keeps a Timeline (the state after every event, timeline.h) from here on; before play().
    void keep_timeline(std::size_t budget = Timeline::kDefaultBudget);
    const Timeline* timeline() const { return timeline_.get(); }
    // Hands the timeline over: a second play of the same run (same seed and decisions, so the
    // same events) can keep it off the critical path and give it to this one (Session::rerun).
    std::unique_ptr<Timeline> release_timeline() { return std::move(timeline_); }
    void adopt_timeline(std::unique_ptr<Timeline> t) { timeline_ = std::move(t); }
    RunState play(std::size_t max_steps = static_cast<std::size_t>(-1));    // step() while Running
    std::string provide(std::size_t i, Answer a);                            // then play() again

    MatchRunner& runner() { return *runner_; }
    const MatchRunner& runner() const { return *runner_; }
    const Match& match() const { return runner_->match(); }
    bool started() const { return runner_->state() != RunState::NotStarted; }
    std::size_t tip() const { return started() ? runner_->visible_events() : 0; }
    LuaHost& host() { return *host_; }
    const std::shared_ptr<LuaHost>& shared_host() const { return host_; }
    DecisionTape* tape() { return tape_.get(); }
    const DecisionTape* tape() const { return tape_.get(); }
    Outcome outcome() const;

private:
    std::shared_ptr<LuaHost> host_;
    std::shared_ptr<DecisionTape> tape_;
    std::unique_ptr<MatchRunner> runner_;
    BirthRecord births_;
    std::unique_ptr<Timeline> timeline_;
    std::function<void(const Match&, std::uint32_t seq)> observer_;
};

// Event equality for "what changed" (see the contract above).
bool same_event(const Event& a, const Event& b);
// "#41 damage: Brook takes 3 damage (7 left)  [cards/duel/strike.lua:2]"
std::string describe_event(const Match& m, const Event& e);
// A stable text dump of the state (players, zones and their items, counters, modifiers,
// prohibitions, positions): what the state inspector shows, and what tests compare.
std::string state_digest(const Match& m);

}  // namespace duelbox::editor
