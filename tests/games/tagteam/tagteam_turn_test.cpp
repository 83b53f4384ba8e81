// tagteam_turn_test.cpp - turn resolution (spec §10): TT-01 … TT-31, one TEST_CASE per worked
// example. Fighters use the spec's fixtures (cards/tagteam/fixtures.lua): FX-PLAIN(20) unless a
// test says otherwise; a card "key@2" belongs to the side's second fighter.
#include <catch2/catch.hpp>

#include "tagteam_run.h"

using namespace duelbox;
using namespace duelbox::tagteam_test;

namespace {
const std::string kPlain = "tagteam/fx_plain20";
const std::string kGolem = "tagteam/fx_golem";
const std::string kWb = "tagteam/fx_wb";

std::string fx(const std::string& name, int slot = 1) { return "tagteam/fx/" + name + "@" + std::to_string(slot); }

Side side(std::vector<std::string> battle, std::vector<int> power = {2, 2}, std::vector<int> hp = {},
          std::vector<std::string> fighters = {kPlain, kPlain}) {
    Side s;
    s.battle = std::move(battle);
    s.power = std::move(power);
    s.hp = std::move(hp);
    s.fighters = std::move(fighters);
    return s;
}

std::int64_t int_field(const Event* e, const char* key) { return std::get<std::int64_t>(e->get(key)); }
}  // namespace

TEST_CASE("TT-01 power snapshot: Golem attacks with 3, not 4", "[tagteam]") {
    Run r = play(side({"tagteam/golem/clay_fist@1", "tagteam/golem/clay_fist@1"}, {3, 2}, {16, 20}, {kGolem, kPlain}),
                 side({fx("s_atk"), fx("s_idle")}));
    REQUIRE(r.state == RunState::Finished);
    auto attacked = r.events("tagteam.attacked");
    REQUIRE(attacked.size() == 3);
    CHECK(int_field(attacked[1], "strength") == 3);   // turn 1: X 20 -> 17 with strength 3
    CHECK(int_field(attacked[2], "strength") == 4);   // turn 2: the cell-15 cube counts now
    CHECK(r.hp(2, 1) == 13);
    CHECK(r.hp(1, 1) == 14);
    CHECK(r.power(1, 1) == 4);
}

TEST_CASE("TT-02 default target: Mordred takes 3, Dark Power below 8 does not attack", "[tagteam]") {
    Run r = play(side({"tagteam/golem/clay_fist@1"}, {3, 2}, {16, 20}, {kGolem, kPlain}),
                 side({"tagteam/mordred/dark_power"}, {5, 2}, {}, {"tagteam/mordred", kPlain}));
    CHECK(r.hp(2, 1) == 11);
    CHECK(r.hp(1, 1) == 16);
}

TEST_CASE("TT-03 Dark Power threshold on the snapshot", "[tagteam]") {
    const Side mordred8 = side({"tagteam/mordred/dark_power"}, {8, 2}, {}, {"tagteam/mordred", kPlain});
    SECTION("(a) power 8 attacks for 8") { CHECK(play(mordred8, side({fx("s_idle")})).hp(2, 1) == 12); }
    SECTION("(b) power 7 does not attack") {
        CHECK(play(side({"tagteam/mordred/dark_power"}, {7, 2}, {}, {"tagteam/mordred", kPlain}), side({fx("s_idle")}))
                  .hp(2, 1) == 20);
    }
    SECTION("(c) power 7 plus a track-symbol gain this turn still does not attack") {
        Run r = play(side({"tagteam/mordred/dark_power"}, {7, 2}, {}, {"tagteam/mordred", kPlain}),
                     side({fx("s_atk")}, {4, 2}));
        CHECK(r.hp(2, 1) == 20);
        CHECK(r.hp(1, 1) == 10);
        CHECK(r.power(1, 1) == 7 + 2 + 2);   // Dark Power's own gain, then cell 10's symbol
    }
}

TEST_CASE("TT-04 heal nets with attack: Zheng Shi +1", "[tagteam]") {
    const Side jeanne = side({"tagteam/jeanne/hand_of_the_righteous"}, {2, 1}, {}, {"tagteam/jeanne", kPlain});
    auto zheng = [](int hp) {
        return side({"tagteam/zheng_shi/gunpowder_wine@1"}, {2, 2}, {hp, 20}, {"tagteam/fx_plain15", kPlain});
    };
    SECTION("(a)") { CHECK(play(jeanne, zheng(10)).hp(2, 1) == 11); }
    SECTION("(b) at max stays") { CHECK(play(jeanne, zheng(15)).hp(2, 1) == 15); }
    SECTION("(c) attacker power 5") {
        CHECK(play(side({"tagteam/jeanne/hand_of_the_righteous"}, {5, 1}, {}, {"tagteam/jeanne", kPlain}), zheng(10))
                  .hp(2, 1) == 8);
    }
}

