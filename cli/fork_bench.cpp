// fork_bench.cpp - copies per second at decisions of random matches (see fork_bench.h).
#include "fork_bench.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli.h"
#include "kernel/printable.h"
#include "kernel/rng.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "lua/checkpoint.h"
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

// What a copy at a decision shows, in short: compared between a replayed and a resumed copy.
std::string fingerprint(const Playout& c) {
    std::string f = std::to_string(c.match().log().size()) + "/" + std::to_string(const_cast<Match&>(c.match()).rng().draws()) +
                    "/" + std::to_string(c.match().entity_count());
    for (const DecisionRequest& r : c.pending()) {
        f += "|" + std::to_string(r.player) + r.id;
        for (const Option& o : r.options) f += "," + o.label;
    }
    return f;
}

int fork_bench(const Scenario& base, int matches, std::uint64_t seed) {
    LuaHost host(base.limits), search_host(base.limits);
    std::vector<std::string> errors;
    if (!host.load_game(base, errors) || !search_host.load_game(base, errors)) {
        for (const auto& e : errors) std::cerr << printable_name(e) << "\n";
        return kBadInput;
    }
    const bool resumable = game_can_resume(search_host);
    double seconds[4] = {0, 0, 0, 0}, resumed_seconds[4] = {0, 0, 0, 0};
    int copies[4] = {0, 0, 0, 0}, resumed[4] = {0, 0, 0, 0};
    double match_seconds = 0;
    int failed = 0, differ = 0;
    std::string first_difference;
    using Clock = std::chrono::steady_clock;
    const auto since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
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
        match_seconds += since(t0);
        const std::size_t total = real.taken().size();
        for (std::size_t k = 0; k < starts.size(); k += 4) {
            const std::vector<ScriptedDecision> prefix(real.taken().begin(), real.taken().begin() + static_cast<std::ptrdiff_t>(starts[k]));
            const int quarter = std::min(3, static_cast<int>(4 * starts[k] / std::max<std::size_t>(total, 1)));
            std::string replayed_view;
            {
                const auto t = Clock::now();
                Playout copy(search_host, s, prefix);
                const bool ok = copy.reach();
                const double dt = since(t);
                if (!ok) {
                    ++failed;
                    continue;
                }
                seconds[quarter] += dt;
                ++copies[quarter];
                replayed_view = fingerprint(copy);
            }
            if (!resumable) continue;
            std::shared_ptr<const Checkpoint> cp;
            {
                Playout recorder(search_host, s, prefix);   // not timed: it finds the checkpoint
                recorder.record_checkpoints();
                if (recorder.reach()) cp = recorder.checkpoint();
            }
            if (!cp) continue;   // none before this decision (setup)
            const auto t = Clock::now();
            Playout copy(search_host, s, prefix, cp);
            const bool ok = copy.reach();
            const double dt = since(t);
            if (!ok) {
                ++failed;
                if (first_difference.empty()) first_difference = copy.error();
                continue;
            }
            resumed_seconds[quarter] += dt;
            ++resumed[quarter];
            if (fingerprint(copy) != replayed_view && ++differ == 1)
                first_difference = "seed " + std::to_string(s.seed) + ", decision " + std::to_string(starts[k]) + ": replayed " +
                                   replayed_view + " vs resumed " + fingerprint(copy);
        }
    }
    const auto report = [&](const char* title, const double* secs, const int* n) {
        const int all = n[0] + n[1] + n[2] + n[3];
        const double all_s = secs[0] + secs[1] + secs[2] + secs[3];
        std::printf("%s\n", title);
        std::printf("  %d copies, %.0f copies/s, %.3f ms each\n", all, all / std::max(all_s, 1e-9), 1000 * all_s / std::max(all, 1));
        for (int q = 0; q < 4; ++q)
            if (n[q])
                std::printf("  made in quarter %d of the match: %5d copies, %.3f ms each, %.0f copies/s\n", q + 1, n[q],
                            1000 * secs[q] / n[q], n[q] / secs[q]);
    };
    std::printf("a whole random match: %.3f ms, one thread\n", 1000 * match_seconds / std::max(matches, 1));
    report("copies of a match at a decision, replaying the answers so far from the start:", seconds, copies);
    if (resumable) {
        report("the same copies started from the last checkpoint (game.resume) and replaying the answers since:",
               resumed_seconds, resumed);
        std::printf("  resumed copies that differ from the replay (log, draws, entities, question): %d\n", differ);
    } else {
        std::printf("the game declares no game.resume: every copy replays from the start (docs/ai.md, \"Checkpoints\")\n");
    }
    if (!first_difference.empty()) std::printf("  first: %s\n", first_difference.c_str());
    if (failed) std::printf("  %d matches or copies failed\n", failed);
    return failed || differ ? kFailed : kOk;
}

}  // namespace duelbox::cli
