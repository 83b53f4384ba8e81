// squad_battle_test.cpp - the battle phase of the squad-battle game (spec §3): squad damage,
// carry-over, deck damage, simultaneity, eligibility and the return step, each test named
// after the worked example it checks (SQ-xx). Units are the fixtures of
// cards/squad/fixtures.lua ("U(g 3/9/1)": GROUND, ATTACK 3, SHOOTING 9, DEFENSE 1).
#include <catch2/catch.hpp>

#include "squad_run.h"

using namespace duelbox;
using namespace duelbox::squad_test;
using Strings = std::vector<std::string>;



TEST_CASE("SQ-01 squad damage is ATTACK of row 1 plus SHOOTING of the other rows", "[squad][battle]") {
    Side a, b;
    a.base = {"fx_g_3_9_1", "fx_g_9_2_1", "fx_g_9_1_1"};
    b.cards = Strings(20, "fx_filler");
    // P1 sends all three to Ground, rows in that order (F, M, B); P2 does not defend.
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1, 2, 3}), pick(1, "rows.ground", {1, 2, 3})}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(squad_damages(r) == Strings{"1 Ground 6"});   // 3 + 2 + 1: front SHOOTING 9, rear ATTACK 9 ignored
    CHECK(r.count("discard", 2) == 6);                    // unopposed: 6 cards milled (SQ-03's rule)
    CHECK(r.count("deck", 2) == 14);
}

TEST_CASE("SQ-01 the rows are the order the player chose, not the order picked", "[squad][battle]") {
    Side a, b;
    a.base = {"fx_g_3_9_1", "fx_g_9_2_1", "fx_g_9_1_1"};
    b.cards = Strings(20, "fx_filler");
    // Rows M, F, B: 9 (M's ATTACK) + 9 (F's SHOOTING) + 1.
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1, 2, 3}), pick(1, "rows.ground", {2, 1, 3})}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(squad_damages(r) == Strings{"1 Ground 19"});
}

TEST_CASE("SQ-02 damage carries over row by row; absorbed damage stays until the end phase", "[squad][battle]") {
    Side a, b;
    a.base = {"fx_g_4_0_9"};                               // damage 4
    b.base = {"fx_g_0_0_2", "fx_g_0_0_3", "fx_g_0_0_1"};   // D1 DEF 2, D2 DEF 3, D3 DEF 1
    const auto decisions = std::vector<ScriptedDecision>{pick(1, "attack.ground", {1}), pick(2, "defend.ground", {1, 2, 3}),
                                                         pick(2, "rows.ground", {1, 2, 3})};
    // Stopped after the return step, before the end phase removes the damage.
    const Run r = run(scenario(a, b, decisions));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(r.names("dump", 2) == Strings{"U(g 0/0/2)"});             // D1 destroyed, face up in P2's Dump
    const EntityId d2 = r.find("base_area", 2, "U(g 0/0/3)"), d3 = r.find("base_area", 2, "U(g 0/0/1)");
    REQUIRE(d2 != kNoEntity);
    REQUIRE(d3 != kNoEntity);
    CHECK(r.damage(d2) == 2);                                         // absorbed 2, nothing carries
    CHECK(r.damage(d3) == 0);                                         // reached by nothing, though DEF 1
    CHECK(r.tapped(d2));                                              // back tapped (R1)
    CHECK(r.tapped(d3));
    CHECK(squad_damages(r) == Strings{"1 Ground 4", "2 Ground 0"});
    const EntityId attacker = r.find("base_area", 1, "U(g 4/0/9)");
    CHECK(r.damage(attacker) == 0);

    // E3 in the same turn's end phase removes all damage (nobody attacks after turn 1).
    const Run after = run(to_end(scenario(a, b, decisions)));
    REQUIRE(after.state == RunState::Finished);
    CHECK(after.damage(after.find("base_area", 2, "U(g 0/0/3)")) == 0);
    const auto cleared = after.events("squad.damage_cleared");
    REQUIRE(cleared.size() == 1);
    CHECK(cleared[0]->seq < after.events("squad.turn_over").front()->seq);
}

