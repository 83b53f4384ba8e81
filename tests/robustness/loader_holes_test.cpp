// Issue #16, the loaders' holes: tables returned by game.lua and card files, and scenario
// files an attacker wrote. Each test is named after the hole it closes and fails on the
// commit before its fix (there the process aborts, hangs, writes past the Lua stack or
// reports an internal error with no place).
#include <catch2/catch.hpp>

#include <fstream>

#include "../support/temp_dir.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "probe_run.h"
#include "scenario/scenario.h"

using namespace duelbox;
using namespace duelbox::test;

namespace {

void write(const std::filesystem::path& file, const std::string& text) {
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << text;
}

const char* const kPlainGame = "return { windows = { 'go' }, play = function() match.finish(1, 'done') end }\n";
const char* const kRaising = "{ __index = function() error('boom') end, __newindex = function() error('boom') end }";
const char* const kLooping = "{ __index = function() while true do end end, __len = function() while true do end end }";

// The first load error of game `game` in `root`, or "" when it loads.
std::string load_error(const TempDir& dir, const std::string& game) {
    LuaHost host;
    std::vector<std::string> errors;
    host.load_game(dir.root().string(), game, errors);
    return errors.empty() ? "" : errors.front();
}

// Loads `text` as a scenario file; returns the error ("" when it parses).
std::string scenario_error(const std::string& text) {
    const TempDir dir("hole_16_scenario");
    write(dir.root() / "s.json", text);
    try {
        load_scenario(dir.file("s.json"), dir.root().string());
    } catch (const ScenarioError& e) {
        return std::string(e.what()).substr(dir.file("s.json").size());   // without the folder
    }
    return "";
}

std::string nested(int depth) { return std::string(depth, '[') + std::string(depth, ']'); }

// Loads game "bomb" (a plain game.lua, a harmless card and cards/bomb/bomb.lua = `bomb_card`)
// on a host capped at 16 MB; returns its one load error ("" when it loaded).
std::string load_under_16_mb(const char* dir_name, const std::string& bomb_card) {
    const TempDir dir(dir_name);
    write(dir.root() / "scripts/bomb/game.lua", kPlainGame);
    write(dir.root() / "cards/bomb/fine.lua", "return { name = 'fine', props = { n = 1 } }\n");
    write(dir.root() / "cards/bomb/bomb.lua", bomb_card);
    Limits limits;
    limits.memory_bytes = 16ll << 20;
    LuaHost host(limits);
    std::vector<std::string> errors;
    if (host.load_game(dir.root().string(), "bomb", errors)) return "";
    REQUIRE(errors.size() == 1);
    return errors[0];
}

}  // namespace

TEST_CASE("#16.3 a card file returning a table with a raising or looping __index is refused, not fatal",
          "[robustness][loader][16]") {
    const TempDir dir("hole_16_3_cards");
    write(dir.root() / "scripts/meta/game.lua", kPlainGame);
    write(dir.root() / "cards/meta/raising.lua", std::string("return setmetatable({ name = 'r' }, ") + kRaising + ")\n");
    write(dir.root() / "cards/meta/looping.lua", std::string("return setmetatable({ name = 'l' }, ") + kLooping + ")\n");
    write(dir.root() / "cards/meta/listed.lua",
          std::string("return { setmetatable({ key = 'meta/x' }, ") + kRaising + ") }\n");
    write(dir.root() / "cards/meta/fine.lua", "return { name = 'fine' }\n");
    LuaHost host;
    std::vector<std::string> errors;
    CHECK_FALSE(host.load_game(dir.root().string(), "meta", errors));
    REQUIRE(errors.size() == 3);
    CHECK(errors[0] == "cards/meta/listed.lua: a card must be a plain table, without a metatable (card 1 of the list)");
    CHECK(errors[1].rfind("cards/meta/looping.lua: must return a plain table, without a metatable", 0) == 0);
    CHECK(errors[2].rfind("cards/meta/raising.lua: must return a plain table, without a metatable", 0) == 0);
    REQUIRE(host.cards().size() == 1);
    CHECK(host.cards()[0].key == "meta/fine");
}

