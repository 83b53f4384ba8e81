// map_file_test.cpp - JSON map files: valid maps load; each malformed field is named by its path.
#include <catch2/catch.hpp>

#include <string>

#include "scenario/map_file.h"

using namespace duelbox;
using nlohmann::json;

namespace {

#ifdef DUELBOX_TEST_SUPPORT
const std::string kMaps = std::string(DUELBOX_TEST_SUPPORT) + "/maps";
#else
const std::string kMaps = "tests/support/maps";   // run from the source root
#endif

const std::string kFile = "maps/x.json";

// The message parse_map throws for `j`, or "" when it loads.
std::string error_of(const json& j, const std::string& file = kFile) {
    try {
        parse_map(j, file);
    } catch (const MapError& e) {
        return e.what();
    }
    return "";
}

std::string load_error(const std::string& path) {
    try {
        load_map_file(path);
    } catch (const MapError& e) {
        return e.what();
    }
    return "";
}

// The wording after the path belongs to fields::ObjectReader; the map loader's contract is the
// file and the field path in front, so that is what these cases pin down.
void check_unknown_field(const std::string& message, const std::string& starts) {
    CHECK_THAT(message, Catch::StartsWith(starts) && Catch::Contains("unknown field"));
}

// A small valid map; each malformed case below breaks one field of it.
json base() {
    return json::parse(R"({
        "id": "m", "name": "M",
        "regions": [{"id": "RED", "color": "#f00"}, {"id": "BLUE"}],
        "spaces": [{"id": "A1", "regions": ["RED"], "start": 1},
                   {"id": "A2", "regions": ["RED", "BLUE"]},
                   {"id": "A3"}],
        "edges": [["A1", "A2"], {"a": "A2", "b": "A3", "kind": "wall"}]
    })");
}

}  // namespace

// -- valid maps ----------------------------------------------------------------------------------

TEST_CASE("map file: the Unmatched sample map loads with regions, starts and layout", "[scenario][map]") {
    const LoadedMap m = load_map_file(kMaps + "/unmatched_sample.json");
    CHECK(m.info.id == "sample_line");
    CHECK(m.info.name == "Sample line (TEST ONLY)");
    CHECK(m.info.sample);
    REQUIRE(m.info.regions.size() == 3);
    CHECK(m.info.regions[0].id == "RED");
    CHECK(m.info.regions[0].color == "#c0392b");
    CHECK(m.info.regions[2].id == "GREEN");
    const Board& b = m.board;
    REQUIRE(b.space_count() == 10);
    CHECK_FALSE(b.is_line());
    CHECK(b.find("s1") == 1);
    CHECK(b.find("s10") == 10);
    CHECK(b.region_spaces("RED") == std::vector<SpaceId>{1, 2, 3, 4, 9});
    CHECK(b.region_spaces("BLUE") == std::vector<SpaceId>{4, 5, 6, 10});
    CHECK(b.space(4).regions == std::vector<std::string>{"BLUE", "RED"});
    CHECK(b.space(1).start == 1);
    CHECK(b.space(7).start == 2);
    CHECK(b.space(10).start == 3);
    CHECK(b.space(9).start == 4);
    CHECK(b.space(2).start == 0);
    CHECK(b.space(10).x == 2.0);
    CHECK(b.space(10).y == 1.5);
    CHECK(b.edges().size() == 9);
    CHECK(b.neighbours(3) == std::vector<SpaceId>{2, 4, 10});
    CHECK(b.distance(1, 10) == 3);
    CHECK(b.has_los(1, 9));   // no "los": every pair sees
}

TEST_CASE("map file: attributes, edge kinds and a one-way LOS table", "[scenario][map]") {
    const LoadedMap m = load_map_file(kMaps + "/terrain_sample.json");
    const Board& b = m.board;
    CHECK(m.info.name == "Terrain sample (TEST ONLY)");
    CHECK(m.info.regions.empty());
    REQUIRE(b.space_count() == 4);
    CHECK(b.space(1).attr("high") == Value{true});
    CHECK(b.space(2).attr("capacity") == Value{std::int64_t{2}});
    CHECK(b.space(2).attr("cover") == Value{true});
    CHECK(b.space(4).attr("terrain") == Value{std::string("water")});
    CHECK(is_nil(b.space(3).attr("high")));
    CHECK(b.edges().size() == 5);
    CHECK(b.adjacent(2, 3));                       // a border beside the wall piece
    CHECK(b.adjacent(2, 3, {"wall"}));
    CHECK_FALSE(b.adjacent(3, 4));
    CHECK(b.adjacent(3, 4, {"waterfall"}));
    CHECK(b.neighbours(3) == std::vector<SpaceId>{1, 2});
    CHECK_FALSE(b.has_los(3, 1));
    CHECK(b.has_los(1, 3));                        // one-way
    CHECK(b.has_los(1, 2));
    CHECK(b.has_los(4, 4));
}

