// scratch.cpp - per-period scratch values; see scratch.h for the contracts.
#include "scratch.h"

#include <algorithm>

namespace duelbox {

namespace {
// The first entry of entity e (or where its entries would start): entries are sorted by entity.
template <class It>
It first_of(It begin, It end, EntityId e) {
    return std::lower_bound(begin, end, e, [](const ScratchStore::Entry& x, EntityId id) { return x.entity < id; });
}
}  // namespace

std::int64_t ScratchStore::get(EntityId e, Sym key) const {
    // An entity holds a handful of values: a scan of its run compares integers only.
    for (auto it = first_of(entries_.begin(), entries_.end(), e); it != entries_.end() && it->entity == e; ++it)
        if (it->key == key) return it->value;
    return 0;
}

void ScratchStore::set(EntityId e, Sym key, std::int64_t value, Sym period) {
    auto it = first_of(entries_.begin(), entries_.end(), e);
    auto at = entries_.end();                        // where a new key goes: its text's place in e's run
    const std::string_view text = symbol(key);
    for (; it != entries_.end() && it->entity == e; ++it) {
        if (it->key == key) {
            if (value == 0) {
                entries_.erase(it);
            } else {
                it->value = value;
                it->period = period;
            }
            return;
        }
        if (at == entries_.end() && text < symbol(it->key)) at = it;
    }
    if (value == 0) return;
    entries_.insert(at == entries_.end() ? it : at, Entry{e, key, period, value});
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
