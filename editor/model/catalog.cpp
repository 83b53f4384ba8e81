// catalog.cpp - scanning a root for games and scenarios.
#include "catalog.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

namespace duelbox::editor {

namespace fs = std::filesystem;

std::vector<ScenarioEntry> Catalog::of_game(const std::string& game) const {
    std::vector<ScenarioEntry> out;
    for (const auto& s : scenarios)
        if (s.game == game) out.push_back(s);
    return out;
}

Catalog scan_catalog(const std::string& root) {
    Catalog c;
    std::error_code ec;
    c.root = fs::absolute(root, ec).lexically_normal().string();
    for (fs::directory_iterator it(fs::path(c.root) / "scripts", ec), end; !ec && it != end; it.increment(ec))
        if (it->is_directory() && it->path().filename() != "core" && fs::exists(it->path() / "game.lua"))
            c.games.push_back(it->path().filename().string());
    std::sort(c.games.begin(), c.games.end());
    for (const char* folder : {"examples", "scenarios"}) {
        const fs::path dir = fs::path(c.root) / folder;
        if (!fs::is_directory(dir, ec)) continue;
        for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
            if (!it->is_regular_file() || it->path().extension() != ".json") continue;
            std::ifstream in(it->path());
            const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
            if (!j.is_object() || !j.contains("game") || !j["game"].is_string()) continue;   // a map, a replay, ...
            const std::string game = j["game"];
            if (std::find(c.games.begin(), c.games.end(), game) == c.games.end()) continue;
            const std::string title = j.contains("title") && j["title"].is_string() ? j["title"].get<std::string>()
                                                                                 : it->path().filename().string();
            c.scenarios.push_back(ScenarioEntry{it->path().string(), game, title});
        }
    }
    std::sort(c.scenarios.begin(), c.scenarios.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
    return c;
}

Scenario default_scenario(const std::string& root, const std::string& game) {
    Scenario s;
    s.title = "New " + game + " match";
    s.game = game;
    s.root = fs::absolute(root).lexically_normal().string();
    s.seed = 1;
    s.seats = {SeatSpec{"Player 1", 1, "random", nlohmann::json::object()},
               SeatSpec{"Player 2", 2, "random", nlohmann::json::object()}};
    return s;
}

std::vector<std::string> game_files(const std::string& root, const std::string& game) {
    std::vector<std::string> out;
    std::error_code ec;
    for (const fs::path& folder : {fs::path("scripts") / game, fs::path("cards") / game}) {
        const fs::path dir = fs::path(root) / folder;
        if (!fs::is_directory(dir, ec)) continue;
        for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
            if (it->is_regular_file() && it->path().extension() == ".lua")
                out.push_back(fs::relative(it->path(), root, ec).string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> mod_files(const std::string& dir, const std::string& name, const std::string& game) {
    std::vector<std::string> out;
    for (const std::string& rel : game_files(dir, game)) out.push_back("mod:" + name + "/" + rel);
    return out;
}

}  // namespace duelbox::editor
