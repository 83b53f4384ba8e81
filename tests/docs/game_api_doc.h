// game_api_doc.h - each game's reference for modders, generated (issue #18.3):
// docs/<game>-api.md (the game's options, setup and seat keys with their defaults, types and
// bounds, its windows, its lab declaration, and every helper module's documented functions)
// and docs/lua/<game>/<module>.d.lua (LuaLS stubs, so `require("battlecon.verbs")` completes).
//
// The declarations are read from the loaded game (what scenario_fields.h checks), the
// functions from the `---` doc blocks above each `function M.name` in scripts/<game>/*.lua.
// A public function without a doc block is a problem the test names with its file:line.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "lua_api_doc.h"

namespace duelbox::docs {

struct GameField {                       // an option, setup key or seat key, as declared
    std::string name, type, doc;
    std::string default_text;            // options only: the default as Lua would write it
    std::string allowed;                 // "1 to 20", "one of "a", "b"", "" when anything
};

struct GameReference {
    std::string game, title;
    std::vector<std::string> summary;    // game.lua's opening comment
    std::vector<GameField> options, setup_keys, seat_keys;
    std::vector<std::string> windows;
    std::string unit;                    // bench_unit name
    std::string lab;                     // a one-line summary of the lab declaration, or ""
    std::vector<HelperModule> modules;   // scripts/<game>/*.lua but game.lua, in file order
    std::vector<std::string> problems;   // "scripts/g/x.lua:12: function M.f has no --- doc block"
};

std::vector<std::string> game_names(const std::string& root);        // scripts/*/game.lua, sorted
GameReference read_game_reference(const std::string& root, const std::string& game);
std::string render_game_markdown(const GameReference& ref);          // docs/<game>-api.md
std::map<std::string, std::string> render_game_stubs(const GameReference& ref);   // relative path -> text

}  // namespace duelbox::docs
