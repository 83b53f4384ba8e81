// cards_api_test.cpp - module `cards` (runtime/lua/lua_cards.cpp): definitions loaded from
// tests/support/cards/snippet/, entities made from them, their handlers and timing options;
// and the errors, which name the card file:line, the card key and the window.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using nlohmann::json;
using Strings = std::vector<std::string>;

TEST_CASE("cards.create makes an entity from the definition's printed data", "[lua_api][cards]") {
    const RunResult r = run_snippet(R"(local z = zone.create("table")
local p = cards.create("snippet/ping", 1, z)
print(entity.kind(p), entity.name(p), entity.def(p), entity.owner(p), entity.get(p, "power"), entity.get(p, "school"))
print(entity.has_tag(p, "attack"), entity.has_tag(p, "fast"), entity.has_tag(p, "slow"))
local l = cards.create("snippet/limited", 2, z)
local t = cards.create("snippet/token/red", nil, z)
print(entity.kind(l), entity.kind(t), entity.name(t), entity.owner(t)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"card\tPing\tsnippet/ping\t1\t3\tlight", "true\ttrue\tfalse", "relic\ttoken\tRed token\tnil"});
    const Event* created = r.of_type("entity.create").at(2);
    CHECK(r.data(*created) == json{{"def", "snippet/ping"}, {"entity", 3}, {"kind", "card"}, {"zone", 2}});
    CHECK(r.where(*created) == "snippet:2");
    CHECK(r.narrate(*created) == "Ping is created in table");
}

TEST_CASE("cards.create puts the card at the bottom by default, or where asked", "[lua_api][cards]") {
    const RunResult r = run_snippet(R"(local z = zone.create("deck")
local a = cards.create("snippet/ping", 1, z)
local b = cards.create("snippet/ping", 1, z)
local c = cards.create("snippet/ping", 1, z, "top")
local d = cards.create("snippet/ping", 1, z, 2)
print(table.concat(zone.items(z), ",")))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"5,6,3,4"});
}

