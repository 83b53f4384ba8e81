// sight_test.cpp - line of sight from map geometry (kernel/sight.h), on the Helter Skelter
// spec's test map T12 (§11.1: twelve unit squares, cover on 2 and 10, high ground on 7 and 8,
// one wall between 9 and 10) and its waterfall map TW; each case is the spec's HS-10 row.
#include <catch2/catch.hpp>

#include "kernel/sight.h"

using namespace duelbox;

namespace {

// T12: space n is the unit square at column (n-1)%4, row (n-1)/4, seen from its centre.
// High ground is elevation 1; cover obscures.
SightMap t12() {
    SightMap m;
    for (int n = 1; n <= 12; ++n) {
        const double c = (n - 1) % 4, r = (n - 1) / 4;
        SightSpace s;
        s.point = {c + 0.5, r + 0.5};
        s.outline = {{c, r}, {c + 1, r}, {c + 1, r + 1}, {c, r + 1}};
        s.elevation = (n == 7 || n == 8) ? 1 : 0;
        s.obscures = n == 2 || n == 10;
        m.spaces.push_back(s);
    }
    m.wall_segments.push_back({{1, 2}, {1, 3}});
    return m;
}

}  // namespace

TEST_CASE("HS-10 line of sight on the test map T12, case by case", "[kernel][sight]") {
    const SightMap m = t12();
    CHECK_FALSE(sees(m, 1, 3));    // HS-10a: crosses 2 (cover)
    CHECK(sees(m, 1, 2));          // HS-10b: a cover target does not hide itself
    CHECK(sees(m, 2, 4));          // HS-10c: a cover source does not count; 3 is plain
    CHECK_FALSE(sees(m, 6, 7));    // HS-10d: normal -> high never, even adjacent
    CHECK(sees(m, 7, 6));          // HS-10e: high -> normal, only walls and other high ground block
    CHECK_FALSE(sees(m, 8, 5));    // HS-10f: crosses 7, high ground that is not the source
    CHECK(sees(m, 7, 1));          // HS-10g: crosses 6 and 2; cover never blocks from high ground
    CHECK_FALSE(sees(m, 5, 3));    // HS-10h: crosses 6, then 2 (cover)
    CHECK_FALSE(sees(m, 9, 10));   // HS-10i: the wall at x = 1
    CHECK_FALSE(sees(m, 5, 11));   // HS-10j: crosses 10 (cover), passing below the wall's end
    CHECK(sees(m, 1, 9));          // HS-10k: crosses 5 (plain)
    CHECK(sees(m, 1, 10));         // HS-10l: crosses 5 and 6, misses the wall; 10 is the target
    CHECK_FALSE(sees(m, 12, 8));   // HS-10m: normal -> high
    CHECK(sees(m, 8, 12));         // HS-10n: adjacent, nothing between
    CHECK(sees(m, 7, 8));          // HS-10o: high -> high, only walls matter
    CHECK_FALSE(sees(m, 8, 1));    // HS-10p: enters 7 (high ground, not the source)
    CHECK_FALSE(sees(m, 3, 11));   // HS-10q: crosses 7 (high ground)
    CHECK_FALSE(sees(m, 12, 9));   // HS-10r: 10 is cover, and the wall is in the way
    CHECK(sees(m, 6, 6));          // HS-10s: own space, always
}

TEST_CASE("TW-1 a space with no outline (a waterfall) never blocks sight", "[kernel][sight]") {
    SightMap m;   // 21 | W1 | 22 in a row, 23 above 21; ids 1..4 stand for 21, W1, 22, 23
    const auto square = [](double c, double r) {
        return std::vector<Point>{{c, r}, {c + 1, r}, {c + 1, r + 1}, {c, r + 1}};
    };
    m.spaces.push_back({{0.5, 0.5}, square(0, 0), 0, false});
    m.spaces.push_back({{1.5, 0.5}, {}, 0, false});          // W1: a pseudo-space, no outline
    m.spaces.push_back({{2.5, 0.5}, square(2, 0), 0, false});
    m.spaces.push_back({{0.5, 1.5}, square(0, 1), 0, false});
    CHECK(sees(m, 1, 3));
    m.spaces[1].outline = square(1, 0);                      // the same square as a plain space: still sees
    m.spaces[1].obscures = true;                             // as cover it would hide
    CHECK_FALSE(sees(m, 1, 3));
}

TEST_CASE("kernel: sight is asymmetric and listed as sorted blocked pairs", "[kernel][sight]") {
    const SightMap m = t12();
    const auto blocked = blocked_pairs(m);
    CHECK(std::is_sorted(blocked.begin(), blocked.end()));
    const auto has = [&](SpaceId a, SpaceId b) {
        return std::binary_search(blocked.begin(), blocked.end(), std::make_pair(a, b));
    };
    CHECK(has(6, 7));              // normal -> high
    CHECK_FALSE(has(7, 6));        // but high -> normal sees
    CHECK(has(9, 10));
    CHECK(has(10, 9));             // the wall blocks both ways
    CHECK_FALSE(has(1, 2));
    for (const auto& [a, b] : blocked) CHECK(a != b);
    // The same map gives the same list (no order from addresses or hashing).
    CHECK(blocked_pairs(t12()) == blocked);
}

TEST_CASE("kernel: geometry edge cases of sight lines", "[kernel][sight]") {
    const std::vector<Point> square{{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    CHECK(inside_length({-1, 0.5}, {2, 0.5}, square) == Approx(1.0));   // straight through
    CHECK(inside_length({-1, 0}, {2, 0}, square) == 0.0);               // along an edge: outside
    CHECK(inside_length({-1, -1}, {2, 2}, square) == Approx(std::sqrt(2.0)));   // corner to corner
    CHECK(inside_length({-1, 1}, {1, -1}, square) == 0.0);              // through a corner only
    CHECK(inside_length({0.2, 0.5}, {0.8, 0.5}, square) == Approx(0.6));   // wholly inside
    CHECK(segments_touch({0, 0}, {2, 0}, {1, 0}, {1, 1}));              // touching an end counts
    CHECK(segments_touch({0, 0}, {2, 0}, {1, 0}, {3, 0}));              // collinear overlap counts
    CHECK_FALSE(segments_touch({0, 0}, {2, 0}, {1, 0.1}, {1, 1}));
    // A wall given as a solid block hides what lies behind it, and a line inside it too.
    SightMap m = t12();
    m.wall_segments.clear();
    m.wall_polygons.push_back({{1.9, 0.4}, {2.1, 0.4}, {2.1, 0.6}, {1.9, 0.6}});   // a pillar on the 2|3 edge
    CHECK_FALSE(sees(m, 2, 3));
    CHECK(sees(m, 9, 10));         // without the wall segment, 9 and 10 see each other
}

TEST_CASE("kernel: near misses name the pairs a map author must check by hand", "[kernel][sight]") {
    const SightMap m = t12();
    const auto close = near_misses(m, 0.05);
    const auto has = [&](SpaceId a, SpaceId b) { return std::binary_search(close.begin(), close.end(), std::make_pair(a, b)); };
    CHECK(std::is_sorted(close.begin(), close.end()));
    // 1 -> 11 runs exactly through the corner of 2 (cover) and the corner shared by 7 (high) and
    // 10 (cover): it sees, by a hair a printed board might not give.
    CHECK(sees(m, 1, 11));
    CHECK(has(1, 11));
    CHECK_FALSE(has(1, 9));        // straight up column 1: nothing near
    CHECK_FALSE(has(6, 7));        // decided by elevation, not geometry
}
