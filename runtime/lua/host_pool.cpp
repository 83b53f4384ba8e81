// host_pool.cpp - see host_pool.h.
#include "host_pool.h"

#include <time.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <latch>
#include <optional>
#include <thread>

#include "host.h"

namespace duelbox {

using Clock = std::chrono::steady_clock;

double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

PoolRun run_on_hosts(const PoolJobs& jobs) {
    PoolRun run;
    const int count = std::max(0, jobs.count);
    const int workers = std::clamp(jobs.workers, 1, std::max(1, count));
    run.workers = workers;

    struct Worker {                        // written by its thread only; read after join
        std::vector<std::string> errors;
        double cpu = 0;
        Clock::time_point begin, end;      // its first job's start, its last job's end
    };
    std::vector<Worker> w(static_cast<std::size_t>(workers));
    std::atomic<int> next{0};              // the next job index
    std::atomic<bool> load_failed{false};
    std::latch loaded(workers + 1);        // every host loaded, and the caller waits with them
    std::string spawn_error;

    // An exception must not leave a worker (std::terminate: one worker out of memory of a
    // thousand killed the process): it becomes the worker's error, and the run reports it.
    auto work = [&](Worker& me) {
        std::optional<LuaHost> host;       // this thread's own Lua state
        try {
            host.emplace(jobs.limits);
            if (!host->set_mods(jobs.mods, me.errors) || !host->load_game(jobs.root, jobs.game, me.errors)) load_failed = true;
            else if (jobs.loaded) jobs.loaded(*host);
        } catch (const std::exception& e) {
            me.errors.push_back(std::string("a worker could not load the game: ") + e.what());
            load_failed = true;
        }
        loaded.arrive_and_wait();
        if (load_failed) return;
        me.begin = Clock::now();           // (the caller's clock read after the latch may come late)
        const double cpu0 = thread_cpu_seconds();
        try {
            for (int i = next.fetch_add(1); i < count; i = next.fetch_add(1)) jobs.job(*host, i);
        } catch (const std::exception& e) {
            me.errors.push_back(std::string("a worker stopped: ") + e.what());
            next = count;                  // the others stop too: the run is reported as failed
        }
        me.cpu = thread_cpu_seconds() - cpu0;
        me.end = Clock::now();
    };
    {
        std::vector<std::jthread> threads;
        threads.reserve(w.size());
        try {
            for (Worker& me : w) threads.emplace_back(work, std::ref(me));
        } catch (const std::exception& e) {   // no thread to be had: the started ones must not wait forever
            load_failed = true;
            spawn_error = std::string("cannot start a worker thread: ") + e.what();
            loaded.count_down(static_cast<std::ptrdiff_t>(w.size() - threads.size()));
        }
        loaded.arrive_and_wait();
    }   // joins every worker
    if (!spawn_error.empty()) {
        run.load_errors = {spawn_error};
        return run;
    }
    for (const Worker& me : w)
        if (!me.errors.empty()) {
            run.load_errors = me.errors;
            return run;
        }
    // Wall clock: from the first worker's start to the last one's end, each read by the worker
    // itself (a main thread descheduled at the latch read its start after short runs had ended:
    // "40 matches in 1.5e-05 s").
    Clock::time_point start = w.front().begin, end = w.front().end;
    for (const Worker& me : w) {
        run.cpu_seconds += me.cpu;
        start = std::min(start, me.begin);
        end = std::max(end, me.end);
    }
    run.wall_seconds = std::chrono::duration<double>(end - start).count();
    return run;
}

}  // namespace duelbox
