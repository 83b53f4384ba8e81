// windows_test.cpp - WindowRegistry: order, limits, periods and re-entrant dispatch.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "kernel/windows.h"

using namespace duelbox;

namespace {
Handler on(std::string window, PlayerIndex player, int priority = 0, EntityId source = 1) {
    Handler h;
    h.window = std::move(window);
    h.player = player;
    h.priority = priority;
    h.source = source;
    return h;
}

Handler limited(std::string window, int limit, std::string period) {
    Handler h = on(std::move(window), 0);
    h.limit = limit;
    h.period = std::move(period);
    return h;
}

// What the rules coroutine does: walk a snapshot, fire what may still fire.
template <class Fn>
std::vector<HandlerId> dispatch(WindowRegistry& reg, const std::string& window, const OrderPolicy& policy, Fn body) {
    std::vector<HandlerId> ran;
    for (HandlerId id : reg.collect(window, policy)) {
        ran.push_back(id);
        body(id);
        reg.mark_fired(id);
    }
    return ran;
}
}  // namespace

TEST_CASE("add assigns ids and seq in registration order", "[kernel][windows]") {
    WindowRegistry reg;
    Handler h = on("hit", 0);
    h.fired = 5;     // stale values a caller copied are not trusted
    h.removed = true;
    const HandlerId a = reg.add(h);
    const HandlerId b = reg.add(on("hit", 1));
    CHECK(a == 1);
    CHECK(b == 2);
    REQUIRE(reg.get(a) != nullptr);
    CHECK(reg.get(a)->seq < reg.get(b)->seq);
    CHECK(reg.get(a)->fired == 0);
    CHECK_FALSE(reg.get(a)->removed);
    CHECK(reg.get(a)->window == "hit");
    CHECK(reg.get(99) == nullptr);
    CHECK(reg.get(0) == nullptr);
}

TEST_CASE("collect orders by priority, then seat distance, then registration", "[kernel][windows]") {
    WindowRegistry reg;
    const HandlerId p1_late = reg.add(on("hit", 1, 1));
    const HandlerId p1 = reg.add(on("hit", 1));
    const HandlerId p0 = reg.add(on("hit", 0));
    const HandlerId p1_again = reg.add(on("hit", 1));
    const HandlerId p0_late = reg.add(on("hit", 0, 1));
    reg.add(on("miss", 0));   // another window is never collected

    const auto order = reg.collect("hit", OrderPolicy{0, 2});
    CHECK(order == std::vector<HandlerId>{p0, p1, p1_again, p0_late, p1_late});

    // The other player is active: their handlers go first within each priority.
    const auto order1 = reg.collect("hit", OrderPolicy{1, 2});
    CHECK(order1 == std::vector<HandlerId>{p1, p1_again, p0, p1_late, p0_late});
}

// A "start" handler for nobody, then one for each of four seats, registered in that order.
struct FourSeats {
    WindowRegistry reg;
    HandlerId nobody = reg.add(on("start", kNoPlayer));
    HandlerId s0 = reg.add(on("start", 0)), s1 = reg.add(on("start", 1)), s2 = reg.add(on("start", 2)),
              s3 = reg.add(on("start", 3));
};

TEST_CASE("seat distance wraps around the table and seatless handlers go last", "[kernel][windows]") {
    FourSeats t;
    auto& [reg, nobody, s0, s1, s2, s3] = t;

    CHECK(reg.collect("start", OrderPolicy{2, 4}) == std::vector<HandlerId>{s2, s3, s0, s1, nobody});
    CHECK(reg.collect("start", OrderPolicy{0, 4}) == std::vector<HandlerId>{s0, s1, s2, s3, nobody});
    CHECK(reg.collect("start", OrderPolicy{3, 4}) == std::vector<HandlerId>{s3, s0, s1, s2, nobody});
    CHECK(reg.collect("nothing-listens", OrderPolicy{}).empty());
}