TEST_CASE("TT-05 direct damage and attack add up: Golem -6", "[tagteam]") {
    Run r = play(side({"tagteam/bodvar/berserk"}, {3, 2}, {}, {"tagteam/bodvar", kPlain}),
                 side({"tagteam/golem/protect_the_innocent@1"}, {3, 2}, {16, 20}, {kGolem, kPlain}));
    CHECK(r.hp(2, 1) == 10);
}

TEST_CASE("TT-06 triggers on passing and landing, none on leaving", "[tagteam]") {
    Run r = play(side({fx("s_idle"), fx("wfh_hp", 2), fx("s_idle")}, {3, 2}, {16, 20}, {kGolem, kPlain}),
                 side({fx("s_atk"), fx("s_idle"), fx("s_atk", 2)}, {2, 1}));
    CHECK(r.hp(1, 1) == 14);
    CHECK(r.power(1, 1) == 5);
    CHECK(r.events("tagteam.symbol").size() == 2);
}

TEST_CASE("TT-07 STOP cells halt movement both ways", "[tagteam]") {
    SECTION("from 5: attack 3 moves 1, heal 2 moves 1") {
        Run r = play(side({fx("s_idle"), fx("s_heal2")}, {2, 2}, {5, 20}, {kWb, kPlain}),
                     side({fx("s_atk"), fx("s_idle")}, {3, 2}));
        auto moves = r.events("tagteam.track");
        REQUIRE(moves.size() == 2);
        CHECK(int_field(moves[0], "to") == 4);
        CHECK(int_field(moves[1], "to") == 5);
        CHECK(r.hp(1, 1) == 5);
    }
    SECTION("from 7: attack 3 stops on 5") {
        Run r = play(side({fx("s_idle")}, {2, 2}, {7, 20}, {kWb, kPlain}), side({fx("s_atk")}, {3, 2}));
        CHECK(r.hp(1, 1) == 5);
    }
}

TEST_CASE("TT-08 a blocked attack's direct damage stays", "[tagteam]") {
    Run r = play(side({fx("s_atk_dd2")}, {3, 2}), side({fx("s_blk_plus")}));
    CHECK(r.hp(2, 1) == 18);
    CHECK(r.power(2, 1) == 3);
}

TEST_CASE("TT-09 the block bonus fires once per turn", "[tagteam]") {
    Run r = play(side({fx("s_patk")}, {2, 1}), side({fx("s_blk_plus")}));
    CHECK(r.hp(2, 1) == 20);
    CHECK(r.hp(2, 2) == 20);
    CHECK(r.power(2, 1) == 3);
    CHECK(r.events("tagteam.blocked").size() == 2);
    CHECK(r.events("tagteam.success").size() == 1);
}

TEST_CASE("Q-09 a Success bonus is mandatory by default; option success_bonus optional asks (seed L574 \"you may\")",
          "[tagteam]") {
    const Side attacker = side({fx("s_atk")}, {2, 2}), blocker = side({fx("s_blk_plus")});   // block; Success: gain 1
    CHECK(play(attacker, blocker).power(2, 1) == 3);
    for (bool take : {true, false}) {
        Scenario s = scenario(attacker, blocker, {{"success_bonus", "optional"}});
        ScriptedDecision d;
        d.player = 1;
        d.id = "success_bonus";
        d.yes = take;
        s.decisions.push_back(d);
        Run r = play(s);
        INFO("takes the bonus: " << take);
        REQUIRE(r.state == RunState::Finished);
        CHECK(r.power(2, 1) == (take ? 3 : 2));
        CHECK(r.runner->replay().scenario.decisions.size() == 1);   // asked once, of the blocker
        const auto success = r.events("tagteam.success");
        REQUIRE(success.size() == 1);
        CHECK((success[0]->find("declined") != nullptr) == !take);
    }
}

