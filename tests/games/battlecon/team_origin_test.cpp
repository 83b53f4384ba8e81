// Spec §4.2 R7 + §9.3 O3 + §9.6 TT1: in team play an attack's range is measured from the
// origin an effect names (here the drill card Beacon: "Before: range from your Beacon
// marker"); the target is chosen at the range check, after every Before effect, so that
// origin is known. "Nearest, on the left or the right" is seen from the attacker (the
// rulebook's "ближайший к вам"), or from the origin under option team_nearest = "origin".
#include "bc_team.h"

using namespace duelbox;
using namespace duelbox::test::bc;

// P1 (team 1) attacks with Beacon over TB(range 0~1, power 3); everyone else has range 0
// and power 0, so only P1 can hit. `beacon` = the marker's space (0 = not on the board).
static std::string beacon_drill(int beacon, const std::string& then = "") {
    return std::string(kRealCards) + R"(
for q = 2, 4 do bc.pair(q, {range = 0, speed = 5 - q}, {range = 0}) end
drill_pair(1, "battlecon/drill/beacon", {range = {0, 1}, power = 3, speed = 9})
local m = bc.kit.marker(1, "Beacon")
)" + (beacon > 0 ? "bc.kit.place(m, " + std::to_string(beacon) + ")\n" : std::string()) + R"(
bc.team_beat.reveal(); bc.team_beat.attacks(bc.attack)
for q = 1, 4 do bc.note("health" .. q, S.health(q)) end
)" + then;
}

static int target_questions(const RunResult& r) {
    int n = 0;
    for (const Event* e : r.of_type("decision"))
        if (r.data(*e)["id"] == "target") ++n;
    return n;
}

TEST_CASE("BattleCON team: range from an effect's origin (R7): Beacon reaches enemies far from the attacker", "[battlecon]") {
    // P2 (team 1) on 1, P1 on 2; P3 (team 2) on 6, P4 on 8; the Beacon on 7: both enemies are
    // 1 from the origin, 4 and 6 from P1. Both are on P1's right: the nearer to P1 (P3) is the
    // target, with no choice (TT1 "nearest ... on the left or the right").
    auto r = team_run(beacon_drill(7), {{1, 2}, {1, 1}, {2, 6}, {2, 8}});
    CHECK(note(r, "health3") == 17);
    CHECK(note(r, "health4") == 20);
    CHECK(note(r, "health1") == 20);
    CHECK(target_questions(r) == 0);
    bool hit_at_1 = false;
    for (const Event* e : r.of_type("bc.hit"))
        if (r.data(*e)["player"] == 1 && r.data(*e)["d"] == 1) hit_at_1 = true;
    CHECK(hit_at_1);   // the distance reported is from the origin
}

TEST_CASE("BattleCON team: without an origin named the same attack has no enemy in range (TT2)", "[battlecon]") {
    auto r = team_run(beacon_drill(0), {{1, 2}, {1, 1}, {2, 6}, {2, 8}});
    CHECK(note(r, "health3") == 20);
    CHECK(note(r, "health4") == 20);
    bool no_enemy = false;
    for (const Event* e : r.of_type("bc.miss"))
        if (r.data(*e)["player"] == 1) no_enemy = true;
    CHECK(no_enemy);
}

TEST_CASE("BattleCON team: an enemy nearer the attacker but out of range from the origin is skipped (O3)", "[battlecon]") {
    // P1 on 4, P3 on 5 (adjacent to P1, 3 from the Beacon on 8), P4 on 8 (on the Beacon).
    auto r = team_run(beacon_drill(8), {{1, 4}, {1, 1}, {2, 5}, {2, 8}});
    CHECK(note(r, "health3") == 20);
    CHECK(note(r, "health4") == 17);
}

TEST_CASE("BattleCON team: option team_nearest = origin: the nearest on each side of the origin, attacker's choice", "[battlecon]") {
    SECTION("default (attacker): P3, the nearer to P1, with no choice") {
        auto r = team_run(beacon_drill(7), {{1, 2}, {1, 1}, {2, 6}, {2, 8}}, {}, {{"team_nearest", "attacker"}});
        CHECK(note(r, "health3") == 17);
        CHECK(target_questions(r) == 0);
    }
    SECTION("origin: P3 is left of the Beacon and P4 right of it: P1 chooses P4") {
        auto r = team_run(beacon_drill(7), {{1, 2}, {1, 1}, {2, 6}, {2, 8}}, {choose(1, "P4", "target")},
                          {{"team_nearest", "origin"}});
        CHECK(note(r, "health3") == 20);
        CHECK(note(r, "health4") == 17);
        CHECK(target_questions(r) == 1);
    }
}

TEST_CASE("BattleCON team: the origin is fixed by the Before effects, before the target is chosen", "[battlecon]") {
    // A Before effect of P1's moves the Beacon from 3 to 7 (the owner orders it first): the
    // target is chosen from the Beacon's space after every Before effect.
    auto r = team_run(std::string(kRealCards) + R"(
for q = 2, 4 do bc.pair(q, {range = 0, speed = 5 - q}, {range = 0}) end
drill_pair(1, "battlecon/drill/beacon", {range = {0, 1}, power = 3, speed = 9})
local m = bc.kit.marker(1, "Beacon"); bc.kit.place(m, 3)
bc.on(1, "before", function(c) bc.kit.place(m, 7) end, nil, "move the Beacon")
bc.team_beat.reveal(); bc.team_beat.attacks(bc.attack)
bc.note("health3", S.health(3)); bc.note("health4", S.health(4)))",
                      {{1, 2}, {1, 1}, {2, 6}, {2, 8}}, {order(1, {"move the Beacon", "Beacon"}, "order.before")});
    CHECK(note(r, "health3") == 17);
}