TEST_CASE("#16.3 a game.lua returning a table with a raising __index is refused, not fatal", "[robustness][loader][16]") {
    const TempDir dir("hole_16_3_game");
    write(dir.root() / "scripts/meta/game.lua",
          std::string("return setmetatable({ windows = { 'go' }, play = function() end }, ") + kRaising + ")\n");
    CHECK(load_error(dir, "meta").rfind("scripts/meta/game.lua: must return a plain game table, without a metatable", 0) == 0);
}

TEST_CASE("#16.3 a game table given a raising metatable during a match does not abort the next match",
          "[robustness][loader][16]") {
    // setup_rule, options, setup_keys and seat_keys are read when each match starts: raw reads.
    const TempDir dir("hole_16_3_later");
    write(dir.root() / "scripts/meta/game.lua",
          std::string("local game = { windows = { 'go' }, options = { { name = 'o', default = 1 } }, setup_keys = {} }\n"
                      "function game.play(ctx)\n"
                      "  setmetatable(game.options[1], ") + kRaising + ")\n"
                      "  setmetatable(game, " + kLooping + ")\n"
                      "  match.finish(1, 'done')\n"
                      "end\n"
                      "return game\n");
    LuaHost host;
    std::vector<std::string> errors;
    REQUIRE(host.load_game(dir.root().string(), "meta", errors));
    Scenario s;
    s.game = "meta";
    s.root = dir.root().string();
    s.seats.resize(1);
    for (int run = 0; run < 2; ++run) {
        MatchRunner runner(host, s);
        CHECK(runner.run() == RunState::Finished);
    }
}

TEST_CASE("#16.4 JSON nested deeper than the limit is refused with its field path", "[robustness][loader][16]") {
    std::string path = "players[0].setup.hand";   // at level 5 of 32
    for (int level = 6; level <= 33; ++level) path += "[0]";
    CHECK(scenario_error(R"({"game": "probe", "players": [{"setup": {"hand": )" + nested(40) + "}}]}") ==
          ": " + path + ": nested deeper than 32 levels of arrays and objects");
    CHECK(scenario_error(R"({"game": "probe", "players": [{}], "setup": {"cards": )" + nested(28) + "}}") == "");
}

