// timeline.h - the state after every event of one run, kept while the run plays, so that time
// travel never reruns the match.
//
// Why not rerun: a Lua state cannot be copied, so a run cannot be resumed from the middle;
// the only way to a past state used to be a rerun from the start (0.4-0.75 s at 20,000
// events). Instead the run's event observer takes a MatchSnapshot (runtime/kernel/snapshot.h)
// after every event, each sharing the unchanged pieces of the one before, and travel
// restores one into a view Match: the state plus the log's first n events.
//
// Contracts
//  - record() is called after each event, in order (the run's observer); at(0) is the state
//    of a fresh Match with the run's seed, at(n) the state right after event n.
//  - Memory stays bounded: past `budget` bytes (about) the timeline keeps one snapshot in
//    kSparseStride, past twice the budget none; at() is nullptr where nothing was kept and
//    complete() says whether every event has one. The caller falls back to a rerun there.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "kernel/snapshot.h"

namespace duelbox::editor {

class Timeline {
public:
    static constexpr std::size_t kDefaultBudget = 192u << 20;   // about 192 MB per run
    static constexpr std::size_t kSparseStride = 64;

    explicit Timeline(std::uint64_t seed, std::size_t budget = kDefaultBudget);
    void record(const Match& m);                        // after each event
    const MatchSnapshot* at(std::size_t n) const;       // the state after n events, or nullptr
    bool complete() const { return complete_; }         // a snapshot for every event so far
    std::size_t count() const { return kept_; }         // snapshots kept
    std::size_t events() const { return snaps_.size() - 1; }   // events recorded
    std::size_t bytes() const { return bytes_; }        // about: heap bytes of every piece kept

private:
    std::vector<std::optional<MatchSnapshot>> snaps_;   // index = events done
    std::size_t last_ = 0;                              // index of the last kept, to share pieces with
    std::size_t budget_;
    std::size_t bytes_ = 0;
    std::size_t kept_ = 0;
    bool complete_ = true;
};

}  // namespace duelbox::editor
