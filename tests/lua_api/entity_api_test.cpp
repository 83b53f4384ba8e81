// entity_api_test.cpp - module `entity` (runtime/lua/lua_entity.cpp): creating records,
// properties, tags, who sees them; and the errors a script author gets for bad arguments.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using nlohmann::json;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using Strings = std::vector<std::string>;

TEST_CASE("entity.create takes every field and entity.info reads them back", "[lua_api][entity]") {
    const RunResult r = run_snippet(R"(local z = zone.create("table")
local e = entity.create{kind = "figure", name = "Knight", def = "snippet/ping", owner = 2, zone = z,
  props = {power = 4, alive = true, school = "light"}, tags = {"armoured", "big"}}
local i = entity.info(e)
print(i.id, i.kind, i.def, i.name, i.owner, i.zone)
print(entity.get(e, "power"), entity.get(e, "alive"), entity.get(e, "school"), entity.get(e, "nothing"))
print(entity.has_tag(e, "big"), entity.has_tag(e, "small"), entity.kind(e), entity.def(e), entity.owner(e), entity.name(e)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"3\tfigure\tsnippet/ping\tKnight\t2\t2", "4\ttrue\tlight\tnil",
                                 "true\tfalse\tfigure\tsnippet/ping\t2\tKnight"});
    const Event* created = r.of_type("entity.create").at(2);   // after the two players
    CHECK(r.where(*created) == "snippet:2");
    CHECK(r.data(*created) == json{{"def", "snippet/ping"}, {"entity", 3}, {"kind", "figure"}, {"zone", 2}});
    CHECK(r.narrate(*created) == "Knight is created in table");
}

TEST_CASE("entity.create defaults: a nameless, ownerless token at the bottom of its zone", "[lua_api][entity]") {
    const RunResult r = run_snippet(R"(local z = zone.create("pile")
local a = entity.create{zone = z}
local b = entity.create{zone = z}
local c = entity.create{zone = z, where = "top"}
print(entity.kind(a), entity.name(a), entity.owner(a), entity.def(a))
print(table.concat(zone.items(z), ",")))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"token\tentity 3\tnil\t", "5,3,4"});
}

TEST_CASE("entity.set logs entity.prop only when the value changes; nil removes it", "[lua_api][entity]") {
    const RunResult r = run_snippet(R"(local e = entity.create{zone = 1, name = "Box"}
entity.set(e, "hp", 3)
entity.set(e, "hp", 3)
entity.set(e, "hp", "three")
entity.set(e, "hp", nil)
entity.set(e, "never", nil)
print(entity.get(e, "hp")))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"nil"});
    CHECK(r.values("entity.prop", "value") == std::vector<json>{3, "three", nullptr});
    const auto props = r.of_type("entity.prop");
    REQUIRE(props.size() == 3);
    CHECK(r.where(*props[0]) == "snippet:2");
    CHECK(r.where(*props[1]) == "snippet:4");
    CHECK(r.narrate(*props[0]) == "Box hp = 3");
}

TEST_CASE("entity property values keep their Lua type; whole floats become integers", "[lua_api][entity]") {
    const RunResult r = run_snippet(R"(local e = entity.create{zone = 1}
entity.set(e, "b", false)
entity.set(e, "s", "")
entity.set(e, "f", 3.0)
entity.set(e, "big", math.mininteger)
print(entity.get(e, "b"), entity.get(e, "s") == "", math.type(entity.get(e, "f")), entity.get(e, "big") == math.mininteger))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"false\ttrue\tinteger\ttrue"});
}

TEST_CASE("entity tags: add and remove log once each, repeats are silent", "[lua_api][entity]") {
    const RunResult r = run_snippet(R"(local e = entity.create{zone = 1, name = "Box", tags = {"old"}}
entity.add_tag(e, "new")
entity.add_tag(e, "new")
entity.remove_tag(e, "old")
entity.remove_tag(e, "old")
print(entity.has_tag(e, "new"), entity.has_tag(e, "old")))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"true\tfalse"});
    CHECK(r.script_types() == Strings{"entity.create", "entity.tag", "entity.untag", "script.print"});
    CHECK(r.narrate(*r.first("entity.tag")) == "Box gains tag new");
    CHECK(r.narrate(*r.first("entity.untag")) == "Box loses tag old");
}

