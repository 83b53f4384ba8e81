// zone_move_all_api_test.cpp - zone.move_all and the kinds-list filter of zone.items/count
// (runtime/lua/lua_zone.cpp): the moves are the ones a loop of zone.move would make.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using Strings = std::vector<std::string>;

TEST_CASE("zone.items and zone.count take a list of kinds", "[lua_api][zone]") {
    const RunResult r = run_snippet(R"(local z = zone.create("discard")
for _, kind in ipairs({"style", "special", "base", "token"}) do entity.create{zone = z, kind = kind} end
print(table.concat(zone.items(z, {"style", "base"}), ","), zone.count(z, {"base", "token", "special"}),
  zone.count(z, {"nothing"})))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"3,5\t3\t0"});
}

TEST_CASE("zone.move_all moves the matching entities top first, as zone.move one by one would", "[lua_api][zone]") {
    const char* setup = R"(local from, a, b = zone.create("from"), zone.create("a"), zone.create("b")
for _, kind in ipairs({"style", "token", "base", "style"}) do entity.create{zone = from, kind = kind} end
for _, kind in ipairs({"style", "token", "base", "style"}) do entity.create{zone = a, kind = kind} end
)";
    const RunResult all = run_snippet(std::string(setup) + R"(local n = zone.move_all(from, b, "bottom", {"style", "base"})
local m = zone.move_all(a, b)
print(n, m, table.concat(zone.items(b), ","), table.concat(zone.items(from), ",")))");
    const RunResult loop = run_snippet(std::string(setup) + R"(for _, e in ipairs(zone.items(from, {"style", "base"})) do zone.move(e, b, "bottom") end
for _, e in ipairs(zone.items(a)) do zone.move(e, b) end
print(3, 4, table.concat(zone.items(b), ","), table.concat(zone.items(from), ",")))");
    REQUIRE(all.finished());
    REQUIRE(loop.finished());
    CHECK(all.printed() == Strings{"3\t4\t10,9,8,7,3,5,6\t4"});
    CHECK(all.printed() == loop.printed());
    const auto moves = all.of_type("zone.move"), loop_moves = loop.of_type("zone.move");
    REQUIRE(moves.size() == 7);
    REQUIRE(loop_moves.size() == 7);
    for (std::size_t i = 0; i < moves.size(); ++i) CHECK(all.data(*moves[i]) == loop.data(*loop_moves[i]));
}

TEST_CASE("zone.move_all rejects the same zone, a bad place and a bad kinds list", "[lua_api][zone]") {
    CHECK(error_of("local z = zone.create('z')\nzone.move_all(z, z)") ==
          "snippet:2: bad argument #2 to 'zone.move_all' (the entities are in that zone already)");
    CHECK(error_of("local a, b = zone.create('a'), zone.create('b')\nzone.move_all(a, b, 2)") ==
          "snippet:2: bad argument #3 to 'zone.move_all' (\"top\" or \"bottom\" expected)");
    CHECK(error_of("local a, b = zone.create('a'), zone.create('b')\nzone.move_all(a, b, 'top', {})") ==
          "snippet:2: bad argument #4 to 'zone.move_all' (a list of 1 to 8 kinds expected)");
    CHECK(error_of("local a = zone.create('a')\nzone.items(a, {'x', 5})") ==
          "snippet:2: bad argument #2 to 'zone.items' (kinds[2]: a kind name expected)");
}
