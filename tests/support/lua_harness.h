// lua_harness.h - runs a few lines of Lua as the rules of a match, for the API tests.
//
// The snippet game (tests/support/scripts/snippet/game.lua) loads setup.code as chunk
// "snippet", so an error in line 3 of the snippet reads "snippet:3: ...", and the events
// it causes carry the source "snippet:3". Cards for it live in tests/support/cards/snippet/.
//
// Contracts
//  - A RunResult owns its host and runner: the Match (and its log) stays alive as long as
//    the result does, so tests can read events, counters and narration after the run.
//  - Every seat's agent is "first" unless the scenario says otherwise; scripted decisions
//    are consulted first whatever the agent (see MatchRunner::scripted_answer).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernel/match.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/scenario.h"

namespace duelbox::test {

struct RunResult {
    std::unique_ptr<LuaHost> host;                    // declared first: outlives the runner
    std::unique_ptr<MatchRunner> runner;              // null when the game failed to load
    RunState state = RunState::NotStarted;
    std::string error;                                // the runner's error, or the load errors

    bool finished() const { return state == RunState::Finished; }
    RunState resume();                                // runner->run() again (after provide()); updates state and error
    const Match& match() const { return runner->match(); }
    const std::vector<Event>& events() const { return runner->match().log().events(); }

    std::vector<const Event*> of_type(std::string_view type) const;   // in log order
    const Event* first(std::string_view type) const;  // nullptr when there is none
    std::vector<std::string> types() const;           // every event type, in order
    // Types of events caused by the snippet or cards (a source line), skipping bookkeeping
    // such as the players' entity.create and the final match.end.
    std::vector<std::string> script_types() const;

    // The event's data as `viewer` sees it (fields it may not see are left out).
    nlohmann::json data(const Event& e, PlayerIndex viewer = EventLog::kObserver) const;
    std::string narrate(const Event& e, PlayerIndex viewer = EventLog::kObserver) const;
    std::string where(const Event& e) const;          // "snippet:3" or ""
    // Values of field `key` of every event of `type`, as JSON (null when absent).
    std::vector<nlohmann::json> values(std::string_view type, std::string_view key) const;
    // Texts of every script.print event.
    std::vector<std::string> printed() const;
};

// The scenario run_snippet plays: game "snippet", root tests/support, `players` seats named
// "Player 1".. with agent "first", the snippet as setup.code, strict instruction counting.
Scenario snippet_scenario(const std::string& code, int players = 2, std::vector<ScriptedDecision> decisions = {},
                          std::uint64_t seed = 1);

// Loads the scenario's game in a fresh host and runs it to the end (or a stop or a failure).
RunResult run_scenario(Scenario scenario);

RunResult run_snippet(const std::string& code, int players = 2, std::vector<ScriptedDecision> decisions = {},
                      std::uint64_t seed = 1);

// The error a snippet fails with, or "(no error: <state>)" when it did not fail, so a
// CHECK on the message also shows a run that unexpectedly succeeded.
std::string error_of(const std::string& code, int players = 2);

// A scripted answer: player is 1-based here, as in scenario files.
ScriptedDecision pick(int player, std::vector<std::int64_t> picks, std::string id = "");
ScriptedDecision yes(int player, bool answer, std::string id = "");

}  // namespace duelbox::test