TEST_CASE("an explicit seat order replaces the wrap-around: listed players in place, then the rest", "[kernel][windows]") {
    // A turn order that is not the seating (team play by speed: seats 1, 0, 3, 2) cannot be
    // said as "first player, then around the table".
    FourSeats t;
    auto& [reg, nobody, s0, s1, s2, s3] = t;
    const HandlerId early = reg.add(on("start", 3, -1));   // priority still comes first
    OrderPolicy by_speed{1, 4};
    for (PlayerIndex p : {1, 0, 3, 2}) by_speed.append(p);
    CHECK(reg.collect("start", by_speed) == std::vector<HandlerId>{early, s1, s0, s3, s2, nobody});
    OrderPolicy partial{0, 4};
    for (PlayerIndex p : {3, 1, 3}) partial.append(p);   // a repeat keeps the first place
    CHECK(reg.collect("start", partial) == std::vector<HandlerId>{early, s3, s1, s0, s2, nobody});
}

TEST_CASE("once per period versus each time", "[kernel][windows]") {
    WindowRegistry reg;
    const HandlerId once = reg.add(limited("hit", 1, "beat"));
    const HandlerId each = reg.add(limited("hit", 0, ""));
    const OrderPolicy policy{0, 2};

    CHECK(dispatch(reg, "hit", policy, [](HandlerId) {}) == std::vector<HandlerId>{once, each});
    CHECK_FALSE(reg.can_fire(once));
    CHECK(reg.can_fire(each));
    CHECK(reg.get(once)->fired == 1);

    // Second and third hit in the same beat: only the each-time handler answers.
    CHECK(dispatch(reg, "hit", policy, [](HandlerId) {}) == std::vector<HandlerId>{each});
    CHECK(dispatch(reg, "hit", policy, [](HandlerId) {}) == std::vector<HandlerId>{each});
    CHECK(reg.get(each)->fired == 3);

    // A new beat: the once-per-beat handler may fire again.
    CHECK(reg.end_period("beat") == 1);
    CHECK(reg.can_fire(once));
    CHECK(reg.get(once)->fired == 0);
    CHECK(reg.collect("hit", policy) == std::vector<HandlerId>{once, each});
}

TEST_CASE("a limit of 2 allows two fires per period", "[kernel][windows]") {
    WindowRegistry reg;
    const HandlerId twice = reg.add(limited("draw", 2, "round"));
    reg.mark_fired(twice);
    CHECK(reg.can_fire(twice));
    reg.mark_fired(twice);
    CHECK_FALSE(reg.can_fire(twice));
    CHECK(reg.collect("draw", OrderPolicy{}).empty());
}

TEST_CASE("end_period resets only handlers of that period", "[kernel][windows]") {
    WindowRegistry reg;
    const HandlerId beat = reg.add(limited("hit", 1, "beat"));
    const HandlerId round = reg.add(limited("hit", 1, "round"));
    const HandlerId match = reg.add(limited("hit", 1, ""));   // once per match: no period resets it
    const HandlerId unused = reg.add(limited("hit", 1, "beat"));
    reg.mark_fired(beat);
    reg.mark_fired(round);
    reg.mark_fired(match);

    CHECK(reg.end_period("beat") == 1);   // `unused` had nothing to reset
    CHECK(reg.can_fire(beat));
    CHECK(reg.can_fire(unused));
    CHECK_FALSE(reg.can_fire(round));
    CHECK(reg.end_period("") == 0);
    CHECK_FALSE(reg.can_fire(match));
    CHECK(reg.end_period("round") == 1);
    CHECK(reg.can_fire(round));
}

TEST_CASE("a handler that removes itself during dispatch", "[kernel][windows]") {
    WindowRegistry reg;
    const HandlerId first = reg.add(on("hit", 0));
    const HandlerId quitter = reg.add(on("hit", 0));
    const HandlerId last = reg.add(on("hit", 0));
    const OrderPolicy policy{0, 2};

    const auto ran = dispatch(reg, "hit", policy, [&](HandlerId id) {
        if (id == quitter) CHECK(reg.remove(id));
    });
    // The snapshot being walked is not disturbed: the handler after it still runs.
    CHECK(ran == std::vector<HandlerId>{first, quitter, last});
    CHECK(reg.get(quitter) == nullptr);
    CHECK_FALSE(reg.can_fire(quitter));
    CHECK_FALSE(reg.remove(quitter));   // already removed

    // The next dispatch no longer sees it.
    CHECK(reg.collect("hit", policy) == std::vector<HandlerId>{first, last});
    REQUIRE(reg.live().size() == 2);
    CHECK(reg.live()[0]->id == first);
    CHECK(reg.live()[1]->id == last);
}