TEST_CASE("cards.keys lists keys in file order, optionally by prefix", "[lua_api][cards]") {
    const RunResult r = run_snippet(R"(print(table.concat(cards.keys(), ","))
print(table.concat(cards.keys("snippet/token/"), ","))
print(#cards.keys("other/")))");
    REQUIRE(r.finished());
    // Files sorted by path; a file's list of cards keeps its own order.
    CHECK(r.printed() == Strings{"snippet/faulty,snippet/limited,snippet/offer/gift,snippet/offer/charm,snippet/offer/curse,"
                                 "snippet/offer/lamp,snippet/offer/plain,snippet/offer/hidden,snippet/offer/bad_cost,"
                                 "snippet/offer/nosy,snippet/ping,snippet/shapes,snippet/token/red,snippet/token/blue",
                                 "snippet/token/red,snippet/token/blue", "0"});
}

TEST_CASE("cards.keys keeps only a kind, a set prop, or both", "[lua_api][cards]") {
    const RunResult r = run_snippet(R"(print(table.concat(cards.keys("snippet/", { kind = "token" }), ","))
print(table.concat(cards.keys("", { kind = "card" }), ","))
print(table.concat(cards.keys("snippet/", { prop = "power" }), ","))
print(table.concat(cards.keys("snippet/", { kind = "card", prop = "school" }), ","))
print(#cards.keys("snippet/", { kind = "token", prop = "power" }), #cards.keys(nil, {}))
print(pcall(cards.keys, "snippet/", { kind = 3 })))");
    REQUIRE(r.finished());
    REQUIRE(r.printed().size() == 6);
    CHECK(r.printed()[0] == "snippet/token/red,snippet/token/blue");
    CHECK(r.printed()[1] == "snippet/faulty,snippet/ping,snippet/shapes");   // kind unset reads "card"
    CHECK(r.printed()[2] == "snippet/ping,snippet/shapes");
    CHECK(r.printed()[3] == "snippet/ping");
    CHECK(r.printed()[4] == "0\t14");
    CHECK_THAT(r.printed()[5], Catch::Matchers::Contains("field 'kind' must be a string"));
}

TEST_CASE("cards.get and cards.of return the definition table", "[lua_api][cards]") {
    const RunResult r = run_snippet(R"(local def = cards.get("snippet/ping")
print(def.name, def.key, def.props.power, type(def.go), cards.get("snippet/nope"))
local e = cards.create("snippet/ping", 1, 1)
print(cards.of(e) == def, cards.of(1)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"Ping\tsnippet/ping\t3\tfunction\tnil", "true\tnil"});
}

TEST_CASE("cards.copy gives a plain, writable deep copy; the definition and later copies stay as they were",
          "[lua_api][cards]") {
    const RunResult r = run_snippet(R"(local c = cards.copy("snippet/shapes")
print(c.name, c.props.power, c.deep.deeper.n, c.a[2], type(c.go), c.go == cards.get("snippet/shapes").go)
print(c.a == c.b, c.a ~= cards.get("snippet/shapes").a, getmetatable(c), getmetatable(c.deep))
c.props.power = 9; c.a[1] = 5; c.name = "Changed"; c.extra = true
local again = cards.copy("snippet/shapes")
print(cards.get("snippet/shapes").props.power, cards.get("snippet/shapes").a[1], again.props.power, again.a[1], again.name, again.extra)
print(cards.copy("snippet/nope"), c ~= again))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"Shapes\t1\t7\t2\tfunction\ttrue", "true\ttrue\tnil\tnil",
                                 "1\t1\t1\t1\tShapes\tnil", "nil\ttrue"});
}

TEST_CASE("a card's handlers stay silent until cards.activate registers them", "[lua_api][cards]") {
    const RunResult r = run_snippet(R"(local windows = require("core.windows")
local z = zone.create("table")
local p = cards.create("snippet/ping", 2, z)
local t = cards.create("snippet/token/red", nil, z)
print(windows.dispatch("go", {round = 1}))
print(cards.activate(p), cards.activate(t))
print(windows.dispatch("go", {round = 2}), windows.dispatch("react"))
local h = window.info(window.collect("go")[1])
print(h.source, h.player, h.window))");
    REQUIRE(r.finished());
    // One handler per window function (go, react), in the game's window order.
    CHECK(r.printed() == Strings{"0", "2\t0", "1\t1", "3\t2\tgo"});
    const Event* go = r.first("ping.go");
    REQUIRE(go);
    CHECK(r.data(*go) == json{{"card", 3}, {"player", 2}, {"round", 2}});
    CHECK(r.where(*go) == "cards/snippet/ping.lua:7");
    CHECK(r.narrate(*go) == "Ping fires");
}

TEST_CASE("a card activated again and again pins each handler function once a match", "[lua_api][cards]") {
    // A pair is switched on and off every beat: each activation once pinned its functions anew,
    // so a long match's list of pinned functions grew without end. The second card of the same
    // definition shares the pins too; its handlers still fire as its own.
    Scenario s = snippet_scenario(R"(local windows = require("core.windows")
local z = zone.create("table")
local p = cards.create("snippet/ping", 2, z)
local q = cards.create("snippet/ping", 1, z)
for round = 1, 50 do
  cards.activate(p)
  window.off_source(p)
end
cards.activate(p)
cards.activate(q)
print(windows.dispatch("go", {round = 51}))
decide{player = 2, id = "wait", options = {"a", "b"}})");
    s.seats[1].agent = "human";   // the match waits here, its pins still held
    RunResult r = run_scenario(s);
    REQUIRE(r.state == RunState::WaitingForAnswer);
    CHECK(r.printed() == Strings{"2"});
    CHECK(r.values("ping.go", "card") == std::vector<json>{4, 3});   // player 1's card first
    const auto& pinned = r.host->function_origins();
    CHECK(pinned.size() == 2);   // go and react of snippet/ping
    for (const auto& o : pinned) CHECK(o.card == "snippet/ping");
}

TEST_CASE("a card's timing table sets its handler's priority, limit and period", "[lua_api][cards]") {
    const RunResult r = run_snippet(R"(local windows = require("core.windows")
local p = cards.create("snippet/ping", 1, 1)
local l = cards.create("snippet/limited", 2, 1)
cards.activate(p)
cards.activate(l)
local id = window.collect("go")[1]
local i = window.info(id)
print(i.source, i.priority, i.limit, i.period)
windows.dispatch("go", {round = 1})
windows.dispatch("go", {round = 1})
match.end_period("round")
windows.dispatch("go", {round = 2}))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"4\t-1\t1\tround"});
    // Limited (priority -1) fires before Ping, once per round.
    CHECK(r.script_types() == Strings{"entity.create", "entity.create", "script.print", "limited.go", "ping.go",
                                      "ping.go", "period.end", "limited.go", "ping.go"});
}

