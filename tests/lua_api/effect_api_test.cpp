// effect_api_test.cpp - module `effect` (runtime/lua/lua_effect.cpp): modifiers layered
// set -> add -> min -> max, prohibitions, expiry when a period ends, removal; and errors.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using nlohmann::json;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using Strings = std::vector<std::string>;

TEST_CASE("effect.modify layers set, then add, then min (floor), then max (cap)", "[lua_api][effect]") {
    const RunResult r = run_snippet(R"(local e = match.player_entity(1)
effect.modify{target = e, stat = "power", op = "add", amount = 2}
print(effect.stat(e, "power", 1))
effect.modify{target = e, stat = "power", op = "set", amount = 5}
effect.modify{target = e, stat = "power", op = "set", amount = 4}
print(effect.stat(e, "power", 1))
effect.modify{target = e, stat = "power", op = "min", amount = 9}
print(effect.stat(e, "power", 1))
effect.modify{target = e, stat = "power", op = "max", amount = 7}
print(effect.stat(e, "power", 1)))");
    REQUIRE(r.finished());
    // base 1 +2 = 3; set 5 then set 4 (last wins) +2 = 6; floor 9 = 9; cap 7 wins over the floor = 7.
    CHECK(r.printed() == Strings{"3", "6", "9", "7"});
}

TEST_CASE("a modifier changes only its target and stat; op defaults to add", "[lua_api][effect]") {
    const RunResult r = run_snippet(R"(local id = effect.modify{target = 1, stat = "power", amount = -2}
print(id, effect.stat(1, "power", 5), effect.stat(1, "speed", 5), effect.stat(2, "power", 5)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"1\t3\t5\t5"});
    const Event* add = r.first("modifier.add");
    REQUIRE(add);
    CHECK(r.where(*add) == "snippet:1");
    CHECK(r.data(*add) == json{{"amount", -2}, {"id", 1}, {"op", "add"}, {"stat", "power"}, {"target", 1}});
    CHECK(r.narrate(*add) == "Player 1 power add -2");
}

TEST_CASE("modifiers and prohibitions expire when their period ends, not before", "[lua_api][effect]") {
    const RunResult r = run_snippet(R"(local e = match.player_entity(1)
effect.modify{target = e, stat = "power", amount = 2, expires = "beat"}
effect.modify{target = e, stat = "power", amount = 10, expires = "round"}
effect.modify{target = e, stat = "power", amount = 100}
effect.prohibit{target = e, action = "advance", expires = "beat"}
print(effect.stat(e, "power", 0), effect.prohibited(e, "advance"))
match.end_period("turn")
print(effect.stat(e, "power", 0), effect.prohibited(e, "advance"))
match.end_period("beat")
print(effect.stat(e, "power", 0), effect.prohibited(e, "advance"))
match.end_period("round")
print(effect.stat(e, "power", 0)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"112\ttrue", "112\ttrue", "110\tfalse", "100"});
    CHECK(r.values("period.end", "expired") == std::vector<json>{0, 2, 1});
}

TEST_CASE("effect.remove ends a modifier or a prohibition once and logs effect.remove", "[lua_api][effect]") {
    const RunResult r = run_snippet(R"(local m = effect.modify{target = 1, stat = "power", amount = 3}
local p = effect.prohibit{target = 1, action = "retreat"}
print(m, p, effect.remove(m), effect.remove(m), effect.remove(999))
print(effect.stat(1, "power", 0), effect.remove(p), effect.prohibited(1, "retreat")))");
    REQUIRE(r.finished());
    // Modifiers and prohibitions share one id space, so effect.remove needs no kind.
    CHECK(r.printed() == Strings{"1\t2\ttrue\tfalse\tfalse", "0\ttrue\tfalse"});
    CHECK(r.values("effect.remove", "id") == std::vector<json>{1, 2});
    CHECK(r.where(*r.first("effect.remove")) == "snippet:3");
    CHECK(r.narrate(*r.first("effect.remove")) == "effect 1 ends");
}

TEST_CASE("effect.remove_source ends every effect one source granted, oldest first, and no other", "[lua_api][effect]") {
    // What a card's effects do when it leaves the game (a BattleCON fighter eliminated in team
    // play kept its Anvil's "cannot move" on another fighter).
    const RunResult r = run_snippet(R"(local card = entity.create{kind = "card", name = "Anvil", zone = 1}
local other = entity.create{kind = "card", name = "Other", zone = 1}
local p = effect.prohibit{target = 1, action = "move", source = card}
local m = effect.modify{target = 1, stat = "power", amount = 2, source = card}
local keep = effect.modify{target = 1, stat = "power", amount = 5, source = other}
print(effect.remove_source(card), effect.remove_source(card))
print(effect.prohibited(1, "move"), effect.stat(1, "power", 0)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"2	0", "false	5"});
    CHECK(r.values("effect.remove", "id") == std::vector<json>{1, 2});   // the prohibition was granted first
    CHECK(r.where(*r.first("effect.remove")) == "snippet:6");
}

