// area_map.cpp - area-map geometry for the board panel (area_map.h).
#include "area_map.h"

#include <algorithm>

namespace duelbox::editor {

namespace {

double cross(const Point& o, const Point& a, const Point& b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

double signed_area(const std::vector<Point>& p) {
    double a = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const Point& q = p[i];
        const Point& r = p[(i + 1) % p.size()];
        a += q.x * r.y - r.x * q.y;
    }
    return a / 2;
}

// Whether p lies inside or on triangle abc (counter-clockwise).
bool in_triangle(const Point& p, const Point& a, const Point& b, const Point& c) {
    return cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0;
}

}  // namespace

bool has_area_map(const Board& board) {
    for (SpaceId s = 1; s <= static_cast<SpaceId>(board.space_count()); ++s)
        if (board.space(s).outline.size() >= 3) return true;
    return false;
}

Bounds area_bounds(const Board& board) {
    Bounds b{1e300, 1e300, -1e300, -1e300};
    const auto add = [&b](const Point& p) {
        b.minx = std::min(b.minx, p.x), b.maxx = std::max(b.maxx, p.x);
        b.miny = std::min(b.miny, p.y), b.maxy = std::max(b.maxy, p.y);
    };
    for (SpaceId s = 1; s <= static_cast<SpaceId>(board.space_count()); ++s) {
        add(Point{board.space(s).x, board.space(s).y});
        for (const Point& p : board.space(s).outline) add(p);
    }
    for (const auto& [a, c] : board.wall_segments()) add(a), add(c);
    for (const auto& poly : board.wall_polygons())
        for (const Point& p : poly) add(p);
    if (b.minx > b.maxx) return Bounds{};
    return b;
}

std::vector<Triangle> triangulate(const std::vector<Point>& polygon) {
    std::vector<Triangle> out;
    if (polygon.size() < 3 || polygon.size() > kMaxFilledPoints) return out;
    // Repeated points (a ring closed by its first point, a doubled vertex) would sit on every
    // candidate ear's corner and block it: drop them first.
    std::vector<Point> p;
    for (const Point& q : polygon)
        if (p.empty() || q.x != p.back().x || q.y != p.back().y) p.push_back(q);
    while (p.size() > 1 && p.front().x == p.back().x && p.front().y == p.back().y) p.pop_back();
    if (p.size() < 3) return out;
    const double area = signed_area(p);
    if (area == 0) return out;
    if (area < 0) std::reverse(p.begin(), p.end());   // counter-clockwise from here on
    std::vector<std::size_t> idx(p.size());
    for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
    std::size_t guard = idx.size() * idx.size() + 8;
    std::size_t i = 0;
    while (idx.size() > 3 && guard-- > 0) {
        const std::size_t n = idx.size();
        const Point& a = p[idx[(i + n - 1) % n]];
        const Point& b = p[idx[i % n]];
        const Point& c = p[idx[(i + 1) % n]];
        bool ear = cross(a, b, c) > 0;   // convex corner
        for (std::size_t k = 0; ear && k < n; ++k) {
            const std::size_t j = idx[k];
            if (j == idx[(i + n - 1) % n] || j == idx[i % n] || j == idx[(i + 1) % n]) continue;
            if (in_triangle(p[j], a, b, c)) ear = false;
        }
        if (ear) {
            out.push_back({a, b, c});
            idx.erase(idx.begin() + static_cast<std::ptrdiff_t>(i % n));
        } else {
            ++i;
        }
        if (i >= idx.size()) i = 0;
    }
    if (idx.size() == 3) out.push_back({p[idx[0]], p[idx[1]], p[idx[2]]});
    return out;
}

std::vector<SpaceId> seen_from(const Board& board, SpaceId from) {
    std::vector<SpaceId> out;
    if (!board.valid(from)) return out;
    for (SpaceId t = 1; t <= static_cast<SpaceId>(board.space_count()); ++t)
        if (t != from && board.has_los(from, t)) out.push_back(t);
    return out;
}

}  // namespace duelbox::editor
