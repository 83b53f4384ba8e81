// #19.1 the narration policy: which events a player's narration shows (narration_policy.h),
// and game.lua's `narration` field that overrides it (game_narration.h).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "../support/temp_dir.h"
#include "kernel/narration_policy.h"
#include "lua/game_narration.h"
#include "lua/host.h"

using namespace duelbox;
using duelbox::test::TempDir;

TEST_CASE("#19.1 a script's events are news, the kernel's bookkeeping is not, unless the game says so", "[kernel][narration]") {
    NarrationPolicy policy;
    CHECK(policy.news("mygame.hit"));               // a script's own event
    CHECK(policy.news("say"));
    CHECK_FALSE(policy.news("zone.move"));          // "Strike moves from Ada's hand to Ada's pair"
    CHECK_FALSE(policy.news("counter.change"));     // "Ada health: 20 -> 18"
    CHECK_FALSE(policy.news("decision"));
    CHECK_FALSE(policy.news("entity.prop"));
    CHECK(policy.news("board.move"));               // a figure moving is what players watch
    CHECK(policy.news("match.end"));
    CHECK(NarrationPolicy::kernel_type("zone.shuffle"));
    CHECK_FALSE(NarrationPolicy::kernel_type("mygame.hit"));
    policy.add_news("zone.shuffle");
    policy.add_detail("mygame.recycle_done");
    policy.add_detail("board.move");
    CHECK(policy.news("zone.shuffle"));
    CHECK_FALSE(policy.news("mygame.recycle_done"));
    CHECK_FALSE(policy.news("board.move"));
    CHECK(policy.news("mygame.hit"));
}

namespace {

void write(const std::filesystem::path& file, const std::string& text) {
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << text;
}

}  // namespace

TEST_CASE("#19.1 game.lua's narration field is read, and a bad one is named by its field path", "[kernel][narration]") {
    const TempDir dir("narration_policy");
    write(dir.root() / "scripts/told/game.lua",
          "return { play = function() end,\n"
          "  narration = { news = { 'zone.shuffle' }, details = { 'told.bookkeeping' } } }\n");
    write(dir.root() / "scripts/bad/game.lua",
          "return { play = function() end,\n"
          "  narration = { news = { 'zone.shuffle', 3 }, details = 'told.bookkeeping' } }\n");
    write(dir.root() / "scripts/worse/game.lua",
          "return { play = function() end,\n"
          "  narration = setmetatable({}, { __index = function() error('never run') end }) }\n");
    {
        LuaHost host;
        std::vector<std::string> errors;
        REQUIRE(host.load_game(dir.root().string(), "told", errors));
        const NarrationPolicy policy = read_narration_policy(host, errors);
        CHECK(errors.empty());
        CHECK(policy.news("zone.shuffle"));
        CHECK_FALSE(policy.news("told.bookkeeping"));
    }
    {
        LuaHost host;
        std::vector<std::string> errors;
        REQUIRE(host.load_game(dir.root().string(), "bad", errors));
        const NarrationPolicy policy = read_narration_policy(host, errors);
        CHECK(errors == std::vector<std::string>{
                            "scripts/bad/game.lua: narration.news[2]: an event type (a string) expected, got number",
                            "scripts/bad/game.lua: narration.details: a list of event types expected, got string"});
        CHECK(policy.news("zone.shuffle"));   // what could be read still counts
    }
    {
        LuaHost host;   // a metatable on the field is never consulted (raw reads)
        std::vector<std::string> errors;
        REQUIRE(host.load_game(dir.root().string(), "worse", errors));
        (void)read_narration_policy(host, errors);
        CHECK(errors.empty());
    }
}
