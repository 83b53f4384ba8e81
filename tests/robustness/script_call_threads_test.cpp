// The instruction budget with hosts on several threads at once (`duelbox bench --workers`):
// the one watchdog arms each running call when its own time slice is up, on the thread that
// runs it, and each call is stopped at its own host's budget. Another thread's clean match
// plays on undisturbed.
#include <catch2/catch.hpp>

#include <thread>

#include "probe_run.h"

using namespace duelbox;
using namespace duelbox::test;

TEST_CASE("endless loops on three threads each stop at their own host's budget", "[robustness][sandbox][threads]") {
    constexpr int kLoops = 3;
    std::string errors[kLoops];
    RunState states[kLoops] = {};
    std::size_t fired = 0;
    RunState clean = RunState::NotStarted;
    {
        std::vector<std::jthread> threads;
        for (int i = 0; i < kLoops; ++i)
            threads.emplace_back([i, &errors, &states] {
                Limits limits;
                limits.instructions = 1'000'000 * (i + 1);   // a different budget per host
                limits.time_slice_ms = 1 + 2 * i;            // and a different time slice
                auto host = probe_host(limits);
                Scenario s = probe_scenario({"probe/loop"});
                s.limits = limits;
                MatchRunner runner(*host, s);
                states[i] = runner.run();
                errors[i] = runner.error();
            });
        threads.emplace_back([&] {
            auto host = probe_host();
            for (int round = 0; round < 20; ++round) {
                MatchRunner runner(*host, probe_scenario({"probe/echo"}));
                clean = runner.run();
                if (clean != RunState::Finished) return;
                fired += events_of(runner.match(), "fired").size();
            }
        });
    }
    for (int i = 0; i < kLoops; ++i) {
        INFO("thread " << i << ": " << errors[i]);
        CHECK(states[i] == RunState::Failed);
        CHECK(errors[i].find("cards/probe/loop.lua:") == 0);
        CHECK(errors[i].find("instruction budget of " + std::to_string(1'000'000 * (i + 1)) + " exceeded") !=
              std::string::npos);
    }
    CHECK(clean == RunState::Finished);
    CHECK(fired == 20);
}
