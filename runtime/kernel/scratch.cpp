// scratch.cpp - per-period scratch values; see scratch.h for the contracts.
#include "scratch.h"

#include <algorithm>

namespace duelbox {

namespace {
using Entries = std::vector<ScratchStore::Entry>;

// An entity holds a handful of values, and then a scan comparing integers is cheapest; a script
// that keeps thousands on one entity must not pay a text comparison per entry per write
// (quadratic: a hostile loop of flag.set ran for minutes before the memory cap stopped it).
constexpr int kScanRun = 16;

struct Place {
    Entries::const_iterator at;   // the entry, or where it would go (when asked for)
    bool found = false;
};

// Finds key in e's run (entries are sorted by entity, then by the key's text). A short run is
// scanned by integers; a long one is searched by text. With want_place, a missing key's place.
[[gnu::always_inline]] inline Place locate(const Entries& entries, EntityId e, Sym key, bool want_place) {
    const auto by_entity = [](const ScratchStore::Entry& x, EntityId id) { return x.entity < id; };
    const auto run = std::lower_bound(entries.begin(), entries.end(), e, by_entity);
    auto it = run;
    for (int n = 0; it != entries.end() && it->entity == e; ++it, ++n) {
        if (it->key == key) return {it, true};
        if (n == kScanRun) {
            const auto last = std::upper_bound(it, entries.end(), e, [](EntityId id, const ScratchStore::Entry& x) { return id < x.entity; });
            const std::string_view text = symbol(key);
            const auto at = std::lower_bound(run, last, text, [](const ScratchStore::Entry& x, std::string_view t) { return symbol(x.key) < t; });
            return {at, at != last && at->key == key};
        }
    }
    if (!want_place) return {it, false};
    const std::string_view text = symbol(key);
    return {std::find_if(run, it, [&](const ScratchStore::Entry& x) { return text < symbol(x.key); }), false};
}
}  // namespace

std::int64_t ScratchStore::get(EntityId e, Sym key) const {
    const Place p = locate(entries_, e, key, false);
    return p.found ? p.at->value : 0;
}

std::size_t ScratchStore::set(EntityId e, Sym key, std::int64_t value, Sym period) {
    const Place p = locate(entries_, e, key, value != 0);
    const auto after = static_cast<std::size_t>(entries_.cend() - p.at);
    if (!p.found) {
        if (value == 0) return 0;
        entries_.insert(p.at, Entry{e, key, period, value});
        return after;
    }
    const auto it = entries_.begin() + (p.at - entries_.cbegin());
    if (value == 0) {
        entries_.erase(it);
        return after - 1;
    }
    it->value = value;
    it->period = period;
    return 0;
}

int ScratchStore::end_period(Sym period) {
    if (period == 0) return 0;                       // "" lasts until set again: no period ends it
    const auto n = std::erase_if(entries_, [&](const Entry& x) { return x.period == period; });
    return static_cast<int>(n);
}

int ScratchStore::clear_entity(EntityId e) {
    const auto n = std::erase_if(entries_, [&](const Entry& x) { return x.entity == e; });
    return static_cast<int>(n);
}

}  // namespace duelbox
