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
