// sight.cpp - see sight.h.
#include "sight.h"

#include <algorithm>
#include <cmath>

namespace duelbox {

namespace {

constexpr double kEps = 1e-12;   // collinearity and "on the boundary", in the map's units squared

double cross(Point o, Point a, Point b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

// p on the closed segment a-b, given that it is collinear with it.
bool within(Point a, Point b, Point p) {
    return std::min(a.x, b.x) - kEps <= p.x && p.x <= std::max(a.x, b.x) + kEps && std::min(a.y, b.y) - kEps <= p.y &&
           p.y <= std::max(a.y, b.y) + kEps;
}

double distance_to_segment(Point p, Point a, Point b) {
    const double dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
    double t = len2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0;
    t = std::clamp(t, 0.0, 1.0);
    const double qx = a.x + t * dx - p.x, qy = a.y + t * dy - p.y;
    return std::sqrt(qx * qx + qy * qy);
}

// Strictly inside: a point on an edge is outside.
bool strictly_inside(Point p, const std::vector<Point>& poly) {
    const std::size_t n = poly.size();
    for (std::size_t i = 0; i < n; ++i) {
        const Point a = poly[i], b = poly[(i + 1) % n];
        if (std::fabs(cross(a, b, p)) <= kEps && within(a, b, p)) return false;
    }
    bool in = false;   // even-odd ray cast to the right
    for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
        const Point a = poly[i], b = poly[j];
        if ((a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x) in = !in;
    }
    return in;
}

bool hits_wall(const SightMap& map, Point a, Point b) {
    for (const auto& [c, d] : map.wall_segments)
        if (segments_touch(a, b, c, d)) return true;
    for (const auto& poly : map.wall_polygons) {
        for (std::size_t i = 0; i < poly.size(); ++i)
            if (segments_touch(a, b, poly[i], poly[(i + 1) % poly.size()])) return true;
        if (strictly_inside(a, poly)) return true;   // wholly inside a solid block
    }
    return false;
}

const SightSpace& at(const SightMap& map, SpaceId s) { return map.spaces[s - 1]; }

// Whether space x, lying on the line, would hide `to` from `from` (rule 4 of sight.h).
bool blocks(const SightSpace& x, const SightSpace& from, const SightSpace& to) {
    if (x.outline.empty()) return false;
    if (x.elevation > std::min(from.elevation, to.elevation)) return true;
    return x.obscures && x.elevation >= from.elevation;
}

}  // namespace

bool segments_touch(Point a, Point b, Point c, Point d) {
    const double o1 = cross(a, b, c), o2 = cross(a, b, d), o3 = cross(c, d, a), o4 = cross(c, d, b);
    if (((o1 > kEps && o2 < -kEps) || (o1 < -kEps && o2 > kEps)) && ((o3 > kEps && o4 < -kEps) || (o3 < -kEps && o4 > kEps)))
        return true;
    if (std::fabs(o1) <= kEps && within(a, b, c)) return true;
    if (std::fabs(o2) <= kEps && within(a, b, d)) return true;
    if (std::fabs(o3) <= kEps && within(c, d, a)) return true;
    if (std::fabs(o4) <= kEps && within(c, d, b)) return true;
    return false;
}

double inside_length(Point a, Point b, const std::vector<Point>& poly) {
    if (poly.size() < 3) return 0;
    const double dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
    std::vector<double> ts{0.0, 1.0};
    const auto param = [&](Point p) {   // where p projects on a-b, as a fraction
        return len > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / (len * len) : 0.0;
    };
    for (std::size_t i = 0; i < poly.size(); ++i) {
        const Point p = poly[i], q = poly[(i + 1) % poly.size()];
        const double ex = q.x - p.x, ey = q.y - p.y;
        const double denom = dx * ey - dy * ex;
        if (std::fabs(denom) > kEps) {
            const double t = ((p.x - a.x) * ey - (p.y - a.y) * ex) / denom;
            const double u = ((p.x - a.x) * dy - (p.y - a.y) * dx) / denom;
            if (t >= 0 && t <= 1 && u >= -kEps && u <= 1 + kEps) ts.push_back(t);
        } else if (std::fabs(cross(a, b, p)) <= kEps) {   // the edge lies on the line: its ends split it
            for (const Point e : {p, q}) {
                const double t = param(e);
                if (t > 0 && t < 1) ts.push_back(t);
            }
        }
    }
    std::sort(ts.begin(), ts.end());
    double inside = 0;
    for (std::size_t i = 1; i < ts.size(); ++i) {
        const double t0 = ts[i - 1], t1 = ts[i];
        if (t1 - t0 <= 0) continue;
        const double mid = (t0 + t1) / 2;
        if (strictly_inside({a.x + mid * dx, a.y + mid * dy}, poly)) inside += (t1 - t0) * len;
    }
    return inside;
}

bool sees(const SightMap& map, SpaceId from, SpaceId to) {
    if (from == to) return true;
    const SightSpace& s = at(map, from);
    const SightSpace& t = at(map, to);
    if (s.elevation < t.elevation) return false;
    if (hits_wall(map, s.point, t.point)) return false;
    for (std::size_t i = 0; i < map.spaces.size(); ++i) {
        const auto x = static_cast<SpaceId>(i + 1);
        if (x == from || x == to) continue;
        const SightSpace& xs = map.spaces[i];
        if (blocks(xs, s, t) && inside_length(s.point, t.point, xs.outline) > kInsideEpsilon) return false;
    }
    return true;
}

std::vector<std::pair<SpaceId, SpaceId>> blocked_pairs(const SightMap& map) {
    std::vector<std::pair<SpaceId, SpaceId>> out;
    const auto n = static_cast<SpaceId>(map.spaces.size());
    for (SpaceId a = 1; a <= n; ++a)
        for (SpaceId b = 1; b <= n; ++b)
            if (a != b && !sees(map, a, b)) out.emplace_back(a, b);
    return out;
}

std::vector<std::pair<SpaceId, SpaceId>> near_misses(const SightMap& map, double delta) {
    std::vector<std::pair<SpaceId, SpaceId>> out;
    const auto n = static_cast<SpaceId>(map.spaces.size());
    for (SpaceId a = 1; a <= n; ++a)
        for (SpaceId b = 1; b <= n; ++b) {
            if (a == b) continue;
            const SightSpace& s = at(map, a);
            const SightSpace& t = at(map, b);
            if (s.elevation < t.elevation) continue;   // decided by elevation, not geometry
            bool close = false;
            for (const auto& [c, d] : map.wall_segments)
                close = close || distance_to_segment(c, s.point, t.point) < delta || distance_to_segment(d, s.point, t.point) < delta;
            for (const auto& poly : map.wall_polygons)
                for (const Point& v : poly) close = close || distance_to_segment(v, s.point, t.point) < delta;
            for (SpaceId x = 1; x <= n && !close; ++x) {
                if (x == a || x == b || !blocks(at(map, x), s, t)) continue;
                const auto& outline = at(map, x).outline;
                for (const Point& v : outline) close = close || distance_to_segment(v, s.point, t.point) < delta;
                const double inside = inside_length(s.point, t.point, outline);
                close = close || (inside > 0 && inside < delta);
            }
            if (close) out.emplace_back(a, b);
        }
    return out;
}

}  // namespace duelbox