TEST_CASE("Q-09 optional bonuses of two Successes in one step are asked together and secretly (seed L253, L624)",
          "[tagteam]") {
    // Both attacks go through, so both cards' Success fires in the same step: seat 2 was asked
    // after seat 1's answer was told to everyone, and decided knowing it.
    const Side a = side({fx("j_succ")}, {2, 2}), b = side({fx("j_succ")}, {2, 2});
    Scenario s = scenario(a, b, {{"success_bonus", "optional"}});
    for (int p : {1, 2}) {
        ScriptedDecision d;
        d.player = p;
        d.id = "success_bonus";
        d.yes = p == 2;
        s.decisions.push_back(d);
    }
    Run r = play(s);
    REQUIRE(r.state == RunState::Finished);
    std::vector<const Event*> asked;
    for (const Event* e : r.events("decision"))
        if (std::get<std::string>(e->get("id")) == "success_bonus") asked.push_back(e);
    REQUIRE(asked.size() == 2);
    CHECK(asked[1]->seq == asked[0]->seq + 1);   // one group: both answered before either is applied
    const auto success = r.events("tagteam.success");
    REQUIRE(success.size() == 2);
    CHECK(success[0]->seq > asked[1]->seq);
    for (const Event* e : asked) {   // each answer is its player's alone until the bonuses are told
        const Field* answer = e->find("answer");
        REQUIRE(answer != nullptr);
        const int p = static_cast<int>(std::get<std::int64_t>(e->get("player")));
        CHECK(mask_has(answer->visible_to, p - 1));
        CHECK_FALSE(mask_has(answer->visible_to, 2 - p));
    }
}

TEST_CASE("TT-10 a 0-strength attack triggers the block bonus", "[tagteam]") {
    SECTION("blocked") { CHECK(play(side({fx("s_atk")}, {0, 2}), side({fx("s_blk_plus")})).power(2, 1) == 3); }
    SECTION("unblocked: an attack that deals 0") {
        Run r = play(side({fx("s_atk")}, {0, 2}), side({fx("s_idle")}));
        auto attacked = r.events("tagteam.attacked");
        REQUIRE(attacked.size() == 1);
        CHECK(int_field(attacked[0], "strength") == 0);
        CHECK(r.hp(2, 1) == 20);
    }
}

TEST_CASE("TT-11 no attack, no block bonus", "[tagteam]") {
    CHECK(play(side({fx("s_heal1")}), side({fx("s_blk_plus")})).power(2, 1) == 2);
}

TEST_CASE("TT-12 several attacks on one fighter are one attack", "[tagteam]") {
    SECTION("summed") {
        Run r = play(side({fx("s_patk")}, {2, 3}), side({fx("s_idle")}));
        CHECK(r.hp(2, 1) == 15);
        auto attacked = r.events("tagteam.attacked");
        REQUIRE(attacked.size() == 1);
        CHECK(int_field(attacked[0], "strength") == 5);
    }
    SECTION("one movement through STOP cells") {
        Run r = play(side({fx("s_patk")}, {2, 3}), side({fx("s_idle")}, {2, 2}, {8, 20}, {kWb, kPlain}));
        CHECK(r.hp(2, 1) == 5);
        CHECK(r.events("tagteam.track").size() == 1);
    }
}

TEST_CASE("TT-13 a block protects the partner", "[tagteam]") {
    Run r = play(side({fx("s_atk_op")}, {3, 2}), side({fx("s_blk_plus")}));
    CHECK(r.hp(2, 2) == 20);
    CHECK(r.power(2, 1) == 3);
}

TEST_CASE("TT-14 attack success heals Jeanne by her power", "[tagteam]") {
    SECTION("netted with the incoming attack") {
        Run r = play(side({fx("j_succ")}, {2, 2}, {10, 20}), side({fx("s_atk")}, {3, 2}));
        CHECK(r.hp(1, 1) == 9);
        CHECK(r.hp(2, 1) == 18);
    }
    SECTION("blocked: no heal, no damage, the block succeeded") {
        Run r = play(side({fx("j_succ")}, {2, 2}, {10, 20}), side({fx("s_blk")}, {3, 2}));
        CHECK(r.hp(1, 1) == 10);
        CHECK(r.hp(2, 1) == 20);
        CHECK(r.events("tagteam.blocked").size() == 1);
        CHECK(r.events("tagteam.success").empty());
    }
}

TEST_CASE("TT-15 cancel", "[tagteam]") {
    SECTION("(a) nothing happens to the canceller") {
        CHECK(play(side({fx("s_cancel")}), side({fx("s_atk")}, {4, 2})).hp(1, 1) == 20);
    }
    SECTION("(b) the cancelled block gives no bonus and blocks nothing") {
        Run r = play(side({fx("s_cancel_atk")}), side({fx("s_blk_plus")}));
        CHECK(r.hp(2, 1) == 18);
        CHECK(r.power(2, 1) == 2);
    }
    SECTION("(c) mutual cancel ignores both") {
        Run r = play(side({fx("s_cancel_atk")}), side({fx("s_cancel_atk")}));
        CHECK(r.hp(1, 1) == 20);
        CHECK(r.hp(2, 1) == 20);
        CHECK(r.events("tagteam.cancelled").size() == 2);
    }
}

