// check_command.cpp - `duelbox check`: load everything, report every error. Each scenario is also
// played as `run` would and on a reused host to compare their logs (scenario_play_check.h);
// nothing else runs.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <set>

#include <lua.hpp>

#include "scenario_play_check.h"
#include "cli.h"
#include "lua/card_checks.h"
#include "lua/game_narration.h"
#include "lua/host.h"
#include "lua/scenario_fields.h"
#include "scenario/file_text.h"
#include "scenario/json_fields.h"
#include "scenario/map_file.h"
#include "scenario/scenario.h"
#include "lua/checkpoint.h"
#include "search/game_search.h"

namespace duelbox::cli {

namespace fs = std::filesystem;

namespace {

// Compiles a Lua file as text without running it: syntax errors with file:line.
std::string compile_lua(const fs::path& file, const std::string& shown) {
    std::string text;
    if (std::string why = read_input_file(file.string(), text); !why.empty()) return shown + ": " + why;
    lua_State* L = luaL_newstate();
    std::string err;
    if (luaL_loadbufferx(L, text.data(), text.size(), ("@" + shown).c_str(), "t") != LUA_OK) err = lua_tostring(L, -1);
    lua_close(L);
    return err;
}

// The folder holding scripts/ and cards/ for a path given on the command line.
fs::path root_of(const fs::path& p) {
    fs::path abs = fs::absolute(p).lexically_normal();
    if (abs.filename().empty()) abs = abs.parent_path();
    for (fs::path q = abs; !q.empty() && q != q.root_path(); q = q.parent_path()) {
        const auto name = q.filename().string();
        if (name == "scripts" || name == "cards") return q.parent_path();
        if (fs::exists(q / "scripts") && (q == abs)) return q;
    }
    return abs;
}

// A mod folder (its mod.json): the manifest, the game loaded with the mod on top (override
// and conflict rules, patches, option defaults), and the game's card checks with the mod's cards.
// Every problem is its own error (the summary counts them); the mod's files are named
// mod:<name>/<path> as in every message (docs/modding.md), so the line above the list says which
// folder that is.
std::vector<std::string> check_mod(const fs::path& dir, const std::string& shown, const std::string& default_root) {
    try {
        // Every problem at once: the manifest's, then the game loaded with what of the mod
        // could be read (its cards and modules, its readable sections), then the card checks.
        std::vector<std::string> errors;
        const ModManifest m = load_mod_checking(dir.string(), errors);
        LuaHost host;
        host.set_mod_manifests({m});
        if (host.load_game(default_root, m.game, errors))
            for (const auto& e : run_card_checks(host)) errors.push_back(e);
        if (errors.empty()) {
            std::cout << "mod " << m.name << " on " << m.game << ": " << host.cards().size()
                      << " card definitions with the mod, loads\n";
            return {};
        }
        std::cout << "mod " << m.name << " on " << m.game << " (mod:" << m.name << "/ is "
                  << printable_name(fs::path(shown).parent_path().generic_string()) << "/): " << errors.size()
                  << (errors.size() == 1 ? " problem" : " problems") << ", listed below\n";
        for (auto& e : errors) e = printable_name(e);   // one line each, whatever a name holds
        return errors;
    } catch (const std::exception& e) {
        return {e.what()};
    }
}

std::string check_json(const fs::path& file, const std::string& shown, const std::string& default_root) {
    try {
        const auto j = fields::load_json_file(shown);
        if (!j.is_object()) return shown + ": not a scenario, replay or map (the top level is not an object)";
        if (j.contains("duelbox_replay")) {
            const Replay r = load_replay(shown, default_root);
            (void)r;
        } else if (j.contains("spaces") || j.contains("line")) {
            load_map_file(shown);
        } else if (j.contains("game")) {
            const Scenario s = load_scenario(shown, default_root);
            LuaHost host;
            std::vector<std::string> errors;
            if (!host.load_game(s, errors)) {
                std::string all = shown + ": game '" + s.game + "' does not load:";
                for (const auto& e : errors) all += "\n  " + printable_name(e);
                return all;
            }
            // The fields `run` refuses before a match starts (unknown options and setup keys).
            if (std::string err = scenario_fields_error(host, s); !err.empty()) return shown + ": " + err;
            // The match must pass as `run` passes it, and log the same on a reused host (match state a
            // file-level table keeps would make it log differently).
            if (std::string err = scenario_play_problems(s, shown); !err.empty()) return err;
        } else {
            return shown + ": not a scenario (no \"game\"), replay or map (no \"spaces\"/\"line\")";
        }
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

}  // namespace

int check_command(const std::vector<std::string>& args) {
    if (args.empty()) {
        std::cerr << "duelbox check: give at least one folder or file (e.g. duelbox check scripts cards)\n";
        return kUsage;
    }
    std::vector<std::string> errors;
    std::set<std::pair<std::string, std::string>> games;   // (root, game), sorted
    int lua_files = 0, json_files = 0, mods = 0;
    for (const std::string& arg : args) {
        const fs::path p(arg);
        std::error_code ec;
        if (!fs::exists(p, ec)) {
            errors.push_back(arg + ": no such file or folder");
            continue;
        }
        std::vector<fs::path> files;
        if (fs::is_directory(p, ec)) {
            for (auto it = fs::recursive_directory_iterator(p, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
                if (it->is_regular_file()) files.push_back(it->path());
        } else {
            files.push_back(p);
        }
        std::sort(files.begin(), files.end());
        const fs::path root = root_of(p);
        // A scenario or replay without "root" uses the engine's folder, as `duelbox run` does.
        const std::string scenario_root = DUELBOX_SOURCE_ROOT;
        for (const fs::path& f : files) {
            const std::string shown = f.lexically_normal().generic_string();
            if (f.extension() == ".lua") {
                ++lua_files;
                if (std::string err = compile_lua(f, shown); !err.empty()) errors.push_back(err);
                // scripts/<game>/... and cards/<game>/... name a game to load in full.
                const fs::path rel = fs::absolute(f).lexically_normal().lexically_relative(root);
                auto part = rel.begin();
                if (part != rel.end()) {
                    const std::string top = part->string();
                    if ((top == "scripts" || top == "cards") && ++part != rel.end()) {
                        const std::string game = part->string();
                        if (game != "core" && std::next(part) != rel.end() && fs::exists(root / "scripts" / game / "game.lua"))
                            games.insert({root.string(), game});
                    }
                }
            } else if (f.extension() == ".json") {
                ++json_files;
                if (f.filename() == "mod.json") {
                    ++mods;
                    for (auto& e : check_mod(f.parent_path(), shown, scenario_root)) errors.push_back(std::move(e));
                } else if (std::string err = check_json(f, shown, scenario_root); !err.empty()) {
                    errors.push_back(err);
                }
            }
        }
    }
    for (const auto& [root, game] : games) {
        LuaHost host;
        std::vector<std::string> game_errors;
        host.load_game(root, game, game_errors);
        // A syntax error was reported when its file was compiled above (under the path given on
        // the command line, which may be longer than the game-relative one): once is enough.
        for (const auto& e : game_errors) {
            const auto same = [&](const std::string& seen) {
                return seen.size() >= e.size() && seen.compare(seen.size() - e.size(), e.size(), e) == 0;
            };
            if (std::none_of(errors.begin(), errors.end(), same)) errors.push_back(e);
        }
        // The game's own rules for its cards (card_checks.h): a kit that loads but cannot play well.
        std::size_t card_problems = 0;
        if (game_errors.empty()) {
            std::vector<std::string> narration_errors;
            (void)read_narration_policy(host, narration_errors);   // game.lua's narration field
            for (auto& e : narration_errors) {
                errors.push_back(std::move(e));
                ++card_problems;
            }
            GameSearchDefaults search;   // game.lua's search field (docs/ai.md), else refused only when an AI searches
            if (std::string err; !read_game_search_defaults(host, search, err)) {
                errors.push_back("scripts/" + game + "/game.lua: " + err);
                ++card_problems;
            }
            if (std::string err = game_resume_error(host); !err.empty()) {   // checkpoints (lua/checkpoint.h)
                errors.push_back("scripts/" + game + "/game.lua: " + err);
                ++card_problems;
            }
        }
        if (game_errors.empty())
            for (const auto& e : run_card_checks(host)) {
                errors.push_back(e);
                ++card_problems;
            }
        std::cout << "game " << game << ": " << host.cards().size() << " card definitions, "
                  << (!game_errors.empty() ? "has errors"
                      : card_problems ? "loads; its own checks (game.lua's fields, check_card) found problems" : "loads")
                  << "\n";
    }
    for (const auto& e : errors) std::cerr << printable_name(e, true) << "\n";   // a file named with control bytes
    std::cout << "checked " << lua_files << " Lua files, " << json_files << " JSON files, " << games.size()
              << " games" << (mods ? ", " + std::to_string(mods) + (mods == 1 ? " mod" : " mods") : "") << ": " << errors.size() << " error" << (errors.size() == 1 ? "" : "s") << "\n";
    return errors.empty() ? kOk : kBadInput;
}

}  // namespace duelbox::cli
