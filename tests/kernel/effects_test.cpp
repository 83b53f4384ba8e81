// effects_test.cpp - EffectStore: modifier layering, prohibitions, expiry, removal.
#include <catch2/catch.hpp>

#include <limits>
#include <string>

#include "kernel/effects.h"

using namespace duelbox;

namespace {
Modifier mod(EntityId target, std::string stat, ModOp op, std::int64_t amount, std::string expires = "",
             EntityId source = 0) {
    Modifier m;
    m.target = target;
    m.stat = std::move(stat);
    m.op = op;
    m.amount = amount;
    m.expires = std::move(expires);
    m.source = source;
    return m;
}

Prohibition ban(EntityId target, std::string action, std::string expires = "", EntityId source = 0) {
    Prohibition p;
    p.target = target;
    p.action = std::move(action);
    p.expires = std::move(expires);
    p.source = source;
    return p;
}
}  // namespace

TEST_CASE("mod op names round-trip and unknown names are rejected", "[kernel][effects]") {
    for (ModOp op : {ModOp::Add, ModOp::Set, ModOp::Min, ModOp::Max}) {
        ModOp parsed = ModOp::Add;
        REQUIRE(parse_mod_op(mod_op_name(op), parsed));
        CHECK(parsed == op);
    }
    CHECK(std::string(mod_op_name(ModOp::Min)) == "min");
    ModOp untouched = ModOp::Set;
    CHECK_FALSE(parse_mod_op("plus", untouched));
    CHECK_FALSE(parse_mod_op("ADD", untouched));
    CHECK(untouched == ModOp::Set);
}

TEST_CASE("a stat with no modifiers is its base value", "[kernel][effects]") {
    EffectStore fx;
    fx.add_modifier(mod(1, "power", ModOp::Add, 2));
    CHECK(fx.apply(1, "speed", 4) == 4);   // another stat
    CHECK(fx.apply(2, "power", 4) == 4);   // another target
}

TEST_CASE("set applies before add whatever the registration order", "[kernel][effects]") {
    EffectStore plus_first;
    plus_first.add_modifier(mod(1, "power", ModOp::Add, 1));
    plus_first.add_modifier(mod(1, "power", ModOp::Set, 0));
    EffectStore set_first;
    set_first.add_modifier(mod(1, "power", ModOp::Set, 0));
    set_first.add_modifier(mod(1, "power", ModOp::Add, 1));
    // "+1 power" and "power becomes 0" give 1 either way.
    CHECK(plus_first.apply(1, "power", 5) == 1);
    CHECK(set_first.apply(1, "power", 5) == 1);
}

TEST_CASE("the last set wins and adds sum", "[kernel][effects]") {
    EffectStore fx;
    fx.add_modifier(mod(1, "power", ModOp::Set, 7));
    fx.add_modifier(mod(1, "power", ModOp::Add, 2));
    fx.add_modifier(mod(1, "power", ModOp::Set, 3));
    fx.add_modifier(mod(1, "power", ModOp::Add, -4));
    CHECK(fx.apply(1, "power", 100) == 3 + 2 - 4);
}

TEST_CASE("min is a floor, max is a cap, and the cap is applied last", "[kernel][effects]") {
    EffectStore fx;
    fx.add_modifier(mod(1, "range", ModOp::Min, 2));
    CHECK(fx.apply(1, "range", 0) == 2);
    CHECK(fx.apply(1, "range", 5) == 5);

    fx.add_modifier(mod(1, "range", ModOp::Min, 3));   // the highest floor holds
    CHECK(fx.apply(1, "range", 0) == 3);

    fx.add_modifier(mod(1, "range", ModOp::Max, 4));
    fx.add_modifier(mod(1, "range", ModOp::Max, 6));   // the lowest cap holds
    CHECK(fx.apply(1, "range", 9) == 4);

    fx.add_modifier(mod(1, "range", ModOp::Max, 1));   // cap below the floor: the cap wins
    CHECK(fx.apply(1, "range", 9) == 1);

    fx.add_modifier(mod(1, "range", ModOp::Add, -10));  // add happens before floor and cap
    CHECK(fx.apply(1, "range", 5) == 1);
}

TEST_CASE("adding modifiers saturates instead of overflowing", "[kernel][effects]") {
    EffectStore fx;
    const auto top = std::numeric_limits<std::int64_t>::max();
    fx.add_modifier(mod(1, "power", ModOp::Add, top));
    fx.add_modifier(mod(1, "power", ModOp::Add, top));
    CHECK(fx.apply(1, "power", 1) == top);
}

TEST_CASE("prohibitions match target and action", "[kernel][effects]") {
    EffectStore fx;
    fx.add_prohibition(ban(1, "advance"));
    CHECK(fx.prohibited(1, "advance"));
    CHECK_FALSE(fx.prohibited(1, "retreat"));
    CHECK_FALSE(fx.prohibited(2, "advance"));
}

TEST_CASE("modifiers and prohibitions share one id space and remove by id", "[kernel][effects]") {
    EffectStore fx;
    const EffectId m = fx.add_modifier(mod(1, "power", ModOp::Add, 2));
    const EffectId p = fx.add_prohibition(ban(1, "move"));
    CHECK(m == 1);
    CHECK(p == 2);
    CHECK(fx.modifiers()[0].id == m);
    CHECK(fx.prohibitions()[0].id == p);

    CHECK(fx.remove(p));
    CHECK_FALSE(fx.prohibited(1, "move"));
    CHECK_FALSE(fx.remove(p));
    CHECK(fx.remove(m));
    CHECK(fx.apply(1, "power", 1) == 1);
    CHECK_FALSE(fx.remove(77));
}

TEST_CASE("end_period removes what expires then and keeps the rest", "[kernel][effects]") {
    EffectStore fx;
    fx.add_modifier(mod(1, "power", ModOp::Add, 1, "beat"));
    const EffectId lasting = fx.add_modifier(mod(1, "power", ModOp::Add, 10));
    const EffectId round = fx.add_modifier(mod(1, "power", ModOp::Add, 100, "round"));
    fx.add_prohibition(ban(1, "advance", "beat"));
    fx.add_prohibition(ban(1, "retreat"));
    CHECK(fx.apply(1, "power", 0) == 111);

    CHECK(fx.end_period("") == 0);         // an empty expiry lasts until removed
    CHECK(fx.end_period("beat") == 2);
    CHECK(fx.apply(1, "power", 0) == 110);
    CHECK_FALSE(fx.prohibited(1, "advance"));
    CHECK(fx.prohibited(1, "retreat"));
    CHECK(fx.end_period("beat") == 0);

    // Iteration stays in registration order after removals.
    REQUIRE(fx.modifiers().size() == 2);
    CHECK(fx.modifiers()[0].id == lasting);
    CHECK(fx.modifiers()[1].id == round);
}

TEST_CASE("remove_source removes both kinds granted by one card", "[kernel][effects]") {
    EffectStore fx;
    fx.add_modifier(mod(1, "power", ModOp::Add, 2, "", 9));
    fx.add_modifier(mod(1, "power", ModOp::Add, 3, "", 8));
    fx.add_prohibition(ban(1, "move", "", 9));
    CHECK(fx.remove_source(9) == 2);
    CHECK(fx.remove_source(9) == 0);
    CHECK(fx.apply(1, "power", 0) == 3);
    CHECK_FALSE(fx.prohibited(1, "move"));
}