TEST_CASE("TT-16 transfer is limited by what you have", "[tagteam]") {
    Run r = play(side({fx("s_xfer2")}, {1, 0}), side({fx("s_idle")}));
    CHECK(r.power(1, 1) == 0);
    CHECK(r.power(1, 2) == 1);
}

TEST_CASE("TT-17 power never goes below 0", "[tagteam]") {
    CHECK(play(side({fx("s_lose2")}, {1, 2}), side({fx("s_idle")})).power(1, 1) == 0);
}

TEST_CASE("TT-18 THEN still uses the snapshot", "[tagteam]") {
    Run r = play(side({fx("s_gain_then_atk")}, {2, 2}), side({fx("s_idle")}));
    CHECK(r.hp(2, 1) == 18);
    CHECK(r.power(1, 1) == 3);
}

TEST_CASE("TT-19 clamps", "[tagteam]") {
    SECTION("heal at max: no change, no trigger") {
        Run r = play(side({fx("s_heal3")}, {3, 2}, {20, 20}, {kGolem, kPlain}), side({fx("s_idle")}));
        CHECK(r.hp(1, 1) == 20);
        CHECK(r.events("tagteam.track").empty());
        CHECK(r.power(1, 1) == 3);
    }
    SECTION("attack 7 at 4 stops on the KO cell") {
        Run r = play(side({fx("s_atk")}, {7, 2}), side({fx("s_idle")}, {2, 2}, {4, 20}));
        CHECK(r.hp(2, 1) == 0);
        CHECK(r.winner() == 1);
    }
}

TEST_CASE("TT-20 a KO ends the game at once", "[tagteam]") {
    Run r = play(side({fx("s_atk"), fx("s_atk")}, {3, 2}), side({fx("s_idle"), fx("s_idle")}, {2, 2}, {3, 20}));
    CHECK(r.winner() == 1);
    CHECK(r.m().result().reason == "knockout");
    CHECK(r.events("tagteam.reveal").size() == 2);     // no second turn
    CHECK(r.events("tagteam.added").empty());          // no Draft phase
}

TEST_CASE("TT-21 double KO is a draw", "[tagteam]") {
    Run r = play(side({fx("s_atk")}, {2, 2}, {2, 20}), side({fx("s_atk")}, {2, 2}, {2, 20}));
    CHECK(r.draw());
    CHECK(r.m().result().reason == "double knockout");
}

TEST_CASE("TT-22 both fighters of one team KO'd: that player loses", "[tagteam]") {
    Run r = play(side({fx("s_atk_both")}, {2, 2}), side({fx("s_idle")}, {2, 2}, {2, 2}));
    CHECK(r.hp(2, 1) == 0);
    CHECK(r.hp(2, 2) == 0);
    CHECK(r.winner() == 1);
}

TEST_CASE("TT-23 self-KO loses", "[tagteam]") {
    Run r = play(side({"tagteam/golem/protect_the_innocent@1"}, {3, 2}, {3, 20}, {kGolem, kPlain}), side({fx("s_idle")}));
    CHECK(r.hp(1, 1) == 0);
    CHECK(r.winner() == 2);
}

TEST_CASE("TT-24 no heal out of KO; THEN heals are not netted (option then_health steps, spec Q-10)", "[tagteam]") {
    // The spec's worked example of its reading: each THEN step moves the marker on its own. The
    // default follows the rulebook instead (the L626 tests below).
    SECTION("(a) THEN heal after KO is ignored") {
        Run r = play(side({fx("s_atk")}, {3, 2}), side({fx("s_then_heal3")}, {2, 2}, {3, 20}),
                     {{"then_health", "steps"}});
        CHECK(r.hp(2, 1) == 0);
        CHECK(r.winner() == 1);
    }
    SECTION("(b) the same heal without THEN nets to 0") {
        Run r = play(side({fx("s_atk")}, {3, 2}), side({fx("s_heal3")}, {2, 2}, {3, 20}));
        CHECK(r.hp(2, 1) == 3);
        CHECK(r.draw());
    }
}

// The health moves of one fighter in r, in order.
std::vector<const Event*> moves_of(const Run& r, EntityId f) {
    std::vector<const Event*> out;
    for (const Event* e : r.events("tagteam.track"))
        if (static_cast<EntityId>(int_field(e, "fighter")) == f && std::get<std::string>(e->get("track")) == "hp")
            out.push_back(e);
    return out;
}

