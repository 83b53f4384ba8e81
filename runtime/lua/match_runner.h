// match_runner.h - plays one scenario: builds the Match, runs the game's play(ctx) in a
// coroutine, answers each decision it yields and resumes it, until the end or a stop.
//
// How a decision flows (docs/architecture.md has the picture):
//   rule calls decide{...} -> lua_decide.cpp validates, calls ask() here, yields
//   -> step() answers each request: the scenario's scripted queue first, else the seat's agent
//   -> a "decision" event is logged (the answer hidden from others when secret)
//   -> the coroutine resumes and decide returns the answer.
//
// Contracts
//  - One running match per LuaHost at a time (handler references live in the host).
//  - Nothing a script or an agent does escapes as an exception: it ends the run in state
//    Failed with error() "file:line: message [card k, window w]" and the log kept so far.
//  - Same scenario + seed + decisions => the same event log, byte for byte, in any process.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "checkpoint.h"
#include "host.h"
#include "kernel/match.h"
#include "scenario/scenario.h"

namespace duelbox {

enum class RunState {
    NotStarted,
    Running,            // more to do: call step() again
    WaitingForAnswer,   // a deferred agent's seat must answer: see pending(), then provide()
    Stopped,            // a stop condition of the scenario was reached
    Finished,           // match.finish was called
    Failed,             // a script error, a bad scripted decision, an agent that could not answer
};
const char* run_state_name(RunState s);

class MatchRunner final : public DecisionSink {
public:
    using AgentFactory = std::function<std::unique_ptr<Agent>(const SeatSpec& seat, PlayerIndex p, std::uint64_t seed)>;

    // The host must have the scenario's game loaded. `make_agent` overrides how seats' agents
    // are built (the CLI wires "human" to the terminal; the editor to its decision panel).
    MatchRunner(LuaHost& host, Scenario scenario, AgentFactory make_agent = {});
    ~MatchRunner() override;
    MatchRunner(const MatchRunner&) = delete;
    MatchRunner& operator=(const MatchRunner&) = delete;

    void set_ignore_stop(bool ignore) { ignore_stop_ = ignore; }
    // Called after every event from the very first (set before the first step()).
    void set_event_observer(std::function<void(const Match&, std::uint32_t seq)> f) { observer_ = std::move(f); }

    RunState step();                                   // one resume (answers pending decisions first)
    RunState run();                                    // step() while Running
    RunState state() const { return state_; }

    const Match& match() const { return *match_; }
    // The match, writable: for a search's copy only, between answers (search/playout.h
    // re-deals what a seat cannot know). Never for a match a person watches.
    Match& match_for_search() { return *match_; }
    const Scenario& scenario() const { return scenario_; }
    const std::string& error() const { return error_; }
    // The error as `viewer` may read it. A scripted answer that did not fit a question fails
    // quoting the question's prompt and options, which may name the asked player's hidden
    // cards: any other player (or a spectator) reads only which decision and whose question.
    std::string error_for(PlayerIndex viewer) const;
    const std::string& traceback() const { return traceback_; }
    std::size_t visible_events() const;                // the log cut at the stop point

    // Every decision answered so far, in order, as scripted decisions (the replay's list).
    const std::vector<ScriptedDecision>& taken() const { return taken_; }
    // Requests waiting for an answer from outside (state WaitingForAnswer).
    const std::vector<DecisionRequest>& pending() const { return pending_; }
    // Supplies an outside answer for pending request i; "" or why it was refused.
    std::string provide(std::size_t i, Answer answer);

    // -- for a search's copy (search/forks.cpp), whose seats answer from outside --
    // The scenario's scripted answers are used up to decision `n` only (SIZE_MAX: all): the
    // group holding decision n waits, as for an outside answer, until the hold is moved on.
    void hold_scripted_at(std::size_t n) { scripted_hold_ = n; }
    // The last group answered so far: the number of its first decision (its index in taken()),
    // the log's length, the entities and random draws made when it was asked. first = SIZE_MAX
    // when none was.
    struct AnsweredGroup {
        std::size_t first = static_cast<std::size_t>(-1);
        std::size_t log_size = 0;
        std::size_t entities = 0;   // entities made by then
        std::uint64_t draws = 0;    // random draws made by then
    };
    const AnsweredGroup& last_answered_group() const { return last_group_; }
    // Called on the match restored from a checkpoint (resume_from), before the rules resume.
    void on_resumed(std::function<void(Match&)> f) { on_resumed_ = std::move(f); }

    // The scenario with every decision taken; without events: the scenario, scripts and result only.
    Replay replay(bool with_events = true) const;

