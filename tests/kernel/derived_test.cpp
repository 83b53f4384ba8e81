// derived_test.cpp - DerivedStore: sums of props over zones, kinds, alone, none, fixed,
// override, modifiers, floor and cap, and a cache that never serves a stale value.
#include <catch2/catch.hpp>

#include "kernel/match.h"
#include "kernel/snapshot.h"

using namespace duelbox;

namespace {
Modifier mod(EntityId target, const char* stat, ModOp op, std::int64_t amount) {
    Modifier m;
    m.target = target;
    m.stat = stat;
    m.op = op;
    m.amount = amount;
    return m;
}

struct Table {
    Match m{1};
    PlayerIndex a = m.add_player("Ada", 1);
    EntityId pe = m.player(a).entity;
    ZoneId pair = m.create_zone("pair", a, Visibility::Public);
    ZoneId discard = m.create_zone("discard", a, Visibility::Public);
    EntityId card(const char* kind, std::vector<std::pair<std::string, Value>> props) {
        return m.create_entity(kind, "", kind, a, pair, Where::bottom(), props);
    }
    DerivedSpec spec(const char* prop) {
        DerivedSpec s;
        s.name = prop;
        s.zones = {pair};
        s.kinds = {"style", "base"};
        s.alone_kind = "special";
        s.prop = prop;
        s.none_value = "none";
        s.fixed_prop = std::string(prop) + "_fixed";
        s.target = pe;
        s.stat = prop;
        s.override_stat = std::string("equal.") + prop;
        s.unnone_stat = std::string("unnone.") + prop;
        return s;
    }
    Value n(std::int64_t v) { return Value{v}; }
};
}  // namespace

TEST_CASE("kernel: a derived value sums the first of each kind plus modifiers, clamped", "[kernel][derived]") {
    Table t;
    t.card("base", {{"power", t.n(3)}});
    t.card("style", {{"power", t.n(2)}});
    t.card("base", {{"power", t.n(100)}});          // not the first base: does not count
    DerivedSpec s = t.spec("power");
    s.floor = 0;
    s.cap = 9;
    const DerivedId power = t.m.define_derived(s);
    CHECK(t.m.derived(power) == DerivedValue{false, 5});
    CHECK(t.m.derived_values().sources(t.m, power).size() == 2);
    t.m.add_modifier(mod(t.pe, "power", ModOp::Add, -9));
    CHECK(t.m.derived(power) == DerivedValue{false, 0});   // the floor
    t.m.add_modifier(mod(t.pe, "power", ModOp::Add, 20));
    CHECK(t.m.derived(power) == DerivedValue{false, 9});   // the cap
}

TEST_CASE("kernel: none, unnone, fixed, override and alone", "[kernel][derived]") {
    Table t;
    const EntityId style = t.card("style", {{"speed", t.n(1)}});
    const EntityId base = t.card("base", {{"speed", Value{std::string("none")}}});
    const DerivedId speed = t.m.define_derived(t.spec("speed"));
    CHECK(t.m.derived(speed).none);
    const EffectId un = t.m.add_modifier(mod(t.pe, "unnone.speed", ModOp::Add, 1));
    CHECK(t.m.derived(speed) == DerivedValue{false, 0});    // a NONE stat with a value reads 0 before modifiers
    t.m.remove_effect(un);
    t.m.set_prop(base, "speed", t.n(4));
    t.m.add_modifier(mod(t.pe, "speed", ModOp::Add, 2));
    CHECK(t.m.derived(speed) == DerivedValue{false, 7});
    const EffectId eq = t.m.add_modifier(mod(t.pe, "equal.speed", ModOp::Set, 3));
    CHECK(t.m.derived(speed) == DerivedValue{false, 3});    // "becomes 3" replaces sum and bonuses
    t.m.remove_effect(eq);
    t.m.set_prop(style, "speed_fixed", Value{true});
    CHECK(t.m.derived(speed) == DerivedValue{false, 1});    // `*`: the card's own value, unmodified
    const EntityId special = t.card("special", {{"speed", t.n(8)}});
    CHECK(t.m.derived(speed) == DerivedValue{false, 10});   // alone: only the special (+2)
    CHECK(t.m.derived_values().sources(t.m, speed) == std::vector<EntityId>{special});
}