TEST_CASE("L626 a THEN heal nets against an attack of the same turn: a marker netting above KO is not knocked out",
          "[tagteam]") {
    // TT-24(a)'s turn under the default: 3 - 3 + 3 = 3, one move of 0, no KO (seed L626: attack
    // and direct damage are summed, every heal is taken off, the result goes to the track).
    Run r = play(side({fx("s_atk")}, {3, 2}), side({fx("s_then_heal3")}, {2, 2}, {3, 20}));
    REQUIRE(r.state == RunState::Finished);
    CHECK(r.hp(2, 1) == 3);
    CHECK(r.events("tagteam.ko").empty());
    CHECK(r.draw());                                   // the empty reserve, not a knockout
    CHECK(moves_of(r, r.fighter(2, 1)).empty());       // net 0 moves nothing
}

TEST_CASE("L482 L626 no healing on the KO cell is read where the marker starts the turn", "[tagteam]") {
    // On the KO cell when the turn begins: a THEN heal does not lift it, netted or not.
    for (const char* mode : {"net", "steps"}) {
        INFO("then_health " << mode);
        Run r = play(side({fx("s_idle")}), side({fx("s_then_heal3")}, {2, 2}, {0, 20}), {{"then_health", mode}});
        REQUIRE(r.state == RunState::Finished);
        CHECK(r.hp(2, 1) == 0);
        CHECK(r.winner() == 1);
        CHECK(r.events("tagteam.healed").empty());
    }
}

// (No ": " past a name's 60th character: Catch2's console reporter indents a wrapped name to it.)
TEST_CASE("L582 a Success heal at full health nets against the opponent's attack after THEN (20 + 2 - 4 = 18)",
          "[tagteam]") {
    // Seed L582 (the Jeanne card: Attack, Success heal as much as your power): "if she is attacked
    // in the same turn she plays this card, she subtracts her heal from the attack". J-SUCC at the
    // top cell, power 2; the opponent's attack comes after THEN, with power 4.
    const Side jeanne = side({fx("j_succ")}, {2, 2}, {20, 20});
    const Side then_atk = side({fx("s_then_atk")}, {4, 2});
    Run r = play(jeanne, then_atk);
    REQUIRE(r.state == RunState::Finished);
    CHECK(r.hp(1, 1) == 18);
    CHECK(r.hp(2, 1) == 18);
    auto moves = moves_of(r, r.fighter(1, 1));          // one movement, naming both causes
    REQUIRE(moves.size() == 1);
    CHECK(int_field(moves[0], "from") == 20);
    CHECK(int_field(moves[0], "attack") == 4);
    CHECK(int_field(moves[0], "heal") == 2);
    // Each action is still told in its step: the heal (step 1) before the attack (step 2).
    auto healed = r.events("tagteam.healed");
    REQUIRE(healed.size() == 1);
    CHECK(int_field(healed[0], "heal") == 2);
    const Event* on_her = nullptr;
    for (const Event* e : r.events("tagteam.attacked"))
        if (static_cast<EntityId>(int_field(e, "fighter")) == r.fighter(1, 1)) on_her = e;
    REQUIRE(on_her);
    CHECK(healed[0]->seq < on_her->seq);
    CHECK(on_her->seq < moves[0]->seq);
    SECTION("then_health steps: the heal is lost at the top cell, then the attack lands") {
        Run s = play(jeanne, then_atk, {{"then_health", "steps"}});
        CHECK(s.hp(1, 1) == 16);
        CHECK(moves_of(s, s.fighter(1, 1)).size() == 1);   // the heal at the top moved nothing
        CHECK(s.events("tagteam.healed").empty());
    }
}

TEST_CASE("L536 L626 direct damage and an attack after THEN are one move: a STOP cell halts it once", "[tagteam]") {
    // Seed L536: direct damage in the same turn as an attack is added to the attack. FX-WB at 6
    // (STOP on 1-5) takes 1 direct damage from its own card and a strength-3 attack after the
    // opponent's THEN: one move of 4 halts on 5.
    const Side wb = side({fx("s_dd1_self")}, {2, 2}, {6, 20}, {kWb, kPlain});
    const Side then_atk = side({fx("s_then_atk")}, {3, 2});
    Run r = play(wb, then_atk);
    REQUIRE(r.state == RunState::Finished);
    CHECK(r.hp(1, 1) == 5);
    auto moves = moves_of(r, r.fighter(1, 1));
    REQUIRE(moves.size() == 1);
    CHECK(int_field(moves[0], "attack") == 3);
    CHECK(int_field(moves[0], "direct") == 1);
    CHECK(r.events("tagteam.direct").size() == 1);
    SECTION("then_health steps: two moves, two halts") {
        Run s = play(wb, then_atk, {{"then_health", "steps"}});
        CHECK(s.hp(1, 1) == 4);
        CHECK(moves_of(s, s.fighter(1, 1)).size() == 2);
    }
}

