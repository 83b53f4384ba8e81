// scratch_test.cpp - ScratchStore and Match::scratch: rule-steering values without events.
#include <catch2/catch.hpp>

#include "kernel/match.h"
#include "kernel/snapshot.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace duelbox;

TEST_CASE("kernel: scratch values read 0 unset, erase at 0 and end with their period", "[kernel][scratch]") {
    ScratchStore s;
    CHECK(s.get(3, "moved") == 0);
    s.set(3, "moved", 1, "beat");
    s.set(3, "special_used", 1, "");
    s.set(2, "moved", 7, "beat");
    CHECK(s.get(3, "moved") == 1);
    CHECK(s.get(2, "moved") == 7);
    CHECK(s.entries().size() == 3);
    s.set(2, "moved", 0, "beat");                 // 0 erases
    CHECK(s.entries().size() == 2);
    CHECK(s.end_period("beat") == 1);
    CHECK(s.get(3, "moved") == 0);
    CHECK(s.get(3, "special_used") == 1);         // "" lasts until set again
    CHECK(s.end_period("") == 0);
    CHECK(s.clear_entity(3) == 1);
    CHECK(s.entries().empty());
}

TEST_CASE("kernel: scratch equality does not depend on the order of writes", "[kernel][scratch]") {
    ScratchStore a, b;
    a.set(1, "x", 1, "beat");
    a.set(2, "a", 2, "");
    b.set(2, "a", 2, "");
    b.set(1, "x", 1, "beat");
    CHECK(a == b);
}

TEST_CASE("kernel: an entity with thousands of scratch values keeps them sorted and findable", "[kernel][scratch]") {
    // Past a handful of values an entity's run is searched by text, not scanned: the order and
    // the answers must be the same as the scan's. Keys written in shuffled order, on entities
    // either side, then some erased and some rewritten.
    ScratchStore s;
    std::vector<int> order(3000);
    for (int i = 0; i < 3000; ++i) order[static_cast<std::size_t>(i)] = (i * 1237) % 3000;   // a permutation
    const auto key = [](int i) { return "k" + std::to_string(i); };
    s.set(1, "a", 5, "");
    s.set(3, "z", 6, "");
    for (int i : order) s.set(2, key(i), i + 1, i % 2 ? "beat" : "");
    for (int i = 0; i < 3000; i += 3) s.set(2, key(i), 0, "");          // erase every third
    for (int i = 1; i < 3000; i += 3) s.set(2, key(i), -i, "turn");      // rewrite the next
    for (int i = 0; i < 3000; ++i) {
        const std::int64_t expected = i % 3 == 0 ? 0 : i % 3 == 1 ? -i : i + 1;
        if (s.get(2, key(i)) != expected) FAIL("k" << i << " reads " << s.get(2, key(i)));
    }
    CHECK(s.get(1, "a") == 5);
    CHECK(s.get(3, "z") == 6);
    CHECK(s.get(2, "a") == 0);
    CHECK(s.entries().size() == 2 + 2000);
    CHECK(std::is_sorted(s.entries().begin(), s.entries().end(), [](const ScratchStore::Entry& a, const ScratchStore::Entry& b) {
        return a.entity != b.entity ? a.entity < b.entity : symbol(a.key) < symbol(b.key);
    }));
    CHECK(s.end_period("turn") == 1000);
}

TEST_CASE("kernel: scratch writes append no event; end_period clears them; snapshots keep them", "[kernel][scratch]") {
    Match m(1);
    const PlayerIndex a = m.add_player("Ada", 1);
    const EntityId pe = m.player(a).entity;
    const std::size_t events = m.log().size();
    m.scratch().set(pe, "was_hit", 1, "beat");
    CHECK(m.log().size() == events);               // not news
    const MatchSnapshot snap = MatchSnapshot::take(m);
    m.end_period("beat");
    CHECK(m.scratch().get(pe, "was_hit") == 0);
    Match back(99);
    snap.restore(back, m.log());
    CHECK(back.scratch().get(pe, "was_hit") == 1);
}
