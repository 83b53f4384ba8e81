// run_compare.h - what a rerun changed: the first event whose story differs, as a reader of
// the log sees it, and the first event where the play itself went another way.
//
// Two events tell the same story when their type, their narration rendered for an observer
// (names resolved, so a renamed card differs at the first event that names it), their fields
// (with visibility) and audience are equal and, for an entity's creation, the entity was
// created with the same props and tags. Why the last part: a card's printed data (power,
// range...) is not in the entity.create event, so without it a changed stat would show only at
// its first effect. It is recorded here by each run's event observer rather than emitted by the
// kernel: no log, replay file or benchmark changes, and hidden cards' stats are not put in an
// event that the observer's view and JSON exports would then have to mask (decision: see
// docs/editor.md, "Live rerun").
//
// The source file:line is never compared: an edit that only moves code changes no event.
#pragma once
#include <cstdint>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "kernel/match.h"

namespace duelbox::editor {

class Run;

// What an entity was created with: its props and tags at its entity.create event.
struct EntityBirth {
    EntityId entity = 0;
    std::vector<std::pair<std::string, Value>> props;   // sorted by key, as the kernel keeps them
    std::vector<std::string> tags;                       // sorted
};

// Fed by a run's event observer; keeps each entity.create event's birth by event index.
class BirthRecord {
public:
    void observe(const Match& m, std::uint32_t seq);   // event `seq` was just appended
    const EntityBirth* at(std::size_t event) const;      // nullptr when that event created nothing
    std::size_t size() const { return births_.size(); }

private:
    std::vector<std::pair<std::size_t, EntityBirth>> births_;   // in event order
};

struct RunDiff {
    static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    std::size_t first = kNone;        // the first event whose story differs (see above)
    std::string why;                  // "the narration differs", "Strike (duel/strike) is created with power 3 -> 30", ...
    std::size_t first_play = kNone;   // the first event whose type, template, fields or audience differ
};

// Event keys (event_diff.h event_keys) of both runs, when the caller has them: an event whose
// key is the same in both tells the same story (the key hashes type, template, narration,
// fields, audience and birth), so it is passed over without narrating it twice. A 64-bit hash
// could only hide a difference by a collision.
struct KnownKeys {
    const std::vector<std::uint64_t>* before = nullptr;
    const std::vector<std::uint64_t>* after = nullptr;
};

// Compares the first `before_n` events of `before` with the first `after_n` of `after`.
RunDiff compare_runs(const Match& before, const BirthRecord& before_births, std::size_t before_n, const Match& after,
                     const BirthRecord& after_births, std::size_t after_n, KnownKeys keys = {});
RunDiff compare_runs(const Run& before, const Run& after, KnownKeys keys = {});   // their visible events

// "power 3 -> 30, tag fast added" (empty when equal).
std::string birth_difference(const EntityBirth& before, const EntityBirth& after);

}  // namespace duelbox::editor