TEST_CASE("L626 only the cells the one combined move passes fire their symbols", "[tagteam]") {
    // FX-Golem at 14 (cell 15: +1 power) heals 2 while the opponent's THEN attacks him with 4: the
    // move is 14 -> 12, and cell 15 is never entered. Step by step it would be entered twice.
    const Side golem = side({fx("s_heal2")}, {3, 2}, {14, 20}, {kGolem, kPlain});
    const Side then_atk = side({fx("s_then_atk")}, {4, 2});
    Run r = play(golem, then_atk);
    REQUIRE(r.state == RunState::Finished);
    CHECK(r.hp(1, 1) == 12);
    CHECK(r.power(1, 1) == 3);
    CHECK(r.events("tagteam.symbol").empty());
    SECTION("then_health steps: 14 -> 16 -> 12 fires cell 15 on the way up and on the way down") {
        Run s = play(golem, then_atk, {{"then_health", "steps"}});
        CHECK(s.hp(1, 1) == 12);
        CHECK(s.power(1, 1) == 5);
        CHECK(s.events("tagteam.symbol").size() == 2);
    }
}

TEST_CASE("TT-25 a start-cell symbol does not fire on leaving", "[tagteam]") {
    Run r = play(side({fx("s_idle")}, {3, 2}, {15, 20}, {kGolem, kPlain}), side({fx("s_atk")}, {1, 2}));
    CHECK(r.hp(1, 1) == 14);
    CHECK(r.power(1, 1) == 3);
}

TEST_CASE("TT-26 net zero moves nothing and fires nothing", "[tagteam]") {
    Run r = play(side({fx("s_heal2")}, {3, 2}, {16, 20}, {kGolem, kPlain}), side({fx("s_atk")}, {2, 2}));
    CHECK(r.hp(1, 1) == 16);
    CHECK(r.power(1, 1) == 3);
}

TEST_CASE("TT-27 several symbols fire together after the movement", "[tagteam]") {
    Run r = play(side({fx("s_idle")}, {3, 2}, {16, 20}, {"tagteam/fx_golem2", kPlain}), side({fx("s_atk")}, {4, 2}));
    CHECK(r.hp(1, 1) == 12);
    CHECK(r.power(1, 1) == 5);
    auto symbols = r.events("tagteam.symbol");
    REQUIRE(symbols.size() == 2);
    CHECK(symbols[0]->seq > r.events("tagteam.track")[0]->seq);
}

TEST_CASE("TT-28 the partner symbol gives the partner the power", "[tagteam]") {
    Run r = play(side({fx("s_pgain")}), side({fx("s_idle")}));
    CHECK(r.power(1, 1) == 2);
    CHECK(r.power(1, 2) == 3);
}

TEST_CASE("TT-29 a partner attack uses the partner's power and modifiers", "[tagteam]") {
    const Side a = side({fx("s_patk")}, {2, 4}, {}, {kPlain, "tagteam/fx_flame"});
    SECTION("scope self (R1)") { CHECK(play(a, side({fx("s_idle")})).hp(2, 1) == 20 - 7); }
    SECTION("scope team (R2)") {
        CHECK(play(a, side({fx("s_idle")}), {{"modifier_scope", "team"}}).hp(2, 1) == 20 - 8);
    }
}

TEST_CASE("TT-30 a deferred card is its own movement (seed L629: it acts once the other card's actions are done)",
          "[tagteam]") {
    // Under the default then_health "net" as under "steps": a card with its own printed timing
    // keeps it, so its heal is not added to the attack before it.
    Run r = play(side({fx("s_defer_heal2")}, {2, 2}, {5, 20}, {kWb, kPlain}), side({fx("s_atk")}, {3, 2}));
    auto moves = r.events("tagteam.track");
    REQUIRE(moves.size() == 2);
    CHECK(int_field(moves[0], "to") == 4);
    CHECK(int_field(moves[1], "to") == 5);
    CHECK(r.hp(1, 1) == 5);
}

TEST_CASE("TT-31 a block covers THEN attacks; its bonus fires once", "[tagteam]") {
    Run r = play(side({fx("s_gain_then_atk")}), side({fx("s_blk_plus")}));
    CHECK(r.hp(2, 1) == 20);
    CHECK(r.power(2, 1) == 3);
    CHECK(r.events("tagteam.success").size() == 1);
}

