// Helter Skelter's ambiguity options (spec §14): each alternative reading changes what its
// default does, as the option's doc says (game.lua; docs/rules-decisions.md). The defaults are
// checked by the worked examples in the other files. T12: 9 ‖ 10C 11 12 / 5 6 7H 8H / 1 2C 3 4.
#include <catch2/catch.hpp>

#include "helter_run.h"

using namespace duelbox::helter_test;
using J = nlohmann::json;

TEST_CASE("AMB-02 interrupt priority from the active player's left, or from the actor's left", "[helter][options]") {
    auto table = [](J options) {
        return Table({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {"dredd||"}}}),
                      seat("strontium_dogs", {{"deployed", {"wulf@12"}}, {"hand", {"||interrupt"}}}),
                      seat("nikolai_dante", {{"deployed", {"nikolai@9"}}, {"hand", {"||interrupt", "nikolai||"}}}),
                      seat("slaine", {{"deployed", {"ukko@4"}}, {"hand", {"||interrupt"}}})}, options);
    };
    for (const char* priority : {"from_active", "from_actor"}) {
        INFO(priority);
        Table t = table(J{{"interrupt_priority", priority}});
        t.pick("Judge Dredd: MOVE");
        t.pick("2");
        t.expect_question("interrupt", 2);
        t.pick("pass");
        t.expect_question("interrupt", 3);
        t.pick("INTERRUPT with [||interrupt]");
        t.pick("Nikolai Dante: MOVE");
        // After C: B first (from A's left), or D first (from C's left).
        t.expect_question("interrupt", std::string(priority) == "from_active" ? 2 : 4);
    }
}

