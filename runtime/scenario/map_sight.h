// map_sight.h - the geometry part of a map file: each space's sight point and outline, its
// elevation and whether it obscures, and the walls; read strictly, turned into the blocked
// sight pairs (kernel/sight.h) when the map loads.
//
//   "spaces": [{"id": "17", ..., "sight": {"point": [412.0, 233.5],
//                                          "outline": [[400, 220], [430, 220], [430, 250], [400, 250]],
//                                          "elevation": 1, "obscures": false}}],
//   "walls": {"segments": [[[1, 2], [1, 3]]], "polygons": [[[0, 0], [1, 0], [1, 1]]]}
//
// Contracts
//  - Errors throw through fields::fail/expected with the field path: a point that is not two
//    numbers, an outline of fewer than 3 points, a sight point outside its own outline.
//  - A space without "sight" in a map whose other spaces have one (a pseudo-space no one stands on)
//    never blocks a line and is not meant to be looked from or at.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "../kernel/sight.h"

namespace duelbox {

// Reads spaces[i].sight (`v`, at `path`) into `out`.
void read_space_sight(const nlohmann::json& v, const std::string& path, SightSpace& out);

// Reads the top-level "walls" object into `map`.
void read_walls(const nlohmann::json& v, const std::string& path, SightMap& map);

}  // namespace duelbox