TEST_CASE("SQ-03 an unopposed attack mills the top of the deck face down", "[squad][battle]") {
    Side a, b;
    a.base = {"fx_s_5_0_1"};
    b.cards = Strings(20, "fx_filler");
    b.cards[0] = "fx_g_0_0_1";   // the top card: it must be among the milled
    const Run r = run(scenario(a, b, {pick(1, "attack.space", {1})}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(r.count("deck", 2) == 15);
    CHECK(r.count("discard", 2) == 5);
    CHECK(r.find("discard", 2, "U(g 0/0/1)") != kNoEntity);
    CHECK(r.count("dump", 2) == 0);
    CHECK(r.m().zone(r.m().find_zone("discard", 1)).visibility == Visibility::Hidden);   // face down
    const EntityId unit = r.find("base_area", 1, "U(s 5/0/1)");
    REQUIRE(unit != kNoEntity);
    CHECK(r.damage(unit) == 0);
    CHECK(r.tapped(unit));
}

TEST_CASE("SQ-05 damage equal to DEFENSE destroys; nothing carries to the next row", "[squad][battle]") {
    Side a, b;
    a.base = {"fx_g_2_0_9"};
    b.base = {"fx_g_0_0_2", "fx_g_0_0_1"};
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1}), pick(2, "defend.ground", {1, 2}), pick(2, "rows.ground", {1, 2})}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(r.names("dump", 2) == Strings{"U(g 0/0/2)"});
    CHECK(r.damage(r.find("base_area", 2, "U(g 0/0/1)")) == 0);
}

TEST_CASE("§3.3.2 a destroyed unit leaves the damage it had taken in play", "[squad][battle]") {
    // D1 (DEF 2) had taken 1 damage earlier this turn; the squad's 2 destroys it. In the Dump it
    // is no unit: it must not keep the damage (a card brought back from there later would come
    // back hurt). Found by the rules audit of session 32.
    Side a, b;
    a.base = {"fx_g_2_0_9"};
    b.base = {"fx_g_0_0_2!damage=1", "fx_g_0_0_1"};
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1}), pick(2, "defend.ground", {1, 2}), pick(2, "rows.ground", {1, 2})}));
    REQUIRE(r.state == RunState::Stopped);
    const EntityId d1 = r.find("dump", 2, "U(g 0/0/2)");
    REQUIRE(d1 != kNoEntity);
    CHECK(r.damage(d1) == 0);
    CHECK_FALSE(r.tapped(d1));
}

TEST_CASE("SQ-06 damage beyond the last row vanishes: no deck damage", "[squad][battle]") {
    Side a, b;
    a.base = {"fx_g_10_0_9"};
    b.base = {"fx_g_0_0_2", "fx_g_0_0_3"};
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1}), pick(2, "defend.ground", {1, 2}), pick(2, "rows.ground", {1, 2})}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(r.count("dump", 2) == 2);
    CHECK(r.count("deck", 2) == 10);
    CHECK(r.count("discard", 2) == 0);
    const auto vanished = r.events("squad.vanishes");
    REQUIRE(vanished.size() == 1);
    CHECK(int_field(vanished[0], "amount") == 5);
}

TEST_CASE("SQ-07 both squads' damage is taken before either is applied", "[squad][battle]") {
    Side a, b;
    a.base = {"fx_g_3_0_2"};
    b.base = {"fx_g_2_0_3"};
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1}), pick(2, "defend.ground", {1})}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(r.names("dump", 1) == Strings{"U(g 3/0/2)"});
    CHECK(r.names("dump", 2) == Strings{"U(g 2/0/3)"});
}

TEST_CASE("SQ-08 defenders in an arena without attackers do nothing and still come back tapped", "[squad][battle]") {
    Side a, b;
    a.base = {"fx_g_2_0_9"};
    b.base = {"fx_g_0_0_3", "fx_s_5_0_1"};
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1}), pick(2, "defend.space", {1}), pick(2, "defend.ground", {1})}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(r.count("deck", 1) == 10);                       // Space: nothing happens to P1's deck
    CHECK(r.count("discard", 1) == 0);
    CHECK(r.tapped(r.find("base_area", 2, "U(s 5/0/1)")));  // Y back tapped
}

TEST_CASE("SQ-09 a FORTRESS unit cannot attack but may defend", "[squad][battle]") {
    Side a, b;
    a.base = {"bastion", "line_walker"};
    b.base = {"bastion"};
    // P1's only eligible Ground attacker is Line Walker (option 1 of 1); P2's Bastion may defend.
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1}), pick(2, "defend.ground", {1})}));
    REQUIRE(r.state == RunState::Stopped);
    bool offered_bastion_to_attack = false, offered_bastion_to_defend = false;
    for (const Event* e : r.events("decision")) {
        const std::string id = std::get<std::string>(e->get("id")), answer = std::get<std::string>(e->get("answer"));
        if (id == "attack.ground" && answer.find("Bastion") != std::string::npos) offered_bastion_to_attack = true;
        if (id == "defend.ground" && answer.find("Bastion") != std::string::npos) offered_bastion_to_defend = true;
    }
    CHECK_FALSE(offered_bastion_to_attack);
    CHECK(offered_bastion_to_defend);
    CHECK(squad_damages(r) == Strings{"1 Ground 3", "2 Ground 0"});   // Line Walker 3; Bastion's front ATTACK 0
}