TEST_CASE("kernel: a cached derived value follows every change, copies and restores", "[kernel][derived]") {
    Table t;
    const EntityId base = t.card("base", {{"power", t.n(3)}});
    const DerivedId power = t.m.define_derived(t.spec("power"));
    CHECK(t.m.derived(power).value == 3);
    t.m.move(base, t.discard);                     // leaves the zone
    CHECK(t.m.derived(power).value == 0);
    const MatchSnapshot empty = MatchSnapshot::take(t.m);
    t.m.move(base, t.pair);
    CHECK(t.m.derived(power).value == 3);
    Match copy = t.m;
    t.m.set_prop(base, "power", t.n(5));
    CHECK(copy.derived(power).value == 3);
    CHECK(t.m.derived(power).value == 5);
    empty.restore(t.m, t.m.log());
    CHECK(t.m.derived(power).value == 0);          // no stale cache after a restore
    CHECK(t.m.derived(power) == DerivedStore::compute(t.m, *t.m.derived_values().spec(power)));
}

TEST_CASE("kernel: a derived value is kept across unrelated changes and follows its own", "[kernel][derived]") {
    // The version moves for a change elsewhere; the value is kept only while its zones, its
    // sources and the modifiers are untouched (derived.h). Each check below would read a
    // stale value if one of those were missed.
    Table t;
    const EntityId style = t.card("style", {{"power", t.n(1)}});
    const EntityId base = t.card("base", {{"power", t.n(3)}});
    const EntityId elsewhere = t.m.create_entity("token", "", "token", t.a, t.discard, Where::bottom(), {});
    const DerivedId power = t.m.define_derived(t.spec("power"));
    const auto fresh = [&] { return DerivedStore::compute(t.m, *t.m.derived_values().spec(power)); };
    CHECK(t.m.derived(power).value == 4);
    t.m.set_prop(elsewhere, "power", t.n(9));       // not a source: kept
    CHECK(t.m.derived(power) == fresh());
    t.m.set_prop(base, "power", t.n(5));            // a source's prop
    CHECK(t.m.derived(power).value == 6);
    t.m.set_prop(elsewhere, "x", t.n(1));
    t.m.move(elsewhere, t.pair);                    // into its zone (a token: not selected, still checked)
    CHECK(t.m.derived(power) == fresh());
    const EffectId a = t.m.add_modifier(mod(t.pe, "power", ModOp::Add, 2));
    CHECK(t.m.derived(power).value == 8);
    t.m.remove_effect(a);                           // one fewer
    CHECK(t.m.derived(power).value == 6);
    const EffectId b = t.m.add_modifier(mod(t.pe, "power", ModOp::Add, 1));
    t.m.set_prop(elsewhere, "y", t.n(1));
    CHECK(t.m.derived(power).value == 7);
    t.m.remove_effect(b);
    t.m.add_modifier(mod(t.pe, "power", ModOp::Add, 4));   // as many as before, a newer one
    CHECK(t.m.derived(power).value == 10);
    t.m.move(style, t.discard);                     // a source leaves
    CHECK(t.m.derived(power).value == 9);
    CHECK(t.m.derived(power) == fresh());
}

TEST_CASE("kernel: a derived value is kept across modifiers it does not read, and follows those it does", "[kernel][derived]") {
    // A modifier of another stat or another target leaves the value be (derived.h: the
    // modifiers it reads); one of its own stat, its override or its unnone stat changes it,
    // even when one is removed and another added between two reads.
    Table t;
    t.card("style", {{"power", t.n(1)}, {"speed", t.n(5)}});
    t.card("base", {{"power", t.n(3)}, {"speed", t.n(2)}});
    const PlayerIndex b = t.m.add_player("Bo", 2);
    const EntityId other = t.m.player(b).entity;
    const DerivedId power = t.m.define_derived(t.spec("power"));
    const DerivedId speed = t.m.define_derived(t.spec("speed"));
    const auto fresh = [&](DerivedId id) { return DerivedStore::compute(t.m, *t.m.derived_values().spec(id)); };
    CHECK(t.m.derived(power).value == 4);
    CHECK(t.m.derived(speed).value == 7);
    const EffectId s = t.m.add_modifier(mod(t.pe, "speed", ModOp::Add, 2));   // another stat
    t.m.add_modifier(mod(other, "power", ModOp::Add, 5));                    // another target
    CHECK(t.m.derived(power).value == 4);
    CHECK(t.m.derived(speed).value == 9);
    const EffectId p = t.m.add_modifier(mod(t.pe, "power", ModOp::Add, 1));
    CHECK(t.m.derived(power).value == 5);
    t.m.remove_effect(p);                                                     // one of its own out,
    t.m.add_modifier(mod(t.pe, "power", ModOp::Add, 3));                      // another in: same count
    CHECK(t.m.derived(power).value == 7);
    t.m.add_modifier(mod(t.pe, "equal.power", ModOp::Set, 2));               // its override
    CHECK(t.m.derived(power).value == 2);
    t.m.remove_effect(s);
    CHECK(t.m.derived(speed).value == 7);
    CHECK(t.m.derived(power) == fresh(power));
    CHECK(t.m.derived(speed) == fresh(speed));
}

