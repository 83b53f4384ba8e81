// log_api_test.cpp - module `log` (runtime/lua/lua_log.cpp): the rules' own events, their
// narration, who learns of them and who sees each field; and the errors for bad arguments.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using nlohmann::json;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using Strings = std::vector<std::string>;

TEST_CASE("log.event appends an event with fields and returns its sequence number", "[lua_api][log]") {
    const RunResult r = run_snippet(R"(local seq = log.event("hit", "{p:who} hits for {dmg}", {who = 1, dmg = 3, crit = false})
print(seq, match.event_count()))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"2\t3"});
    const Event* hit = r.first("hit");
    REQUIRE(hit);
    CHECK(hit->seq == 2);
    CHECK(r.where(*hit) == "snippet:1");
    CHECK(r.data(*hit) == json{{"crit", false}, {"dmg", 3}, {"who", 1}});
    CHECK(r.narrate(*hit) == "Player 1 hits for 3");
}

TEST_CASE("narration placeholders name entities, players, zones and spaces", "[lua_api][log]") {
    const RunResult r = run_snippet(R"(board.line(3)
local z = zone.create("hand", 2)
local e = entity.create{zone = z, name = "Ace"}
log.event("all", "{e:card} {p:who} {z:where} {s:at} {plain} {missing}", {card = e, who = 2, where = z, at = 3, plain = "text"}))");
    REQUIRE(r.finished());
    CHECK(r.narrate(*r.first("all")) == "Ace Player 2 Player 2's hand 3 text ?");
}

TEST_CASE("log.event with hidden fields shows their values only to the players named", "[lua_api][log]") {
    const RunResult r = run_snippet(R"(local card = entity.create{zone = 1, name = "Ace"}
log.event("set", "{p:who} sets {e:card}", {who = 1, card = card}, {hidden = {card = 1}, rule = "§2"}))");
    REQUIRE(r.finished());
    const Event* set = r.first("set");
    REQUIRE(set);
    CHECK(r.narrate(*set, 0) == "Player 1 sets Ace");
    CHECK(r.narrate(*set, 1) == "Player 1 sets a hidden card");
    CHECK(r.narrate(*set, EventLog::kSpectator) == "Player 1 sets a hidden card");
    CHECK(r.data(*set, 1) == json{{"rule", "§2"}, {"who", 1}});
    CHECK(r.data(*set, 0) == json{{"card", 3}, {"rule", "§2"}, {"who", 1}});
    CHECK(EventLog::sees(*set, 1));   // player 2 learns that a card was set, not which
}

TEST_CASE("a placeholder's id out of range reads as a number: 2^32 + id does not wrap to a hidden card", "[lua_api][log]") {
    // Found by a red-team audit (2026-11-30): the narrator cast the id to 32 bits, so a script
    // naming a card in player 1's hand as id + 2^32 showed its name to everyone.
    const RunResult r = run_snippet(R"(local hand = zone.create("hand", 1, "owner")
local card = entity.create{zone = hand, name = "Ace of Spades"}
log.event("held", "{p:who} holds {e:card}", {who = 1, card = card})
log.event("wrapped", "{p:who} holds {e:card}", {who = 1, card = card + (1 << 32)})
log.event("below", "{p:who} holds {e:card} {z:z} {s:s}", {who = 1 - (1 << 32), card = card - (1 << 32), z = hand + (1 << 32), s = -7}))");
    REQUIRE(r.finished());
    CHECK(r.narrate(*r.first("held"), 1) == "Player 1 holds a hidden card");
    CHECK(r.narrate(*r.first("held"), 0) == "Player 1 holds Ace of Spades");
    const std::string wrapped = r.narrate(*r.first("wrapped"), 1);
    CHECK(wrapped.find("Ace") == std::string::npos);
    const std::int64_t card = r.data(*r.first("held"), 0)["card"].get<std::int64_t>();
    CHECK(wrapped == "Player 1 holds " + std::to_string(card + (std::int64_t{1} << 32)));
    const std::string below = r.narrate(*r.first("below"), EventLog::kSpectator);
    CHECK(below.find("Ace") == std::string::npos);
    CHECK(below.find("hand") == std::string::npos);
}

TEST_CASE("narration writes out a script's control bytes: a newline or an escape sequence cannot forge a line",
          "[lua_api][log]") {
    // Found by a red-team audit (2026-11-30): print(), names and templates reached the terminal
    // as they were ("hello\nResult: Player 2 wins").
    const RunResult r = run_snippet(R"(local e = entity.create{zone = 1, name = "Imp\n[9] forged"}
log.event("odd", "hello\nResult: {e:who} wins\r\27[2K", {who = e}))");
    REQUIRE(r.finished());
    CHECK(r.narrate(*r.first("odd")) == "hello\\x0aResult: Imp\\x0a[9] forged wins\\x0d\\x1b[2K");
}

