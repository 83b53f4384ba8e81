// map_sight.cpp - see map_sight.h.
#include "map_sight.h"

#include <cstdio>

#include "json_fields.h"

namespace duelbox {

namespace {

using nlohmann::json;
namespace f = fields;

Point read_point(const json& v, const std::string& path) {
    if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number()) f::expected(path, "a point [x, y] of two numbers", v);
    return {v[0].get<double>(), v[1].get<double>()};
}

std::vector<Point> read_points(const json& v, const std::string& path, std::size_t at_least) {
    f::read_array(v, path);
    if (v.size() < at_least)
        f::fail(path, "needs at least " + std::to_string(at_least) + " points [x, y]; got " + std::to_string(v.size()));
    std::vector<Point> out;
    for (std::size_t i = 0; i < v.size(); ++i) out.push_back(read_point(v[i], f::index(path, i)));
    return out;
}

// Strictly inside by an even-odd ray cast; a point on an edge is reported outside by the
// crossing count often enough that the author is told either way: it must lie well inside.
bool inside(Point p, const std::vector<Point>& poly) {
    bool in = false;
    for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
        const Point a = poly[i], b = poly[j];
        if ((a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x) in = !in;
    }
    return in && inside_length({p.x - 1e-6, p.y}, {p.x + 1e-6, p.y}, poly) > 0;
}

}  // namespace

void read_space_sight(const json& v, const std::string& path, SightSpace& out) {
    f::ObjectReader r(v, path, {"point", "outline", "elevation", "obscures"});
    out.point = read_point(r.require("point"), r.path("point"));
    if (const json* o = r.find("outline")) {
        out.outline = read_points(*o, r.path("outline"), 3);
        if (!inside(out.point, out.outline)) {
            char at[96];
            std::snprintf(at, sizeof at, "(%g, %g) is not inside the space's outline", out.point.x, out.point.y);
            f::fail(r.path("point"), at);
        }
    }
    if (const json* e = r.find("elevation")) out.elevation = static_cast<int>(f::read_int(*e, r.path("elevation"), -1000, 1000));
    if (const json* o = r.find("obscures")) out.obscures = f::read_bool(*o, r.path("obscures"));
}

void read_walls(const json& v, const std::string& path, SightMap& map) {
    f::ObjectReader r(v, path, {"segments", "polygons"});
    if (const json* s = r.find("segments")) {
        const std::string at = r.path("segments");
        f::read_array(*s, at);
        for (std::size_t i = 0; i < s->size(); ++i) {
            const auto ends = read_points((*s)[i], f::index(at, i), 2);
            if (ends.size() != 2) f::fail(f::index(at, i), "a wall segment is two points [[x1, y1], [x2, y2]]");
            map.wall_segments.push_back({ends[0], ends[1]});
        }
    }
    if (const json* p = r.find("polygons")) {
        const std::string at = r.path("polygons");
        f::read_array(*p, at);
        for (std::size_t i = 0; i < p->size(); ++i) map.wall_polygons.push_back(read_points((*p)[i], f::index(at, i), 3));
    }
}

}  // namespace duelbox
