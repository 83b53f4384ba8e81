// Helter Skelter costs (spec §5, §11.2): character symbols for standard actions, wild or linked
// symbols for combat actions and defenses, one card one use. Cards are written as the spec
// writes them, "chars | linked | wild" (scripts/helter/symbols.lua). T12 map: 1 2C 3 4 / 5 6 7H 8H / 9 ‖ 10C 11 12.
#include <catch2/catch.hpp>

#include "helter_run.h"

using namespace duelbox::helter_test;
using J = nlohmann::json;

TEST_CASE("HS-01 a card with two character symbols pays either character's MOVE, no one else's", "[helter][cost]") {
    Table t({seat("judges", {{"deployed", {"dredd@1", "mean_machine@5", "anderson@3"}}, {"hand", {"dredd+mean_machine||"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}})});
    t.expect_question("turn", 1);
    CHECK(t.offers("Judge Dredd: MOVE"));
    CHECK(t.offers("Mean Machine: MOVE"));
    CHECK_FALSE(t.offers("Judge Anderson: MOVE"));
    t.pick("Mean Machine: MOVE");
    t.expect_question("move", 1);
    t.pick("6");
    CHECK(t.at("Mean Machine") == "6");
    CHECK(t.count("discard", 1) == 1);
    CHECK(t.count("hand", 1) == 0);
}

TEST_CASE("HS-02 a linked symbol pays only its character; a wild one pays anyone", "[helter][cost]") {
    auto judges = [](const char* card) {
        return seat("judges", {{"deployed", {"dredd@1", "mean_machine@1"}}, {"hand", {card}}});
    };
    Table linked({judges("dredd|snipe>dredd|"), seat("strontium_dogs", {{"deployed", {"wulf@9"}}})});
    CHECK(linked.offers("Judge Dredd: SNIPE"));
    CHECK_FALSE(linked.offers("Mean Machine: SNIPE"));
    Table wild({judges("||snipe"), seat("strontium_dogs", {{"deployed", {"wulf@9"}}})});
    CHECK(wild.offers("Mean Machine: SNIPE"));
    CHECK(wild.offers("Judge Dredd: SNIPE"));
}

TEST_CASE("HS-03 one card, one use: the card that paid a SNIPE pays nothing else", "[helter][cost]") {
    Table t({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {"dredd|snipe>dredd|melee"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@9", "gronk@1"}}})});
    CHECK(t.offers("Judge Dredd: MOVE"));
    CHECK(t.offers("Judge Dredd: MELEE"));
    t.pick("Judge Dredd: SNIPE");
    t.expect_question("target", 1);
    t.pick("Wulf Sternhammer");
    CHECK(t.health("Wulf Sternhammer") == 3);   // 4, no defense card: 1 damage
    t.expect_question("turn", 1);
    CHECK(t.count("discard", 1) == 1);
    CHECK_FALSE(t.offers("Judge Dredd: MOVE"));
    CHECK_FALSE(t.offers("Judge Dredd: MELEE"));
}

TEST_CASE("HS-04 BLOCK is paid with a MELEE symbol, wild or the defender's own; Warp-Sláine never BLOCKs", "[helter][cost]") {
    auto melee_on = [](const char* victim_team, const char* victim, const char* card) {
        return Table({seat("nikolai_dante", {{"deployed", {"lulu@6"}}, {"hand", {"|melee>lulu|"}}}),
                      seat(victim_team, {{"deployed", {victim}}, {"hand", {card}}})});
    };
    SECTION("wild MELEE") {
        Table t = melee_on("strontium_dogs", "wulf@6", "||melee");
        t.pick("Lulu Romanov: MELEE");
        t.expect_question("defense", 2);
        CHECK(t.offers("BLOCK with [||melee]"));
        t.pick("BLOCK with [||melee]");
        CHECK(t.health("Wulf Sternhammer") == 4);
    }
    SECTION("MELEE linked to Gronk does not pay Wulf's BLOCK") {
        Table t = melee_on("strontium_dogs", "wulf@6", "|melee>gronk|");
        t.pick("Lulu Romanov: MELEE");
        CHECK(t.health("Wulf Sternhammer") == 3);   // no question: nothing pays
        t.expect_question("turn", 1);
    }
    SECTION("Warp-Sláine holding a wild MELEE cannot BLOCK (BERSERK)") {
        Table t = melee_on("slaine", "warp_slaine@6", "||melee");
        t.pick("Lulu Romanov: MELEE");
        CHECK(t.health("Warp-Sláine") == 4);
        t.expect_question("turn", 1);
    }
}

TEST_CASE("HS-05 PRECOG is paid with a PSI symbol linked to the defender", "[helter][cost]") {
    auto snipe_at = [](const char* victim) {
        return Table({seat("strontium_dogs", {{"deployed", {"johnny@1"}}, {"hand", {"|snipe>johnny|"}}}),
                      seat("judges", {{"deployed", {victim}}, {"hand", {"|psi>anderson|", "||deflect"}}})});
    };
    SECTION("Anderson") {
        Table t = snipe_at("anderson@5");
        t.pick("Johnny Alpha: SNIPE");
        t.expect_question("defense", 2);
        CHECK(t.offers("PRECOG with [|psi>anderson|]"));
        t.pick("PRECOG with [|psi>anderson|]");
        CHECK(t.health("Judge Anderson") == 3);
    }
    SECTION("Dredd") {
        Table t = snipe_at("dredd@5");
        t.pick("Johnny Alpha: SNIPE");
        t.expect_question("defense", 2);
        CHECK_FALSE(t.offers("PRECOG with [|psi>anderson|]"));
        CHECK(t.offers("DEFLECT with [||deflect]"));
        CHECK_FALSE(t.offers("COVER with [||deflect]"));
        t.pick("DEFLECT with [||deflect]");
        CHECK(t.health("Judge Dredd") == 4);
    }
}

TEST_CASE("HS-06 CLIMB costs two cards showing the climber's symbol", "[helter][cost]") {
    auto niamh = [](J hand) { return Table({seat("slaine", {{"deployed", {"niamh@6"}}, {"hand", hand}}),
                                            seat("judges", {{"deployed", {"dredd@12"}}})}); };
    Table one = niamh({"niamh||"});
    CHECK_FALSE(one.offers("Niamh: CLIMB"));
    CHECK(one.offers("Niamh: MOVE"));
    Table two = niamh({"niamh||", "niamh+kai||"});
    two.pick("Niamh: CLIMB");
    CHECK(two.at("Niamh") == "7");   // the only high ground next to 6: no question
    CHECK(two.count("discard", 1) == 2);
    CHECK(two.count("hand", 1) == 0);
}

TEST_CASE("HS-07 only a wild INTERRUPT symbol pays an INTERRUPT", "[helter][cost]") {
    auto table = [](const char* card) {
        return Table({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {"dredd||"}}}),
                      seat("strontium_dogs", {{"deployed", {"wulf@12"}}, {"hand", {card}}})});
    };
    Table linked = table("|interrupt>wulf|");
    linked.pick("Judge Dredd: MOVE");
    linked.pick("2");
    linked.expect_question("turn", 1);        // no window question: nothing pays
    Table wild = table("||interrupt");
    wild.pick("Judge Dredd: MOVE");
    wild.pick("2");
    wild.expect_question("interrupt", 2);
    wild.pick("INTERRUPT with [||interrupt]");
    wild.expect_question("turn", 2);
    CHECK(wild.count("discard", 2) == 1);
}