TEST_CASE("kernel: a derived value needs real zones, target and prop", "[kernel][derived]") {
    Table t;
    DerivedSpec s = t.spec("power");
    s.zones = {99};
    CHECK_THROWS_AS(t.m.define_derived(s), KernelError);
    s = t.spec("power");
    s.prop.clear();
    CHECK_THROWS_AS(t.m.define_derived(s), KernelError);
}

TEST_CASE("kernel: listed entities are sources wherever they are, before the zones' entities", "[kernel][derived]") {
    // A unit's stat is its own printed value plus what the cards attached to it add: the unit
    // is listed, its attachments lie in a zone of their own.
    Table t;
    const ZoneId gear = t.m.create_zone("gear", t.a, Visibility::Public);
    const EntityId unit = t.card("unit", {{"attack", t.n(3)}});   // in `pair`, not in `gear`
    DerivedSpec s;
    s.name = "attack";
    s.entities = {unit};
    s.zones = {gear};
    s.prop = "attack";
    s.target = unit;
    s.stat = "attack";
    s.floor = 0;
    const DerivedId attack = t.m.define_derived(s);
    CHECK(t.m.derived(attack) == DerivedValue{false, 3});
    const EntityId ace = t.m.create_entity("character", "", "Ace", t.a, gear, Where::bottom(), {{"attack", t.n(1)}});
    CHECK(t.m.derived(attack) == DerivedValue{false, 4});
    CHECK(t.m.derived_values().sources(t.m, attack) == std::vector<EntityId>{unit, ace});
    t.m.move(unit, t.discard);                       // the unit counts wherever it is
    CHECK(t.m.derived(attack) == DerivedValue{false, 4});
    t.m.set_prop(unit, "attack", t.n(5));            // its own prop is read, cached or not
    CHECK(t.m.derived(attack) == DerivedValue{false, 6});
    t.m.move(ace, t.discard);                        // the attachment leaves: it no longer counts
    CHECK(t.m.derived(attack) == DerivedValue{false, 5});
    t.m.add_modifier(mod(unit, "attack", ModOp::Add, -9));
    CHECK(t.m.derived(attack) == DerivedValue{false, 0});   // modifiers and the floor as ever
    CHECK(t.m.derived(attack) == DerivedStore::compute(t.m, *t.m.derived_values().spec(attack)));
    // An unknown listed entity is refused like an unknown zone.
    s.entities = {999};
    CHECK_THROWS_AS(t.m.define_derived(s), KernelError);
}

TEST_CASE("kernel: values that select alike share one selection, redone when their zones change", "[kernel][derived]") {
    Table t;
    const EntityId style = t.card("style", {{"power", t.n(2)}, {"speed", t.n(5)}});
    const EntityId base = t.card("base", {{"power", t.n(3)}, {"speed", t.n(1)}});
    const DerivedId power = t.m.define_derived(t.spec("power"));
    const DerivedId speed = t.m.define_derived(t.spec("speed"));   // the same cards: shares power's selection
    DerivedSpec elsewhere = t.spec("power");
    elsewhere.name = "discarded power";
    elsewhere.zones = {t.discard};                                  // another zone: its own selection
    const DerivedId discarded = t.m.define_derived(elsewhere);
    const auto all_fresh = [&] {
        for (DerivedId id : {power, speed, discarded})
            CHECK(t.m.derived(id) == DerivedStore::compute(t.m, *t.m.derived_values().spec(id)));
    };
    CHECK(t.m.derived(power) == DerivedValue{false, 5});
    CHECK(t.m.derived(speed) == DerivedValue{false, 6});
    CHECK(t.m.derived(discarded) == DerivedValue{false, 0});
    t.m.move(base, t.discard, Where::bottom());                     // the pair's selection changes
    CHECK(t.m.derived(speed) == DerivedValue{false, 5});
    CHECK(t.m.derived(power) == DerivedValue{false, 2});
    CHECK(t.m.derived(discarded) == DerivedValue{false, 3});
    all_fresh();
    const EntityId special = t.card("special", {{"power", t.n(7)}, {"speed", t.n(4)}});   // counts alone
    CHECK(t.m.derived(power) == DerivedValue{false, 7});
    CHECK(t.m.derived(speed) == DerivedValue{false, 4});
    all_fresh();
    t.m.move(special, t.discard, Where::top());
    t.m.move(style, t.discard, Where::bottom());
    CHECK(t.m.derived(speed) == DerivedValue{false, 0});
    CHECK(t.m.derived(power) == DerivedValue{false, 0});
    CHECK(t.m.derived(discarded) == DerivedValue{false, 7});     // the special alone, on top
    all_fresh();
}