TEST_CASE("Chained symbol triggers stop at the wave cap (Q-04)", "[tagteam]") {
    // 11 -> 10 fires "damage 1" (10 -> 9), which fires "heal 1" (9 -> 10), and so on.
    Run r = play(side({fx("s_idle")}, {2, 2}, {11, 20}, {"tagteam/fx_loop", kPlain}), side({fx("s_atk")}, {1, 2}),
                 {{"trigger_waves", 5}});
    REQUIRE(r.state == RunState::Finished);
    CHECK(r.events("tagteam.error").size() == 1);
    CHECK(r.events("tagteam.symbol").size() == 5);
    CHECK(r.hp(1, 1) == 9);   // wave 5 (a damage wave) moved it to 9, and there it stops
}

TEST_CASE("Battle decks of unequal size are an error (Q-03)", "[tagteam]") {
    Run r = play(side({fx("s_idle"), fx("s_idle")}), side({fx("s_idle")}));
    REQUIRE(r.state == RunState::Failed);
    CHECK(r.runner->error().find("unequal size") != std::string::npos);
}

TEST_CASE("Q-05 transfers out of one pool in one step do not depend on the seats", "[tagteam]") {
    // Seed L253 / L624: all actions are simultaneous; L562: you cannot pass what you do not have.
    // Found by a rules audit: seat 1's card used to be served first.
    const std::string ransom = "tagteam/zheng_shi/ransom@1";   // "the Opponent passes you 1 power"
    SECTION("each gives out of its pool as it stood before the step's transfers") {
        const Side poor = side({ransom}, {0, 0}), rich = side({ransom}, {1, 0});
        Run ab = play(poor, rich);
        CHECK(ab.power(1, 1) == 1);   // the cube from the rich side's fighter
        CHECK(ab.power(2, 1) == 0);   // the poor side had nothing to give, the cube it got is not passed on
        Run ba = play(rich, poor);
        CHECK(ba.power(2, 1) == 1);
        CHECK(ba.power(1, 1) == 0);
    }
    SECTION("asked for more than it holds: the giver's own team's card first (option transfer_conflict)") {
        const Side kestrel = side({"tagteam/kestrel/fall_back@1"}, {1, 0});   // "pass 1 power to your partner"
        const Side taker = side({ransom}, {0, 0});
        for (bool kestrel_first : {true, false}) {
            Run r = kestrel_first ? play(kestrel, taker) : play(taker, kestrel);
            const int k = kestrel_first ? 1 : 2, t = 3 - k;
            INFO("Kestrel's side in seat " << k);
            CHECK(r.power(k, 1) == 0);
            CHECK(r.power(k, 2) == 1);   // her own card's pass is served first
            CHECK(r.power(t, 1) == 0);
            Run o = kestrel_first ? play(kestrel, taker, {{"transfer_conflict", "opponent_first"}})
                                  : play(taker, kestrel, {{"transfer_conflict", "opponent_first"}});
            CHECK(o.power(k, 2) == 0);
            CHECK(o.power(t, 1) == 1);
        }
    }
}

TEST_CASE("Q-05 a power transfer gives out of the turn-start power: a gain or a loss in the same turn changes nothing",
          "[tagteam]") {
    // Seed L554: power added or removed during the turn does not affect the turn's actions; L625:
    // a fighter's power is its power at the start of the turn. Found by a rules audit
    // (2026-11-30): a cube gained in the step could be passed on, one lost could not.
    const std::string ransom = "tagteam/zheng_shi/ransom@1";   // "the Opponent passes you 1 power"
    SECTION("a cube gained this turn is not passed on") {
        Run r = play(side({ransom}, {2, 0}), side({fx("s_gain_then_atk")}, {0, 0}));
        REQUIRE(r.state == RunState::Finished);
        CHECK(r.power(2, 1) == 1);   // the gain stands
        CHECK(r.power(1, 1) == 2);   // nothing passed: 0 at the start of the turn
        CHECK(r.events("tagteam.transfer").empty());
        Run live = play(side({ransom}, {2, 0}), side({fx("s_gain_then_atk")}, {0, 0}), {{"transfer_pool", "live"}});
        CHECK(live.power(2, 1) == 0);
        CHECK(live.power(1, 1) == 3);
    }
    SECTION("a cube the opponent takes this turn is still passed") {
        // S-XFER(2): pass 2 to the partner, holding 1; Pinning Shot: the Opponent loses 1 power.
        Run r = play(side({fx("s_xfer2")}, {1, 0}), side({"tagteam/kestrel/pinning_shot@1"}));
        REQUIRE(r.state == RunState::Finished);
        CHECK(r.power(1, 2) == 1);   // the one cube it had is passed
        CHECK(r.power(1, 1) == 0);   // and the loss leaves it at 0, not below
        Run live = play(side({fx("s_xfer2")}, {1, 0}), side({"tagteam/kestrel/pinning_shot@1"}), {{"transfer_pool", "live"}});
        CHECK(live.power(1, 2) == 0);
        CHECK(live.power(1, 1) == 0);
    }
    SECTION("what was passed in an earlier step of the turn is not there to pass again") {
        // Two THEN segments each passing 2, from 3 at the start of the turn: 2, then 1.
        Run r = play(side({fx("s_xfer2_then_xfer2")}, {3, 0}), side({fx("s_idle")}));
        REQUIRE(r.state == RunState::Finished);
        CHECK(r.power(1, 2) == 3);
        CHECK(r.power(1, 1) == 0);
    }
}