TEST_CASE("map file: a line map has spaces 1..N and decorates them", "[scenario][map]") {
    const LoadedMap m = load_map_file(kMaps + "/duel_line.json");
    CHECK(m.info.id == "duel_line");
    CHECK_FALSE(m.info.sample);
    const Board& b = m.board;
    REQUIRE(b.is_line());
    CHECK(b.line_length() == 7);
    CHECK(b.space(3).start == 1);
    CHECK(b.space(5).start == 2);
    CHECK(b.space(4).start == 0);
    CHECK(b.line_distance(3, 5) == 2);
}

TEST_CASE("map file: name defaults to the id, sample to false", "[scenario][map]") {
    const LoadedMap m = parse_map(json::parse(R"({"id": "tiny", "spaces": [{"id": "a"}]})"), kFile);
    CHECK(m.info.name == "tiny");
    CHECK_FALSE(m.info.sample);
    CHECK(m.board.space_count() == 1);
    CHECK(error_of(base()).empty());
}

// -- malformed maps: "<file>: <field path>: <what>" ------------------------------------------------

TEST_CASE("map file: the brief's example, an edge naming an unknown space", "[scenario][map]") {
    json j = base();
    j["edges"] = json::parse(R"([["A1","A2"], ["A2","A3"], ["A1","A3"], ["A3","Q7"]])");
    CHECK(error_of(j) == R"(maps/x.json: edges[3][1]: unknown space "Q7")");
    const std::string path = kMaps + "/unknown_space.json";
    CHECK(load_error(path) == path + R"(: edges[1][1]: unknown space "Q7")");
}

TEST_CASE("map file: top-level fields", "[scenario][map]") {
    CHECK(error_of(json::array()) == "maps/x.json: expected an object; got an array");
    json j = base();
    j["colour"] = "red";
    check_unknown_field(error_of(j), "maps/x.json: colour: ");
    j = base();
    j.erase("id");
    CHECK(error_of(j) == "maps/x.json: id: required field is missing");
    j = base();
    j["id"] = 7;
    CHECK(error_of(j) == "maps/x.json: id: expected a non-empty string; got 7");
    j = base();
    j["name"] = "";
    CHECK(error_of(j) == R"(maps/x.json: name: expected a non-empty string; got "")");
    j = base();
    j["sample"] = "yes";
    CHECK(error_of(j) == R"(maps/x.json: sample: expected true or false; got "yes")");
    j = base();
    j.erase("spaces");
    j.erase("edges");
    CHECK(error_of(j) == R"(maps/x.json: spaces: required field is missing (or give "line"))");
    j = base();
    j["spaces"] = json::object();
    CHECK(error_of(j) == "maps/x.json: spaces: expected a list; got an object");
    // No file: the message starts with the field path.
    j = base();
    j["id"] = nullptr;
    CHECK(error_of(j, "") == "id: expected a non-empty string; got null");
}

TEST_CASE("map file: regions", "[scenario][map]") {
    json j = base();
    j["regions"][1]["id"] = "RED";
    CHECK(error_of(j) == R"(maps/x.json: regions[1].id: duplicate region "RED")");
    j = base();
    j["regions"][0]["colour"] = "#f00";
    check_unknown_field(error_of(j), "maps/x.json: regions[0].colour: ");
    j = base();
    j["regions"][0]["color"] = 255;
    CHECK(error_of(j) == "maps/x.json: regions[0].color: expected a string; got 255");
    j = base();
    j["spaces"][1]["regions"][1] = "PURPLE";
    CHECK(error_of(j) == R"(maps/x.json: spaces[1].regions[1]: unknown region "PURPLE" (declared: RED, BLUE))");
    j = base();
    j.erase("regions");
    CHECK(error_of(j) == R"(maps/x.json: spaces[0].regions[0]: unknown region "RED")"
                         R"( (no regions are declared; list them under "regions"))");
    j = base();
    j["spaces"][0]["regions"] = "RED";
    CHECK(error_of(j) == R"(maps/x.json: spaces[0].regions: expected a list; got "RED")");
    j = base();
    j["spaces"][1]["regions"][1] = "RED";
    CHECK(error_of(j) == R"(maps/x.json: spaces[1].regions[1]: duplicate region "RED")");
}