TEST_CASE("#16.4 JSON whose small values would take far more memory than its text is refused before it is built",
          "[robustness][loader][16]") {
    // A 40 MB mod.json of "[]," built 900 MB (the file cap is 256 MB: about 6 GB). A value costs
    // the parser about 64 bytes for a text of 3: past 4 times the file's size and 64 MB, the
    // first pass refuses it, naming where it got to.
    std::string lists = "[]";
    for (int i = 1; i < 1'500'000; ++i) lists += ",[]";
    const std::string error = scenario_error(R"({"game": "probe", "players": [{}], "setup": {"cards": [)" + lists + "]}}");
    CHECK_THAT(error, Catch::StartsWith(": setup.cards["));
    CHECK_THAT(error, Catch::Contains("in memory (4 times its size and 64 MB): too many small values"));
    std::string fewer = "[]";
    for (int i = 1; i < 100'000; ++i) fewer += ",[]";
    CHECK(scenario_error(R"({"game": "probe", "players": [{}], "setup": {"cards": [)" + fewer + "]}}") == "");
}

TEST_CASE("#16.4 a scenario built in code with deep JSON does not write past the Lua stack", "[robustness][loader][16]") {
    auto host = probe_host();
    Scenario s = probe_scenario({"probe/echo"});
    nlohmann::json deep = nlohmann::json::array();
    for (int i = 0; i < 200; ++i) deep = nlohmann::json::array({deep});
    s.setup["owner_orders"] = deep;
    MatchRunner runner(*host, s);
    const RunState state = runner.run();
    CHECK((state == RunState::Finished || state == RunState::Failed));
}

TEST_CASE("a long list in a scenario or replay is read in one pass: 200,000 seats are refused at once",
          "[robustness][loader][16]") {
    // The duplicate-key check ran as a callback of nlohmann's DOM parser, which walks the whole
    // parent list after each object it keeps: reading a list of n objects took n * n / 2 steps
    // (100,000 seats 3 s, a million about five minutes) before the count was even looked at. A
    // replay of a long match lists every decision the same way.
    std::string seats;
    for (int i = 0; i < 200000; ++i) seats += i ? ",{}" : "{}";
    CHECK(scenario_error(R"({"game": "probe", "players": [)" + seats + "]}") ==
          ": players: expected 1 to 16 entries; got 200000");
    // The check itself still names the object's path, however deep the list.
    CHECK(scenario_error(R"({"game": "probe", "players": [{}, {"name": "a", "name": "b"}]})") ==
          ": players[1].name: duplicate key (each field may appear once in an object)");
}

TEST_CASE("#16.9 a number beyond double range is a JSON error with its place", "[robustness][loader][16]") {
    CHECK(scenario_error("{\"game\": \"probe\",\n \"seed\": 1e400}") ==
          ":2:10: malformed JSON: number 1e400 is beyond the range of a double");
}

TEST_CASE("#16.12 scenario limits cannot loosen the budget past the documented ceilings", "[robustness][loader][16]") {
    const std::string head = R"({"game": "probe", "players": [{}], "limits": )";
    CHECK(scenario_error(head + R"({"time_slice_ms": 1000000000}})") ==
          ": limits.time_slice_ms: expected an integer from 1 to 10000; got 1000000000");
    CHECK(scenario_error(head + R"({"time_slice_ms": 9223372036854775807}})") ==
          ": limits.time_slice_ms: expected an integer from 1 to 10000; got 9223372036854775807");
    CHECK(scenario_error(head + R"({"instructions": 1000000001}})") ==
          ": limits.instructions: expected an integer from 1 to 1000000000; got 1000000001");
    CHECK(scenario_error(head + R"({"memory_mb": 1025}})") == ": limits.memory_mb: expected an integer from 1 to 1024; got 1025");
    CHECK(scenario_error(head + R"({"wall_clock_ms": 3600001}})") ==
          ": limits.wall_clock_ms: expected an integer from 1 to 3600000; got 3600001");
    CHECK(scenario_error(head + R"({"match_wall_clock_ms": 86400001}})") ==
          ": limits.match_wall_clock_ms: expected an integer from 1 to 86400000; got 86400001");
    CHECK(scenario_error(head + R"({"time_slice_ms": 10000, "instructions": 1000, "memory_mb": 8, "wall_clock_ms": 500}})") == "");
}

TEST_CASE("the read-only views of a card's tables are made under the memory cap", "[robustness][loader][16]") {
    // A definition holding 150,000 empty tables (about 9 MB, under the cap) made a view and a
    // mirror of each once the cards had loaded, outside any protected call: 110 MB past a cap of
    // 16 MB (608 MB with 800,000), unseen by the cap, and where a refused allocation would abort.
    const std::string error = load_under_16_mb(
        "hole_views_mem", "local t = {}\nfor i = 1, 150000 do t[i] = {} end\nreturn { name = 'bomb', stuff = t }\n");
    CHECK(error.rfind("cards/bomb/bomb.lua: card bomb/bomb: memory cap of 16 MB exceeded", 0) == 0);
    CHECK(error.find("(making the definition's read-only view)") != std::string::npos);
}

TEST_CASE("#16.11 the memory cap at a card file's top level names the file and the line", "[robustness][loader][16]") {
    // Lua raises a memory error without a message handler and the protected call unwinds the
    // file's frame: the line is the one noted where the cap refused the allocation.
    const std::string error =
        load_under_16_mb("hole_16_11_mem", "local t = {}\nfor i = 1, 1e9 do t[i] = ('x'):rep(64) .. i end\nreturn {}\n");
    CHECK(error.rfind("cards/bomb/bomb.lua:2: memory cap of 16 MB exceeded", 0) == 0);
}
