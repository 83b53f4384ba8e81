// sight.h - line of sight from a map's geometry, computed once when the map loads.
//
// Why here: which space sees which is a fact of the map, the same in every match and asked in
// every window that targets at range; tracing lines through polygons belongs to the kernel,
// done once, never to scripts (issue #13: "Lua asks and never does geometry").
//
// The model, game-agnostic: each space has a sight point (where lines start and end), an
// outline (a simple polygon), an integer elevation and an `obscures` flag; the map has walls
// (segments, and solid polygons). From space s, space t is in sight when:
//   1. s == t (always); else
//   2. s is not lower than t; and
//   3. the segment from s's point to t's point touches no wall (closed test: touching an end
//      or running along a wall blocks); and
//   4. it passes through the inside of no other space x (x neither s nor t) that
//        - is higher than the lower of s and t (elevation blocks), or
//        - obscures and is not lower than s (obscuring terrain hides from its own level and
//          below, not from above).
//   "Passes through the inside" means a stretch of the line longer than kInsideEpsilon lies
//   strictly inside x's outline: running along an edge or through a corner does not count.
// So sight is not symmetric: a higher space may see a lower one that cannot see back. A space
// without an outline never blocks (a pseudo-space a line may cross but no one stands on).
//
// Contracts
//  - blocked_pairs() lists every ordered (from, to) pair that does not see, sorted; feed it to
//    Board::set_los, then apply a map's hand-checked overrides.
//  - near_misses() lists the pairs a person should check against the printed board: the line
//    comes within `delta` of a wall end or of a blocking space's corner, or lies inside a
//    blocker for less than `delta`.
//  - Pure geometry in doubles; the same input gives the same output on every host (no
//    randomness, no addresses, fixed iteration order).
#pragma once
#include <utility>
#include <vector>

#include "ids.h"

namespace duelbox {

struct Point {
    double x = 0, y = 0;
};

struct SightSpace {
    Point point;                             // the sight point (a printed number's circle)
    std::vector<Point> outline;              // simple polygon; empty = never blocks
    int elevation = 0;
    bool obscures = false;
};

struct SightMap {
    std::vector<SightSpace> spaces;          // index 0 is space 1
    std::vector<std::pair<Point, Point>> wall_segments;
    std::vector<std::vector<Point>> wall_polygons;
};

constexpr double kInsideEpsilon = 1e-9;

// True when space `from` sees space `to` (1-based ids) by the rules above.
bool sees(const SightMap& map, SpaceId from, SpaceId to);

// Every ordered pair (from, to), from != to, that does not see; sorted.
std::vector<std::pair<SpaceId, SpaceId>> blocked_pairs(const SightMap& map);

// The pairs whose answer hangs on less than `delta` of geometry (see above); sorted.
std::vector<std::pair<SpaceId, SpaceId>> near_misses(const SightMap& map, double delta);

// The length of segment a-b that lies strictly inside polygon `poly` (boundary = outside).
double inside_length(Point a, Point b, const std::vector<Point>& poly);

// Whether the closed segments a-b and c-d share a point (touching and overlapping count).
bool segments_touch(Point a, Point b, Point c, Point d);

}  // namespace duelbox