    // -- checkpoints (checkpoint.h): for a search's copies, whose seats answer from outside --
    // Records each match.checkpoint the rules pass (the last one is kept).
    // With `seed_free_only`, only a seed-free checkpoint is recorded (the first one passed
    // before any draw, answer or ctx.seed read): what a bench or lab worker keeps of its first
    // match (setup_reuse.h); past that point match.checkpoint costs what it does in a plain match.
    void record_checkpoints(bool on, bool seed_free_only = false) {
        recording_ = on;
        seed_free_only_ = seed_free_only;
    }
    const Checkpoint* last_checkpoint() const { return last_.get(); }
    // The first checkpoint recorded before any random draw and any answer (Checkpoint::seed_free),
    // or nullptr: where a match of the same scenario with another seed may start.
    const Checkpoint* seed_free_checkpoint() const { return seed_free_.get(); }
    // Before the first step(): start from `cp` (sealed, fitting the scenario's decisions)
    // instead of the scenario's start: the match as it was then, game.resume(ctx, data) in
    // place of game.play(ctx), the answers before it taken already. Agents start fresh, so a
    // resumed runner is for seats answered from outside (a random agent would draw anew), except
    // from a seed-free checkpoint: no answer and no draw came before it, so the match takes this
    // scenario's seed, its agents start as they would have, the event observer is told of every
    // event before it, and the match plays exactly as one started from the scenario's start.
    void resume_from(std::shared_ptr<const Checkpoint> cp) { resume_ = std::move(cp); }

    // DecisionSink: called by decide/decide_all from inside the coroutine.
    void ask(std::vector<DecisionRequest>& requests, bool grouped, SourceLoc where) override;
    bool asks_person(PlayerIndex p) const override;
    std::int64_t answered() const override { return static_cast<std::int64_t>(taken_.size()); }
    bool records_checkpoints() const override {
        return recording_ && (!seed_free_only_ || (!seed_free_ && still_seed_free()));
    }
    std::string record_checkpoint(lua_State* L, int data) override;
    void seed_read() override { seed_read_ = true; }
    bool still_seed_free() const;                      // no answer, no draw, no ctx.seed read yet

private:
    RunState start();
    RunState start_resumed();
    // Hands the host to this match (limits, memory, decisions) and pushes the game table:
    // its stack index, or 0 when the game is not loaded (the run has failed).
    int enter_host();
    void push_ctx(int game);                           // the ctx table game.play/resume gets, onto co_
    RunState fail(std::string message, std::string traceback = "");
    // fail() with a message that quotes player `asked`'s question (error_for).
    RunState fail_quoting(PlayerIndex asked, std::string message);
    bool answer_pending();                             // false when waiting or failed
    std::optional<Answer> scripted_answer(const DecisionRequest& r, std::string& problem);
    void log_decision(const DecisionRequest& r, const Answer& a);
    bool stop_reached();
    void release();

    LuaHost& host_;
    Scenario scenario_;
    AgentFactory make_agent_;
    std::unique_ptr<Match> match_;
    std::vector<std::unique_ptr<Agent>> agents_;       // nullptr for scripted seats
    RunState state_ = RunState::NotStarted;
    std::string error_, traceback_;
    PlayerIndex error_quotes_ = kNoPlayer;   // whose question the error quotes (error_for)
    lua_State* co_ = nullptr;
    int co_ref_ = LUA_NOREF;
    int nargs_ = 0;
    std::int64_t script_ns_ = 0;                       // wall-clock time the rules ran in all (limits.match_wall_clock_ms)
    // The pcalls open in the rules coroutine when it last yielded (LuaHost::pcall_depth): given
    // back at the next resume, so a question asked inside pcall does not start the count again
    // (each of 20,000 questions could otherwise open 100 more).
    std::uint32_t pcall_depth_ = 0;
    std::vector<DecisionRequest> pending_;
    // The last question's requests once answered: ask hands them to decide's list, which resets
    // and refills them in place (their strings and option lists keep their storage).
    std::vector<DecisionRequest> answered_;
    std::vector<std::optional<Answer>> answers_;
    bool grouped_ = false;
    SourceLoc pending_where_;
    std::vector<ScriptedDecision> taken_;
    std::size_t next_scripted_ = 0;
    std::size_t scanned_ = 0;                          // events already checked for stop.at_event
    std::size_t cut_ = static_cast<std::size_t>(-1);
    bool ignore_stop_ = false;
    std::function<void(const Match&, std::uint32_t seq)> observer_;
    bool recording_ = false;
    bool seed_free_only_ = false;                      // record_checkpoints(on, seed_free_only)
    std::shared_ptr<Checkpoint> last_;
    std::shared_ptr<Checkpoint> seed_free_;
    bool seed_read_ = false;                           // ctx.seed was read (DecisionSink::seed_read)
    std::shared_ptr<const Checkpoint> resume_;
    std::size_t scripted_hold_ = static_cast<std::size_t>(-1);   // hold_scripted_at
    std::size_t pending_log_size_ = 0;                           // the log's length when the pending group was asked
    std::size_t pending_entities_ = 0;                           // and the entities made by then
    std::uint64_t pending_draws_ = 0;                            // and the random draws
    AnsweredGroup last_group_;
    std::function<void(Match&)> on_resumed_;
};

// The default agent for a seat: random (seeded from the match seed and seat), first, human
// on stdin/stdout, or nullptr for "scripted".
std::unique_ptr<Agent> default_agent(const SeatSpec& seat, PlayerIndex p, std::uint64_t seed);

// Converts JSON (scenario setup) to a Lua value on the stack: objects become tables with
// string keys, arrays sequences, null nil.
void push_json(lua_State* L, const nlohmann::json& j);

}  // namespace duelbox
