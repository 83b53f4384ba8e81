// scratch.h - per-period scratch state: small integers that steer the rules but are not news.
//
// Why: "moved this beat", "was hit", "this advantage was used" decide what later effects do,
// yet a reader of the log learns nothing from their writes (they were 27 of 104 events in a
// beat of a line duelling game). They live here instead of in entity props: part of the Match value, so
// copies and snapshots keep them and a replay rebuilds them, but they append no event.
//
// Contracts
//  - A value is an integer per (entity, key); an unset key reads 0, and setting 0 erases it.
//  - Each value carries the period that clears it (Match::end_period(P) clears every value
//    whose period is P); an empty period lasts until set again.
//  - Iteration and equality do not depend on the order of writes (entries stay sorted), so
//    two runs that reach the same state compare equal.
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

#include "ids.h"
#include "symbols.h"

namespace duelbox {

class ScratchStore {
public:
    // Key and period are interned texts: an entry is four integers, so setting, reading and
    // ending a period compare integers and insert without allocating (a flag is written about
    // twenty times a beat). Entries of one entity stay sorted by the key's text, never by Sym
    // (symbols differ between processes, symbols.h).
    struct Entry {
        EntityId entity = kNoEntity;
        Sym key = 0;
        Sym period = 0;                              // 0 ("") = until set again
        std::int64_t value = 0;
        bool operator==(const Entry&) const = default;
    };

    std::int64_t get(EntityId e, Sym key) const;     // 0 when unset
    // 0 erases. Returns how many entries moved to make room or close the gap (one sorted list
    // for the match: work a binding charges).
    std::size_t set(EntityId e, Sym key, std::int64_t value, Sym period);
    int end_period(Sym period);                      // clears that period's values; returns how many
    // The same by text (interned on the way; a text never interned cannot have been set).
    std::int64_t get(EntityId e, std::string_view key) const { return get(e, intern(key)); }
    std::size_t set(EntityId e, std::string_view key, std::int64_t value, std::string_view period) {
        return set(e, intern(key), value, intern(period));
    }
    // By name: a period no value was ever set for clears nothing and adds no text to the process
    // (a script ending made-up periods in a loop). "" is Sym 0, the values with no period.
    int end_period(std::string_view period) {
        if (period.empty()) return end_period(Sym{0});
        const Sym s = find_symbol(period);
        return s ? end_period(s) : 0;
    }
    int clear_entity(EntityId e);                    // clears every value of e; returns how many
    const std::vector<Entry>& entries() const { return entries_; }   // sorted by (entity, key text)
    bool operator==(const ScratchStore&) const = default;

private:
    std::vector<Entry> entries_;
};

}  // namespace duelbox
