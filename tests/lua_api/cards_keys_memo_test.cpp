// cards.keys answers each query from a memo the host keeps while its definitions stay loaded
// (lua_cards.cpp): every match after the first gets the same lists without a walk of all the
// cards. The memo must forget everything when the game loads again (the editor's rerun on save
// after a card file changed), and a list a script changes must not change the next answer.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "../support/said_in_match.h"
#include "../support/temp_dir.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/scenario.h"

using namespace duelbox;
using duelbox::test::TempDir;

namespace {

std::string play_once(LuaHost& host, const TempDir& dir) { return duelbox::test::said_in_match(host, dir, "memo"); }

}  // namespace

TEST_CASE("cards.keys: a memo per host, the same answers every match, forgotten when the game loads again",
          "[lua_api][cards]") {
    const TempDir dir("cards_keys_memo");
    dir.write("scripts/memo/game.lua", R"lua(return {
  name = "Memo", windows = {},
  play = function()
    local fighters = cards.keys("memo/", { kind = "fighter" })
    log.say(table.concat(fighters, ","))
    fighters[1] = "changed by the script"                 -- the caller's own list
    log.say(table.concat(cards.keys("memo/", { kind = "fighter" }), ","))
    log.say(table.concat(cards.keys("memo/"), ","))
    match.finish(1, "done")
  end,
})lua");
    dir.write("cards/memo/a.lua", R"(return {
  { key = "memo/ada", kind = "fighter" },
  { key = "memo/strike" },
})");
    LuaHost host;
    std::vector<std::string> errors;
    REQUIRE(host.load_game(dir.root().string(), "memo", errors));
    const std::string first = "memo/ada\nmemo/ada\nmemo/ada,memo/strike\n";
    CHECK(play_once(host, dir) == first);
    CHECK(play_once(host, dir) == first);   // from the memo: the same lists

    dir.write("cards/memo/b.lua", R"(return {
  { key = "memo/brook", kind = "fighter" },
})");
    REQUIRE(host.load_game(dir.root().string(), "memo", errors));
    CHECK(play_once(host, dir) == "memo/ada,memo/brook\nmemo/ada,memo/brook\nmemo/ada,memo/strike,memo/brook\n");
}
