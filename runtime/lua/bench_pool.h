// bench_pool.h - many random-agent matches of one scenario on several threads (`duelbox bench`).
//
// The matches run on a pool of hosts (host_pool.h): one thread and one LuaHost per worker,
// the game's definitions loaded once per host.
//
// Contracts
//  - Match i is played with seed `seed + i`, every seat on the random agent, the scenario's
//    scripted decisions and stop dropped, whatever the worker count. Its BenchMatch is the
//    same for 1 or N workers (tests/robustness/bench_workers_test.cpp checks it): a host
//    that played other matches first plays a match exactly as a fresh one does
//    (host_reuse_test.cpp), and hosts share no state.
//  - BenchRun::matches is in match index order (seed order), whatever the worker count.
//  - Timing covers the matches only, not loading the hosts: `wall_seconds` from the moment
//    every worker has its host loaded until the last match ends; `cpu_seconds` the CPU time
//    the worker threads spent on their matches, summed (CLOCK_THREAD_CPUTIME_ID).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "match_runner.h"
#include "script_profile.h"
#include "scenario/scenario.h"

namespace duelbox {

struct BenchOptions {
    int matches = 200;             // at least 1
    std::uint64_t seed = 1;        // match i uses seed + i
    int workers = 1;               // threads, each with its own LuaHost; at most `matches` are started
    bool narrate = false;          // render every event's narration (what a front end pays)
    bool hash_logs = false;        // fill BenchMatch::log_hash (costs a JSON line per event)
    bool profile = false;          // fill BenchRun::profile (script_profile.h); timings then mean little
    // A worker's matches after its first start from the first one's seed-free checkpoint (the
    // setup before any random draw or answer, checkpoint.h) when the game declares one: the same
    // matches, event for event, without playing that setup again. Off: every match from its start.
    bool reuse_setup = true;
};

// One match's outcome: everything here depends on the match's seed only.
struct BenchMatch {
    std::uint64_t seed = 0;
    RunState state = RunState::NotStarted;   // Finished, or Failed with `error`
    std::vector<int> winners;                // 1-based seats; empty for a draw or no result
    std::string reason;                      // MatchResult::reason
    std::size_t units = 0;                   // events of the game's bench_unit.event (beats, turns)
    std::size_t events = 0;                  // events logged
    std::vector<std::int64_t> health;        // each seat's final "health" counter, 0 when it has none
    std::string error;                       // "" unless Failed: "file:line: message [card k, window w]"
    std::uint64_t log_hash = 0;              // FNV-1a 64 of the observer's JSON lines (hash_logs only)
};

struct BenchRun {
    std::vector<std::string> load_errors;    // the game did not load: nothing was played
    std::string unit_event, unit_name = "unit";   // from game.lua's bench_unit {event=, name=}
    int workers = 0;                         // threads actually started
    std::vector<BenchMatch> matches;         // index i = seed + i
    double wall_seconds = 0;                 // wall clock for all matches
    double cpu_seconds = 0;                  // thread CPU time of the workers, summed
    ProfileReport profile;                   // every worker's, merged (BenchOptions::profile only)
};

// Plays opts.matches matches of `base` on opts.workers threads. Never throws for a script's
// fault: a failing match is a BenchMatch in state Failed; a game that does not load fills
// load_errors.
BenchRun run_bench(const Scenario& base, const BenchOptions& opts);

// One match as a JSON line, the `duelbox bench --results` format (no newline):
//   {"seed":12,"winner":1,"beats":9,"health":[0,7],"reason":"knockout"}
// winner: the 1-based winner, 0 for a draw or no winner; with several winners (a team)
// "winners":[1,3] follows and winner is the first. beats: the game's bench unit events
// (whatever the game calls its unit). A failed match adds "error":"...".
std::string bench_result_json(const BenchMatch& m);

}  // namespace duelbox
