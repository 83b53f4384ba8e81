// host_pool_test.cpp - the bench's and lab's worker pool (lua/host_pool.h) when a worker fails.
#include <catch2/catch.hpp>

#include <atomic>
#include <new>
#include <stdexcept>

#include "lua/host.h"
#include "lua/host_pool.h"
#include "scenario/scenario.h"

using namespace duelbox;

TEST_CASE("a worker whose load or job throws reports it as the run's error; the process goes on", "[robustness][pool]") {
    // One worker out of memory among a thousand (std::bad_alloc leaving the thread) ended the
    // process with std::terminate.
    const std::string root = DUELBOX_SOURCE_ROOT;
    const Scenario s = load_scenario(root + "/examples/battlecon/bench.json", root);
    PoolJobs jobs = PoolJobs::of(s, 2, 8);
    std::atomic<int> done{0};
    jobs.job = [&](LuaHost&, int i) {
        if (i == 5) throw std::bad_alloc();
        ++done;
    };
    const PoolRun stopped = run_on_hosts(jobs);
    REQUIRE(stopped.load_errors.size() == 1);
    CHECK_THAT(stopped.load_errors[0], Catch::StartsWith("a worker stopped: "));
    CHECK(done < 8);

    jobs.job = [](LuaHost&, int) {};
    jobs.loaded = [](LuaHost&) { throw std::runtime_error("no room"); };
    const PoolRun unloaded = run_on_hosts(jobs);
    REQUIRE(unloaded.load_errors.size() == 1);
    CHECK(unloaded.load_errors[0] == "a worker could not load the game: no room");
}
