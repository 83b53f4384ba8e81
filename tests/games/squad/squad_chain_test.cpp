// squad_chain_test.cpp - the squad-battle rules around the battle that need cards: Orders in
// priority windows and Chains (§6.4), attachments (SQ-13), prevented entry (SQ-14),
// enter-battle effects (SQ-15), the end-phase lock (SQ-17) and earlier damage (SQ-18).
#include <catch2/catch.hpp>

#include "squad_run.h"

using namespace duelbox;
using namespace duelbox::squad_test;
using Strings = std::vector<std::string>;

namespace {

std::int64_t stat(const Run& r, EntityId e, const char* name) {
    return r.m().derived(r.m().derived_values().find(name, e)).value;
}

}  // namespace

TEST_CASE("SQ-04 a unit tapped in battle adds no damage but keeps its DEFENSE", "[squad][chain]") {
    Side a, b;
    a.base = {"red_depot", "red_depot", "fx_g_2_0_9"};
    a.hand = with_fillers({"suppressing_fire"});
    b.base = {"fx_g_4_0_3", "fx_g_0_2_1"};   // F, B
    // The attack window: P1 could play Suppressing Fire and passes. The defense window: P1 plays
    // it on F (targets: P1's attacker, then P2's squad F, B).
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1}), pick(1, "priority.attack", {1}),
                                      pick(2, "defend.ground", {1, 2}), pick(2, "rows.ground", {1, 2}),
                                      pick(1, "priority.defense", {2}), pick(1, "target", {2})}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(squad_damages(r) == Strings{"1 Ground 2", "2 Ground 2"});   // P2: 0 (F tapped) + 2
    const EntityId f = r.find("base_area", 2, "U(g 4/0/3)"), b_unit = r.find("base_area", 2, "U(g 0/2/1)");
    REQUIRE(f != kNoEntity);
    REQUIRE(b_unit != kNoEntity);
    CHECK(r.damage(f) == 2);                 // absorbed with its full DEFENSE 3
    CHECK(r.damage(b_unit) == 0);            // untouched
    CHECK(r.names("dump", 1) == Strings{"Suppressing Fire"});   // resolved: face up to its owner's Dump
}

TEST_CASE("§6.4 a Chain resolves last in, first out; a countered link does nothing", "[squad][chain]") {
    Side a, b;
    a.base = {"red_depot", "red_depot", "fx_g_2_0_9"};
    a.hand = with_fillers({"suppressing_fire"});
    b.base = {"blue_depot", "blue_depot", "blue_depot", "fx_g_4_0_3"};
    b.hand = {"countermeasure"};
    // Defense window: P1 plays Suppressing Fire on F; P2 answers with Countermeasure on it (P2
    // is never asked before: with no Chain open, Countermeasure has no target).
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1}), pick(1, "priority.attack", {1}),
                                      pick(2, "defend.ground", {1}),
                                      pick(1, "priority.defense", {2}), pick(1, "target", {2}),
                                      pick(2, "priority.defense", {2}), pick(2, "target", {1})}));
    REQUIRE(r.state == RunState::Stopped);
    Strings order;
    for (const Event& e : r.m().log().events()) {
        if (e.type == "squad.link") order.push_back("play " + std::to_string(std::get<std::int64_t>(e.get("n"))));
        if (e.type == "squad.resolve") order.push_back("resolve " + std::to_string(std::get<std::int64_t>(e.get("n"))));
        if (e.type == "squad.fizzle") order.push_back("fizzle " + std::to_string(std::get<std::int64_t>(e.get("n"))));
    }
    CHECK(order == Strings{"play 1", "play 2", "resolve 2", "fizzle 1"});
    const EntityId f = r.find("base_area", 2, "U(g 4/0/3)");
    REQUIRE(f != kNoEntity);
    CHECK(squad_damages(r) == Strings{"1 Ground 2", "2 Ground 4"});   // F was never tapped
    CHECK(r.names("dump", 1) == Strings{"Suppressing Fire"});
    CHECK(r.names("dump", 2) == Strings{"Countermeasure"});
    CHECK(r.count("chain", 0) == 0);
}