TEST_CASE("SQ-10 a tapped unit can neither attack nor defend", "[squad][battle]") {
    Side a, b;
    a.base = {"fx_g_4_0_9"};
    b.base = {"fx_g_0_0_3!tapped"};
    // Turn 1: P1 attacks with its unit, which comes back tapped; P2's tapped unit is never offered
    // as a defender. Turn 2 (P2's): P1's unit is still tapped, so P1 is not asked to defend; it
    // untaps in P1's Ready phase of turn 3 and is offered again in turn 4.
    const Run r = run(to_end(scenario(a, b, {pick(1, "attack.ground", {1})})));
    REQUIRE(r.state == RunState::Finished);
    std::int64_t turn = 0;
    std::vector<std::int64_t> p1_defends, p2_defends;
    for (const Event& e : r.m().log().events()) {
        if (e.type == "squad.turn") turn = std::get<std::int64_t>(e.get("turn"));
        if (e.type == "decision" && std::get<std::string>(e.get("id")) == "defend.ground")
            (std::get<std::int64_t>(e.get("player")) == 1 ? p1_defends : p2_defends).push_back(turn);
    }
    REQUIRE_FALSE(p1_defends.empty());
    CHECK(p1_defends.front() == 4);
    REQUIRE_FALSE(p2_defends.empty());
    CHECK(p2_defends.front() == 3);   // P2's unit untapped in P2's Ready phase of turn 2
}

TEST_CASE("SQ-11 unit types: GROUND only never joins Space; a unit of both types joins one squad", "[squad][battle]") {
    Side a, b;
    a.base = {"fx_g_4_0_9", "fx_gs_1_1_1"};
    b.cards = Strings(20, "fx_filler");
    // Space first: only the dual unit is offered (option 1); then Ground offers just the GROUND unit.
    const Run r = run(scenario(a, b, {pick(1, "attack.space", {1}), pick(1, "attack.ground", {1})}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(squad_damages(r) == Strings{"1 Space 1", "1 Ground 4"});   // both arenas, one damage step (SQ-12, SQ-19)
    CHECK(r.count("discard", 2) == 5);
    // Once in the Space squad, the dual unit is no longer offered for Ground.
    const Run asked = run(scenario(a, b, {pick(1, "attack.space", {1})}));
    REQUIRE(asked.state == RunState::Stopped);
    REQUIRE(asked.runner->pending().size() == 1);
    const DecisionRequest& ground = asked.runner->pending()[0];
    CHECK(ground.id == "attack.ground");
    REQUIRE(ground.options.size() == 1);
    CHECK(ground.options[0].label == "U(g 4/0/9)");
}

TEST_CASE("SQ-09 a BASE unit cannot attack but may defend", "[squad][battle]") {
    // The fixture unit is printed BASE (prop base = true) like Bastion is printed FORTRESS.
    Side a, b;
    a.base = {"fx_base_g_0_0_4", "fx_g_4_0_9"};
    b.base = {"fx_base_g_0_0_4"};
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1})}));
    REQUIRE(r.state == RunState::Stopped);
    REQUIRE(r.runner->pending().size() == 1);
    const DecisionRequest& defend = r.runner->pending()[0];
    CHECK(defend.id == "defend.ground");
    REQUIRE(defend.options.size() == 1);
    CHECK(defend.options[0].label == "U(base g 0/0/4)");
    for (const Event* e : r.events("decision"))
        if (std::get<std::string>(e->get("id")) == "attack.ground")
            CHECK(std::get<std::string>(e->get("answer")) == "U(g 4/0/9)");
    const Run choices = run(scenario(a, b, {}));
    REQUIRE(choices.runner->pending().size() == 1);
    CHECK(choices.runner->pending()[0].options.size() == 1);   // the BASE unit is not offered to attack
}