TEST_CASE("effect.prohibit forbids one action of one target and logs prohibition.add", "[lua_api][effect]") {
    const RunResult r = run_snippet(R"(local t = entity.create{zone = 1, name = "Knight"}
effect.prohibit{target = t, action = "be_pushed", source = 1}
print(effect.prohibited(t, "be_pushed"), effect.prohibited(t, "be_pulled"), effect.prohibited(1, "be_pushed")))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"true\tfalse\tfalse"});
    const Event* add = r.first("prohibition.add");
    REQUIRE(add);
    CHECK(r.data(*add) == json{{"action", "be_pushed"}, {"id", 1}, {"target", 3}});
    CHECK(r.narrate(*add) == "Knight cannot be_pushed");
}

TEST_CASE("effect.modify and effect.prohibit report missing and bad fields", "[lua_api][effect]") {
    CHECK(error_of("effect.modify(1)") == "snippet:1: bad argument #1 to 'effect.modify' (table expected, got number)");
    CHECK(error_of("effect.modify{stat = 'power', amount = 1}") == "snippet:1: field 'target' (an entity) is required");
    CHECK(error_of("effect.modify{target = 1, amount = 1}") == "snippet:1: effect.modify: field 'stat' is required");
    CHECK(error_of("effect.modify{target = 1, stat = 'power'}") == "snippet:1: effect.modify: field 'amount' is required");
    CHECK(error_of("effect.modify{target = 1, stat = 'power', amount = 1, op = 'mul'}") ==
          "snippet:1: effect.modify: field 'op' must be \"add\", \"set\", \"min\" or \"max\" (got \"mul\")");
    CHECK(error_of("effect.modify{target = 1, stat = 'power', amount = 1.5}") ==
          "snippet:1: field 'amount' must be an integer (got number)");
    CHECK(error_of("effect.modify{target = 1, stat = 'power', amount = 'lots'}") ==
          "snippet:1: field 'amount' must be an integer (got string)");
    CHECK(error_of("effect.modify{target = 1, stat = 'power', amount = 1, expires = true}") ==
          "snippet:1: field 'expires' must be a string (got boolean)");
    CHECK(error_of("effect.prohibit{target = 1}") == "snippet:1: effect.prohibit: field 'action' is required");
    CHECK(error_of("effect.prohibit{action = 'x'}") == "snippet:1: field 'target' (an entity) is required");
    CHECK_THAT(error_of("effect.modify{target = 99, stat = 'power', amount = 1}"),
               StartsWith("snippet:1: bad argument #1") && Contains("to 'effect.modify' (field 'target': entity 99 does not exist)"));
}

TEST_CASE("effect queries reject bad arguments with Lua's message and the snippet line", "[lua_api][effect]") {
    CHECK(error_of("effect.remove('x')") == "snippet:1: bad argument #1 to 'effect.remove' (number expected, got string)");
    CHECK(error_of("effect.stat(1, 'power')") == "snippet:1: bad argument #3 to 'effect.stat' (number expected, got no value)");
    CHECK(error_of("effect.stat(77, 'power', 1)") == "snippet:1: bad argument #1 to 'effect.stat' (entity 77 does not exist)");
    CHECK(error_of("effect.prohibited(1)") == "snippet:1: bad argument #2 to 'effect.prohibited' (string expected, got no value)");
}

// Regression (was a bug): lua_effect.cpp field_entity checks the field at its stack slot
// (check_entity(L, lua_gettop(L))), so a bad target or source names argument #2, which the
// script never passed; the request table is argument #1.
TEST_CASE("effect.modify names argument #1 for a bad target or source", "[lua_api][effect]") {
    CHECK(StartsWith("snippet:1: bad argument #1 to 'effect.modify' (").match(
        error_of("effect.modify{target = 99, stat = 'power', amount = 1}")));
    CHECK(StartsWith("snippet:1: bad argument #1 to 'effect.prohibit' (").match(
        error_of("effect.prohibit{target = 1, action = 'x', source = 42}")));
}

// Regression (was a bug): lua_effect.cpp effect_remove casts the id with static_cast<EffectId> (32 bits)
// without a range check, so 2^32 + 1 removes effect 1.
TEST_CASE("effect.remove of an id beyond 32 bits removes nothing", "[lua_api][effect]") {
    const RunResult r = run_snippet(R"(effect.modify{target = 1, stat = "power", amount = 1}
print(effect.remove(4294967297), effect.stat(1, "power", 0)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"false\t1"});
}