TEST_CASE("TT-01 TT-03 a condition after THEN reads the turn-start power, not a gain earlier in the turn", "[tagteam]") {
    // Seed L445 / L625: power is fixed at the start of the turn. TT-01 and TT-03(c) gain their
    // power from a track symbol, which fires after every card action (R7); here the card itself
    // gains 2 before its THEN segment asks for 8.
    Run r = play(side({fx("s_gain2_then_atk8")}, {7, 2}), side({fx("s_idle")}));
    REQUIRE(r.state == RunState::Finished);
    CHECK(r.power(1, 1) == 9);              // the gain happened, in the first step
    CHECK(r.events("tagteam.attacked").empty());   // the attack did not: 7 at the start of the turn
    CHECK(r.hp(2, 1) == 20);
    Run at8 = play(side({fx("s_gain2_then_atk8")}, {8, 2}), side({fx("s_idle")}));
    CHECK(at8.events("tagteam.attacked").size() == 1);
    CHECK(at8.hp(2, 1) == 12);              // strength 8, the turn-start power
}

TEST_CASE("Seat teams: one seat alone naming its team, a team of one or one fighter twice is refused, naming the field", "[tagteam]") {
    Side named = side({fx("s_idle")});
    named.fighters = {"tagteam/golem", "tagteam/shango"};
    SECTION("one seat alone") {
        Scenario s = scenario(named, side({fx("s_idle")}));
        s.seats[1].setup.erase("fighters");
        Run r = play(s);
        REQUIRE(r.state == RunState::Failed);
        CHECK_THAT(r.runner->error(), Catch::Contains("players[0].setup.fighters: only one seat names its team"));
    }
    SECTION("a team of one") {
        Side one = named;
        one.fighters = {"tagteam/jeanne"};
        Run r = play(named, one);
        REQUIRE(r.state == RunState::Failed);
        CHECK_THAT(r.runner->error(), Catch::Contains("players[1].setup.fighters: a team is two fighters, not 1"));
    }
    SECTION("one fighter twice (a team is two characters' boards, §1.1; audit of session 32)") {
        Side twice = named;
        twice.fighters = {"tagteam/golem", "tagteam/golem"};
        Run r = play(named, twice);
        REQUIRE(r.state == RunState::Failed);
        CHECK_THAT(r.runner->error(),
                   Catch::Contains("players[1].setup.fighters: a team is two different characters, not tagteam/golem twice"));
    }
}

TEST_CASE("Seat start cells off a fighter's track, or on a track it lacks, are refused naming the field", "[tagteam]") {
    // hp 30 on a 14-cell track failed in the kernel with a stack trace; a special value for a
    // fighter without a special track was ignored.
    Side jeanne = side({fx("s_idle")});
    jeanne.fighters = {"tagteam/jeanne", "tagteam/golem"};
    Scenario s = scenario(jeanne, side({fx("s_idle")}));
    s.seats[0].setup["hp"] = {30, 15};
    Run r = play(s);
    REQUIRE(r.state == RunState::Failed);
    CHECK_THAT(r.runner->error(), Catch::Contains("players[0].setup.hp[1]: 30 is not a cell of Jeanne's health track (0 to 14)"));
    s.seats[0].setup.erase("hp");
    s.seats[0].setup["special"] = {1, 2};
    Run golem = play(s);
    REQUIRE(golem.state == RunState::Failed);
    CHECK_THAT(golem.runner->error(), Catch::Contains("players[0].setup.special[2]: Golem has no special track"));
    s.seats[0].setup["special"] = {2};   // Jeanne's own special track: accepted
    CHECK(play(s).state != RunState::Failed);
}
