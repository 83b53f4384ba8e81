// reference_result.h - an engine bench match in the C++ reference's results shape, so
// `duelbox bench --reference` and the cross-check test compare the same fields the same way.
// Header-only: the test includes it without linking the CLI.
#pragma once
#include <cstddef>

#include "lua/bench_pool.h"
#include "reference/reference.h"

namespace duelbox {

inline ref::MatchResult to_reference_result(const BenchMatch& m) {
    ref::MatchResult r;
    r.seed = m.seed;
    r.winner = m.winners.empty() ? 0 : m.winners.front();
    r.beats = static_cast<int>(m.units);
    for (std::size_t p = 0; p < 2 && p < m.health.size(); ++p) r.health[p] = static_cast<int>(m.health[p]);
    r.reason = m.reason;
    return r;
}

}  // namespace duelbox
