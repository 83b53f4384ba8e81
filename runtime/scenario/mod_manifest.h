// mod_manifest.h - a mod: a folder that layers on a game without copying or editing it.
//
//   mods/bigger/
//     mod.json                      the manifest (below)
//     scripts/<game>/*.lua          new modules, or replacements of the game's listed in
//                                   overrides.modules (e.g. "mygame.setup")
//     cards/<game>/**/*.lua         new cards, or replacements of the keys in overrides.cards
//
//   mod.json:
//   { "name": "bigger", "game": "mygame", "version": "1.0.0", "description": "...",
//     "overrides": { "cards": ["mygame/hero/ada"], "modules": ["mygame.setup"] },
//     "options": { "board_size": 9 },                          new defaults of the game's rule options
//     "limits": { "seat_keys": { "position": { "max": 9 } }, "setup_keys": {...}, "options": {...} },
//     "patch": { "mygame/hero/*": { "props": { "health": 25 } } } }
//
// Contracts
//  - Parsing is strict, like scenarios: an unknown field or a bad value throws ScenarioError
//    "<dir>/mod.json: overrides.cards[1]: expected ...". The name is a plain folder-style
//    name; it prefixes the mod's files in every message ("mod:bigger/cards/mygame/x.lua:3").
//  - Replacing a game's card or module needs listing it in overrides: a mod that defines an
//    existing key by accident is refused, naming both files. `patch` merges data fields into
//    loaded definitions (a key ending in "*" is a prefix); it never adds functions.
//  - What the host does with a manifest (layering, conflicts between mods) is in host.h.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace duelbox {

struct ModManifest {
    std::string name, game, version, description;
    std::string dir;                             // absolute folder holding mod.json
    std::vector<std::string> override_cards;     // card keys this mod replaces
    std::vector<std::string> override_modules;   // module names ("mygame.setup") it replaces
    nlohmann::json options = nlohmann::json::object();   // option name -> new default
    nlohmann::json limits = nlohmann::json::object();    // "seat_keys"/"setup_keys"/"options" -> name -> {min,max,values}
    nlohmann::json patch = nlohmann::json::object();     // card key or prefix* -> fields to merge
};

// Reads <dir>/mod.json; throws ScenarioError naming the file and field.
ModManifest load_mod(const std::string& dir);
// The same for `duelbox check`: every problem of the file at once, each added to `errors`
// (file: path: what), the broken sections left empty in what it returns. Throws only when the
// file cannot be read, or its name or game cannot.
ModManifest load_mod_checking(const std::string& dir, std::vector<std::string>& errors);
nlohmann::json mod_to_json(const ModManifest& m);   // the manifest's fields (not dir)

}  // namespace duelbox
