// reference.h - what duelbox_reference_lib offers a caller (`duelbox bench battlecon
// --reference`, tests/robustness/reference_crosscheck_test.cpp, this folder's main.cpp):
// one bench duel by seed, and the statistics that say whether two sets of results describe
// the same game. Plain C++20 and the standard library: no Lua, no Duelbox runtime.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "results.h"

namespace ref {

// Plays the BattleCON bench duel (Ashen against Frostwarden, examples/battlecon/bench.json,
// both seats random) with this seed: the engine's match for the same seed.
MatchResult play_match(std::uint64_t seed);

// Two sets of results side by side. For the winner shares, the mean beats and each player's
// mean final health: both means, the difference A - B and its 95% confidence interval
// (normal approximation; the two-proportion interval for shares), which "agrees" when it
// holds 0. And, seed by seed where both played the same seed, how many gave the identical
// (winner, beats, health).
struct CompareRow {
    std::string figure;
    double a = 0, b = 0, diff = 0, lo = 0, hi = 0;
    bool agrees = false;
};
struct Comparison {
    std::size_t n_a = 0, n_b = 0;
    std::vector<CompareRow> rows;
    bool all_agree = false;                 // every interval holds 0
    std::size_t common = 0, identical = 0;  // seeds in both; of them, the identical matches
    std::vector<std::uint64_t> differing;   // the common seeds that did not play the same match
};
Comparison compare(const std::vector<MatchResult>& a, const std::vector<MatchResult>& b);

// Prints the table, the seed-by-seed count and a verdict line to `out`.
void print_comparison(std::FILE* out, const Comparison& c, const std::string& name_a, const std::string& name_b);

}  // namespace ref
