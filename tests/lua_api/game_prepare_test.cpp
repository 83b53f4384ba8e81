// game.prepare() (runtime/lua/host.cpp run_prepare): once per load, after the cards, before the
// record of file-level locals. What it leaves in file-level tables is where every match starts:
// a match that changes them gets the prepared contents back (#16.8), never an empty table and
// never the last match's leftovers. It runs without a match, and its errors fail the load.
#include <catch2/catch.hpp>

#include "../support/said_in_match.h"
#include "../support/temp_dir.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/scenario.h"

using namespace duelbox;
using duelbox::test::TempDir;
using Catch::Matchers::Contains;

namespace {

std::string play_once(LuaHost& host, const TempDir& dir) { return duelbox::test::said_in_match(host, dir, "prep"); }

void write_game(const TempDir& dir, const std::string& prepare) {
    dir.write("scripts/prep/game.lua", R"lua(local NAMES = {}      -- definition key -> name, filled by prepare
local runs = 0
local long = string.rep("p", 50)
return {
  name = "Prep", windows = {},
  prepare = )lua" + prepare + R"lua(,
  play = function()
    log.say(tostring(NAMES["prep/ada"]) .. " " .. tostring(NAMES["prep/strike"]) .. " " .. runs .. " " .. #long)
    NAMES["prep/ada"] = "changed by a match"               -- a match's own change
    NAMES.extra = true
    runs = runs + 100
    long = long .. "!"
    match.finish(1, "done")
  end,
})lua");
    dir.write("cards/prep/a.lua", R"(return {
  { key = "prep/ada", name = "Ada", kind = "fighter" },
  { key = "prep/strike", name = "Strike" },
})");
}

const char* const kPrepare = R"lua(function()
    for _, key in ipairs(cards.keys("prep/")) do NAMES[key] = cards.get(key).name end
    runs = runs + 1
    long = long .. "-"
  end)lua";

}  // namespace

TEST_CASE("game.prepare runs once per load; every match starts with what it prepared", "[lua_api][prepare]") {
    const TempDir dir("game_prepare");
    write_game(dir, kPrepare);
    LuaHost host;
    std::vector<std::string> errors;
    REQUIRE(host.load_game(dir.root().string(), "prep", errors));
    const std::string prepared = "Ada Strike 1 51\n";   // the cards read, one run, the long string once extended
    CHECK(play_once(host, dir) == prepared);
    CHECK(play_once(host, dir) == prepared);   // the first match's changes are gone, prepare did not run again
    CHECK(play_once(host, dir) == prepared);
    // Loading again (the editor's rerun on save) prepares again, from the files as they are now.
    dir.write("cards/prep/a.lua", R"(return {
  { key = "prep/ada", name = "Ada the Second", kind = "fighter" },
  { key = "prep/strike", name = "Strike" },
})");
    REQUIRE(host.load_game(dir.root().string(), "prep", errors));
    CHECK(play_once(host, dir) == "Ada the Second Strike 1 51\n");
}

TEST_CASE("game.prepare: a broken one fails the load naming its line; no match runs inside it", "[lua_api][prepare]") {
    const TempDir dir("game_prepare_errors");
    LuaHost host;
    std::vector<std::string> errors;
    SECTION("an error names the line") {
        write_game(dir, "function() error('no such card') end");
        CHECK_FALSE(host.load_game(dir.root().string(), "prep", errors));
        REQUIRE(errors.size() == 1);
        CHECK_THAT(errors[0], Contains("game.prepare: scripts/prep/game.lua:") && Contains("no such card"));
    }
    SECTION("a kernel call that needs a match raises") {
        write_game(dir, "function() zone.create('hand', 1) end");
        CHECK_FALSE(host.load_game(dir.root().string(), "prep", errors));
        REQUIRE(errors.size() == 1);
        CHECK_THAT(errors[0], Contains("game.prepare: scripts/prep/game.lua:"));
    }
    SECTION("a prepare that is not a function") {
        write_game(dir, "42");
        CHECK_FALSE(host.load_game(dir.root().string(), "prep", errors));
        REQUIRE(errors.size() == 1);
        CHECK_THAT(errors[0], Contains("field 'prepare' must be a function"));
    }
    SECTION("an endless prepare is stopped by the budget") {
        write_game(dir, "function() while true do end end");
        CHECK_FALSE(host.load_game(dir.root().string(), "prep", errors));
        REQUIRE(errors.size() == 1);
        CHECK_THAT(errors[0], Contains("game.prepare: "));
    }
}
