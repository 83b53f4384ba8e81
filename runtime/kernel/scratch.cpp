// scratch.cpp - per-period scratch values; see scratch.h for the contracts.
#include "scratch.h"

#include <algorithm>

namespace duelbox {

namespace {
// Sorted by entity, then key: a handful of entries per entity, found by binary search.
bool before(const ScratchStore::Entry& e, EntityId id, std::string_view key) {
    return e.entity != id ? e.entity < id : std::string_view(e.key) < key;
}
}  // namespace

std::int64_t ScratchStore::get(EntityId e, std::string_view key) const {
    auto it = std::lower_bound(entries_.begin(), entries_.end(), 0,
                               [&](const Entry& x, int) { return before(x, e, key); });
    return it != entries_.end() && it->entity == e && it->key == key ? it->value : 0;
}

void ScratchStore::set(EntityId e, std::string_view key, std::int64_t value, std::string_view period) {
    auto it = std::lower_bound(entries_.begin(), entries_.end(), 0,
                               [&](const Entry& x, int) { return before(x, e, key); });
    const bool found = it != entries_.end() && it->entity == e && it->key == key;
    if (value == 0) {
        if (found) entries_.erase(it);
        return;
    }
    if (found) {
        it->value = value;
        if (it->period != period) it->period = std::string(period);
        return;
    }
    entries_.insert(it, Entry{e, std::string(key), value, std::string(period)});
}

int ScratchStore::end_period(std::string_view period) {
    if (period.empty()) return 0;                    // "" lasts until set again: no period ends it
    const auto n = std::erase_if(entries_, [&](const Entry& x) { return x.period == period; });
    return static_cast<int>(n);
}

int ScratchStore::clear_entity(EntityId e) {
    const auto n = std::erase_if(entries_, [&](const Entry& x) { return x.entity == e; });
    return static_cast<int>(n);
}

}  // namespace duelbox
