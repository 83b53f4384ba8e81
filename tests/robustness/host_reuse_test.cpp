// Determinism across matches on one host: a LuaHost loads a game once and plays many matches
// (the bench, the editor's travel). Whatever a match leaves behind in the host (module tables
// cached by require, card definitions, the registry) must not change the next one: the same
// scenario and seed give the same log on a fresh host and on a host that played others first.
#include <catch2/catch.hpp>

#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/scenario.h"

using namespace duelbox;

namespace {

const std::string kRoot = std::string(DUELBOX_TEST_SUPPORT) + "/../..";

std::vector<std::string> play(LuaHost& host, Scenario s, std::uint64_t seed) {
    s.seed = seed;
    MatchRunner runner(host, s);
    const RunState state = runner.run();
    INFO(runner.error());
    REQUIRE((state == RunState::Finished || state == RunState::Stopped));
    std::vector<std::string> lines;
    const NameResolver names = runner.match().names();
    for (const Event& e : runner.match().log().events())
        lines.push_back(runner.match().log().to_json_line(e, EventLog::kObserver, &names));
    return lines;
}

}  // namespace

TEST_CASE("a match on a host that played others first logs exactly what it logs on a fresh host",
          "[robustness][determinism]") {
    for (const char* game : {"battlecon", "tagteam", "unmatched"}) {
        INFO(game);
        const Scenario s = load_scenario(kRoot + "/examples/" + game + "/bench.json", kRoot);
        std::vector<std::string> errors;
        LuaHost fresh(s.limits), used(s.limits);
        REQUIRE(fresh.load_game(s.root, s.game, errors));
        REQUIRE(used.load_game(s.root, s.game, errors));
        for (std::uint64_t other : {101u, 102u, 103u}) play(used, s, other);
        const std::vector<std::string> a = play(fresh, s, 7);
        const std::vector<std::string> b = play(used, s, 7);
        REQUIRE(a.size() > 100);
        CHECK(a == b);
    }
}

// BattleCON looks up what stays fixed for a match (the tracker, team play or not) once per
// match, in a table the host empties before each match (#16.8): a duel after a team match on
// the same host must not see the team match's answers, nor a team match the duel's.
TEST_CASE("a BattleCON duel after a team match on one host (and back) logs as on a fresh host",
          "[robustness][determinism]") {
    const Scenario duel = load_scenario(kRoot + "/examples/battlecon/bench.json", kRoot);
    Scenario team = load_scenario(kRoot + "/examples/battlecon/team_match.json", kRoot);
    for (auto& seat : team.seats) seat.agent = "random";
    std::vector<std::string> errors;
    LuaHost fresh(duel.limits), used(duel.limits);
    REQUIRE(fresh.load_game(duel.root, duel.game, errors));
    REQUIRE(used.load_game(duel.root, duel.game, errors));
    const std::vector<std::string> team_fresh = play(fresh, team, 5);
    const std::vector<std::string> duel_fresh = play(fresh, duel, 7);
    play(used, duel, 101);
    const std::vector<std::string> team_used = play(used, team, 5);
    const std::vector<std::string> duel_used = play(used, duel, 7);
    REQUIRE(team_fresh.size() > 100);
    REQUIRE(duel_fresh.size() > 100);
    CHECK(team_used == team_fresh);
    CHECK(duel_used == duel_fresh);
}
