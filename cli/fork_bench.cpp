// fork_bench.cpp - copies per second at decisions of random matches (see fork_bench.h).
#include "fork_bench.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli.h"
#include "kernel/rng.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "search/playout.h"

namespace duelbox::cli {

namespace {

// A random agent noting where each group begins (the answers given before it).
class NotingAgent final : public Agent {
public:
    NotingAgent(std::vector<std::size_t>& starts, std::uint64_t seed) : starts_(starts), rng_(seed) {}
    const char* kind() const override { return "random"; }
    std::optional<Answer> answer(const DecisionRequest& r, const Match&) override { return random_answer(r, rng_); }
    std::optional<Answer> answer(const DecisionRequest& r, const Match& m, const DecisionContext& c) override {
        if (c.index == 0 && c.taken && (starts_.empty() || starts_.back() != c.taken->size())) starts_.push_back(c.taken->size());
        return answer(r, m);
    }

private:
    std::vector<std::size_t>& starts_;
    Rng rng_;
};

}  // namespace

int fork_bench(const Scenario& base, int matches, std::uint64_t seed) {
    LuaHost host(base.limits), search_host(base.limits);
    std::vector<std::string> errors;
    if (!host.load_game(base, errors) || !search_host.load_game(base, errors)) {
        for (const auto& e : errors) std::cerr << e << "\n";
        return kBadInput;
    }
    double seconds[4] = {0, 0, 0, 0};
    int copies[4] = {0, 0, 0, 0};
    double match_seconds = 0;
    int failed = 0;
    using Clock = std::chrono::steady_clock;
    for (int g = 0; g < matches; ++g) {
        Scenario s = base;
        s.seed = seed + static_cast<std::uint64_t>(g);
        s.decisions.clear();
        s.stop = StopAt{};
        std::vector<std::size_t> starts;
        MatchRunner real(host, s, [&starts](const SeatSpec&, PlayerIndex p, std::uint64_t sd) {
            return std::make_unique<NotingAgent>(starts, sd * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(p) + 1);
        });
        const auto t0 = Clock::now();
        if (real.run() != RunState::Finished) {
            ++failed;
            continue;
        }
        match_seconds += std::chrono::duration<double>(Clock::now() - t0).count();
        const std::size_t total = real.taken().size();
        for (std::size_t k = 0; k < starts.size(); k += 4) {
            const std::vector<ScriptedDecision> prefix(real.taken().begin(), real.taken().begin() + static_cast<std::ptrdiff_t>(starts[k]));
            const auto t = Clock::now();
            Playout copy(search_host, s, prefix);
            const bool ok = copy.reach();
            const double dt = std::chrono::duration<double>(Clock::now() - t).count();
            if (!ok) {
                ++failed;
                continue;
            }
            const int quarter = std::min(3, static_cast<int>(4 * starts[k] / std::max<std::size_t>(total, 1)));
            seconds[quarter] += dt;
            ++copies[quarter];
        }
    }
    const int all = copies[0] + copies[1] + copies[2] + copies[3];
    const double all_s = seconds[0] + seconds[1] + seconds[2] + seconds[3];
    std::printf("copies of a match at a decision (replaying the answers so far), one thread:\n");
    std::printf("  %d copies, %.0f copies/s, %.3f ms each (a whole random match: %.3f ms)\n", all, all / all_s,
                1000 * all_s / std::max(all, 1), 1000 * match_seconds / std::max(matches, 1));
    for (int q = 0; q < 4; ++q)
        if (copies[q])
            std::printf("  made in quarter %d of the match: %5d copies, %.3f ms each, %.0f copies/s\n", q + 1, copies[q],
                        1000 * seconds[q] / copies[q], copies[q] / seconds[q]);
    if (failed) std::printf("  %d matches or copies failed\n", failed);
    return failed ? kFailed : kOk;
}

}  // namespace duelbox::cli
