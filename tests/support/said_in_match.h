// said_in_match.h - plays one match of a test game on a host and returns what it said.
//
// For tests of what the host keeps between matches (memos, prepared tables): one seat, the
// "first" agent, the game's `log.say` lines, one per line.
#pragma once
#include <catch2/catch.hpp>

#include <string>

#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/scenario.h"
#include "temp_dir.h"

namespace duelbox::test {

inline std::string said_in_match(LuaHost& host, const TempDir& dir, const std::string& game) {
    Scenario s;
    s.root = dir.root().string();
    s.game = game;
    s.seats.resize(1);
    s.seats[0].agent = "first";
    MatchRunner runner(host, s);
    INFO(runner.error());
    REQUIRE(runner.run() == RunState::Finished);
    std::string said;
    for (const Event& e : runner.match().log().events())
        if (e.type == "say") said += std::string(e.text) + "\n";
    return said;
}

}  // namespace duelbox::test