TEST_CASE("AMB-03 and AMB-07 the actor as a defender of its own BLAST or HI-EX", "[helter][options]") {
    auto blast = [](J options) {
        Table t({seat("slaine", {{"deployed", {"kai@6"}}, {"health", {"kai=1"}}, {"hand", {"|blast>kai|"}}}),
                 seat("judges", {{"deployed", {"giant@6", "dredd@12"}}})}, options);
        t.pick("Kai: BLAST");
        return t.at("Kai");
    };
    CHECK(blast(J::object()).empty());   // Kai hit by his own BLAST: dead
    CHECK(blast(J{{"blast_hits_actor", false}}) == "6");
    auto hiex = [](J options) {
        Table t({seat("judges", {{"deployed", {"dredd@10"}}, {"health", {"dredd=1"}}, {"hand", {"|snipe>dredd|"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@10", "gronk@10"}}})}, options);
        t.pick("Judge Dredd: SNIPE");
        t.pick("Wulf Sternhammer");
        t.yes(true);
        return t.at("Judge Dredd");
    };
    CHECK(hiex(J::object()).empty());
    CHECK(hiex(J{{"hiex_hits_actor", false}}) == "10");
}

TEST_CASE("AMB-04 after interrupts of the end-of-turn declaration: draw, or back to step 2", "[helter][options]") {
    for (const char* resume : {"draw", "resume"}) {
        INFO(resume);
        Table t({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {"dredd||"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@12"}}, {"hand", {"||interrupt"}}})},
                J{{"resume_after_end_interrupt", resume}});
        t.pick("end turn");
        t.pick("INTERRUPT with [||interrupt]");
        t.pick("end turn");
        if (std::string(resume) == "draw") {
            t.expect_question("turn", 2);   // A drew and passed; B's own turn
            CHECK(t.events("helter.turn").size() == 2);
        } else {
            t.expect_question("turn", 1);   // A acts again
            CHECK(t.offers("Judge Dredd: MOVE"));
        }
    }
}

TEST_CASE("AMB-09 simultaneous defenses are told only when every owner has declared", "[helter][options]") {
    Table t({seat("slaine", {{"deployed", {"kai@6", "niamh@6"}}, {"hand", {"|blast>kai|", "||deflect"}}}),
             seat("judges", {{"deployed", {"giant@6"}}, {"hand", {"||deflect"}}})}, J{{"defense_order", "simultaneous"}});
    t.pick("Kai: BLAST");                 // 6: the only space with an enemy, no question
    t.expect_question("defense", 1);
    t.pick("DEFLECT with [||deflect]");   // Niamh
    t.expect_question("defense", 2);     // Kai's owner has nothing left; the Judges answer
    CHECK(t.events("helter.defend").empty());   // nothing told yet
    CHECK(t.zone_of("[||deflect]") == "hand");
    t.pick("DEFLECT with [||deflect]");
    CHECK(t.events("helter.defend").size() == 2);
    CHECK(t.health("Niamh") == 3);
    CHECK(t.health("Judge Giant") == 3);
    CHECK(t.health("Kai") == 2);
}

TEST_CASE("AMB-10 Warp-Sláine shows Sláine's symbol, or his own", "[helter][options]") {
    for (const char* symbol : {"slaine", "own"}) {
        INFO(symbol);
        Table t({seat("slaine", {{"deployed", {"warp_slaine@6"}}, {"hand", {"slaine||"}}}), seat("judges", {{"deployed", {"giant@12"}}})},
                J{{"warp_slaine_symbol", symbol}});
        CHECK(t.offers("Warp-Sláine: MOVE") == (std::string(symbol) == "slaine"));
    }
}

namespace {
// Judge Dredd (seat 1, active) moves; Wulf (seat 2) interrupts: both hold a wild INTERRUPT.
Table wulf_interrupts(const J& options) {
    Table t({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {"dredd||", "||interrupt"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}, {"hand", {"||interrupt", "wulf||"}}})},
            options);
    t.pick("Judge Dredd: MOVE");
    t.pick("2");
    t.pick("INTERRUPT with [||interrupt]");
    return t;
}
}  // namespace

TEST_CASE("AMB-13 the active player may interrupt an interrupting turn, or not", "[helter][options]") {
    for (bool may : {true, false}) {
        INFO(may);
        Table t = wulf_interrupts(J{{"active_may_interrupt", may}});
        t.pick("Wulf Sternhammer: MOVE");
        if (may) t.expect_question("interrupt", 1);
        else t.expect_question("turn", 2);
    }
}

TEST_CASE("AMB-13 the active player is not offered an interrupt of an interrupting turn's end: play returns to them",
          "[helter][options]") {
    // Seed L650 (an INTERRUPT only out of turn), L661-663 (then play returns to the marker's
    // holder). Found by a rules audit (2026-11-30): the holder was asked, and paid a wild card for
    // a turn that ended in their own turn anyway. With nested_interrupt_return "resume" play may
    // go back to another player's interrupted turn, so the holder is still asked there.
    for (const char* ret : {"active", "resume"}) {
        INFO(ret);
        Table t = wulf_interrupts(J{{"nested_interrupt_return", ret}});
        t.pick("end turn");
        if (std::string(ret) == "active") t.expect_question("turn", 1);   // straight back to the holder
        else t.expect_question("interrupt", 1);
    }
}

TEST_CASE("AMB-14 and AMB-17 a window after a deploy; step 1's deploy optional", "[helter][options]") {
    Table w({seat("judges", {{"starts", {"dredd@1", "giant@3"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}, {"hand", {"||interrupt", "||interrupt"}}})},
            J{{"window_after_deploy", true}});
    w.pick("Judge Dredd");          // step 1: a deploy, so a window under the option
    w.expect_question("interrupt", 2);
    w.pick("pass");
    w.expect_question("turn", 1);
    w.pick("deploy Judge Giant");
    w.expect_question("interrupt", 2);
    Table o({seat("judges", {{"starts", {"dredd@1"}}}), seat("strontium_dogs", {{"deployed", {"wulf@12"}}})},
            J{{"mandatory_deploy", false}});
    o.expect_question("turn", 1);
    CHECK(o.offers("deploy Judge Dredd"));
    CHECK(o.offers("end turn"));
}
