// match_api_test.cpp - module `match` (runtime/lua/lua_match.cpp): players, teams, periods,
// the result; and its argument errors, which name the snippet line.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using Strings = std::vector<std::string>;

TEST_CASE("match.players, name, team and allies describe the seats", "[lua_api][match]") {
    Scenario s = snippet_scenario(R"(print(match.players(), match.name(1), match.name(3))
print(match.team(1), match.team(2), match.team(3))
print(match.allies(1, 2), match.allies(1, 3), match.allies(3, 3)))",
                                  3);
    s.seats[0].name = "Ann";
    s.seats[0].team = 1;
    s.seats[1].team = 1;
    s.seats[2].team = 2;
    const RunResult r = run_scenario(s);
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"3\tAnn\tPlayer 3", "1\t1\t2", "true\tfalse\ttrue"});
}

TEST_CASE("without teams every player is alone", "[lua_api][match]") {
    const RunResult r = run_snippet("print(match.team(1), match.team(2), match.allies(1, 2), match.allies(2, 2))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"1\t2\tfalse\ttrue"});
}

TEST_CASE("match.player_entity is the player's own entity in the players zone", "[lua_api][match]") {
    const RunResult r = run_snippet(R"(local e = match.player_entity(2)
print(e, entity.kind(e), entity.owner(e), entity.name(e), zone.name(zone.of(e))))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"2\tplayer\t2\tPlayer 2\tplayers"});
}

TEST_CASE("match.finish with one winner ends the match and logs match.end at the snippet line", "[lua_api][match]") {
    const RunResult r = run_snippet("local x = 1\nmatch.finish(2, \"knockout\")");
    REQUIRE(r.finished());
    CHECK(r.match().result().winners == std::vector<PlayerIndex>{1});
    CHECK(r.match().result().reason == "knockout");
    const Event* end = r.first("match.end");
    REQUIRE(end);
    CHECK(r.where(*end) == "snippet:2");
    CHECK(r.data(*end) == nlohmann::json{{"reason", "knockout"}, {"winners", "Player 2"}});
    CHECK(r.narrate(*end) == "Player 2 wins (knockout)");
}

TEST_CASE("match.finish with a list of winners keeps their order and drops repeats", "[lua_api][match]") {
    const RunResult r = run_snippet("match.finish({2, 1, 2}, \"shared\")");
    REQUIRE(r.finished());
    CHECK(r.match().result().winners == std::vector<PlayerIndex>{1, 0});
    CHECK(r.narrate(*r.first("match.end")) == "Player 2, Player 1 win (shared)");
}

TEST_CASE("match.finish with nil or an empty list is a draw", "[lua_api][match]") {
    for (const char* code : {"match.finish(nil, \"time-out\")", "match.finish({}, \"time-out\")"}) {
        const RunResult r = run_snippet(code);
        REQUIRE(r.finished());
        CHECK(r.match().result().winners.empty());
        CHECK(r.narrate(*r.first("match.end")) == "the match ends in a draw (time-out)");
    }
}

TEST_CASE("match.finish does not return: nothing after it runs, and no pcall catches it", "[lua_api][match]") {
    // After the result, a script used to go on: counters changed and questions were skipped
    // (decide returned false) after the match had ended.
    const RunResult r = run_snippet(R"(print(match.finished())
local z = zone.create("pile")
local e = entity.create{zone = z, name = "tally"}
counter.define(e, "n", 0)
print(pcall(function() match.finish(1, "first") end))
print("after")
counter.set(e, "n", 5)
match.finish(2, "second"))");
    CHECK(r.finished());
    CHECK(r.printed() == Strings{"false"});
    CHECK(r.match().result().winners == std::vector<PlayerIndex>{0});   // the first result stands
    CHECK(r.types().back() == "match.end");   // no counter.change after it
}

TEST_CASE("match.end_period logs period.end with what expired and what was reset", "[lua_api][match]") {
    const RunResult r = run_snippet(R"(effect.modify{target = 1, stat = "power", amount = 1, expires = "beat"}
effect.prohibit{target = 1, action = "advance", expires = "beat"}
effect.modify{target = 1, stat = "power", amount = 1, expires = "round"}
local h = window.on("go", function() end, {limit = 1, period = "beat"})
require("core.windows").dispatch("go")
match.end_period("beat"))");
    REQUIRE(r.finished());
    const Event* end = r.first("period.end");
    REQUIRE(end);
    CHECK(r.where(*end) == "snippet:6");
    CHECK(r.data(*end) == nlohmann::json{{"expired", 2}, {"period", "beat"}, {"reset", 1}});
    CHECK(r.narrate(*end) == "beat ends");
}

TEST_CASE("match.check is nil while the invariants hold; match.event_count counts the log", "[lua_api][match]") {
    const RunResult r = run_snippet(R"(print(match.check(), match.event_count())
log.event("x")
print(match.event_count()))");
    REQUIRE(r.finished());
    // Two player entities are created before the rules start; print itself logs an event.
    CHECK(r.printed() == Strings{"nil\t2", "4"});
}

TEST_CASE("match functions reject bad arguments with Lua's message and the snippet line", "[lua_api][match]") {
    CHECK(error_of("match.name(3)") == "snippet:1: bad argument #1 to 'match.name' (player 3 does not exist (players 1..2))");
    CHECK(error_of("match.team('x')") == "snippet:1: bad argument #1 to 'match.team' (number expected, got string)");
    CHECK(error_of("match.player_entity(1.5)") ==
          "snippet:1: bad argument #1 to 'match.player_entity' (number has no integer representation)");
    CHECK(error_of("match.allies(1, 0)") ==
          "snippet:1: bad argument #2 to 'match.allies' (player 0 does not exist (players 1..2))");
    CHECK(error_of("match.finish('x', 'r')") ==
          "snippet:1: bad argument #1 to 'match.finish' (player, list of players or nil expected, got string)");
    CHECK(error_of("match.finish(1)") == "snippet:1: bad argument #2 to 'match.finish' (string expected, got no value)");
    CHECK(error_of("match.finish(3, 'r')") ==
          "snippet:1: bad argument #1 to 'match.finish' (player 3 does not exist (players 1..2))");
    CHECK(error_of("match.end_period()") == "snippet:1: bad argument #1 to 'match.end_period' (string expected, got no value)");
}

TEST_CASE("match.name names the caller's line when called from a later line", "[lua_api][match]") {
    CHECK(error_of("local a = 1\nlocal b = 2\n\nmatch.name(0)") ==
          "snippet:4: bad argument #1 to 'match.name' (player 0 does not exist (players 1..2))");
}

// Regression (was a bug): lua_match.cpp match_finish checks list items with check_player(L, -1, m), so
// the message names argument #-1 instead of the list the script passed as argument #1.
TEST_CASE("match.finish with a bad player in a list names argument #1", "[lua_api][match]") {
    CHECK_THAT(error_of("match.finish({1, 5}, 'r')"),
               StartsWith("snippet:1: bad argument #1 to 'match.finish' (") && Contains("5") && Contains("players 1..2"));
}
