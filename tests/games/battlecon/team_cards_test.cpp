// Spec §9.1 T1, §9.9 TE2/TE4: Master, Champion and Revenge (cards/battlecon/team_cards.lua).
// Master's and Champion's texts are SAMPLE (the rulebook only says they give the lone
// fighter "bonuses and setup features"); Revenge is the book's +2 force per beat, no more.
#include "bc_team.h"

using namespace duelbox;
using namespace duelbox::test::bc;

static const char* kLone = R"(
local function max_health(q) local _, hi = counter.bounds(S.pe(q), "health") return hi end
local function lone_notes(q)
  bc.note("health", S.health(q)); bc.note("max", max_health(q)); bc.note("active", S.active())
  bc.note("team force", S.force(q)); bc.note("pool", counter.get(S.pool(), "force"))
  bc.note("card", bc.names(q, "status"))
  bc.fire.fire("start", {}, S.order()); bc.note("armor", counter.get(S.pe(q), "armor"))
end
)";

TEST_CASE("BattleCON Master (SAMPLE): +5 health, the active player card at setup, armor 1 at every Start", "[battlecon]") {
    // 2 vs 1: P1, P2 (team 1) against P3 alone; P1 holds the card after the draw.
    auto r = team_run(std::string(kLone) + R"(
lone_notes(3)
v.take_damage(3, 2); bc.note("after hit 1", S.health(3))
v.take_damage(3, 2); bc.note("after hit 2", S.health(3))
v.restore(3, 10); bc.note("restored", S.health(3)))",
                      {{1, 4}, {1, 2}, {2, 6}}, {answer_yes(3, true, "setup.lone_card")});
    CHECK(note(r, "card") == "Master");
    CHECK(note(r, "health") == 25);
    CHECK(note(r, "max") == 25);
    CHECK(note(r, "active") == 3);          // the setup change: P3 took the card from P1
    CHECK(note(r, "team force") == 2);      // S6 only: Master gives no force
    CHECK(note(r, "armor") == 1);
    CHECK(note(r, "after hit 1") == 24);    // armor 1 burns on the first hit (§8 pool)
    CHECK(note(r, "after hit 2") == 22);    // nothing left for the second
    CHECK(note(r, "restored") == 25);       // restore stops at the new starting health
}

TEST_CASE("BattleCON Champion (SAMPLE): +10 health, the active player card and 2 force at setup, armor 2 at every Start", "[battlecon]") {
    // 3 vs 1: P1 alone against P2, P3, P4; P2 holds the card after the draw.
    auto r = team_run(std::string(kLone) + "lone_notes(1)", {{1, 4}, {2, 6}, {2, 7}, {2, 8}},
                      {answer_yes(1, true, "setup.lone_card")}, json::object(), {{"first_active", 2}});
    CHECK(note(r, "card") == "Champion");
    CHECK(note(r, "health") == 30);
    CHECK(note(r, "max") == 30);
    CHECK(note(r, "active") == 1);
    CHECK(note(r, "team force") == 4);      // 2 (S6) + 2 (Champion) in the lone team's pool
    CHECK(note(r, "pool") == 85 - 8 - 2);   // taken from the common pool
    CHECK(note(r, "armor") == 2);
    CHECK(count(r, "bc.lone_setup") == 1);
}

TEST_CASE("BattleCON Master declined: no bonus and no setup change", "[battlecon]") {
    auto r = team_run(std::string(kLone) + "lone_notes(3)", {{1, 4}, {1, 2}, {2, 6}},
                      {answer_yes(3, false, "setup.lone_card")});
    CHECK(note(r, "card") == "");
    CHECK(note(r, "health") == 20);
    CHECK(note(r, "active") == 1);
    CHECK(note(r, "armor") == 0);
    CHECK(count(r, "bc.lone_setup") == 0);
}

TEST_CASE("BattleCON Master's effects stop when the Master is eliminated", "[battlecon]") {
    auto r = team_run(R"(
local master = zone.items(zone.find("status", 3))[1]
bc.note("live before", S.live(master)); bc.note("master", master)
counter.set(S.pe(3), "health", 1); v.take_damage(3, 5))",
                      {{1, 4}, {1, 2}, {2, 6}}, {answer_yes(3, true, "setup.lone_card")});
    CHECK(note(r, "live before") == true);
    // The elimination ends the match (nothing in the drill runs after it): read the flag the
    // kernel kept.
    CHECK(r.match().scratch().get(note(r, "master").get<EntityId>(), "live") == 0);
    CHECK(r.match().result().winners == std::vector<PlayerIndex>{0, 1});
}

TEST_CASE("BattleCON TE2 two Revenge cards in a 3 vs 1 add up: +4 force a beat", "[battlecon]") {
    // P1 alone (declines Champion) against P2, P3, P4; P2 and P3 are eliminated.
    auto r = team_run(R"(
counter.set(S.pe(2), "health", 1); v.take_damage(2, 5)
counter.set(S.pe(3), "health", 1); v.take_damage(3, 5)
local n = 0
for _, e in ipairs(zone.items(zone.find("table"))) do if entity.name(e) == "Revenge" then n = n + 1 end end
bc.note("revenge cards", n); bc.note("per card", cards.get("battlecon/revenge").props.force_per_beat)
bc.note("income", T.income_amount(2)); bc.note("lone income", T.income_amount(1))
local before = S.force(4)
bc.recycle.run(ctx, true)
bc.note("gained", S.force(4) - before)
counter.set(S.pe(4), "health", 7); bc.note("income at 7", T.income_amount(2)))",
                      {{1, 4}, {2, 6}, {2, 7}, {2, 8}}, {answer_yes(1, false, "setup.lone_card")});
    CHECK(note(r, "revenge cards") == 2);
    CHECK(note(r, "per card") == 2);
    CHECK(note(r, "income") == 5);          // P4 1 + Revenge 2 + Revenge 2
    CHECK(note(r, "lone income") == 1);
    CHECK(note(r, "gained") == 5);          // into the team pool at Recycle (TF1-TF2)
    CHECK(note(r, "income at 7") == 6);     // P4 at 7 health gives 2
}
