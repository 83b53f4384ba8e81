// event_diff.h - which events a rerun changed: an alignment of the old and the new event
// logs, so the editor can mark every changed event, not only the first.
//
// Contracts
//  - The diff works on keys (one 64-bit hash per event, see event_key), so comparing two
//    20,000-event logs costs two passes of hashing plus the alignment.
//  - Hunks are the maximal runs that differ, in order: old[old_begin, old_end) became
//    new[new_begin, new_end). An empty old range is an insertion, an empty new range a removal.
//  - The alignment is a shortest edit script (Myers) over the middle left after trimming the
//    common prefix and suffix, as long as it needs at most `max_edits` insertions and
//    removals. Beyond that (a rerun that changed the whole story) the middle is one hunk and
//    `approximate` says so: still correct, only coarser.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernel/match.h"
#include "run_compare.h"

namespace duelbox::editor {

struct DiffHunk {
    std::size_t old_begin = 0, old_end = 0;   // half-open range of old events
    std::size_t new_begin = 0, new_end = 0;   // half-open range of new events
};

struct EventDiff {
    std::vector<DiffHunk> hunks;
    bool approximate = false;                 // the edit budget ran out: the middle is one hunk
    std::size_t changed_new() const;          // events of the new log inside hunks
    std::size_t changed_old() const;          // events of the old log inside hunks
    bool changed(std::size_t new_index) const;   // is new event i inside a hunk? (binary search)
    // The first hunk whose new range starts after new_index (or ends past it, for an empty
    // range), for "next change" navigation; hunks.size() when there is none.
    std::size_t next_hunk(std::size_t new_index) const;
};

// A hash of what the event says, the same story run_compare.h compares: type, narration
// template, `told` (event_keys passes the names the observer's narration shows for its
// {e:}/{p:}/{z:}/{s:} placeholders, so a renamed card changes every event naming it; with
// the template and the fields that is all the narration says, without rendering it), fields
// with their visibility, audience, and for an entity's creation the props and tags it was
// created with (`births`, when given). The source file:line is left out: moving code changes
// no event.
std::uint64_t event_key(const Event& e, const std::string& told, const EntityBirth* birth);
std::vector<std::uint64_t> event_keys(const Match& m, std::size_t count, const BirthRecord* births = nullptr);

EventDiff diff_keys(const std::vector<std::uint64_t>& before, const std::vector<std::uint64_t>& after,
                    std::size_t max_edits = 2000);

}  // namespace duelbox::editor
