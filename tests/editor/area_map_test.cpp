// area_map_test.cpp - the board panel's area-map geometry (editor/model/area_map.h): shapes cut
// into triangles that cover them exactly, the map's bounds, the spaces a space sees.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>

#include "model/area_map.h"
#include "scenario/map_file.h"

using namespace duelbox;
using namespace duelbox::editor;

namespace {
double area(const Triangle& t) {
    return std::abs((t[1].x - t[0].x) * (t[2].y - t[0].y) - (t[2].x - t[0].x) * (t[1].y - t[0].y)) / 2;
}
std::string repo(const std::string& rel) {
    return (std::filesystem::path(DUELBOX_TEST_SUPPORT) / ".." / ".." / rel).string();
}
}  // namespace

TEST_CASE("an L-shaped space is cut into n - 2 triangles covering exactly its area, in either winding", "[editor][area]") {
    std::vector<Point> l = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};   // area 3
    for (int pass = 0; pass < 2; ++pass) {
        const auto tris = triangulate(l);
        REQUIRE(tris.size() == 4);
        double sum = 0;
        for (const auto& t : tris) sum += area(t);
        CHECK(sum == Approx(3.0));
        std::reverse(l.begin(), l.end());
    }
    // Repeated points: a ring closed by its first point, every point doubled.
    const auto ring = triangulate({{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}});
    REQUIRE(ring.size() == 2);
    CHECK(area(ring[0]) + area(ring[1]) == Approx(1.0));
    CHECK(triangulate({{0, 0}, {0, 0}, {1, 0}, {1, 0}, {1, 1}, {1, 1}, {0, 1}, {0, 1}}).size() == 2);
    std::vector<Point> huge;   // a hostile map's outline: too many points to fill every frame
    for (int i = 0; i < 1000; ++i) huge.push_back({std::cos(i * 0.00628), std::sin(i * 0.00628)});
    CHECK(triangulate(huge).empty());
    CHECK(triangulate({{0, 0}, {1, 1}}).empty());
    CHECK(triangulate({{0, 0}, {1, 1}, {2, 2}}).empty());   // no area
}

TEST_CASE("the sample Helter Skelter boards draw as shapes: every space and waterfall has one", "[editor][area]") {
    for (const char* file : {"maps/helter_city_blocks.json", "maps/helter_grand_hall.json"}) {
        INFO(file);
        const LoadedMap map = load_map_file(repo(file));
        const Board& b = map.board;
        REQUIRE(has_area_map(b));
        double total = 0;
        for (SpaceId s = 1; s <= static_cast<SpaceId>(b.space_count()); ++s) {
            REQUIRE(b.space(s).outline.size() >= 4);
            for (const auto& t : triangulate(b.space(s).outline)) total += area(t);
        }
        const Bounds bounds = area_bounds(b);
        CHECK(total == Approx(bounds.width() * bounds.height()));   // the shapes tile the board
        CHECK_FALSE(b.wall_segments().empty());
    }
    const LoadedMap t12 = load_map_file(repo("tests/support/maps/helter_t12.json"));
    // T12: normal ground on 6 sees 5, 2, 10, 1, 9 ... but never the high ground 7 and 8 (HS-10d).
    const auto seen = seen_from(t12.board, t12.board.find("6"));
    CHECK(std::find(seen.begin(), seen.end(), t12.board.find("7")) == seen.end());
    CHECK(std::find(seen.begin(), seen.end(), t12.board.find("5")) != seen.end());
    CHECK(std::find(seen.begin(), seen.end(), t12.board.find("6")) == seen.end());
}
