// counter_api_test.cpp - module `counter` (runtime/lua/lua_counter.cpp): named, bounded
// integers on entities; every write clamps and returns to, from; changes log counter.change.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using nlohmann::json;
using Strings = std::vector<std::string>;

TEST_CASE("counter.define sets the value within its bounds and returns to, from", "[lua_api][counter]") {
    const RunResult r = run_snippet(R"(local me = match.player_entity(1)
print(counter.define(me, "health", 20, 0, 20))
print(counter.get(me, "health"), counter.bounds(me, "health")))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"20\t0", "20\t0\t20"});
    const Event* change = r.first("counter.change");
    REQUIRE(change);
    CHECK(r.where(*change) == "snippet:2");
    CHECK(r.data(*change) == json{{"counter", "health"}, {"from", 0}, {"owner", 1}, {"to", 20}, {"verb", "define"}});
    CHECK(r.narrate(*change) == "Player 1 health: 0 -> 20");
}

TEST_CASE("counter.add clamps at the bounds and returns to, from", "[lua_api][counter]") {
    const RunResult r = run_snippet(R"(local me = match.player_entity(2)
counter.define(me, "health", 20, 0, 20)
print(counter.add(me, "health", -3))
print(counter.add(me, "health", -50))
print(counter.add(me, "health", 100)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"17\t20", "0\t17", "20\t0"});
    const auto changes = r.of_type("counter.change");
    REQUIRE(changes.size() == 4);
    CHECK(r.data(*changes[2]) == json{{"counter", "health"}, {"from", 17}, {"owner", 2}, {"to", 0}, {"verb", "add"}});
    CHECK(r.where(*changes[2]) == "snippet:4");
    CHECK(r.narrate(*changes[2]) == "Player 2 health: 17 -> 0");
}

TEST_CASE("a write that changes nothing returns to == from and logs nothing", "[lua_api][counter]") {
    const RunResult r = run_snippet(R"(local me = match.player_entity(1)
counter.define(me, "health", 0, 0, 20)
print(counter.add(me, "health", 0))
print(counter.add(me, "health", -5))
print(counter.set(me, "health", 0))
print(counter.define(me, "health", 0, 0, 10)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"0\t0", "0\t0", "0\t0", "0\t0"});
    CHECK(r.of_type("counter.change").size() == 1);   // the first define only
}

TEST_CASE("counter.set clamps to the bounds and logs verb set", "[lua_api][counter]") {
    const RunResult r = run_snippet(R"(local me = match.player_entity(1)
counter.define(me, "focus", 1, 0, 3)
print(counter.set(me, "focus", 9))
print(counter.set(me, "focus", -9)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"3\t1", "0\t3"});
    CHECK(r.values("counter.change", "verb") == std::vector<json>{"define", "set", "set"});
}

TEST_CASE("an undefined counter reads 0 and has no bounds; writing it defines it unbounded", "[lua_api][counter]") {
    const RunResult r = run_snippet(R"(local me = match.player_entity(1)
print(counter.get(me, "gold"), select("#", counter.bounds(me, "gold")))
print(counter.add(me, "gold", 5))
print(counter.bounds(me, "gold"))
print(counter.add(me, "gold", -50)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"0\t0", "5\t0", "nil\tnil", "-45\t5"});
}

TEST_CASE("counter.define again changes the bounds and the value", "[lua_api][counter]") {
    const RunResult r = run_snippet(R"(local me = match.player_entity(1)
counter.define(me, "x", 5)
print(counter.bounds(me, "x"))
print(counter.define(me, "x", 3, nil, 3))
print(counter.bounds(me, "x")))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"nil\tnil", "3\t5", "nil\t3"});
}

TEST_CASE("#18.2 a start value outside the counter's bounds is an error, never silently clamped", "[lua_api][counter]") {
    const RunResult above = run_snippet(R"(local me = match.player_entity(1)
counter.define(me, "health", 25, 0, 20))");
    CHECK_THAT(above.error, Catch::Contains("snippet:2") && Catch::Contains("counter 'health': start value 25 is above its max 20"));
    const RunResult below = run_snippet(R"(counter.define(match.player_entity(1), "x", -1, 0))");
    CHECK_THAT(below.error, Catch::Contains("start value -1 is below its min 0"));
    const RunResult again = run_snippet(R"(local me = match.player_entity(1)
counter.define(me, "x", 5)
counter.define(me, "x", 5, nil, 3))");
    CHECK_THAT(again.error, Catch::Contains("snippet:3") && Catch::Contains("above its max 3"));
}

TEST_CASE("counter.add saturates at the integer limits instead of wrapping", "[lua_api][counter]") {
    const RunResult r = run_snippet(R"(local me = match.player_entity(1)
counter.set(me, "x", 5)
local to = counter.add(me, "x", math.maxinteger)
print(to == math.maxinteger)
counter.set(me, "y", -5)
print(counter.add(me, "y", math.mininteger) == math.mininteger))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"true", "true"});
}

TEST_CASE("counters live on any entity, each entity with its own", "[lua_api][counter]") {
    const RunResult r = run_snippet(R"(local card = entity.create{zone = 1, name = "Wall"}
counter.define(card, "hp", 4, 0)
counter.define(match.player_entity(1), "hp", 9)
counter.add(card, "hp", -1)
print(counter.get(card, "hp"), counter.get(match.player_entity(1), "hp"), counter.get(match.player_entity(2), "hp")))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"3\t9\t0"});
    CHECK(r.narrate(*r.of_type("counter.change").back()) == "Wall hp: 4 -> 3");
}

TEST_CASE("counter functions reject bad arguments with Lua's message and the snippet line", "[lua_api][counter]") {
    CHECK(error_of("counter.define(1, 'hp', 5, 10, 0)") == "snippet:1: counter 'hp': min is greater than max");
    CHECK(error_of("counter.define(99, 'hp', 5)") == "snippet:1: bad argument #1 to 'counter.define' (entity 99 does not exist)");
    CHECK(error_of("counter.define(1, 'hp')") == "snippet:1: bad argument #3 to 'counter.define' (number expected, got no value)");
    CHECK(error_of("counter.define(1, 'hp', 5, 'low')") ==
          "snippet:1: bad argument #4 to 'counter.define' (number expected, got string)");
    CHECK(error_of("counter.define(1, 'hp', 5, 0, 1.5)") ==
          "snippet:1: bad argument #5 to 'counter.define' (number has no integer representation)");
    CHECK(error_of("counter.add(1, 'hp', 1.5)") ==
          "snippet:1: bad argument #3 to 'counter.add' (number has no integer representation)");
    CHECK(error_of("counter.add(1, 'hp')") == "snippet:1: bad argument #3 to 'counter.add' (number expected, got no value)");
    CHECK(error_of("counter.add(1, 'hp', 'x')") == "snippet:1: bad argument #3 to 'counter.add' (number expected, got string)");
    CHECK(error_of("counter.set(1, nil, 3)") == "snippet:1: bad argument #2 to 'counter.set' (string expected, got nil)");
    CHECK(error_of("counter.get(0, 'hp')") == "snippet:1: bad argument #1 to 'counter.get' (entity 0 does not exist)");
    CHECK(error_of("counter.bounds(1)") == "snippet:1: bad argument #2 to 'counter.bounds' (string expected, got no value)");
}