TEST_CASE("window.off_source silences an activated card", "[lua_api][cards]") {
    const RunResult r = run_snippet(R"(local p = cards.create("snippet/ping", 1, 1)
cards.activate(p)
print(window.off_source(p), require("core.windows").dispatch("go")))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"2\t0"});
}

TEST_CASE("an error in a card's handler names the card file:line, the card and the window", "[lua_api][cards]") {
    const RunResult r = run_snippet(R"(local f = cards.create("snippet/faulty", 1, 1)
cards.activate(f)
require("core.windows").dispatch("go"))");
    CHECK(r.state == RunState::Failed);
    CHECK(r.error ==
          "cards/snippet/faulty.lua:6: bad argument #2 to 'zone.move' (zone 99 does not exist) [card snippet/faulty, window go]");
}

TEST_CASE("cards functions reject bad arguments with Lua's message and the snippet line", "[lua_api][cards]") {
    CHECK(error_of("cards.create('snippet/nope', 1, 1)") ==
          "snippet:1: bad argument #1 to 'cards.create' (no card is defined with key 'snippet/nope')");
    CHECK(error_of("cards.create()") == "snippet:1: bad argument #1 to 'cards.create' (string expected, got no value)");
    CHECK(error_of("cards.create('snippet/ping', 3, 1)") ==
          "snippet:1: bad argument #2 to 'cards.create' (player 3 does not exist (players 1..2))");
    CHECK(error_of("cards.create('snippet/ping', 1, 99)") == "snippet:1: bad argument #3 to 'cards.create' (zone 99 does not exist)");
    CHECK(error_of("cards.create('snippet/ping', 1, 1, 'middle')") ==
          "snippet:1: bad argument #4 to 'cards.create' (expected \"top\", \"bottom\" or a position (1 = top); got \"middle\")");
    CHECK(error_of("cards.activate(99)") == "snippet:1: bad argument #1 to 'cards.activate' (entity 99 does not exist)");
    CHECK(error_of("cards.activate(1)") ==
          "snippet:1: bad argument #1 to 'cards.activate' (entity 1 was not made from a card definition)");
    CHECK(error_of("local e = entity.create{zone = 1, def = 'snippet/ghost'}\ncards.activate(e)") ==
          "snippet:2: bad argument #1 to 'cards.activate' (entity 3 was not made from a card definition)");
    CHECK(error_of("cards.get()") == "snippet:1: bad argument #1 to 'cards.get' (string expected, got no value)");
    CHECK(error_of("cards.of(99)") == "snippet:1: bad argument #1 to 'cards.of' (entity 99 does not exist)");
    CHECK(error_of("cards.keys({})") == "snippet:1: bad argument #1 to 'cards.keys' (string expected, got table)");
}
