// host_pool.h - many jobs on several threads, each thread with its own loaded LuaHost
// (`duelbox bench`, `duelbox lab`).
//
// Why a pool of hosts: a Lua state runs on one thread at a time, so each worker thread owns
// its own LuaHost with the game's definitions loaded once, and runs its share of the jobs on
// it one after another. The workers take job indices from one shared counter (a worker that
// drew short jobs takes more), so which worker runs a job varies from run to run; a job must
// therefore depend on its index only (a host that played other matches first plays a match
// exactly as a fresh one does: host_reuse_test.cpp).
//
// Contracts
//  - `job(host, i)` is called exactly once for every i in [0, count), on some worker, after
//    that worker's host loaded the game; it should not throw (catch and record per job): an
//    exception that leaves a job (or the load) stops the run, reported in load_errors
//    ("a worker stopped: ..."), instead of ending the process.
//  - `loaded(host)` (optional) is called once per worker right after a successful load, on
//    that worker's thread (read what the game declares; the first worker's reading is enough).
//  - Timing covers the jobs only, not loading the hosts: `wall_seconds` from the moment every
//    worker has its host loaded until the last job ends; `cpu_seconds` the CPU time the
//    worker threads spent on their jobs, summed (CLOCK_THREAD_CPUTIME_ID).
//  - A game that does not load runs no job and fills load_errors (the first failing worker's).
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "scenario/scenario.h"

namespace duelbox {

class LuaHost;

struct PoolRun {
    std::vector<std::string> load_errors;    // the game did not load (or no thread could start)
    int workers = 0;                         // threads actually started
    double wall_seconds = 0;
    double cpu_seconds = 0;
};

struct PoolJobs {
    std::string root, game;                  // what every host loads
    std::vector<std::string> mods;           // mod folders layered on the game (host.h)
    Limits limits;
    int workers = 1;                         // at most `count` are started
    int count = 0;
    std::function<void(LuaHost&)> loaded;    // optional
    std::function<void(LuaHost&, int)> job;

    // The game, mods and limits of a scenario's matches, on `workers` threads, `count` jobs.
    static PoolJobs of(const Scenario& base, int workers, int count) {
        PoolJobs j;
        j.root = base.root;
        j.game = base.game;
        j.mods = base.mods;
        j.limits = base.limits;
        j.workers = workers;
        j.count = count;
        return j;
    }
};

PoolRun run_on_hosts(const PoolJobs& jobs);

// CPU time of the calling thread only (with several workers on shared cores, wall time would
// charge a worker for the time it waited for a core).
double thread_cpu_seconds();

}  // namespace duelbox
