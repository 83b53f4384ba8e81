// map_sight_test.cpp - sight geometry in map files (scenario/map_sight.h): the Helter Skelter
// spec's test map T12 as a file computes its line of sight when it loads (the HS-10 rows),
// "los" entries patch the geometry, and each malformed sight field is named by its path.
#include <catch2/catch.hpp>

#include <string>

#include "scenario/map_file.h"

using namespace duelbox;
using nlohmann::json;

namespace {

#ifdef DUELBOX_TEST_SUPPORT
const std::string kMaps = std::string(DUELBOX_TEST_SUPPORT) + "/maps";
#else
const std::string kMaps = "tests/support/maps";
#endif

std::string error_of(const json& j) {
    try {
        parse_map(j, "maps/x.json");
    } catch (const MapError& e) {
        return e.what();
    }
    return "";
}

json two_squares() {
    return json::parse(R"({"id": "m", "spaces": [
        {"id": "a", "sight": {"point": [0.5, 0.5], "outline": [[0, 0], [1, 0], [1, 1], [0, 1]]}},
        {"id": "b", "sight": {"point": [1.5, 0.5], "outline": [[1, 0], [2, 0], [2, 1], [1, 1]], "elevation": 1}}]})");
}

}  // namespace

TEST_CASE("HS-10 map file: T12's sight is computed from its geometry when it loads", "[scenario][map][sight]") {
    const LoadedMap m = load_map_file(kMaps + "/helter_t12.json");
    const Board& b = m.board;
    const auto sees = [&](const char* from, const char* to) { return b.has_los(b.find(from), b.find(to)); };
    CHECK_FALSE(sees("1", "3"));   // HS-10a: cover 2 between
    CHECK(sees("1", "2"));         // HS-10b
    CHECK_FALSE(sees("6", "7"));   // HS-10d: normal -> high
    CHECK(sees("7", "6"));         // HS-10e
    CHECK(sees("7", "1"));         // HS-10g: cover never hides from high ground
    CHECK_FALSE(sees("9", "10"));  // HS-10i: the wall segment from the file
    CHECK(sees("1", "10"));        // HS-10l
    CHECK_FALSE(sees("12", "9"));  // HS-10r
    CHECK(sees("6", "6"));         // HS-10s
    // The game reads its own attributes beside the geometry: high ground and cover.
    CHECK(b.space(b.find("7")).attr("high") == Value{true});
    CHECK(b.space(b.find("2")).attr("cover") == Value{true});
    CHECK_FALSE(b.neighbours(b.find("9")).empty());
}

TEST_CASE("map file: los entries patch the geometry both ways", "[scenario][map][sight]") {
    json j = two_squares();
    LoadedMap m = parse_map(j, "maps/x.json");
    CHECK_FALSE(m.board.has_los(1, 2));   // lower never sees higher
    CHECK(m.board.has_los(2, 1));
    j["los"] = json::parse(R"([{"from": "a", "to": "b", "sees": true}, {"from": "b", "to": "a", "sees": false}])");
    m = parse_map(j, "maps/x.json");
    CHECK(m.board.has_los(1, 2));         // a hand-checked override wins
    CHECK_FALSE(m.board.has_los(2, 1));
}

TEST_CASE("map file: sight fields", "[scenario][map][sight]") {
    json j = two_squares();
    j["spaces"][0]["sight"]["point"] = json::parse("[1]");
    CHECK_THAT(error_of(j), Catch::StartsWith("maps/x.json: spaces[0].sight.point: expected a point [x, y] of two numbers"));
    j = two_squares();
    j["spaces"][0]["sight"]["outline"] = json::parse("[[0, 0], [1, 0]]");
    CHECK_THAT(error_of(j), Catch::StartsWith("maps/x.json: spaces[0].sight.outline: needs at least 3 points"));
    j = two_squares();
    j["spaces"][1]["sight"]["point"] = json::parse("[5, 5]");
    CHECK(error_of(j) == "maps/x.json: spaces[1].sight.point: (5, 5) is not inside the space's outline");
    j = two_squares();
    j["spaces"][0]["sight"]["elevation"] = "high";
    CHECK_THAT(error_of(j), Catch::StartsWith("maps/x.json: spaces[0].sight.elevation:"));
    j = two_squares();
    j["spaces"][0]["sight"]["colour"] = 1;
    CHECK_THAT(error_of(j), Catch::StartsWith("maps/x.json: spaces[0].sight") && Catch::Contains("unknown field"));
    j = two_squares();
    j["walls"] = json::parse(R"({"segments": [[[0, 0]]]})");
    CHECK_THAT(error_of(j), Catch::StartsWith("maps/x.json: walls.segments[0]: needs at least 2 points"));
    j = two_squares();
    j["walls"] = json::parse(R"({"segments": [[[0, 0], [1, 1], [2, 2]]]})");
    CHECK(error_of(j) == "maps/x.json: walls.segments[0]: a wall segment is two points [[x1, y1], [x2, y2]]");
    j = json::parse(R"({"id": "m", "spaces": [{"id": "a"}], "walls": {"segments": []}})");
    CHECK(error_of(j) == "maps/x.json: walls: walls need the spaces' sight points and outlines (spaces[i].sight)");
    j = two_squares();
    j["walls"] = json::parse(R"({"segments": [[[1, -1], [1, 2]]]})");   // a wall between the two
    const LoadedMap walled = parse_map(j, "maps/x.json");
    CHECK_FALSE(walled.board.has_los(2, 1));

    // A map asking for too much tracing at load is refused, not computed for minutes (#16).
    json big = json::parse(R"({"id": "big", "spaces": []})");
    for (int i = 0; i < 1500; ++i) {
        const double x = i;
        json space;
        space["id"] = "s" + std::to_string(i);
        space["sight"]["point"] = {x + 0.5, 0.5};
        space["sight"]["outline"] = json::array({json::array({x, 0.0}), json::array({x + 1, 0.0}), json::array({x + 1, 1.0}),
                                                 json::array({x, 1.0})});
        big["spaces"].push_back(space);
    }
    CHECK_THAT(error_of(big), Catch::StartsWith("maps/x.json: spaces: the sight geometry is too large to trace"));
}

