// map_file.cpp - strict reading of JSON map files into a Board.
//
// Every check throws through fields::fail/expected (a ScenarioError carrying the field path);
// the two entry points turn that into one MapError with the file name in front.
#include "map_file.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

#include "json_fields.h"
#include "map_sight.h"
#include "kernel/json_text.h"

namespace duelbox {

namespace {

using nlohmann::json;
namespace f = fields;

// Largest line accepted: far above any real board, low enough that a typo cannot ask for a
// billion spaces.
constexpr std::int64_t kMaxLine = 10'000;

// The most tracing a map's sight geometry may ask for when it loads (about half a second here):
// a 40-space board with detailed outlines needs a few million.
constexpr double kMaxSightSteps = 2e8;

std::string quote_name(const std::string& s) { return json_quoted(s); }

double read_number(const json& v, const std::string& path) {
    if (!v.is_number()) f::expected(path, "a number", v);
    return v.get<double>();
}

// `attrs.capacity`, or `attrs["two words"]` for a key that would not read as a path (the
// same rule fields::ObjectReader uses for unknown keys; that helper is private to it).
std::string attr_path(const std::string& parent, const std::string& key) {
    bool plain = !key.empty();
    for (char c : key)
        plain = plain && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                          c == '-');
    return plain ? f::join(parent, key) : parent + "[" + json_quoted(key) + "]";
}

Value read_attr(const json& v, const std::string& path) {
    if (v.is_boolean()) return v.get<bool>();
    if (v.is_string()) return v.get<std::string>();
    std::int64_t n = 0;
    if (f::to_int64(v, n)) return n;
    f::expected(path, "an integer, true/false or a string", v);
}

class MapReader {
public:
    explicit MapReader(const json& j)
        : top_(j, "", {"id", "name", "sample", "line", "regions", "spaces", "edges", "walls", "los"}) {}

    LoadedMap read() {
        out_.info.id = f::read_nonempty_string(top_.require("id"), "id");
        out_.info.name = out_.info.id;
        if (const json* v = top_.find("name")) out_.info.name = f::read_nonempty_string(*v, "name");
        if (const json* v = top_.find("sample")) out_.info.sample = f::read_bool(*v, "sample");
        if (const json* v = top_.find("regions")) read_regions(*v);
        if (const json* v = top_.find("line")) {
            line_ = static_cast<int>(f::read_int(*v, "line", 1, kMaxLine));
            out_.board.make_line(line_);
        }
        if (const json* v = top_.find("spaces"))
            read_spaces(*v);
        else if (line_ == 0)
            f::fail("spaces", "required field is missing (or give \"line\")");
        if (const json* v = top_.find("edges")) read_edges(*v);
        if (const json* v = top_.find("walls")) {
            if (!geometry_) f::fail("walls", "walls need the spaces' sight points and outlines (spaces[i].sight)");
            read_walls(*v, "walls", sight_);
        }
        if (geometry_) {
            check_sight_cost();
            for (SpaceId s = 1; s <= static_cast<SpaceId>(out_.board.space_count()); ++s) {   // kept for drawing the map
                Space& space = out_.board.space_mut(s);                                       // and for board.terrain
                space.outline = sight_.spaces[s - 1].outline;
                space.elevation = sight_.spaces[s - 1].elevation;
                space.obscures = sight_.spaces[s - 1].obscures;
            }
            out_.board.set_walls(sight_.wall_segments, sight_.wall_polygons);
        }
        if (const json* v = top_.find("los")) read_los(*v);
        else if (geometry_) out_.board.set_los(blocked_pairs(sight_));
        return std::move(out_);
    }

private:
    void read_regions(const json& list) {
        f::read_array(list, "regions");
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string path = f::index("regions", i);
            f::ObjectReader r(list[i], path, {"id", "color"});
            MapRegion region;
            region.id = f::read_nonempty_string(r.require("id"), r.path("id"));
            if (const json* c = r.find("color")) region.color = f::read_string(*c, r.path("color"));
            if (!regions_.insert(region.id).second)
                f::fail(r.path("id"), "duplicate region " + quote_name(region.id));
            out_.info.regions.push_back(std::move(region));
        }
    }

