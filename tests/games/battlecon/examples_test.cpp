// The BattleCON examples users run first: they load, play to the end and meet their
// "expect" blocks (examples/battlecon/*.json).
#include "bc_support.h"

#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/expectations.h"

using namespace duelbox;
using namespace duelbox::test::bc;

static void play_example(const std::string& name, RunState want = RunState::Finished) {
    Scenario sc = load_scenario(root() + "/examples/battlecon/" + name, root());
    LuaHost host(sc.limits);
    std::vector<std::string> errors;
    REQUIRE(host.load_game(sc.root, sc.game, errors));
    MatchRunner runner(host, sc);
    const RunState end = runner.run();
    INFO(name << ": " << runner.error());
    REQUIRE(end == want);
    const auto unmet = check_expectations(sc.expect, runner.match(), runner.error(), runner.visible_events());
    CHECK(unmet.empty());
    CHECK(runner.match().log().size() > 100);
}

TEST_CASE("BattleCON examples: the first match is played to a winner", "[battlecon]") {
    play_example("first_match.json");
}

TEST_CASE("BattleCON examples: the one-beat walkthrough meets its expectations", "[battlecon]") {
    play_example("one_beat_walkthrough.json");
}

TEST_CASE("BattleCON examples: the bench scenario plays", "[battlecon]") { play_example("bench.json"); }

TEST_CASE("BattleCON examples: the 2 vs 2 team match is played to a winning team", "[battlecon]") {
    play_example("team_match.json");
}