TEST_CASE("SQ-16 the hand limit applies to the active player only", "[squad][end]") {
    Side a, b;
    a.hand = Strings(8, "fx_filler");
    a.hand[0] = "interceptor";
    b.hand = Strings(9, "fx_filler");
    // The run stops at the next question: P2's own hand limit at the end of turn 2, after its draw.
    const Run r = run(scenario(a, b, {pick(1, "hand_limit", {1, 2})}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(r.count("hand", 1) == 6);
    CHECK(r.names("dump", 1) == Strings{"Filler", "Interceptor"});   // face up in P1's Dump, last on top
    CHECK(r.count("dump", 2) == 0);
    CHECK(r.count("hand", 2) == 10);                                  // all 9 kept, plus turn 2's draw
}

TEST_CASE("SQ-19 an unopposed Space attack and a Ground battle resolve in one damage step", "[squad][battle]") {
    Side a, b;
    a.base = {"fx_s_3_0_1", "fx_g_3_0_2"};
    b.base = {"fx_g_2_0_3"};
    const Run r = run(scenario(a, b, {pick(1, "attack.space", {1}), pick(1, "attack.ground", {1}), pick(2, "defend.ground", {1})}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(r.count("discard", 2) == 3);
    CHECK(r.count("dump", 1) == 1);
    CHECK(r.count("dump", 2) == 1);
    // No decision between the two arenas' results: the last decision is P2's defense.
    std::size_t last_decision = 0, first_result = 0;
    for (const Event& e : r.m().log().events()) {
        if (e.type == "decision") last_decision = e.seq;
        if (first_result == 0 && (e.type == "squad.deck_damage" || e.type == "squad.destroyed")) first_result = e.seq;
    }
    CHECK(last_decision < first_result);
}

TEST_CASE("§3.3 attackers whose defenders were all kept from entering battle hit the deck (option contested_when)", "[squad][battle]") {
    // Rulebook (seed 003) L22: cards an effect keeps from entering battle go back to the Base
    // area; L34-35, the damage step: with ONLY attackers, they deal battle damage to the deck.
    Side a, b;
    a.base = {"blue_depot", "blue_depot", "fx_g_4_0_9"};
    a.hand = with_fillers({"jamming"});
    b.base = {"fx_g_0_0_3"};   // the lone defender, sent back by Jamming in the defense window
    const std::vector<ScriptedDecision> answers{pick(1, "attack.ground", {1}), pick(1, "priority.attack", {1}),
                                                pick(2, "defend.ground", {1}), pick(1, "priority.defense", {2}),
                                                pick(1, "target", {2})};
    const Run r = run(scenario(a, b, answers));
    REQUIRE(r.state == RunState::Stopped);
    REQUIRE(r.events("squad.deck_damage").size() == 1);
    CHECK(r.count("discard", 2) == 4);             // the attackers' 4 reach the deck
    CHECK(r.events("squad.vanishes").empty());
    SECTION("contested_when = declared: a declared squad holds the arena; the damage vanishes") {
        Scenario s = scenario(a, b, answers);
        s.options["contested_when"] = "declared";
        const Run d = run(s);
        REQUIRE(d.state == RunState::Stopped);
        CHECK(d.count("discard", 2) == 0);
        CHECK(d.events("squad.deck_damage").empty());
        const auto vanished = d.events("squad.vanishes");
        REQUIRE(vanished.size() == 1);
        CHECK(int_field(vanished[0], "amount") == 4);
    }
}

TEST_CASE("§3.3.2 step 5 a unit taking no battle damage stops its share and passes the rest", "[squad][battle]") {
    Side a, b;
    a.base = {"fx_s_5_0_1"};
    b.base = {"decoy_drone", "fx_s_0_0_1"};   // Decoy Drone: DEFENSE 1, takes no battle damage
    const Run r = run(scenario(a, b, {pick(1, "attack.space", {1}), pick(2, "defend.space", {1, 2}), pick(2, "rows.space", {1, 2})}));
    REQUIRE(r.state == RunState::Stopped);
    // 5 damage: the Drone's share (1) stops there, unharmed; 4 reach row 2 (DEF 1): destroyed, 3 vanish.
    CHECK(r.find("base_area", 2, "Decoy Drone") != kNoEntity);
    CHECK(r.damage(r.find("base_area", 2, "Decoy Drone")) == 0);
    CHECK(r.names("dump", 2) == Strings{"U(s 0/0/1)"});
    const auto vanished = r.events("squad.vanishes");
    REQUIRE(vanished.size() == 1);
    CHECK(int_field(vanished[0], "amount") == 3);
}

TEST_CASE("§3.3.2 damage beyond a unit's DEFENSE adds nothing to what carries on", "[squad][battle]") {
    Side a, b;
    a.base = {"fx_g_2_0_9"};
    b.base = {"fx_g_0_0_2!damage=3", "fx_g_0_0_3"};   // row 1 already carries more than its DEFENSE
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1}), pick(2, "defend.ground", {1, 2}), pick(2, "rows.ground", {1, 2})}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(r.names("dump", 2) == Strings{"U(g 0/0/2)"});   // row 1 falls (remaining DEFENSE 0)...
    CHECK(r.damage(r.find("base_area", 2, "U(g 0/0/3)")) == 2);   // ...and row 2 takes the 2, not more
}
