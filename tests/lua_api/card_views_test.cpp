// card_views_test.cpp - cards.get and cards.of hand out read-only views of the definitions
// (runtime/lua/readonly_view.cpp): every match on a host shares them, so a write at any
// depth is refused with the script line and the place, while reading, pairs, ipairs, #,
// next and passing a view to a binding work as on the table itself.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using Strings = std::vector<std::string>;

TEST_CASE("a write to a card definition is refused at any depth with the line and the place", "[lua_api][cards]") {
    CHECK(error_of("local a = 1\ncards.get('snippet/ping').power = 9") ==
          "snippet:2: card definitions are read-only (cards.get('snippet/ping').power)");
    CHECK(error_of("cards.get('snippet/ping').props.power = 9") ==
          "snippet:1: card definitions are read-only (cards.get('snippet/ping').props.power)");
    CHECK(error_of("local def = cards.get('snippet/ping')\ndef.name = nil") ==
          "snippet:2: card definitions are read-only (cards.get('snippet/ping').name)");
    // Through a C function (table.insert) the message still names the script line.
    CHECK(error_of("table.insert(cards.get('snippet/ping').tags, 'slow')") ==
          "snippet:1: card definitions are read-only (cards.get('snippet/ping').tags[3])");
    CHECK(error_of("local e = cards.create('snippet/ping', 1, 1)\ncards.of(e).props['new key'] = 1") ==
          "snippet:2: card definitions are read-only (cards.get('snippet/ping').props['new key'])");
    CHECK(error_of("setmetatable(cards.get('snippet/ping'), {})") == "snippet:1: cannot change a protected metatable");
    CHECK(error_of("rawset(cards.get('snippet/ping'), 'x', 1)").find("rawset is not available") != std::string::npos);
}

TEST_CASE("a card definition reads, iterates and measures as the table itself", "[lua_api][cards]") {
    const RunResult r = run_snippet(R"(local def = cards.get("snippet/ping")
local keys = {}
for k, v in pairs(def) do keys[#keys + 1] = k .. "=" .. type(v) end
table.sort(keys)
print(table.concat(keys, " "))
local props = {}
for k, v in pairs(def.props) do props[#props + 1] = k .. "=" .. tostring(v) end
table.sort(props)
print(table.concat(props, " "))
local tags = {}
for i, t in ipairs(def.tags) do tags[i] = i .. ":" .. t end
print(table.concat(tags, " "), #def.tags, table.concat(def.tags, ","), table.unpack(def.tags))
print(type(def), type(def.props), def.props.power, def.nothing, next(def.props) ~= nil, next(def, nil) ~= nil)
local e = cards.create("snippet/ping", 1, 1)
print(cards.of(e) == def, def.props == cards.get("snippet/ping").props, getmetatable(def)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{
                             "go=function key=string name=string props=table react=function tags=table",
                             "power=3 school=light",
                             "1:attack 2:fast\t2\tattack,fast\tattack\tfast",
                             "table\ttable\t3\tnil\ttrue\ttrue",
                             "true\ttrue\tlocked",
                         });
}

TEST_CASE("pairs and next walk a card definition's keys, pairs in sorted order", "[lua_api][cards]") {
    // next gives the table's own order; pairs the same keys sorted, the same in every process (#16.14).
    const RunResult r = run_snippet(R"(local def = cards.get("snippet/ping")
local a, b = {}, {}
for k in pairs(def) do a[#a + 1] = k end
local k = next(def)
while k ~= nil do b[#b + 1] = k; k = next(def, k) end
table.sort(b)
print(table.concat(a, ",") == table.concat(b, ","), #a))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"true\t6"});
}

TEST_CASE("a card definition's tables passed to a binding read like the tables", "[lua_api][cards]") {
    const RunResult r = run_snippet(R"(local def = cards.get("snippet/ping")
local e = entity.create { kind = "copy", name = "Copy", zone = 1, props = def.props, tags = def.tags }
print(entity.get(e, "power"), entity.get(e, "school"), entity.has_tag(e, "fast"))
log.event("copy.made", "made", def.props)
print(decide { player = 1, kind = "choose", options = def.tags }[1]))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"3\tlight\ttrue", "1"});
    const auto power = r.values("copy.made", "power");
    REQUIRE(power.size() == 1);
    CHECK(power[0] == 3);
}

TEST_CASE("a refused write leaves the definition as the next match on the host reads it", "[lua_api][cards]") {
    LuaHost host(snippet_scenario("").limits);
    std::vector<std::string> errors;
    REQUIRE(host.load_game(DUELBOX_TEST_SUPPORT, "snippet", errors));
    MatchRunner first(host, snippet_scenario(R"(local ok = pcall(function() cards.get("snippet/ping").props.power = 9 end)
print(ok, cards.get("snippet/ping").props.power))"));
    REQUIRE(first.run() == RunState::Finished);
    MatchRunner second(host, snippet_scenario(R"(print(cards.get("snippet/ping").props.power))"));
    REQUIRE(second.run() == RunState::Finished);
    auto printed = [](const MatchRunner& m) {
        Strings out;
        for (const Event& e : m.match().log().events())
            if (e.type == "script.print") out.push_back(std::get<std::string>(e.get("text")));
        return out;
    };
    CHECK(printed(first) == Strings{"false\t3"});
    CHECK(printed(second) == Strings{"3"});
}