TEST_CASE("SQ-13 attached cards are destroyed with their unit, each to its own owner's Dump", "[squad][chain]") {
    Side a, b;
    a.base = {"fx_g_10_0_9"};
    b.base = {"fx_g_0_0_1"};                    // D
    b.attach = {"ace@2.1", "plating@2.1"};     // P2's Character and Operation on D
    a.attach = {"plating@2.1"};                // the variant: a card of P1's on P2's unit
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1}), pick(2, "defend.ground", {1})}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(squad_damages(r) == Strings{"1 Ground 10", "2 Ground 1"});   // Ace's +1 ATTACK counts
    Strings p2 = r.names("dump", 2), p1 = r.names("dump", 1);
    std::sort(p2.begin(), p2.end());
    CHECK(p2 == Strings{"Ace", "Plating", "U(g 0/0/1)"});
    CHECK(p1 == Strings{"Plating"});
    CHECK(r.m().zone(r.m().find_zone("dump", 1)).visibility == Visibility::Public);   // face up
}

TEST_CASE("SQ-13 attachments add to the unit's values and move with it", "[squad][chain]") {
    Side a, b;
    a.base = {"fx_g_2_0_9"};
    a.attach = {"ace@1.1", "plating@1.1"};
    b.cards = Strings(20, "fx_filler");
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1})}));
    REQUIRE(r.state == RunState::Stopped);
    const EntityId u = r.find("base_area", 1, "U(g 2/0/9)");
    REQUIRE(u != kNoEntity);
    CHECK(squad_damages(r) == Strings{"1 Ground 3"});   // ATTACK 2 + Ace's 1
    CHECK(stat(r, u, "defense") == 11);                 // 9 + Plating's 2
    CHECK(stat(r, u, "shooting") == 1);
    // Back in the Base area after the return step, still carrying both: the cards lie in the
    // unit's own gear zone, so they went to battle and back with it without being moved.
    const ZoneId gear = r.m().find_zone("gear:" + std::to_string(u), 0);
    REQUIRE(gear != kNoZone);
    CHECK(r.m().zone(gear).items.size() == 2);
    CHECK(r.count("dump", 1) == 0);
}

TEST_CASE("SQ-14 a unit forbidden to enter battle goes back in the orientation it left in", "[squad][chain]") {
    Side a, b;
    a.base = {"blue_depot", "blue_depot", "fx_g_2_0_9"};
    a.hand = with_fillers({"jamming"});
    b.base = {"fx_g_0_0_3", "fx_g_0_0_2"};    // Z, Y
    // Defense window: targets are P1's attacker, then P2's squad Z, Y; Jamming on Z.
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1}), pick(1, "priority.attack", {1}),
                                      pick(2, "defend.ground", {1, 2}), pick(2, "rows.ground", {1, 2}),
                                      pick(1, "priority.defense", {2}), pick(1, "target", {2})}));
    REQUIRE(r.state == RunState::Stopped);
    const EntityId z = r.find("base_area", 2, "U(g 0/0/3)");
    REQUIRE(z != kNoEntity);
    CHECK_FALSE(r.tapped(z));                 // back untapped, and not tapped in R1: it was not in battle
    CHECK(r.damage(z) == 0);
    CHECK(r.names("dump", 2) == Strings{"U(g 0/0/2)"});   // Y, now row 1, took the 2
    CHECK(r.events("squad.sent_back").size() == 1);
}

TEST_CASE("SQ-15 an enter-battle bonus counts this turn and is gone after the end phase", "[squad][chain]") {
    Side a, b;
    a.base = {"vanguard"};   // ATTACK 1; on entering battle +2 ATTACK until end of turn
    b.cards = Strings(20, "fx_filler");
    const auto decisions = std::vector<ScriptedDecision>{pick(1, "attack.ground", {1})};
    const Run r = run(scenario(a, b, decisions));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(squad_damages(r) == Strings{"1 Ground 3"});
    CHECK(stat(r, r.find("base_area", 1, "Vanguard"), "attack") == 3);   // still this turn
    const Run after = run(to_end(scenario(a, b, decisions)));
    REQUIRE(after.state == RunState::Finished);
    CHECK(stat(after, after.find("base_area", 1, "Vanguard"), "attack") == 1);
}

