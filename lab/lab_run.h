// lab_run.h - plays a lab plan (or one shard of it) on every core and tallies it.
//
// Contracts
//  - Match g of the plan is the base scenario with every seat's `seat_key` set to its side's
//    pick (spec.side_of_seat / slot_of_seat), every seat on `agent`, the scenario's scripted decisions and stop
//    dropped, and seed plan.seed_of(g). Whatever the worker count, the tally is the same
//    (a tally is a sum: lab_tally.h).
//  - A match that fails (a script error) is counted as failed with its seed and error; it
//    never stops the run. A game that does not load plays nothing and fills load_errors.
//  - `done`, when given, is incremented after every match (for a progress bar on another
//    thread). `cancel`, when given and set, makes the workers skip every match not yet begun
//    (the editor restarts a run after a script change); the run then reports `cancelled`.
#pragma once
#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

#include "kernel/match.h"
#include "lab_plan.h"
#include "lab_spec.h"
#include "lab_tally.h"
#include "lua/host_pool.h"
#include "scenario/scenario.h"

namespace duelbox {

struct LabOptions {
    std::string agent = "random";        // an agent every seat uses ("random", "first")
    int workers = 1;
    Shard shard;
    std::atomic<std::size_t>* done = nullptr;
    const std::atomic<bool>* cancel = nullptr;   // once true, the remaining matches are skipped
    // A worker's later matches of a pairing start from its first one's seed-free checkpoint
    // (runtime/lua/setup_reuse.h): the same matches without playing the shared setup again.
    bool reuse_setup = true;
};

struct LabRun {
    std::vector<std::string> load_errors;
    LabTally tally;
    PoolRun pool;
    bool cancelled = false;              // `cancel` was set: the tally is incomplete
};

// Loads the game once on this thread and reads its lab declaration and content hash
// (FNV-1a 64 over every loaded file's path and hash, in load order), then lab_sides.
// "" or what is wrong.
std::string load_lab_spec(const Scenario& base, LabSpec& spec, std::string& content_hash);

// Fills spec's side layout from the base scenario's seats (lab_spec.h); "" or what is wrong.
std::string lab_sides(const Scenario& base, LabSpec& spec);

// The scenario of match g (exposed for tests and for opening a sample match in a front end).
Scenario lab_match_scenario(const Scenario& base, const LabSpec& spec, const LabPlan& plan, std::size_t g,
                            const std::string& agent);

// What the lab counts of one match that has ended (or failed).
LabMatch observe_match(const Match& m, const LabSpec& spec, bool failed, const std::string& error);

LabRun run_lab(const Scenario& base, const LabSpec& spec, const LabPlan& plan, const LabOptions& opts);

}  // namespace duelbox