TEST_CASE("a handler that removes another during dispatch leaves the snapshot intact", "[kernel][windows]") {
    WindowRegistry reg;
    const HandlerId killer = reg.add(on("hit", 0));
    const HandlerId victim = reg.add(on("hit", 1));
    const OrderPolicy policy{0, 2};

    const auto snapshot = reg.collect("hit", policy);
    REQUIRE(snapshot == std::vector<HandlerId>{killer, victim});
    CHECK(reg.remove(victim));
    CHECK(snapshot == std::vector<HandlerId>{killer, victim});   // a copy: nothing moved
    // The dispatcher can tell it is gone before calling it.
    CHECK_FALSE(reg.can_fire(victim));
    CHECK(reg.collect("hit", policy) == std::vector<HandlerId>{killer});
}

TEST_CASE("a handler added during dispatch waits for the next window", "[kernel][windows]") {
    WindowRegistry reg;
    const HandlerId spawner = reg.add(on("hit", 0));
    HandlerId spawned = 0;
    const OrderPolicy policy{0, 2};

    const auto ran = dispatch(reg, "hit", policy, [&](HandlerId id) {
        if (id == spawner && spawned == 0) spawned = reg.add(on("hit", 0));
    });
    CHECK(ran == std::vector<HandlerId>{spawner});
    REQUIRE(spawned != 0);
    CHECK(reg.collect("hit", policy) == std::vector<HandlerId>{spawner, spawned});
}

TEST_CASE("remove_source removes every live handler of that source", "[kernel][windows]") {
    WindowRegistry reg;
    const HandlerId a = reg.add(on("hit", 0, 0, 7));
    reg.add(on("miss", 0, 0, 7));
    const HandlerId other = reg.add(on("hit", 0, 0, 8));
    reg.remove(a);

    CHECK(reg.remove_source(7) == 1);   // `a` was already gone
    CHECK(reg.remove_source(7) == 0);
    CHECK(reg.collect("hit", OrderPolicy{}) == std::vector<HandlerId>{other});
    CHECK(reg.collect("miss", OrderPolicy{}).empty());
    REQUIRE(reg.live().size() == 1);
    CHECK(reg.live()[0]->source == 8);
}

TEST_CASE("mark_fired ignores unknown and removed handlers", "[kernel][windows]") {
    WindowRegistry reg;
    const HandlerId h = reg.add(limited("hit", 1, "beat"));
    reg.mark_fired(42);
    reg.mark_fired(0);
    reg.remove(h);
    reg.mark_fired(h);
    CHECK_FALSE(reg.can_fire(h));
    CHECK(reg.end_period("beat") == 0);
    CHECK(reg.live().empty());
}

TEST_CASE("unmark_fired gives back a fire that did not apply: the limit counts what applied", "[kernel][windows]") {
    WindowRegistry reg;
    const HandlerId once = reg.add(limited("moving", 1, "beat"));
    reg.mark_fired(once);            // started, condition not met ...
    CHECK_FALSE(reg.can_fire(once));
    reg.unmark_fired(once);          // ... so it has not applied
    CHECK(reg.can_fire(once));
    CHECK(reg.get(once)->fired == 0);
    reg.unmark_fired(once);          // never below zero
    CHECK(reg.get(once)->fired == 0);
    reg.mark_fired(once);            // applied: used up until the period ends
    CHECK_FALSE(reg.can_fire(once));
    reg.remove(once);
    reg.unmark_fired(once);          // a removed handler stays removed
    CHECK(reg.get(once) == nullptr);
}
