// timeline.cpp - one MatchSnapshot per event, within a memory budget; see timeline.h.
#include "timeline.h"

namespace duelbox::editor {

Timeline::Timeline(std::uint64_t seed, std::size_t budget) : budget_(budget) {
    snaps_.emplace_back(MatchSnapshot::take(Match(seed)));
    bytes_ = snaps_[0]->added_bytes();
    kept_ = 1;
}

void Timeline::record(const Match& m) {
    const std::size_t n = m.log().size();
    if (n < snaps_.size()) return;   // cannot happen with one observer per run; keep the first
    if (n > snaps_.size()) complete_ = false;
    snaps_.resize(n + 1);            // events without a snapshot stay empty
    const bool dense = bytes_ <= budget_;
    if (!dense) complete_ = false;
    if (!dense && (bytes_ > 2 * budget_ || n % kSparseStride != 0)) return;
    snaps_[n].emplace(MatchSnapshot::take(m, &*snaps_[last_]));
    const MatchSnapshot& s = *snaps_[n];
    bytes_ += s.added_bytes() + sizeof(std::optional<MatchSnapshot>);
    last_ = n;
    ++kept_;
}

const MatchSnapshot* Timeline::at(std::size_t n) const {
    return n < snaps_.size() && snaps_[n] ? &*snaps_[n] : nullptr;
}

}  // namespace duelbox::editor