TEST_CASE("map file: spaces", "[scenario][map]") {
    json j = base();
    j["spaces"][2]["id"] = "A1";
    CHECK(error_of(j) == R"(maps/x.json: spaces[2].id: duplicate space "A1")");
    j = base();
    j["spaces"][1]["zones"] = json::array();
    check_unknown_field(error_of(j), "maps/x.json: spaces[1].zones: ");
    j = base();
    j["spaces"][0]["id"] = 1;
    CHECK(error_of(j) == "maps/x.json: spaces[0].id: expected a non-empty string; got 1");
    j = base();
    j["spaces"][2].erase("id");
    CHECK(error_of(j) == "maps/x.json: spaces[2].id: required field is missing");
    j = base();
    j["spaces"][1] = "A2";
    CHECK(error_of(j) == R"(maps/x.json: spaces[1]: expected an object; got "A2")");
    j = base();
    j["spaces"][1]["start"] = 0;
    CHECK(error_of(j) == "maps/x.json: spaces[1].start: expected an integer from 1 to 2147483647; got 0");
    j = base();
    j["spaces"][2]["start"] = 1;
    CHECK(error_of(j) == R"(maps/x.json: spaces[2].start: start 1 is already space "A1")");
    j = base();
    j["spaces"][0]["pos"] = json::parse(R"({"x": 1})");
    CHECK(error_of(j) == "maps/x.json: spaces[0].pos.y: required field is missing");
    j = base();
    j["spaces"][0]["pos"] = json::parse(R"({"x": "1", "y": 2})");
    CHECK(error_of(j) == R"(maps/x.json: spaces[0].pos.x: expected a number; got "1")");
    j = base();
    j["spaces"][0]["pos"] = json::parse(R"({"x": 1, "y": 2, "z": 3})");
    check_unknown_field(error_of(j), "maps/x.json: spaces[0].pos.z: ");
}

TEST_CASE("map file: attributes are integers, booleans or strings", "[scenario][map]") {
    json j = base();
    j["spaces"][0]["attrs"] = json::parse(R"({"high": true, "capacity": 2.0, "terrain": "sand"})");
    const LoadedMap ok = parse_map(j, kFile);   // 2.0 is a whole number: some writers emit floats
    CHECK(ok.board.space(1).attr("capacity") == Value{std::int64_t{2}});
    j["spaces"][0]["attrs"]["capacity"] = 2.5;
    CHECK(error_of(j) == "maps/x.json: spaces[0].attrs.capacity: expected an integer, true/false or a string; got 2.5");
    j["spaces"][0]["attrs"]["capacity"] = nullptr;
    CHECK(error_of(j) == "maps/x.json: spaces[0].attrs.capacity: expected an integer, true/false or a string; got null");
    j["spaces"][0]["attrs"]["capacity"] = json::array({1});
    CHECK(error_of(j) ==
          "maps/x.json: spaces[0].attrs.capacity: expected an integer, true/false or a string; got an array");
    j["spaces"][0]["attrs"] = json::parse(R"({"two words": 1.5})");
    CHECK(error_of(j) ==
          R"(maps/x.json: spaces[0].attrs["two words"]: expected an integer, true/false or a string; got 1.5)");
    j["spaces"][0]["attrs"] = json::parse(R"({"": 1})");
    CHECK(error_of(j) == "maps/x.json: spaces[0].attrs: an attribute name is empty");
    j["spaces"][0]["attrs"] = json::array();
    CHECK(error_of(j) == "maps/x.json: spaces[0].attrs: expected an object; got an array");
}

TEST_CASE("map file: edges", "[scenario][map]") {
    json j = base();
    j["edges"][0] = json::parse(R"(["A1", "A2", "A3"])");
    CHECK(error_of(j) == "maps/x.json: edges[0]: expected a pair [a, b] of space ids; got an array");
    j = base();
    j["edges"][0] = "A1-A2";
    CHECK(error_of(j) == R"(maps/x.json: edges[0]: expected a pair [a, b] or an object {"a", "b", "kind"}; got "A1-A2")");
    j = base();
    j["edges"][0][0] = 1;
    CHECK(error_of(j) == "maps/x.json: edges[0][0]: expected a non-empty string; got 1");
    j = base();
    j["edges"][1]["b"] = "Q7";
    CHECK(error_of(j) == R"(maps/x.json: edges[1].b: unknown space "Q7")");
    j = base();
    j["edges"][1].erase("a");
    CHECK(error_of(j) == "maps/x.json: edges[1].a: required field is missing");
    j = base();
    j["edges"][1]["kind"] = "";
    CHECK(error_of(j) == R"(maps/x.json: edges[1].kind: expected a non-empty string; got "")");
    j = base();
    j["edges"][1]["type"] = "wall";
    check_unknown_field(error_of(j), "maps/x.json: edges[1].type: ");
    j = base();
    j["edges"].push_back(json::array({"A3", "A3"}));
    CHECK(error_of(j) == R"(maps/x.json: edges[2]: an edge joins "A3" to itself)");
    j = base();
    j["edges"].push_back(json::array({"A2", "A1"}));
    CHECK(error_of(j) == R"(maps/x.json: edges[2]: duplicate edge "A2"-"A1" (border))");
    j = base();
    j["edges"].push_back(json::array({"A2", "A3"}));   // a border beside the wall: fine
    CHECK(error_of(j).empty());
    j = base();
    j["edges"] = json::object();
    CHECK(error_of(j) == "maps/x.json: edges: expected a list; got an object");
}

