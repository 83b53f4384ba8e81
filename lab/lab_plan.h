// lab_plan.h - which matches a lab run plays: the sides, the pairings, the seeds, the shards.
//
// Contracts
//  - An entry (a side) is `picks` distinct fighters from the chosen list, in the list's order
//    ("ashen", or "jeanne+bodvar" when a seat fields a team). Entries follow the lexicographic
//    order of their fighters' positions in the chosen list.
//  - A pairing is an ordered pair of entries (seat 1, seat 2) that share no fighter: every
//    matchup is played in both seat orders, mirrors are not played.
//  - Match g (0-based, over all pairings: pairing g / matches, match g % matches) is played
//    with seed `seed + g`. The plan depends on the chosen fighters, picks, matches and seed
//    only, so the same command plays the same matches whatever the worker count or sharding.
//  - Shard i of N plays the contiguous range [i*T/N, (i+1)*T/N) of the T matches: every
//    match is in exactly one shard.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace duelbox {

struct LabEntry {
    std::string label;                 // "ashen" or "jeanne+bodvar"
    std::vector<std::string> members;  // roster names
};

struct LabPairing {
    std::size_t first = 0, second = 0; // entry indices: seat 1, seat 2
};

struct Shard {
    int index = 0, count = 1;          // 0-based index
    std::pair<std::size_t, std::size_t> range(std::size_t total) const;
    bool whole() const { return count == 1; }
};

struct LabPlan {
    std::vector<std::string> fighters; // the chosen roster names, in order
    int picks = 1;
    int matches = 0;                   // per pairing
    std::uint64_t seed = 1;
    std::vector<LabEntry> entries;
    std::vector<LabPairing> pairings;

    std::size_t total() const { return pairings.size() * static_cast<std::size_t>(matches); }
    std::uint64_t seed_of(std::size_t g) const { return seed + g; }
    std::size_t pairing_of(std::size_t g) const { return g / static_cast<std::size_t>(matches); }
};

// At most this many sides (a million pairings); more is refused, not attempted.
constexpr int kMaxSides = 1000;

// Throws std::invalid_argument when fewer than two sides can be formed, or more than kMaxSides.
LabPlan make_plan(std::vector<std::string> fighters, int picks, int matches, std::uint64_t seed);

// "2/8" -> {2, 8}: shard indices are 0-based, as SLURM_ARRAY_TASK_ID is with --array=0-7.
// Returns "" or what is wrong.
std::string parse_shard(const std::string& text, Shard& out);

}  // namespace duelbox
