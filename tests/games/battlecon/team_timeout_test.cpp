// Team time-out (spec §9.9 TE5, rulebook L551 «Время вышло»): after the final beat the team of
// the FIGHTER with the most health wins; fighters of both teams at the top: the team reactive in
// the final beat wins. Rule option team_timeout = "total" keeps the spec's sample reading (more
// health added up). Drills set health by hand and call team_beat.time_out_winner, as the beat
// loop does after the final beat (battlecon.beat).
#include "bc_team.h"

using namespace duelbox;
using namespace duelbox::test::bc;

// 2 vs 1: P1 alone (team 1, declines the Master card) against P2 and P3 (team 2).
static const std::vector<TeamSeat> kTwoVsOne = {{1, 4}, {2, 6}, {2, 8}};
// 2 vs 2: P1, P2 (team 1) against P3, P4 (team 2).
static const std::vector<TeamSeat> kTwoVsTwo = {{1, 4}, {1, 2}, {2, 6}, {2, 8}};

// Sets each seat's health, gives `active` the active player card and decides the time-out.
static RunResult time_out(const std::vector<TeamSeat>& seats, const std::vector<int>& health, int active,
                          json options = json::object()) {
    std::string code;
    for (std::size_t i = 0; i < health.size(); ++i)
        code += "counter.set(S.pe(" + std::to_string(i + 1) + "), 'health', " + std::to_string(health[i]) + ")\n";
    code += "S.set_active(" + std::to_string(active) + ")\nbc.team_beat.time_out_winner()";
    std::vector<ScriptedDecision> d;
    if (seats.size() == 3) d.push_back(answer_yes(1, false, "setup.lone_card"));
    RunResult r = team_run(code, seats, d, options);
    CHECK(r.match().result().reason == "time-out");
    return r;
}

using W = std::vector<PlayerIndex>;

TEST_CASE("BC L551 team time-out: the fighter with the most health wins (a lone 15 beats a team at 10 and 9)",
          "[battlecon]") {
    // Added up, the team has 19: the spec's sample reading gave it the win.
    for (int active : {1, 2}) {
        INFO("active player card: P" << active);
        auto r = time_out(kTwoVsOne, {15, 10, 9}, active);
        CHECK(r.match().result().winners == W{0});
        const Event* out = r.first("bc.time_out_win");
        REQUIRE(out != nullptr);
        CHECK(r.narrate(*out) == "time-out: P1 has the most health (15): team 1 wins");
    }
}

TEST_CASE("BC L551 team time-out: the most health shared by fighters of both teams goes to the reactive team",
          "[battlecon]") {
    // 12 on each side (team 1 has 17 in all, team 2 15): only the active player card decides.
    CHECK(time_out(kTwoVsTwo, {12, 5, 12, 3}, 1).match().result().winners == W{2, 3});
    CHECK(time_out(kTwoVsTwo, {12, 5, 12, 3}, 3).match().result().winners == W{0, 1});
    CHECK(time_out(kTwoVsTwo, {5, 12, 3, 12}, 2).match().result().winners == W{2, 3});
    // Two teammates sharing the top is no tie: their team wins even holding the card.
    CHECK(time_out(kTwoVsTwo, {12, 12, 11, 11}, 1).match().result().winners == W{0, 1});
}

TEST_CASE("BC TE5 rule option team_timeout = total: the team with more health added up wins, a tie to the reactive team",
          "[battlecon]") {
    const json total = {{"team_timeout", "total"}};
    auto r = time_out(kTwoVsOne, {15, 10, 9}, 1, total);
    CHECK(r.match().result().winners == W{1, 2});
    const Event* out = r.first("bc.time_out_win");
    REQUIRE(out != nullptr);
    CHECK(r.narrate(*out) == "time-out: team 2 wins (19 health in all)");
    auto tied = time_out(kTwoVsOne, {19, 10, 9}, 1, total);
    CHECK(tied.match().result().winners == W{1, 2});
    const Event* told = tied.first("bc.time_out_win");
    REQUIRE(told != nullptr);   // the tie is what decided it, and the line says so
    CHECK(tied.narrate(*told) == "time-out: both teams have 19 health in all; team 2, reactive in the final beat, wins");
    CHECK(time_out(kTwoVsOne, {19, 10, 9}, 2, total).match().result().winners == W{0});
}

TEST_CASE("BC L551 team time-out (game level): the pool runs dry, one final beat, then the healthiest fighter's team wins",
          "[battlecon]") {
    // A 2 vs 1 match played by the beat loop with one force in the pool: time is out after the
    // first Recycle. The lone fighter starts at 15 against 10 and 9, far apart on the 9 spaces.
    auto play = [](json options) {
        Scenario sc = scenario(json::object());
        sc.seats.clear();
        const int team[] = {1, 2, 2}, at[] = {1, 9, 8}, health[] = {15, 10, 9};
        for (int i = 0; i < 3; ++i) {
            SeatSpec spec;
            spec.name = "P" + std::to_string(i + 1);
            spec.team = team[i];
            spec.agent = "first";
            spec.setup = seat({{"position", at[i]}, {"health", health[i]}});
            sc.seats.push_back(spec);
        }
        options["spaces"] = 9;
        sc.options = options;
        sc.setup = {{"first_active", 1}, {"pool", 1}};
        sc.decisions = {answer_yes(1, false, "setup.lone_card")};
        RunResult r = run_scenario(sc);
        INFO(r.error);
        REQUIRE(r.finished());
        CHECK(r.match().result().reason == "time-out");
        CHECK(count(r, "bc.time_out") == 1);
        const Event* out = r.first("bc.time_out_win");
        REQUIRE(out != nullptr);
        INFO(r.narrate(*out));
        return r.match().result().winners;
    };
    CHECK(play(json::object()) == W{0});
    CHECK(play({{"team_timeout", "total"}}) == W{1, 2});
}
