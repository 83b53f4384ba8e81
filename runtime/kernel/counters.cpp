// counters.cpp - named, bounded integers; see counters.h for the contracts.
//
// A flat vector in definition order, searched linearly: an entity carries a handful of
// counters and a match a few dozen, so a scan beats a map. Past a few dozen (a script that
// writes thousands), an index finds them (counters.h).
#include "counters.h"
#include "saturating.h"

#include <cassert>

namespace duelbox {

namespace {
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

// Not std::clamp: that is undefined when lo > hi, and a bad define must not be UB.
std::int64_t clamp_into(std::int64_t v, std::int64_t lo, std::int64_t hi) {
    if (v < lo) v = lo;
    if (v > hi) v = hi;
    return v;
}

}  // namespace

const Counter* CounterStore::indexed(EntityId owner, std::string_view name) const {
    for (auto i = static_cast<std::uint32_t>(index_.size()); i < counters_.size(); ++i)   // those added since
        index_.emplace(std::pair<EntityId, std::string>{counters_[i].owner, counters_[i].name}, i);
    const auto it = index_.find(KeyLess::View{owner, name});
    return it == index_.end() ? nullptr : &counters_[it->second];
}

Counter* CounterStore::find_mut(EntityId owner, std::string_view name) {
    return const_cast<Counter*>(find(owner, name));
}

const Counter* CounterStore::find(EntityId owner, std::string_view name) const {
    if (counters_.size() > kScanUpTo) return indexed(owner, name);
    for (const auto& c : counters_)
        if (c.owner == owner && c.name == name) return &c;
    return nullptr;
}

// A (re)definition writes the value as well as the bounds: define() is how setup and
// scenario overrides put a counter into a known state, whatever it held before.
CounterChange CounterStore::define(EntityId owner, std::string_view name, std::int64_t value,
                                   std::int64_t min, std::int64_t max) {
    assert(min <= max && "counter min is greater than max - swap the bounds");
    Counter* c = find_mut(owner, name);
    if (!c) {
        counters_.push_back(Counter{owner, std::string(name), 0, kMin, kMax});
        c = &counters_.back();
    }
    const CounterChange change{c->value, clamp_into(value, min, max), value};
    c->min = min;
    c->max = max;
    c->value = change.to;
    return change;
}

CounterChange CounterStore::set(EntityId owner, std::string_view name, std::int64_t value) {
    Counter* c = find_mut(owner, name);
    if (!c) {   // writing an undefined counter defines it with open bounds
        counters_.push_back(Counter{owner, std::string(name), 0, kMin, kMax});
        c = &counters_.back();
    }
    const CounterChange change{c->value, clamp_into(value, c->min, c->max), value};
    c->value = change.to;
    return change;
}

CounterChange CounterStore::add(EntityId owner, std::string_view name, std::int64_t delta) {
    return set(owner, name, saturating_add(get(owner, name), delta));
}

std::int64_t CounterStore::get(EntityId owner, std::string_view name) const {
    const Counter* c = find(owner, name);
    return c ? c->value : 0;
}

bool CounterStore::defined(EntityId owner, std::string_view name) const { return find(owner, name) != nullptr; }

std::vector<const Counter*> CounterStore::of(EntityId owner) const {
    std::vector<const Counter*> out;
    for (const auto& c : counters_)
        if (c.owner == owner) out.push_back(&c);
    return out;
}

}  // namespace duelbox
