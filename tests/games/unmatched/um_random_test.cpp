// Unmatched seeded random matches: every hero pairing (mirrors included) on both sample maps,
// plus team play, with random agents on every seat. Each must end with a winner, no script
// error and the kernel's invariants intact. Speed is measured by `duelbox bench unmatched`.
#include <catch2/catch.hpp>

#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/scenario.h"
#include "um_support.h"

using nlohmann::json;
using namespace duelbox;
using namespace duelbox::test;

namespace {

const char* const kHeroes[] = {"alice", "king_arthur", "medusa", "sinbad"};
const char* const kMaps[] = {"maps/unmatched_keep.json", "maps/unmatched_bridge.json"};

// Match i: a duel of pairing i % 16 on map (i / 16) % 2, or every 8th match 2v2 on the Keep.
Scenario random_match(int i) {
    json players = json::array();
    json s = {{"game", "unmatched"}, {"seed", 1000 + i}};
    if (i % 8 == 7) {
        s["setup"] = {{"map", kMaps[0]}};
        for (int k = 0; k < 4; ++k)
            players.push_back({{"name", "P" + std::to_string(k + 1)}, {"team", k % 2 + 1}, {"agent", "random"},
                               {"setup", {{"hero", kHeroes[(i / 8 + k) % 4]}}}});
    } else {
        s["setup"] = {{"map", kMaps[(i / 16) % 2]}};
        for (int k = 0; k < 2; ++k)
            players.push_back({{"name", "P" + std::to_string(k + 1)}, {"agent", "random"},
                               {"setup", {{"hero", kHeroes[k == 0 ? i % 4 : (i / 4) % 4]}}}});
    }
    s["players"] = players;
    return parse_scenario(s, "", um::repo_root());
}

}  // namespace

TEST_CASE("Unmatched 1000 seeded random matches over every pairing and both maps end with a winner", "[unmatched][random]") {
    LuaHost host{Limits{}};
    std::vector<std::string> errors;
    REQUIRE(host.load_game(um::repo_root(), "unmatched", errors));
    int duels = 0, teams = 0, turn_limit = 0;
    for (int i = 0; i < 1000; ++i) {
        MatchRunner runner(host, random_match(i));
        int crowded = 0;   // a board.place that left two fighters on one space
        runner.set_event_observer([&crowded](const Match& m, std::uint32_t seq) {
            const Event e = m.log().event(seq);
            if (e.type == "board.place" && m.figures_at(static_cast<SpaceId>(std::get<std::int64_t>(e.get("to")))).size() > 1)
                ++crowded;
        });
        const RunState state = runner.run();
        INFO("match " << i << " (seed " << 1000 + i << "): " << runner.error());
        REQUIRE(state == RunState::Finished);
        REQUIRE(runner.match().check_invariants() == "");
        REQUIRE(crowded == 0);   // one fighter a space, at every moment
        if (runner.match().result().reason == "turn limit") {
            ++turn_limit;   // a draw after 400 turns: allowed by the rules option, counted below
            continue;
        }
        REQUIRE_FALSE(runner.match().result().winners.empty());
        (runner.match().player_count() == 4 ? teams : duels)++;
    }
    CHECK(turn_limit == 0);
    CHECK(duels == 875);
    CHECK(teams == 125);
}