    void read_spaces(const json& list) {
        f::read_array(list, "spaces");
        std::set<SpaceId> seen;               // for a line: spaces already decorated
        std::map<std::int64_t, SpaceId> starts;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string path = f::index("spaces", i);
            f::ObjectReader r(list[i], path, {"id", "regions", "start", "pos", "attrs", "sight", "closed"});
            const std::string name = f::read_nonempty_string(r.require("id"), r.path("id"));
            SpaceId s = out_.board.find(name);
            if (line_ > 0) {
                if (s == kNoSpace)
                    f::fail(r.path("id"), quote_name(name) + " is not a space of the " + std::to_string(line_) +
                                              "-space line (\"1\"..\"" + std::to_string(line_) + "\")");
                if (!seen.insert(s).second) f::fail(r.path("id"), "duplicate space " + quote_name(name));
            } else {
                if (s != kNoSpace) f::fail(r.path("id"), "duplicate space " + quote_name(name));
                s = out_.board.add_space(name);
            }
            Space& space = out_.board.space_mut(s);
            if (const json* v = r.find("regions")) read_space_regions(*v, r.path("regions"), s);
            if (const json* v = r.find("start")) {
                const std::int64_t start = f::read_int(*v, r.path("start"), 1, std::numeric_limits<int>::max());
                if (auto [it, fresh] = starts.emplace(start, s); !fresh)
                    f::fail(r.path("start"), "start " + std::to_string(start) + " is already space " +
                                                 quote_name(out_.board.space(it->second).name));
                space.start = static_cast<int>(start);
            }
            if (const json* v = r.find("pos")) {
                f::ObjectReader p(*v, r.path("pos"), {"x", "y"});
                space.x = read_number(p.require("x"), p.path("x"));
                space.y = read_number(p.require("y"), p.path("y"));
            }
            if (const json* v = r.find("closed")) out_.board.space_mut(s).closed = f::read_bool(*v, r.path("closed"));
            if (const json* v = r.find("sight")) {
                if (sight_.spaces.size() < s) sight_.spaces.resize(s);
                read_space_sight(*v, r.path("sight"), sight_.spaces[s - 1]);
                out_.board.space_mut(s).has_sight = true;
                geometry_ = true;
            }
            if (const json* v = r.find("attrs")) {
                const std::string attrs_path = r.path("attrs");
                if (!v->is_object()) f::expected(attrs_path, "an object", *v);
                for (const auto& [key, value] : v->items()) {
                    const std::string key_path = attr_path(attrs_path, key);
                    if (key.empty()) f::fail(attrs_path, "an attribute name is empty");
                    out_.board.set_attr(s, key, read_attr(value, key_path));
                }
            }
        }
    }

    void read_space_regions(const json& list, const std::string& path, SpaceId s) {
        f::read_array(list, path);
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string at = f::index(path, i);
            const std::string region = f::read_nonempty_string(list[i], at);
            if (!regions_.count(region)) f::fail(at, "unknown region " + quote_name(region) + declared_regions());
            if (out_.board.in_region(s, region)) f::fail(at, "duplicate region " + quote_name(region));
            out_.board.add_region(s, region);
        }
    }

    std::string declared_regions() const {
        if (regions_.empty()) return " (no regions are declared; list them under \"regions\")";
        std::string list;
        for (const auto& r : out_.info.regions) list += (list.empty() ? "" : ", ") + r.id;
        return " (declared: " + list + ")";
    }

    SpaceId space_named(const json& v, const std::string& path) const {
        const std::string name = f::read_nonempty_string(v, path);
        const SpaceId s = out_.board.find(name);
        if (s == kNoSpace) f::fail(path, "unknown space " + quote_name(name));
        return s;
    }

    void read_edges(const json& list) {
        f::read_array(list, "edges");
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string path = f::index("edges", i);
            const json& e = list[i];
            SpaceId a = kNoSpace, b = kNoSpace;
            std::string kind = "border";
            if (e.is_array()) {
                if (e.size() != 2) f::expected(path, "a pair [a, b] of space ids", e);
                a = space_named(e[0], f::index(path, 0));
                b = space_named(e[1], f::index(path, 1));
            } else if (e.is_object()) {
                f::ObjectReader r(e, path, {"a", "b", "kind"});
                a = space_named(r.require("a"), r.path("a"));
                b = space_named(r.require("b"), r.path("b"));
                if (const json* k = r.find("kind")) kind = f::read_nonempty_string(*k, r.path("kind"));
            } else {
                f::expected(path, "a pair [a, b] or an object {\"a\", \"b\", \"kind\"}", e);
            }
            const std::string& na = out_.board.space(a).name;
            const std::string& nb = out_.board.space(b).name;
            if (a == b) f::fail(path, "an edge joins " + quote_name(na) + " to itself");
            if (!out_.board.add_edge(a, b, kind))
                f::fail(path, "duplicate edge " + quote_name(na) + "-" + quote_name(nb) + " (" + kind + ")");
        }
    }

    // Tracing every pair's line against every wall and outline costs pairs x (wall edges +
    // outline corners): a map file may not ask for more than kMaxSightSteps of it at load.
    void check_sight_cost() {
        sight_.spaces.resize(static_cast<std::size_t>(out_.board.space_count()));   // spaces after the last with sight
        double edges = static_cast<double>(sight_.wall_segments.size());
        for (const auto& poly : sight_.wall_polygons) edges += static_cast<double>(poly.size());
        for (const auto& s : sight_.spaces) edges += static_cast<double>(s.outline.size());
        const double n = static_cast<double>(sight_.spaces.size());
        const double steps = n * n * std::max(edges, 1.0);
        if (steps > kMaxSightSteps)
            f::fail("spaces", "the sight geometry is too large to trace when the map loads (" + std::to_string(sight_.spaces.size()) +
                                  " spaces, " + std::to_string(static_cast<long long>(edges)) + " wall edges and outline corners: about " +
                                  std::to_string(static_cast<long long>(steps)) + " steps, at most " +
                                  std::to_string(static_cast<long long>(kMaxSightSteps)) +
                                  "); give a \"los\" table without outlines instead");
    }

    // "los" entries patch what the geometry gives (every pair sees without one): a person's
    // check of a near miss against the printed board (kernel/sight.h near_misses) wins.
    void read_los(const json& list) {
        f::read_array(list, "los");
        // Only the pairs that do not see are kept: every other pair sees (board.h).
        std::set<std::pair<SpaceId, SpaceId>> blocked_set;
        if (geometry_)
            for (const auto& pair : blocked_pairs(sight_)) blocked_set.insert(pair);
        std::set<std::pair<SpaceId, SpaceId>> seen;
        for (std::size_t i = 0; i < list.size(); ++i) {
            f::ObjectReader r(list[i], f::index("los", i), {"from", "to", "sees"});
            const SpaceId from = space_named(r.require("from"), r.path("from"));
            const SpaceId to = space_named(r.require("to"), r.path("to"));
            const bool sees = f::read_bool(r.require("sees"), r.path("sees"));
            if (!seen.insert({from, to}).second)
                f::fail(r.path(), "duplicate entry for " + quote_name(out_.board.space(from).name) + " -> " +
                                      quote_name(out_.board.space(to).name));
            if (sees) blocked_set.erase({from, to});
            else blocked_set.insert({from, to});
        }
        out_.board.set_los({blocked_set.begin(), blocked_set.end()});
    }

    f::ObjectReader top_;
    LoadedMap out_;
    int line_ = 0;                            // 0 = not a line board
    SightMap sight_;                          // the spaces' sight geometry, when the file gives it
    bool geometry_ = false;
    std::set<std::string> regions_;           // declared region ids
};

// Runs `body`; every ScenarioError out of it leaves as one MapError with "<file>: " in front
// (nothing when file is ""), the same rule as fields::with_file.
template <class F>
LoadedMap as_map_error(const std::string& file, F&& body) {
    try {
        return body();
    } catch (const ScenarioError& e) {
        throw MapError(file.empty() ? std::string(e.what()) : file + ": " + e.what());
    }
}

}  // namespace

LoadedMap parse_map(const nlohmann::json& j, const std::string& file) {
    return as_map_error(file, [&] { return MapReader(j).read(); });
}

LoadedMap load_map_file(const std::string& path) {
    const json j = [&] {
        try {
            return fields::load_json_file(path);
        } catch (const ScenarioError& e) {
            throw MapError(e.what());         // already "<file>: ..." or "<file>:<line>:<col>: ..."
        }
    }();
    return parse_map(j, path);
}

}  // namespace duelbox
