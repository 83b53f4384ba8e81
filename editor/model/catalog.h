// catalog.h - what there is to open: the games under a root and the scenarios that play them.
//
// Games are found, not listed: every scripts/<game>/game.lua under the root (core is not a
// game). Scenarios are the JSON files under examples/ and scenarios/ whose "game" names one.
#pragma once
#include <string>
#include <vector>

#include "scenario/scenario.h"

namespace duelbox::editor {

struct ScenarioEntry {
    std::string path;      // absolute
    std::string game;
    std::string title;     // the scenario's title, or its file name
};

struct Catalog {
    std::string root;
    std::vector<std::string> games;              // sorted
    std::vector<ScenarioEntry> scenarios;        // sorted by path
    std::vector<ScenarioEntry> of_game(const std::string& game) const;
};

Catalog scan_catalog(const std::string& root);

// A new scenario for a game when none is picked: two seats of random agents, seed 1,
// the game's default options. Decisions and stop are empty.
Scenario default_scenario(const std::string& root, const std::string& game);

// The game's script and card files, relative to the root, sorted (what the script browser lists).
std::vector<std::string> game_files(const std::string& root, const std::string& game);

// A mod's script and card files for `game`, as the host names them ("mod:<name>/cards/g/x.lua"),
// sorted; `name` from its mod.json. Empty when the folder has none.
std::vector<std::string> mod_files(const std::string& dir, const std::string& name, const std::string& game);

}  // namespace duelbox::editor