TEST_CASE("map file: line of sight entries", "[scenario][map]") {
    json j = base();
    j["los"] = json::parse(R"([{"from": "A1", "to": "A3", "sees": false}])");
    const LoadedMap ok = parse_map(j, kFile);
    CHECK_FALSE(ok.board.has_los(1, 3));
    CHECK(ok.board.has_los(3, 1));
    j["los"][0].erase("sees");
    CHECK(error_of(j) == "maps/x.json: los[0].sees: required field is missing");
    j["los"][0]["sees"] = 0;
    CHECK(error_of(j) == "maps/x.json: los[0].sees: expected true or false; got 0");
    j["los"][0]["sees"] = true;
    j["los"][0]["to"] = "B9";
    CHECK(error_of(j) == R"(maps/x.json: los[0].to: unknown space "B9")");
    j["los"] = json::parse(R"([{"from": "A1", "to": "A3", "sees": false}, {"from": "A1", "to": "A3", "sees": true}])");
    CHECK(error_of(j) == R"(maps/x.json: los[1]: duplicate entry for "A1" -> "A3")");
    j["los"] = json::parse(R"([{"from": "A1", "to": "A3", "los": false}])");
    check_unknown_field(error_of(j), "maps/x.json: los[0].los: ");
}

TEST_CASE("map file: line maps", "[scenario][map]") {
    json j = json::parse(R"({"id": "l", "line": 7, "spaces": [{"id": "9"}]})");
    CHECK(error_of(j) == R"(maps/x.json: spaces[0].id: "9" is not a space of the 7-space line ("1".."7"))");
    j = json::parse(R"({"id": "l", "line": 7, "spaces": [{"id": "3", "start": 1}, {"id": "3"}]})");
    CHECK(error_of(j) == R"(maps/x.json: spaces[1].id: duplicate space "3")");
    j = json::parse(R"({"id": "l", "line": 0})");
    CHECK(error_of(j) == "maps/x.json: line: expected an integer from 1 to 10000; got 0");
    j = json::parse(R"({"id": "l", "line": "7"})");
    CHECK(error_of(j) == R"(maps/x.json: line: expected an integer from 1 to 10000; got "7")");
    j = json::parse(R"({"id": "l", "line": 3, "edges": [["1", "2"]]})");
    CHECK(error_of(j) == R"(maps/x.json: edges[0]: duplicate edge "1"-"2" (border))");
    j = json::parse(R"({"id": "l", "line": 3})");
    const LoadedMap ok = parse_map(j, kFile);   // "spaces" is optional with "line"
    CHECK(ok.board.line_length() == 3);
}

TEST_CASE("map file: unreadable and malformed files", "[scenario][map]") {
    const std::string missing = kMaps + "/no_such_map.json";
    CHECK_THAT(load_error(missing), Catch::StartsWith(missing + ": cannot read ("));
    const std::string bad = kMaps + "/malformed.json";
    CHECK_THAT(load_error(bad), Catch::StartsWith(bad + ":4:16: malformed JSON: "));
    CHECK_THAT(load_error(kMaps), Catch::StartsWith(kMaps + ": cannot read (it is a folder)"));
}

TEST_CASE("map file: MapError is a ScenarioError", "[scenario][map]") {
    json j = base();
    j["edges"][0][1] = "Q7";
    CHECK_THROWS_AS(parse_map(j, kFile), ScenarioError);
    CHECK_THROWS_AS(parse_map(j, kFile), std::runtime_error);
    CHECK_THROWS_WITH(parse_map(j, kFile), R"(maps/x.json: edges[0][1]: unknown space "Q7")");
}

TEST_CASE("map file: a closed space (a pseudo-space no one stands on); closed must be a boolean", "[scenario][map]") {
    const json ok = {{"id", "x"},
                     {"spaces", json::array({json{{"id", "A"}}, json{{"id", "W"}, {"closed", true}}})},
                     {"edges", json::array({json::array({"A", "W"})})}};
    const LoadedMap m = parse_map(ok, kFile);
    CHECK_FALSE(m.board.space(1).closed);
    CHECK(m.board.space(2).closed);
    json bad = ok;
    bad["spaces"][1]["closed"] = "yes";
    CHECK(error_of(bad).rfind("maps/x.json: spaces[1].closed: ", 0) == 0);
}
