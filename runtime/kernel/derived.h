// derived.h - derived values the kernel computes and caches: a sum of props over the
// entities in given zones, plus the active modifiers, with floors and caps.
//
// Why: stats such as an attack's power (the printed values of the cards in play plus every
// bonus) are read in almost every timing window. Re-deriving them in Lua on every read cost
// a list of cards, a dozen kernel calls and a table per read; here a read is one call, and
// the value is recomputed only after the match has changed.
//
// The value, step by step:
//   1. Sources: the entities listed in `entities` (wherever they are: a unit's own printed
//      value), then those in `zones`, in zone order (top first). With `kinds`, only the
//      first entity of each of those kinds, listed in the order of `kinds`; with
//      `alone_kind`, an entity of that kind among them counts alone (a card that replaces
//      the others).
//   2. A source whose `fixed_prop` is true gives its own `prop` as the value: no sum, no
//      modifiers (a printed "this value cannot change"); floor and cap still apply.
//   3. Otherwise the printed value is the sum of `prop` over the sources (true = 1; absent,
//      false and other strings = 0). A source whose `prop` is the string `none_value` makes
//      the value "none" (the stat does not exist), unless modifiers of (target,
//      `unnone_stat`) add up to anything but 0, which makes it 0 instead.
//   4. Modifiers of (target, `override_stat`), when any exist, replace the value ("becomes
//      X"); else the modifiers of (target, `stat`) apply to it (effects.h's layering).
//   5. floor and cap clamp a number; "none" stays none.
//
// Contracts
//  - A definition is part of the match (copies and snapshots keep it); ids are 1-based in
//    definition order.
//  - get() equals a fresh computation from the current state, always. A cached value is kept
//    while Match::version() has not moved (every event that can change what a value reads
//    moves it: Match::emit; news that changes nothing a value reads goes through emit_news).
//    When it has moved, the value is kept still if nothing it read was written since: its
//    zones (zone write stamps), its sources' props and kinds (entity write stamps) and the
//    modifiers it reads (same target, one of its stats: their count and newest id; modifiers
//    are only ever added with a new, larger id or removed). So a move or a prop elsewhere no longer recomputes every stat.
#pragma once
#include <cstdint>
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "ids.h"
#include "symbols.h"

namespace duelbox {

class Match;
using DerivedId = std::uint32_t;

struct DerivedSpec {
    std::string name;                       // for inspectors and errors ("power")
    std::vector<EntityId> entities;         // sources wherever they are, before the zones'
    std::vector<ZoneId> zones;              // where the other sources are
    std::vector<std::string> kinds;         // when non-empty: the first entity of each kind
    std::string alone_kind;                 // "" = none
    std::string prop;                       // the prop summed
    std::string none_value;                 // "" = no "none"
    std::string fixed_prop;                 // "" = no fixed values
    EntityId target = kNoEntity;            // whose modifiers apply
    std::string stat;                       // "" = no modifiers
    std::string override_stat;              // "" = none
    std::string unnone_stat;                // "" = none
    std::optional<std::int64_t> floor, cap;
    // `kinds` and `alone_kind` interned (DerivedStore::define fills these): the selection that
    // runs on every recomputation compares symbols, not texts.
    std::vector<Sym> kind_syms;
    Sym alone_kind_sym = 0;
    bool operator==(const DerivedSpec&) const = default;
};

struct DerivedValue {
    bool none = false;                      // the stat does not exist (step 3)
    std::int64_t value = 0;                 // 0 when none
    bool operator==(const DerivedValue&) const = default;
};

// Which source made a value what it is (derived.marks): `fixed_by`, the first source whose
// fixed_prop is set (step 2: the value is that card's own); `none_by`, when no source fixes
// it, the first whose prop is none_value (step 3: "none", or 0 when unnoned). kNoEntity when
// no source did. Worked out with the value and cached with it.
struct DerivedMarks {
    EntityId fixed_by = kNoEntity;
    EntityId none_by = kNoEntity;
};

class DerivedStore {
public:
    DerivedId define(DerivedSpec spec);                       // returns its id
    const DerivedSpec* spec(DerivedId id) const;              // nullptr when unknown
    DerivedId find(std::string_view name, EntityId target) const;   // 0 when none
    std::size_t size() const { return specs_.size(); }

    DerivedValue get(const Match& m, DerivedId id, std::uint64_t version) const;   // cached per version
    DerivedMarks marks(const Match& m, DerivedId id, std::uint64_t version) const; // with get()'s value
    std::vector<EntityId> sources(const Match& m, DerivedId id) const;            // step 1
    // Step 1 as the cached value read it, brought up to date as get() does: no list is made.
    // Valid until the next call on this store.
    const std::vector<EntityId>& current_sources(const Match& m, DerivedId id, std::uint64_t version) const;

    static DerivedValue compute(const Match& m, const DerivedSpec& s);
    static std::vector<EntityId> select(const Match& m, const DerivedSpec& s);
    static void select_into(const Match& m, const DerivedSpec& s, std::vector<EntityId>& out);   // select, reusing out
    static DerivedValue compute_from(const Match& m, const DerivedSpec& s, const std::vector<EntityId>& sources,
                                     DerivedMarks* marks = nullptr);

    bool operator==(const DerivedStore& o) const { return specs_ == o.specs_; }   // the cache is not state

    // Entities and modifiers looked at to check or recompute cached values since the last
    // call, which resets it: the binding charges it to the script's instruction budget (a
    // value over a zone of 100,000 cards, read after each change, is that much work a read).
    std::size_t take_work() const {
        const std::size_t w = cache_.work;
        cache_.work = 0;
        return w;
    }

private:
    struct Cached {
        std::uint64_t version = 0;
        bool valid = false;
        DerivedValue value;
        DerivedMarks marks;
        // What it read, for the check when the version moved (see Contracts).
        std::vector<EntityId> sources;
        std::uint64_t entity_tick = 0, zone_tick = 0;   // the stamps' clocks when computed
        std::size_t modifiers = 0;                       // all of them: count, newest id
        std::uint32_t newest_modifier = 0;
        std::pair<std::size_t, std::uint32_t> read_modifiers{0, 0};   // those it reads (derived.cpp)
    };
    static bool still_valid(const Match& m, const DerivedSpec& s, Cached& c);
    // Step 1 for value `id` into `out`, shared by the values that select alike (the same
    // entities, zones, kinds and alone kind: a player's stats over the same cards). The
    // selection reads only which entities the zones hold (an entity's kind never changes), so
    // one made since the last write to those zones serves them all.
    void select_shared(const Match& m, DerivedId id, const DerivedSpec& s, std::vector<EntityId>& out) const;
    struct Selection {
        bool valid = false;
        std::vector<EntityId> sources;
        std::uint64_t zone_tick = 0;
    };
    // The cache belongs to one Match's history: a copy (a Match copy, a snapshot, a restore)
    // starts empty rather than trust versions counted by another Match.
    struct Cache {
        std::vector<Cached> entries;
        std::vector<Selection> selections;   // by selection_of_
        std::size_t work = 0;                // take_work()
        Cache() = default;
        Cache(const Cache&) {}
        Cache& operator=(const Cache&) {
            entries.clear();
            selections.clear();
            work = 0;
            return *this;
        }
    };
    std::vector<DerivedSpec> specs_;
    std::vector<std::size_t> selection_of_;   // per spec: the first spec that selects alike (its index)
    mutable Cache cache_;
};

}  // namespace duelbox
