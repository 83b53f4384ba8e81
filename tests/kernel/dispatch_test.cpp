// dispatch_test.cpp - Dispatch: the kernel's walk over a window (filters, order, the
// repeat-skipped fixpoint, owner ordering) and the per-window index of live handlers.
#include <catch2/catch.hpp>

#include <vector>

#include "kernel/dispatch.h"
#include "kernel/match.h"

using namespace duelbox;

namespace {
struct Table {
    Match m{1};
    PlayerIndex a = m.add_player("Ada", 1), b = m.add_player("Brook", 2);
    ZoneId live_a = m.create_zone("pair", a, Visibility::Public), live_b = m.create_zone("pair", b, Visibility::Public);
    ZoneId hand_a = m.create_zone("hand", a, Visibility::Owner);
    EntityId card(PlayerIndex p, ZoneId z, const char* name) { return m.create_entity("card", "", name, p, z); }
    HandlerId on(const char* w, EntityId source, int priority = 0) {
        Handler h;
        h.window = w;
        h.source = source;
        h.player = m.entity(source).owner;
        h.priority = priority;
        return m.windows().add(h);
    }
};

// Walks d to the end; `result(id)` is what each handler returns (true = applied).
template <class Fn>
std::vector<HandlerId> walk(Dispatch& d, const Match& m, Fn result) {
    std::vector<HandlerId> fired;
    for (;;) {
        const Dispatch::Step s = d.next(m);
        if (s == Dispatch::Step::End) break;
        REQUIRE(s == Dispatch::Step::Fire);
        fired.push_back(d.current());
        d.applied(result(d.current()));
    }
    return fired;
}
}  // namespace

TEST_CASE("kernel: a walk keeps the handlers of live zones and players, in collect order", "[kernel][dispatch]") {
    Table t;
    const EntityId x = t.card(t.a, t.live_a, "x"), y = t.card(t.b, t.live_b, "y"), z = t.card(t.a, t.hand_a, "z");
    const HandlerId hy = t.on("hit", y), hx = t.on("hit", x), hz = t.on("hit", z);
    (void)hz;
    DispatchOptions o;
    o.policy = {t.a, 2};
    o.zones = {"pair"};
    Dispatch all("hit", o);
    CHECK(walk(all, t.m, [](HandlerId) { return true; }) == std::vector<HandlerId>{hx, hy});   // seat a first; z is in hand
    o.players = mask_of(t.b);
    Dispatch only_b("hit", o);
    CHECK(walk(only_b, t.m, [](HandlerId) { return true; }) == std::vector<HandlerId>{hy});
    DispatchOptions by_source;
    by_source.only = {z};
    Dispatch only_z("hit", by_source);
    CHECK(walk(only_z, t.m, [](HandlerId) { return true; }) == std::vector<HandlerId>{hz});
}

TEST_CASE("kernel: repeat_skipped goes round again with the skipped and the newly live (E7 fixpoint)", "[kernel][dispatch]") {
    Table t;
    const EntityId x = t.card(t.a, t.live_a, "x"), y = t.card(t.a, t.live_a, "y");
    const EntityId late = t.card(t.a, t.hand_a, "late");
    const HandlerId hx = t.on("start", x), hy = t.on("start", y), hl = t.on("start", late);
    DispatchOptions o;
    o.policy = {t.a, 2};
    o.zones = {"pair"};
    o.repeat_skipped = true;
    Dispatch d("start", o);
    int x_calls = 0;
    // x is skipped until y has applied; y brings `late` into play the first time it runs.
    const auto fired = walk(d, t.m, [&](HandlerId id) {
        if (id == hx) return ++x_calls >= 2;
        if (id == hy) {
            if (t.m.entity(late).zone == t.hand_a) t.m.move(late, t.live_a);
            return true;
        }
        return true;
    });
    CHECK(fired == std::vector<HandlerId>{hx, hy, hx, hl});
    CHECK(d.any_applied());
    Dispatch nothing("start", o);
    CHECK(walk(nothing, t.m, [](HandlerId) { return false; }).size() == 3);   // one pass: nothing applied
    CHECK_FALSE(nothing.any_applied());
}

TEST_CASE("kernel: a walk skips a handler removed or at its limit meanwhile", "[kernel][dispatch]") {
    Table t;
    const EntityId x = t.card(t.a, t.live_a, "x"), y = t.card(t.a, t.live_a, "y");
    const HandlerId hx = t.on("hit", x), hy = t.on("hit", y);
    Dispatch d("hit", DispatchOptions{});
    const auto fired = walk(d, t.m, [&](HandlerId id) {
        if (id == hx) t.m.windows().remove(hy);
        return true;
    });
    CHECK(fired == std::vector<HandlerId>{hx});
    CHECK(t.m.windows().listening("hit") == std::vector<HandlerId>{hx});
}

TEST_CASE("kernel: owner_orders asks the player to order a run of their own simultaneous handlers", "[kernel][dispatch]") {
    Table t;
    const EntityId x = t.card(t.a, t.live_a, "x"), y = t.card(t.a, t.live_a, "y"), w = t.card(t.b, t.live_b, "w");
    const HandlerId hx = t.on("hit", x), hy = t.on("hit", y), hw = t.on("hit", w);
    DispatchOptions o;
    o.policy = {t.a, 2};
    o.owner_orders = true;
    Dispatch d("hit", o);
    REQUIRE(d.next(t.m) == Dispatch::Step::Order);
    CHECK(d.order_player() == t.a);
    CHECK(d.group() == std::vector<HandlerId>{hx, hy});
    CHECK_FALSE(d.order({0, 0}));                  // not a permutation
    CHECK(d.next(t.m) == Dispatch::Step::Order);   // still waiting
    REQUIRE(d.order({1, 0}));
    CHECK(walk(d, t.m, [](HandlerId) { return true; }) == std::vector<HandlerId>{hy, hx, hw});
}

TEST_CASE("kernel: removed handlers leave the per-window index (cost follows what is live)", "[kernel][windows]") {
    WindowRegistry reg;
    std::vector<HandlerId> ids;
    for (int i = 0; i < 1000; ++i) {
        Handler h;
        h.window = i % 2 ? "hit" : "start";
        h.source = static_cast<EntityId>(1 + i % 10);
        ids.push_back(reg.add(h));
    }
    for (int i = 0; i < 990; ++i) reg.remove(ids[i]);
    CHECK(reg.listening("hit").size() == 5);
    CHECK(reg.listening("start").size() == 5);
    CHECK(reg.remove_source(3) == 1);
    CHECK(reg.listening("hit").size() + reg.listening("start").size() == 9);
    CHECK(reg.collect("hit", OrderPolicy{}).size() == reg.listening("hit").size());
}
