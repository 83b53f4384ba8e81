// counters_test.cpp - CounterStore: bounds, clamping, saturation, definition order.
#include <catch2/catch.hpp>

#include <limits>
#include <string>

#include "kernel/counters.h"

using namespace duelbox;

namespace {
constexpr std::int64_t kI64Max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kI64Min = std::numeric_limits<std::int64_t>::min();
}  // namespace

TEST_CASE("an undefined counter reads 0 and is not defined", "[kernel][counters]") {
    CounterStore store;
    CHECK(store.get(1, "life") == 0);
    CHECK_FALSE(store.defined(1, "life"));
    CHECK(store.find(1, "life") == nullptr);
    CHECK(store.of(1).empty());
}

TEST_CASE("define clamps the initial value and reports from, to and requested", "[kernel][counters]") {
    CounterStore store;
    const CounterChange c = store.define(1, "life", 25, 0, 20);
    CHECK(c.from == 0);
    CHECK(c.to == 20);
    CHECK(c.requested == 25);
    CHECK(c.changed());
    REQUIRE(store.defined(1, "life"));
    const Counter* life = store.find(1, "life");
    REQUIRE(life != nullptr);
    CHECK(life->owner == 1);
    CHECK(life->name == "life");
    CHECK(life->value == 20);
    CHECK(life->min == 0);
    CHECK(life->max == 20);
}

TEST_CASE("redefining a counter writes new bounds and value, clamped", "[kernel][counters]") {
    CounterStore store;
    store.define(1, "force", 5, 0, 10);
    const CounterChange c = store.define(1, "force", 9, 0, 7);
    CHECK(c.from == 5);
    CHECK(c.to == 7);
    CHECK(c.requested == 9);
    CHECK(store.find(1, "force")->max == 7);
    CHECK(store.all().size() == 1);   // redefinition does not add a second counter
}

TEST_CASE("set clamps into [min, max] and says when it hit a bound", "[kernel][counters]") {
    CounterStore store;
    store.define(1, "life", 20, 0, 20);

    CounterChange c = store.set(1, "life", -3);
    CHECK(c.from == 20);
    CHECK(c.to == 0);
    CHECK(c.requested == -3);
    CHECK(c.to != c.requested);

    c = store.set(1, "life", 12);
    CHECK(c.from == 0);
    CHECK(c.to == 12);
    CHECK(c.to == c.requested);

    c = store.set(1, "life", 12);
    CHECK_FALSE(c.changed());
    CHECK(store.get(1, "life") == 12);
}

TEST_CASE("add moves by delta and stops at the bounds", "[kernel][counters]") {
    CounterStore store;
    store.define(1, "life", 5, 0, 20);
    CounterChange c = store.add(1, "life", -3);
    CHECK(c.from == 5);
    CHECK(c.to == 2);
    c = store.add(1, "life", -10);
    CHECK(c.to == 0);
    CHECK(c.requested == -8);
    c = store.add(1, "life", 100);
    CHECK(c.to == 20);
    CHECK(c.requested == 100);
}

TEST_CASE("add saturates instead of overflowing int64", "[kernel][counters]") {
    CounterStore store;
    store.set(1, "big", kI64Max - 1);
    CounterChange c = store.add(1, "big", 10);
    CHECK(c.from == kI64Max - 1);
    CHECK(c.to == kI64Max);
    CHECK(c.requested == kI64Max);

    store.set(1, "small", kI64Min + 1);
    c = store.add(1, "small", kI64Min);
    CHECK(c.to == kI64Min);
    CHECK(store.get(1, "small") == kI64Min);
}

TEST_CASE("writing an undefined counter defines it with open bounds", "[kernel][counters]") {
    CounterStore store;
    const CounterChange c = store.add(2, "gold", -7);
    CHECK(c.from == 0);
    CHECK(c.to == -7);
    REQUIRE(store.defined(2, "gold"));
    CHECK(store.find(2, "gold")->min == kI64Min);
    CHECK(store.find(2, "gold")->max == kI64Max);

    store.set(2, "silver", 3);
    CHECK(store.get(2, "silver") == 3);
}

TEST_CASE("counters belong to their owner and iterate in definition order", "[kernel][counters]") {
    CounterStore store;
    store.define(1, "zeta", 1, 0, 9);
    store.define(2, "alpha", 2, 0, 9);
    store.define(1, "alpha", 3, 0, 9);
    store.set(1, "mid", 4);

    CHECK(store.get(1, "alpha") == 3);
    CHECK(store.get(2, "alpha") == 2);
    CHECK_FALSE(store.defined(2, "zeta"));

    const auto mine = store.of(1);
    REQUIRE(mine.size() == 3);
    CHECK(mine[0]->name == "zeta");    // definition order, not alphabetical or hash order
    CHECK(mine[1]->name == "alpha");
    CHECK(mine[2]->name == "mid");

    REQUIRE(store.all().size() == 4);
    CHECK(store.all()[1].owner == 2);
}

TEST_CASE("a store of thousands of counters finds each by owner and name, in definition order", "[kernel][counters]") {
    // Past a few dozen counters they are found through an index (a scan per write was
    // quadratic for a script writing thousands): the same answers as the scan, the same
    // iteration order, equality by the counters alone, and copies that keep finding them.
    CounterStore s;
    for (int i = 0; i < 3000; ++i) s.set(static_cast<EntityId>(1 + i % 3), "c" + std::to_string(i % 1000), i);
    CHECK(s.all().size() == 3000);
    for (int i = 0; i < 3000; ++i) {
        if (s.get(static_cast<EntityId>(1 + i % 3), "c" + std::to_string(i % 1000)) != i) FAIL("counter " << i);
    }
    CHECK(!s.defined(4, "c1"));
    CHECK(!s.defined(1, "c1000"));
    CHECK(s.of(2).size() == 1000);
    CHECK(s.of(2)[0]->name == "c1");   // definition order: i = 1 was owner 2's first
    CounterStore copy = s;
    copy.add(3, "c2", 5);   // i = 2: owner 3, value 2
    CHECK(copy.get(3, "c2") == 7);
    CHECK(s.get(3, "c2") == 2);
    CHECK(!(copy == s));
    copy.set(3, "c2", 2);
    CHECK(copy == s);
    copy.set(9, "new", 1);   // added after the index was built: found too
    CHECK(copy.get(9, "new") == 1);
    CHECK(copy.find(9, "new") == &copy.all().back());
}
