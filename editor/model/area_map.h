// area_map.h - what the board panel needs to draw an area map from its file: whether the board
// has shapes, their bounds, each shape cut into triangles (ImGui fills only convex polygons, and a
// map's spaces are often L-shaped), and which spaces a space sees.
//
// Contracts: pure functions of the Board, no ImGui; triangulate() works for any simple polygon in
// either winding, repeated points dropped (ear clipping, about O(n^3) at worst, for the few vertices
// a space has) and returns n - 2 triangles whose areas sum to the polygon's; a degenerate input
// (fewer than 3 distinct points, zero area) or one above kMaxFilledPoints gives none: the panel
// then draws that shape's outline only, so a hostile map cannot stall a frame.
#pragma once
#include <array>
#include <vector>

#include "kernel/board.h"

namespace duelbox::editor {

using Triangle = std::array<Point, 3>;

inline constexpr std::size_t kMaxFilledPoints = 256;

// True when some space has an outline: the board is drawn as shapes, not as dots and lines.
bool has_area_map(const Board& board);

struct Bounds {
    double minx = 0, miny = 0, maxx = 0, maxy = 0;
    double width() const { return maxx - minx; }
    double height() const { return maxy - miny; }
};
// The box around every outline, sight point and wall.
Bounds area_bounds(const Board& board);

std::vector<Triangle> triangulate(const std::vector<Point>& polygon);

// Every space `from` sees but itself, in space order (the hover overlay of a figure).
std::vector<SpaceId> seen_from(const Board& board, SpaceId from);

}  // namespace duelbox::editor
