// card_checks_test.cpp - a game's own checks of its card definitions (runtime/lua/card_checks.h),
// as `duelbox check` runs them: messages with the card file and key, a check that raises or
// loops reported with its file:line, nothing for a game without check_card.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "../support/temp_dir.h"
#include "lua/card_checks.h"
#include "lua/host.h"

using namespace duelbox;
using duelbox::test::TempDir;

TEST_CASE("#18.3 a game's check_card reports each problem with the card's file and key", "[lua_api][check]") {
    const TempDir dir("card_checks");
    dir.write("scripts/kits/game.lua", R"lua(return {
  name = "Kits", windows = {},
  play = function() end,
  check_card = function(key)
    local def = cards.get(key)
    if def.kind ~= "fighter" then return nil end
    if key == "kits/boom" then error("the check itself fails") end
    if key == "kits/loop" then while true do end end
    local problems = {}
    if #(def.styles or {}) < 3 then problems[#problems + 1] = "needs at least 3 styles (has " .. #(def.styles or {}) .. ")" end
    if not def.base then problems[#problems + 1] = "names no base" end
    return #problems > 0 and problems or nil
  end,
})lua");
    dir.write("cards/kits/fighters.lua", R"(return {
  { key = "kits/good", kind = "fighter", styles = { "a", "b", "c" }, base = "x" },
  { key = "kits/solo", kind = "fighter", styles = { "a" } },
  { key = "kits/boom", kind = "fighter" },
  { key = "kits/loop", kind = "fighter" },
  { key = "kits/card", kind = "style" },
})");
    Limits limits;
    limits.instructions = 100000;
    limits.time_slice_ms = 0;
    LuaHost host(limits);
    std::vector<std::string> errors;
    REQUIRE(host.load_game(dir.root().string(), "kits", errors));
    const auto problems = run_card_checks(host);
    REQUIRE(problems.size() == 4);
    CHECK(problems[0] == "cards/kits/fighters.lua: kits/solo: needs at least 3 styles (has 1)");
    CHECK(problems[1] == "cards/kits/fighters.lua: kits/solo: names no base");
    CHECK_THAT(problems[2], Catch::StartsWith("scripts/kits/game.lua:7: the check itself fails"));
    CHECK_THAT(problems[3], Catch::StartsWith("scripts/kits/game.lua:8:") && Catch::Contains("instruction budget"));
}

TEST_CASE("#18.3 a game without check_card: no card problems", "[lua_api][check]") {
    LuaHost host;
    std::vector<std::string> errors;
    REQUIRE(host.load_game(std::string(DUELBOX_TEST_SUPPORT), "duel", errors));
    CHECK(run_card_checks(host).empty());
}
