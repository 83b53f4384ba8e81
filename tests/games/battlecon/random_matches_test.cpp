// The soak test: seeded 1v1 matches with random agents all end with a winner (a
// knockout or a time-out winner) and no script error. Speed is not asserted here; see
// `duelbox bench battlecon`.
#include "bc_support.h"

#include "lua/host.h"
#include "lua/match_runner.h"

using namespace duelbox;
using namespace duelbox::test::bc;

TEST_CASE("BattleCON: 1000 seeded random 1v1 matches end with a winner", "[battlecon][soak]") {
    Scenario base = scenario(json::object(), json{{"fighter", "kestrel"}}, json{{"fighter", "kestrel"}});
    LuaHost host(base.limits);
    std::vector<std::string> errors;
    REQUIRE(host.load_game(base.root, base.game, errors));
    // Every sample fighter against every sample fighter, in turn.
    const char* fighters[] = {"kestrel", "frostwarden", "ashen", "bastion"};
    int knockouts = 0, timeouts = 0;
    for (std::uint64_t i = 0; i < 1000; ++i) {
        Scenario s = base;
        s.seed = 1000 + i;
        s.seats[0].setup["fighter"] = fighters[i % 4];
        s.seats[1].setup["fighter"] = fighters[(i / 4) % 4];
        for (auto& seat : s.seats) seat.agent = "random";
        MatchRunner runner(host, s);
        const RunState end = runner.run();
        INFO("seed " << s.seed << " " << fighters[i % 4] << " v " << fighters[(i / 4) % 4] << ": " << runner.error());
        REQUIRE(end == RunState::Finished);
        const auto& res = runner.match().result();
        REQUIRE(res.winners.size() == 1);
        if (res.reason == "knockout") ++knockouts;
        else if (res.reason == "time-out") ++timeouts;
        else FAIL("unexpected reason " << res.reason);
    }
    CHECK(knockouts + timeouts == 1000);
    CHECK(knockouts > 0);
}

TEST_CASE("BattleCON: 200 seeded random team matches (2v2, 2v1, 3v1) end with a winning team", "[battlecon][soak]") {
    const char* fighters[] = {"kestrel", "frostwarden", "ashen", "bastion"};
    const std::vector<std::vector<int>> layouts = {{1, 1, 2, 2}, {1, 1, 2}, {1, 2, 2, 2}};
    Scenario base = scenario(json::object());
    LuaHost host(base.limits);
    std::vector<std::string> errors;
    REQUIRE(host.load_game(base.root, base.game, errors));
    for (std::uint64_t i = 0; i < 200; ++i) {
        Scenario s = base;
        s.seed = 5000 + i;
        const auto& teams = layouts[i % layouts.size()];
        s.seats.clear();
        for (std::size_t k = 0; k < teams.size(); ++k) {
            SeatSpec seat;
            seat.name = "P" + std::to_string(k + 1);
            seat.team = teams[k];
            seat.agent = "random";
            seat.setup = {{"fighter", fighters[(i + k) % 4]}};
            s.seats.push_back(seat);
        }
        MatchRunner runner(host, s);
        const RunState end = runner.run();
        INFO("seed " << s.seed << ", " << teams.size() << " fighters: " << runner.error());
        REQUIRE(end == RunState::Finished);
        const auto& res = runner.match().result();
        REQUIRE(!res.winners.empty());
        // the winners are exactly one whole team
        const int team = teams[static_cast<std::size_t>(res.winners[0])];
        std::size_t members = 0;
        for (int t : teams) members += (t == team);
        CHECK(res.winners.size() == members);
        for (PlayerIndex w : res.winners) CHECK(teams[static_cast<std::size_t>(w)] == team);
        CHECK((res.reason == "knockout" || res.reason == "time-out"));
    }
}