TEST_CASE("entity.sees follows the zone's visibility; the log hides a hidden card from others",
          "[lua_api][entity]") {
    const RunResult r = run_snippet(R"(local hand = zone.create("hand", 1, "owner")
local deck = zone.create("deck", 1, "hidden")
local h = entity.create{zone = hand, name = "Ace", owner = 1}
local d = entity.create{zone = deck, name = "King", owner = 1}
print(entity.sees(1, h), entity.sees(2, h), entity.sees(1, d), entity.sees(2, d)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"true\tfalse\tfalse\tfalse"});
    const Event* in_hand = r.of_type("entity.create").at(2);
    CHECK(r.narrate(*in_hand, 0) == "Ace is created in Player 1's hand");
    CHECK(r.narrate(*in_hand, 1) == "a hidden card is created in Player 1's hand");
    CHECK(r.data(*in_hand, 1) == json{{"zone", 2}});   // no entity, no def, no kind (what sort of card it is)
    CHECK(r.narrate(*in_hand, EventLog::kSpectator) == "a hidden card is created in Player 1's hand");
    const Event* in_deck = r.of_type("entity.create").at(3);
    CHECK(r.narrate(*in_deck, 0) == "a hidden card is created in Player 1's deck");
    CHECK(r.narrate(*in_deck) == "King is created in Player 1's deck");   // the observer sees all
}

TEST_CASE("entity.create reports bad fields with the snippet line", "[lua_api][entity]") {
    CHECK(error_of("entity.create(5)") == "snippet:1: bad argument #1 to 'entity.create' (table expected, got number)");
    CHECK(error_of("entity.create{}") == "snippet:1: entity.create: field 'zone' is required");
    CHECK(error_of("entity.create{zone = 1, kind = 5}") == "snippet:1: field 'kind' must be a string (got number)");
    CHECK(error_of("entity.create{zone = 1, props = {x = {}}}") ==
          "snippet:1: field 'x': a table cannot be stored (nil, boolean, integer or string expected)");
    CHECK(error_of("entity.create{zone = 1, props = {[1] = 2}}") == "snippet:1: props keys must be strings");
    CHECK(error_of("entity.create{zone = 1, props = 3}") == "snippet:1: field 'props' must be a table {key = value}");
    CHECK(error_of("entity.create{zone = 1, tags = {1}}") == "snippet:1: tags[1] must be a string");
    CHECK(error_of("entity.create{zone = 1, tags = 'x'}") == "snippet:1: field 'tags' must be a list of strings");
    CHECK(error_of("entity.create{zone = 99}") == "snippet:1: bad argument #1 to 'entity.create' (field 'zone': zone 99 does not exist)");
    CHECK_THAT(error_of("entity.create{zone = 1, where = 'middle'}"),
               Contains("to 'entity.create' (field 'where': expected \"top\", \"bottom\" or a position (1 = top); got \"middle\")"));
}

TEST_CASE("entity functions reject bad arguments with Lua's message and the snippet line", "[lua_api][entity]") {
    CHECK(error_of("entity.get(99, 'x')") == "snippet:1: bad argument #1 to 'entity.get' (entity 99 does not exist)");
    CHECK(error_of("entity.get(1)") == "snippet:1: bad argument #2 to 'entity.get' (string expected, got no value)");
    CHECK(error_of("entity.set(0, 'x', 1)") == "snippet:1: bad argument #1 to 'entity.set' (entity 0 does not exist)");
    CHECK(error_of("entity.set(1, 'x', {})") ==
          "snippet:1: a table cannot be stored (nil, boolean, integer or string expected)");
    CHECK(error_of("entity.set(1, 'x', print)") ==
          "snippet:1: a function cannot be stored (nil, boolean, integer or string expected)");
    CHECK(error_of("entity.set(1, 'x', 1e300)") ==
          "snippet:1: value 1e+300 is not a whole number (the kernel stores integers only)");
    CHECK(error_of("entity.info('a')") == "snippet:1: bad argument #1 to 'entity.info' (number expected, got string)");
    CHECK(error_of("entity.add_tag(1)") == "snippet:1: bad argument #2 to 'entity.add_tag' (string expected, got no value)");
    CHECK(error_of("entity.remove_tag(7, 'x')") == "snippet:1: bad argument #1 to 'entity.remove_tag' (entity 7 does not exist)");
    CHECK(error_of("entity.sees(3, 1)") == "snippet:1: bad argument #1 to 'entity.sees' (player 3 does not exist (players 1..2))");
    CHECK(error_of("entity.sees(1, 9)") == "snippet:1: bad argument #2 to 'entity.sees' (entity 9 does not exist)");
    CHECK(error_of("entity.name()") == "snippet:1: bad argument #1 to 'entity.name' (number expected, got no value)");
}

