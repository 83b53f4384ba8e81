// scratch_test.cpp - ScratchStore and Match::scratch: rule-steering values without events.
#include <catch2/catch.hpp>

#include "kernel/match.h"
#include "kernel/snapshot.h"

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
