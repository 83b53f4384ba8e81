// counters.h - named integers on any entity (players are entities too).
//
// Contracts
//  - A counter has bounds; every write is clamped into [min, max] and reports the
//    value before and after so the Match can raise a change event with from/to.
//  - Reading a counter that was never defined gives 0 and defined() == false;
//    writing one defines it with open bounds. Scripts that care define it first.
//  - Iteration order is definition order, never hash order (determinism).
#pragma once
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ids.h"

namespace duelbox {

struct Counter {
    EntityId owner = kNoEntity;
    std::string name;
    std::int64_t value = 0;
    std::int64_t min = std::numeric_limits<std::int64_t>::min();
    std::int64_t max = std::numeric_limits<std::int64_t>::max();
    bool operator==(const Counter&) const = default;
};

struct CounterChange {
    std::int64_t from = 0;
    std::int64_t to = 0;
    std::int64_t requested = 0;     // the unclamped target; to != requested means it hit a bound
    bool changed() const { return from != to; }
};

class CounterStore {
public:
    // Defines (or redefines the bounds of) a counter, clamping its value. Returns the change.
    CounterChange define(EntityId owner, std::string_view name, std::int64_t value,
                         std::int64_t min, std::int64_t max);
    CounterChange set(EntityId owner, std::string_view name, std::int64_t value);
    CounterChange add(EntityId owner, std::string_view name, std::int64_t delta);  // saturating

    std::int64_t get(EntityId owner, std::string_view name) const;   // 0 when undefined
    bool defined(EntityId owner, std::string_view name) const;
    const Counter* find(EntityId owner, std::string_view name) const;
    std::vector<const Counter*> of(EntityId owner) const;             // in definition order
    const std::vector<Counter>& all() const { return counters_; }
    bool operator==(const CounterStore& o) const { return counters_ == o.counters_; }   // same counters, same order

private:
    Counter* find_mut(EntityId owner, std::string_view name);
    // A match holds a few dozen counters, found by a scan. Past kScanUpTo a counter is found
    // through `index_` ((owner, name) -> position in counters_), brought up to date when
    // asked: a script that writes thousands of counters must not pay a scan of all of them
    // per write (quadratic). Counters are never removed, so the index only grows.
    static constexpr std::size_t kScanUpTo = 32;
    struct KeyLess {
        using is_transparent = void;
        using View = std::pair<EntityId, std::string_view>;
        static View view(const std::pair<EntityId, std::string>& k) { return {k.first, k.second}; }
        static View view(const View& k) { return k; }
        template <class A, class B>
        bool operator()(const A& a, const B& b) const { return view(a) < view(b); }
    };
    const Counter* indexed(EntityId owner, std::string_view name) const;
    std::vector<Counter> counters_;
    mutable std::map<std::pair<EntityId, std::string>, std::uint32_t, KeyLess> index_;   // not part of the value
};

}  // namespace duelbox
