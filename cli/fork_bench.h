// fork_bench.h - `duelbox bench <game> --forks`: what a search pays for one copy of a match.
#pragma once
#include <cstdint>

#include "scenario/scenario.h"

namespace duelbox::cli {

// Plays `matches` random matches (seeds seed..), notes where each group of decisions begins,
// then makes a copy (search/playout.h) at every 4th of those points and times it: copies per
// second overall and by how far into the match the copy is made (quarters of the answers).
// One thread: the figure is what one search thread gets.
int fork_bench(const Scenario& base, int matches, std::uint64_t seed);

}  // namespace duelbox::cli
