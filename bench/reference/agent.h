// agent.h - the random agent of runtime/agents/simple_agents.cpp, answer for answer.
//
// Each seat has its own generator, seeded from the match seed and the 0-based seat exactly
// as MatchRunner's default_agent does; it draws only when its seat is asked. So the
// reference plays the engine's duel for a seed as long as each seat is asked the same
// questions (same kind, same number of options, same option order) in the same order.
#pragma once
#include <cstdint>

#include "rng.h"

namespace ref {

constexpr int kMaxOptions = 16;

class RandomAgent {
public:
    void seed(std::uint64_t match_seed, int seat0) {
        rng_.reseed(match_seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(seat0) + 1);
    }

    // "choose" with min = max = 1 (every question of these scripts): k = uniform(1, 1) draws
    // nothing, then all n options are shuffled and the first is the pick. 0-based.
    int choose(int n) {
        int all[kMaxOptions] = {};   // zeroed: GCC cannot see that n >= 1
        for (int i = 0; i < n; ++i) all[i] = i;
        rng_.shuffle(all, n);
        return all[0];
    }

    // "order": a shuffled permutation of 0..n-1 written to out.
    void order(int n, int* out) {
        for (int i = 0; i < n; ++i) out[i] = i;
        rng_.shuffle(out, n);
    }

    bool yes() { return rng_.uniform(0, 1) != 0; }

private:
    Rng rng_;
};

}  // namespace ref