// Regression (was a bug): lua_util.cpp to_value uses lua_numbertointeger, which truncates without
// checking that the float is whole, so 2.5 is silently stored as 2.
TEST_CASE("entity.set refuses a fractional number instead of truncating it", "[lua_api][entity]") {
    CHECK_THAT(error_of("local e = entity.create{zone = 1}\nentity.set(e, 'x', 2.5)"),
               StartsWith("snippet:2: ") && Contains("2.5") && Contains("not a whole number"));
    CHECK_THAT(error_of("entity.create{zone = 1, props = {x = 1.5}}"),
               StartsWith("snippet:1: ") && Contains("1.5") && Contains("not a whole number"));
}

// Regression (was a bug): lua_entity.cpp entity_create checks table fields at their stack slot
// (check_zone(L, lua_gettop(L)), opt_player(L, -1)), so the message names argument #2 or #-1
// although the script passed one argument, the table.
TEST_CASE("entity.create names argument #1 for a bad zone, owner or where field", "[lua_api][entity]") {
    CHECK_THAT(error_of("entity.create{zone = 99}"),
               StartsWith("snippet:1: bad argument #1 to 'entity.create' (") && Contains("zone 99 does not exist"));
    CHECK_THAT(error_of("entity.create{zone = 1, owner = 5}"),
               StartsWith("snippet:1: bad argument #1 to 'entity.create' (") && Contains("player 5 does not exist"));
    CHECK_THAT(error_of("entity.create{zone = 1, where = 'middle'}"),
               StartsWith("snippet:1: bad argument #1 to 'entity.create' ("));
}

TEST_CASE("entity.with and entity.without keep the entities of a list by one prop, appending to a list when given",
          "[lua_api][entity]") {
    const RunResult r = run_snippet(R"(local z = zone.create("pile")
local function mk(name, props) return entity.create{zone = z, kind = "card", name = name, props = props} end
local a, b, c, d = mk("A", {type = "scheme", n = 2}), mk("B", {type = "attack", down = true}), mk("C", {n = 2}), mk("D", {down = false})
local names = {[a] = "A", [b] = "B", [c] = "C", [d] = "D"}
local function show(list) local t = {} for i, e in ipairs(list) do t[i] = names[e] or tostring(e) end return table.concat(t, ",") end
local all = {a, b, c, d}
print(show(entity.with(all, "type", "scheme")), show(entity.without(all, "type", "scheme")), show(entity.with(all, "n", 2)),
  show(entity.with(all, "type", nil)), show(entity.without(all, "down", true)), show(entity.with(all, "down", false)))
local out = {"x"}
print(entity.without({a, b}, "down", true, out) == out, out[1], names[out[2]], #out))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"A\tB,C,D\tA,C\tC,D\tA,C,D\tD", "true\tx\tA\t2"});
    CHECK_THAT(error_of("entity.with({99}, 'k', 1)"), Catch::Matchers::Contains("bad argument #1 to 'entity.with'"));
    CHECK_THAT(error_of("entity.without({}, 'k', 1, setmetatable({}, {}))"),
               Catch::Matchers::Contains("a plain table to fill expected"));
}