TEST_CASE("SQ-17 no card is played in the end phase; the active player orders end-of-turn effects", "[squad][chain]") {
    // Rulebook (seed 003) L68: no card may be played and no Chain used in this phase. Both
    // players hold Drain, playable at any time, so every priority window of the turn asks them
    // (checked below): the end phase, with a hand limit to apply and two end-of-turn effects to
    // order, must ask nothing else.
    Side a, b;
    a.base = {"red_depot", "red_depot", "fx_eot", "fx_eot"};
    a.hand = with_fillers({"fx_drain"});
    a.hand.resize(8, "fx_filler");                    // over the hand limit of 6
    b.base = {"blue_depot", "blue_depot", "blue_depot"};
    b.hand = {"fx_drain"};
    a.cards = b.cards = Strings(10, "fx_filler");
    Scenario s = scenario(a, b, {});                   // the first-legal agent answers (pass, no attack)
    s.stop.after_decisions = 17;                       // turn 1: 14 priority answers, the attack, the limit, the order
    const Run r = run(s);
    REQUIRE(r.state == RunState::Stopped);
    CHECK(r.events("squad.fx_eot").size() == 2);
    std::size_t windows_before = 0;
    bool in_end = false, asked = false, over = false;
    for (const Event& e : r.m().log().events()) {
        if (e.type == "squad.turn_over") {
            over = true;
            break;
        }
        const bool priority = e.type == "decision" && std::get<std::string>(e.get("id")).rfind("priority.", 0) == 0;
        if (e.type == "decision" && std::get<std::string>(e.get("id")) == "hand_limit") in_end = true;
        if (!in_end && priority) ++windows_before;
        if (in_end && (e.type == "squad.link" || priority)) asked = true;
    }
    CHECK(windows_before >= 8);   // the Drains were playable: both were asked at every earlier step
    CHECK(in_end);
    CHECK(over);
    CHECK_FALSE(asked);
}

TEST_CASE("SQ-18 damage already on a unit lowers the DEFENSE battle damage must reach", "[squad][chain]") {
    Side a, b;
    a.base = {"fx_g_2_0_9"};
    b.base = {"fx_g_0_0_3!damage=1"};
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1}), pick(2, "defend.ground", {1})}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(r.names("dump", 2) == Strings{"U(g 0/0/3)"});   // remaining DEFENSE 2, and 2 >= 2
}

TEST_CASE("§3.3.2 step 4 the attacking player orders the \"when destroyed\" effects", "[squad][chain]") {
    Side a, b;
    a.base = {"fx_g_10_0_9"};
    b.base = {"salvage_crawler", "salvage_crawler"};   // when destroyed: its owner draws a card
    // Both crawlers fall; their two effects are P1's (the attacker's) to order, not P2's.
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1}), pick(2, "defend.ground", {1, 2}),
                                      pick(2, "rows.ground", {1, 2}), pick(1, "order.destroyed", {2, 1})}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(r.count("dump", 2) == 2);
    CHECK(r.events("squad.salvage").size() == 2);
    CHECK(r.count("hand", 2) == 9);   // 7 + the two cards drawn
}

TEST_CASE("§4 E2 only cards in play have end-of-turn effects", "[squad][chain]") {
    Side a, b;
    a.base = {"fx_eot"};
    a.hand = {"fx_eot"};       // in hand (never deployed: the first-legal agent stops): no effect
    a.cards = {"fx_eot", "fx_filler", "fx_filler"};
    const Run r = run(to_end(scenario(a, b, {pick(1, "deploy", {1}), pick(1, "attack.ground", {})})));
    INFO(r.runner->error());
    REQUIRE(r.state == RunState::Finished);
    const auto fired = r.events("squad.fx_eot");
    REQUIRE_FALSE(fired.empty());
    CHECK(int_field(fired.front(), "card") == static_cast<std::int64_t>(r.find("base_area", 1, "U(eot)")));
    CHECK(r.events("decision").size() >= 1);
    for (const Event* e : r.events("decision")) CHECK(std::get<std::string>(e->get("id")) != "order.end_of_turn");
}

TEST_CASE("§6.4 an activated ability forms a Chain link; its card pays by tapping and stays in play", "[squad][chain]") {
    Side a, b;
    a.base = {"fx_g_2_0_9"};
    b.base = {"blue_depot", "blue_depot", "signal_relay", "fx_g_4_0_3", "fx_g_0_2_1"};
    // P2 could use Signal Relay from the attack step on (a unit is in battle) and waits; in the
    // defense window it taps it for +1 SHOOTING on B (targets: P1's attacker, F, B).
    const Run r = run(scenario(a, b, {pick(1, "attack.ground", {1}), pick(2, "priority.attack", {1}),
                                      pick(2, "defend.ground", {2, 3}), pick(2, "rows.ground", {1, 2}),
                                      pick(2, "priority.defense", {2}), pick(2, "target", {3})}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(r.events("squad.ability").size() == 1);
    CHECK(squad_damages(r) == Strings{"1 Ground 2", "2 Ground 7"});   // F's ATTACK 4 + B's SHOOTING 2 + 1
    const EntityId relay = r.find("base_area", 2, "Signal Relay");
    REQUIRE(relay != kNoEntity);                                     // it stayed in play
    CHECK(r.tapped(relay));                                          // tapped to pay, used once
    CHECK(r.count("dump", 2) == 0);
}
