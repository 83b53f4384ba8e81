// log_kind_api_test.cpp - log.kind (runtime/lua/lua_log.cpp): an event kind declared once
// appends the same events log.event would, and refuses what it cannot do.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using nlohmann::json;
using Catch::Matchers::Contains;

TEST_CASE("log.kind appends the event log.event would, values in declared order", "[lua_api][log]") {
    const RunResult r = run_snippet(R"(local HIT = log.kind("hit", "{p:who} hits for {dmg}", {"who", "dmg", "crit"}, {rule = "§4"})
local seq = HIT(1, 3, false)
log.event("hit", "{p:who} hits for {dmg}", {who = 1, dmg = 3, crit = false}, {rule = "§4"})
print(seq))");
    REQUIRE(r.finished());
    const auto hits = r.of_type("hit");
    REQUIRE(hits.size() == 2);
    CHECK(r.printed() == std::vector<std::string>{std::to_string(hits[0]->seq)});
    CHECK(r.data(*hits[0]) == json{{"crit", false}, {"dmg", 3}, {"rule", "§4"}, {"who", 1}});
    CHECK(r.data(*hits[0]) == r.data(*hits[1]));
    CHECK(r.narrate(*hits[0]) == "Player 1 hits for 3");
    CHECK(r.narrate(*hits[0]) == r.narrate(*hits[1]));
    CHECK(r.where(*hits[0]) == "snippet:2");   // the line that called the kind, not the one that declared it
}

TEST_CASE("log.kind leaves out a nil value, and without a rule takes the rule context", "[lua_api][log]") {
    const RunResult r = run_snippet(R"(local MOVE = log.kind("move", "{p:who} moves", {"who", "to"})
log.within_rule("§5 Moving", MOVE, 2))");
    REQUIRE(r.finished());
    const Event* move = r.first("move");
    REQUIRE(move);
    CHECK(r.data(*move) == json{{"rule", "§5 Moving"}, {"who", 2}});
}

TEST_CASE("log.kind shows a card it names only to those who can see it, as log.event does", "[lua_api][log]") {
    const RunResult r = run_snippet(R"(local hand = zone.create("hand", 1, "owner")
local card = entity.create{zone = hand, name = "Ace"}
local DRAW = log.kind("draw", "{p:who} draws {e:card}", {"who", "card"})
DRAW(1, card))");
    REQUIRE(r.finished());
    const Event* draw = r.first("draw");
    REQUIRE(draw);
    CHECK(r.narrate(*draw, 0) == "Player 1 draws Ace");
    CHECK(r.narrate(*draw, 1) == "Player 1 draws a hidden card");
}

TEST_CASE("log.kind rejects bad declarations and bad calls, naming the line", "[lua_api][log]") {
    CHECK(error_of("log.kind('', 'x', {})") == "snippet:1: bad argument #1 to 'log.kind' (an empty event type)");
    CHECK(error_of("log.kind('t', 'x')") == "snippet:1: bad argument #3 to 'log.kind' (table expected, got no value)");
    CHECK(error_of("log.kind('t', 'x', {'a', 5})") == "snippet:1: bad argument #3 to 'log.kind' (fields[2]: a field name expected)");
    CHECK(error_of("log.kind('t', 'x', {'a', 'a'})") == "snippet:1: bad argument #3 to 'log.kind' (field 'a' is named twice)");
    CHECK(error_of("log.kind('t', 'x', {}, {to = 1})") ==
          "snippet:1: bad argument #4 to 'log.kind' ('to' is not an option of an event kind: use log.event)");
    CHECK(error_of("log.kind('t', 'x', {}, 5)") == "snippet:1: bad argument #4 to 'log.kind' (table of options expected, got number)");
    CHECK(error_of("local K = log.kind('t', 'x', {'a'})\nK(1, 2)") == "snippet:2: event 't': 2 values for 1 declared field");
    CHECK_THAT(error_of("local K = log.kind('t', 'x', {'a'})\nK({})"), Contains("snippet:2: a table cannot be stored"));
}