TEST_CASE("log.event with `to` tells only those players that it happened", "[lua_api][log]") {
    const RunResult r = run_snippet(R"(log.event("whisper", "psst", {}, {to = 2})
log.event("pair", "", {}, {to = {1, 3}})
log.event("everyone", "", {}, {to = "all"}))",
                                    3);
    REQUIRE(r.finished());
    const Event* whisper = r.first("whisper");
    REQUIRE(whisper);
    CHECK_FALSE(EventLog::sees(*whisper, 0));
    CHECK(EventLog::sees(*whisper, 1));
    CHECK_FALSE(EventLog::sees(*whisper, EventLog::kSpectator));
    CHECK(r.narrate(*whisper, 0).empty());
    CHECK(r.narrate(*whisper, 1) == "psst");
    const Event* pair = r.first("pair");
    CHECK((EventLog::sees(*pair, 0) && !EventLog::sees(*pair, 1) && EventLog::sees(*pair, 2)));
    CHECK(EventLog::sees(*r.first("everyone"), EventLog::kSpectator));
}

TEST_CASE("log.say is a narration step of type say", "[lua_api][log]") {
    const RunResult r = run_snippet(R"(log.say("round {n} begins", {n = 3})
log.say("plain")
log.say("a rule", nil, {rule = "§4", to = 1}))");
    REQUIRE(r.finished());
    const auto says = r.of_type("say");
    REQUIRE(says.size() == 3);
    CHECK(r.narrate(*says[0]) == "round 3 begins");
    CHECK(r.data(*says[0]) == json{{"n", 3}});
    CHECK(r.data(*says[1]) == json::object());
    CHECK(r.data(*says[2]) == json{{"rule", "§4"}});
    CHECK_FALSE(EventLog::sees(*says[2], 1));
    CHECK(r.where(*says[2]) == "snippet:3");
}

TEST_CASE("log.event with only a type logs an empty event", "[lua_api][log]") {
    const RunResult r = run_snippet("log.event('tick')");
    REQUIRE(r.finished());
    const Event* tick = r.first("tick");
    REQUIRE(tick);
    CHECK(tick->text.empty());
    CHECK(tick->fields.empty());
}

TEST_CASE("log functions reject bad arguments with Lua's message and the snippet line", "[lua_api][log]") {
    CHECK(error_of("log.event()") == "snippet:1: bad argument #1 to 'log.event' (string expected, got no value)");
    CHECK(error_of("log.event('t', {})") == "snippet:1: bad argument #2 to 'log.event' (string expected, got table)");
    CHECK(error_of("log.event('t', 'x', 5)") == "snippet:1: bad argument #3 to 'log.event' (table of fields expected, got number)");
    CHECK(error_of("log.event('t', 'x', {}, 5)") ==
          "snippet:1: bad argument #4 to 'log.event' (table of options expected, got number)");
    CHECK(error_of("log.event('t', 'x', {[1] = 2})") == "snippet:1: bad argument #3 to 'log.event' (field names must be strings)");
    CHECK(error_of("log.event('t', 'x', {a = {}})") ==
          "snippet:1: field 'a': a table cannot be stored (nil, boolean, integer or string expected)");
    CHECK(error_of("log.event('t', 'x', {}, {rule = 5})") == "snippet:1: field 'rule' must be a string (got number)");
    CHECK_THAT(error_of("log.event('t', 'x', {}, {to = 9})"),
               StartsWith("snippet:1: bad argument #4") && Contains("to 'log.event' (field 'to': player 9 does not exist (players 1..2))"));
    CHECK_THAT(error_of("log.event('t', 'x', {}, {to = 'some'})"),
               Contains("to 'log.event' (field 'to': \"all\", a player or a list of players expected, got string)"));
    CHECK(error_of("log.say()") == "snippet:1: bad argument #1 to 'log.say' (string expected, got no value)");
}

// Regression (was a bug): lua_log.cpp log_say inserts "say" before its arguments and reuses
// emit_event, so every later argument is reported one place too far: fields (#2) as #3 and
// options (#3) as #4.
TEST_CASE("log.say names its own argument numbers", "[lua_api][log]") {
    CHECK(error_of("log.say('x', 5)") == "snippet:1: bad argument #2 to 'log.say' (table of fields expected, got number)");
    CHECK(error_of("log.say('x', {}, 5)") == "snippet:1: bad argument #3 to 'log.say' (table of options expected, got number)");
}

// Regression (was a bug): lua_log.cpp check_players is given the stack slot of the `to` / `hidden`
// value (lua_gettop(L)), so a bad player names argument #5 or #6; the options table is #4.
TEST_CASE("log.event names argument #4 for a bad player in its options", "[lua_api][log]") {
    for (const char* code : {"log.event('t', 'x', {}, {to = 9})", "log.event('t', 'x', {}, {to = {1, 9}})",
                             "log.event('t', 'x', {a = 1}, {hidden = {a = 9}})"}) {
        CHECK_THAT(error_of(code), StartsWith("snippet:1: bad argument #4 to 'log.event' (") && Contains("9") &&
                                       Contains("players 1..2"));
    }
}
