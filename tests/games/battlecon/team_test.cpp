// Spec §10.7: team play pieces (BC-59 ... BC-63) on a 9-space board. The team beat loop is
// not playable yet (docs/progress/3.md); these drills check its building blocks.
#include "bc_support.h"

using namespace duelbox;
using namespace duelbox::test::bc;

// Seats 1..n with teams and positions on the 9-space board; every seat plays Kestrel.
static RunResult team_drill(const std::string& code, std::vector<std::pair<int, int>> team_pos) {
    Scenario sc = scenario(json::object());
    sc.seats.clear();
    int n = 0;
    for (auto [team, at] : team_pos) {
        SeatSpec spec;
        spec.name = "P" + std::to_string(++n);
        spec.team = team;
        spec.agent = "first";
        spec.setup = seat({{"position", at}});
        sc.seats.push_back(spec);
    }
    sc.options = {{"spaces", 9}};
    sc.setup = {{"first_active", 1}, {"drill", std::string(kPrelude) + "local T = bc.team\n" + code}};
    RunResult r = run_scenario(sc);
    INFO(r.error);
    REQUIRE(r.finished());
    return r;
}

static const char* kList = R"(
local function list(t) local s = {} for i, q in ipairs(t) do s[i] = tostring(q) end return table.concat(s, ",") end
)";

TEST_CASE("BC-58 team common pool: 65 for three fighters, 85 for four", "[battlecon]") {
    auto three = team_drill("bc.note('pool', counter.get(S.pool(), 'force') + 6)", {{1, 4}, {2, 6}, {2, 7}});
    CHECK(note(three, "pool") == 65);
    auto four = team_drill("bc.note('pool', counter.get(S.pool(), 'force') + 8)", {{1, 4}, {1, 2}, {2, 6}, {2, 8}});
    CHECK(note(four, "pool") == 85);
}

TEST_CASE("BC-59 Daidzin's range 2~4: the nearest enemy in range on each side", "[battlecon]") {
    // P1 Daidzin on 5; Kora (P2) on 3, Anya (P3) on 6, Vekil (P4) on 8: 3 vs 1.
    auto r = team_drill(std::string(kList) + R"(
bc.note("targets", list(T.targets(1, function(d) return d >= 2 and d <= 4 end))))",
                        {{1, 5}, {2, 3}, {2, 6}, {2, 8}});
    CHECK(note(r, "targets") == "2,4");   // Kora (distance 2) and Vekil (distance 3), not Anya
}

TEST_CASE("BC-60 Kora pulls: choosing the opponent", "[battlecon]") {
    SECTION("(a) enemies on both sides: either") {
        auto r = team_drill(std::string(kList) + "bc.note('opp', list(T.opponents(2)))", {{1, 3}, {2, 5}, {1, 7}});
        CHECK(note(r, "opp") == "1,3");
    }
    SECTION("(b) both enemies on one side: the nearest") {
        auto r = team_drill(std::string(kList) + "bc.note('opp', list(T.opponents(1)))", {{1, 3}, {2, 5}, {2, 7}});
        CHECK(note(r, "opp") == "2");
    }
    SECTION("(c) X cannot be pulled: Kora must pull Rin") {
        auto r = team_drill(std::string(kList) + R"(
effect.prohibit{target = S.figure(1), action = "be_pulled"}
bc.note("opp", list(T.opponents(2, function(q) return not effect.prohibited(S.figure(q), "be_pulled") end))))",
                            {{1, 3}, {2, 5}, {1, 7}});
        CHECK(note(r, "opp") == "3");
    }
}

TEST_CASE("BC-61 team turn order and ties", "[battlecon]") {
    // P1 = A1, P2 = A2 (team 1); P3 = B1, P4 = B2 (team 2). A2's team held the card.
    const std::vector<std::pair<int, int>> seats = {{1, 4}, {1, 2}, {2, 6}, {2, 8}};
    auto order = [&](const std::string& entries, int holder) {
        auto r = team_drill(std::string(kList) + "local s, ch = T.turn_order(" + entries + ", " + std::to_string(holder) +
                                ")\nlocal t = {} for i, e in ipairs(s) do t[i] = e.player end\n"
                                "bc.note('order', list(t)); bc.note('choose', #ch)",
                            seats);
        return std::make_pair(note(r, "order").get<std::string>(), note(r, "choose").get<int>());
    };
    auto main = order("{{player = 1, speed = 6}, {player = 3, speed = 6, tiebreak = true}, {player = 2, speed = 4}, "
                      "{player = 4, speed = 4}}",
                      1);
    CHECK(main.first == "3,1,4,2");   // B1, A1, B2, A2
    CHECK(order("{{player = 1, speed = 5}, {player = 3, speed = 5}}", 2).first == "3,1");   // the holder's team
    CHECK(order("{{player = 1, speed = 5, tiebreak = true}, {player = 3, speed = 5, tiebreak = true}}", 1).first == "1,3");
    auto mates = order("{{player = 1, speed = 5, tiebreak = true}, {player = 2, speed = 5}}", 2);
    CHECK(mates.second == 1);          // teammates tied: they choose (▲ ignored)
}

TEST_CASE("BC-62 damage adds up over a beat", "[battlecon]") {
    auto r = team_drill(R"(
bc.pair(3, {defense = 3}, {}); v.armor(3, 1)
v.take_damage(3, 2); bc.note("first", S.flag(3, "stunned")); bc.note("h1", S.health(3))
v.take_damage(3, 3); bc.note("second", S.flag(3, "stunned")); bc.note("h2", S.health(3)))",
                        {{1, 4}, {1, 2}, {2, 6}, {2, 8}});
    CHECK(note(r, "first") == false);
    CHECK(note(r, "h1") == 19);
    CHECK(note(r, "second") == true);
    CHECK(note(r, "h2") == 16);
}

TEST_CASE("BC-63 team force: income, Revenge, the cap of 20", "[battlecon]") {
    auto r = team_drill(R"(
local pools = {}
for t = 1, 2 do pools[t] = entity.create{kind = "marker", name = "team pool " .. t, zone = zone.find("table"), where = "bottom"}
  counter.define(pools[t], "force", 0, 0) end
local function pool_of(t) return pools[t] end
counter.set(S.pe(1), "health", 12); counter.set(S.pe(2), "health", 6)
counter.set(pools[1], "force", 17); bc.note("a", (T.income(1, pool_of))); bc.note("a pool", counter.get(pools[1], "force"))
counter.set(pools[1], "force", 19); local _, excess = T.income(1, pool_of)
bc.note("b pool", counter.get(pools[1], "force")); bc.note("b box", excess)
counter.set(S.pe(3), "health", 0); counter.set(S.pe(4), "health", 10)
bc.note("c", (T.income(2, pool_of))))",
                        {{1, 4}, {1, 2}, {2, 6}, {2, 8}});
    CHECK(note(r, "a") == 3);
    CHECK(note(r, "a pool") == 20);
    CHECK(note(r, "b pool") == 20);
    CHECK(note(r, "b box") == 2);
    CHECK(note(r, "c") == 3);
}

TEST_CASE("BattleCON team match refuses to start until team play is complete", "[battlecon]") {
    Scenario sc = scenario(json::object());
    sc.seats.push_back(sc.seats[0]);
    sc.seats[2].setup["position"] = 1;
    sc.options = {{"spaces", 9}};
    RunResult r = run_scenario(sc);
    CHECK(r.state == RunState::Failed);
    CHECK(r.error.find("team play") != std::string::npos);
}
