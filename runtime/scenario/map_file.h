// map_file.h - boards described in JSON map files.
//
// A map file is data only: spaces, their regions and attributes, the edges between them and,
// optionally, a line-of-sight table. Games read the attributes ("high", "cover", "capacity")
// through their own rules; the loader only checks that the file is well formed.
//
//   {"id": "sample_line", "name": "Sample line", "sample": true,
//    "line": 7,                                     // optional: spaces "1".."7" in a row
//    "regions": [{"id": "RED", "color": "#c0392b"}],
//    "spaces": [{"id": "s1", "regions": ["RED"], "start": 1, "pos": {"x": 0, "y": 0},
//                "attrs": {"high": true, "capacity": 2, "terrain": "water"}},
//               {"id": "W1", "closed": true}],            // a pseudo-space: crossed, never stood on
//    "edges": [["s1", "s2"], {"a": "s2", "b": "s3", "kind": "wall"}],
//    "walls": {"segments": [[[1, 2], [1, 3]]]},        // optional: sight geometry (map_sight.h)
//    "los": [{"from": "s1", "to": "s3", "sees": false}]}
//
// Contracts
//  - Parsing is strict: an unknown key, a wrong type, an unknown space or region, a duplicate
//    space, region, start number, edge or LOS entry throws MapError whose message reads
//    "<file>: <field path>: <what>", e.g. `maps/x.json: edges[3][1]: unknown space "Q7"`.
//    Array indices in paths are 0-based JSON positions, as in scenario files.
//  - MapError derives from ScenarioError, so a caller loading a scenario and its map catches
//    both with one handler; the file name is put in front once, at load_map_file/parse_map.
//  - With "line", the spaces "1".."N" exist before "spaces" is read; a "spaces" entry then
//    names one of them and decorates it (regions, start, pos, attrs). Without "line",
//    "spaces" is required and every entry adds a space, in file order (space ids 1, 2, ...).
//  - "closed": true makes a space no entity may be put on (board.place raises; a reachable
//    search may pass it over edges it allows, never end there): a river, a chasm.
//  - "edges" may hold a [a, b] pair (kind "border") or {"a", "b", "kind"}. The same pair may
//    appear once per kind (a border and a wall: a partial wall).
//  - Sight: when spaces give "sight" (a point, an outline, an elevation, obscures) the loader
//    computes which pairs see from that geometry (kernel/sight.h), once. "los" entries then
//    patch it (a hand-checked near miss); without geometry they patch an all-true matrix.
//    Entries are one-way (a high space may see a low one that cannot see back). With neither,
//    every pair sees. Each space keeps its elevation and obscures (`board.terrain`), so a game
//    whose own attributes say the same thing ("high", "cover") can refuse a map where they differ.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../kernel/board.h"
#include "scenario.h"

namespace duelbox {

struct MapError : ScenarioError {
    using ScenarioError::ScenarioError;
};

struct MapRegion {
    std::string id;                          // "RED"
    std::string color;                       // display only ("#c0392b"); "" when not given
};

struct MapInfo {
    std::string id, name;                    // name defaults to id
    bool sample = false;                     // invented content, not from a rulebook
    std::vector<MapRegion> regions;          // as declared, in file order
};

struct LoadedMap {
    MapInfo info;
    Board board;
};

LoadedMap load_map_file(const std::string& path);                           // reads + parses
LoadedMap parse_map(const nlohmann::json& j, const std::string& file);      // `file` only names errors

}  // namespace duelbox
