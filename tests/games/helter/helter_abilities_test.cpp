// Helter Skelter team rules (spec §9, §11.7–11.10): HI-EX, PSI, DEMONS, VAMPIRISM, HEAL's cap,
// WARP SPASM and BERSERK. T12: 9 ‖ 10C 11 12 / 5 6 7H 8H / 1 2C 3 4.
#include <catch2/catch.hpp>

#include "helter_run.h"

using namespace duelbox::helter_test;
using J = nlohmann::json;

namespace {
std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}
}  // namespace

TEST_CASE("HS-15 HI-EX makes every other character on the space a defender, friends included", "[helter][team]") {
    auto table = [](const char* sniper) {
        return Table({seat("judges", {{"deployed", {sniper, "mean_machine@10"}}, {"health", {"mean_machine=1"}},
                                      {"hand", {"dredd+giant|snipe>dredd|snipe"}}}),
                      seat("strontium_dogs", {{"deployed", {"johnny@10", "durham@10"}}, {"hand", {"||cover"}}}),
                      seat("nikolai_dante", {{"deployed", {"nikolai@10"}}, {"health", {"nikolai=1"}}})});
    };
    Table t = table("dredd@1");
    t.pick("Judge Dredd: SNIPE");
    t.expect_question("target", 1);
    t.pick("Johnny Alpha");
    t.expect_question("hiex", 1);
    t.yes(true);
    // Judges declare first (Mean Machine: nothing left to pay with), then the Strontium Dogs.
    t.expect_question("defense", 2);
    CHECK(t.offers("COVER with [||cover]"));   // space 10 is cover
    t.pick("COVER with [||cover]");
    CHECK(t.health("Johnny Alpha") == 4);
    CHECK(t.health("Durham Red") == 2);
    CHECK(t.zone_of("Nikolai Dante") == "trophies");   // killed by the Judges: their point
    CHECK(t.zone_of("Mean Machine") == "removed");     // their own: removed, no point
    CHECK(t.points(1) == 1);
    Table giant = table("giant@1");
    giant.pick("Judge Giant: SNIPE");
    giant.pick("Johnny Alpha");
    CHECK(giant.id() != "hiex");   // Giant has no HI-EX
}

TEST_CASE("HS-16 PSI: the defender's owner must discard a card showing it; else 1 damage; no defense", "[helter][team]") {
    auto table = [](J hand, J options = J::object()) {
        return Table({seat("judges", {{"deployed", {"anderson@5"}}, {"hand", {"|psi>anderson|"}}}),
                      seat("strontium_dogs", {{"deployed", {"wulf@9"}}, {"hand", hand}})}, options);
    };
    Table forced = table({"wulf+gronk||", "||deflect"});
    forced.pick("Judge Anderson: PSI");
    CHECK(forced.health("Wulf Sternhammer") == 4);   // the only matching card, discarded without a question
    CHECK(forced.count("hand", 2) == 1);
    Table none = table({"||deflect"});
    none.pick("Judge Anderson: PSI");
    CHECK(none.health("Wulf Sternhammer") == 3);
    Table amb08 = table({"wulf+gronk||"}, J{{"psi_discard_forced", false}});
    amb08.pick("Judge Anderson: PSI");
    amb08.expect_question("psi", 2);
    amb08.pick("Wulf Sternhammer takes 1 damage");
    CHECK(amb08.health("Wulf Sternhammer") == 3);
    Table kill({seat("judges", {{"deployed", {"anderson@5"}}, {"hand", {"|psi>anderson|"}}}),
                seat("strontium_dogs", {{"deployed", {"wulf@9", "gronk@1"}}, {"health", {"wulf=1"}}})});
    kill.pick("Judge Anderson: PSI");
    kill.pick("Wulf Sternhammer");
    CHECK(kill.points(1) == 1);
}

TEST_CASE("HS-17 DEMONS: Lulu's MELEE and SMASH reach adjacent spaces, not corners", "[helter][team]") {
    Table t({seat("nikolai_dante", {{"deployed", {"lulu@6"}}, {"hand", {"|melee>lulu|"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@10", "gronk@9", "johnny@7"}}, {"hand", {"||melee"}}})});
    t.pick("Lulu Romanov: MELEE");
    t.expect_question("target", 1);
    CHECK(sorted(t.options()) == sorted({"Wulf Sternhammer", "Johnny Alpha"}));
    t.pick("Wulf Sternhammer");
    t.expect_question("defense", 2);
    CHECK(t.offers("BLOCK with [||melee]"));
    Table elena({seat("nikolai_dante", {{"deployed", {"elena@6"}}, {"hand", {"||melee"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@10"}}})});
    CHECK_FALSE(elena.offers("Elena Kurakin: MELEE"));
}

TEST_CASE("HS-18 VAMPIRISM: Durham may regain a cube when her MELEE damages an enemy, up to 3", "[helter][team]") {
    auto table = [](J hand, J enemy_hand = J::array()) {
        return Table({seat("strontium_dogs", {{"deployed", {"durham@6"}}, {"health", {"durham=2"}}, {"hand", hand}}),
                      seat("judges", {{"deployed", {"dredd@6"}}, {"hand", enemy_hand}})});
    };
    Table t = table({"|melee>durham|", "|melee>durham|"});
    t.pick("Durham Red: MELEE");
    t.expect_question("vampirism", 1);
    t.yes(true);
    CHECK(t.health("Durham Red") == 3);
    CHECK(t.health("Judge Dredd") == 3);
    t.pick("Durham Red: MELEE");
    CHECK(t.id() == "turn");   // at 3: nothing to offer
    CHECK(t.health("Durham Red") == 3);
    Table blocked = table({"|melee>durham|"}, {"||melee"});
    blocked.pick("Durham Red: MELEE");
    blocked.pick("BLOCK with [||melee]");
    CHECK(blocked.id() == "turn");
    Table smash = table({"||smash"});
    smash.pick("Durham Red: SMASH");
    CHECK(smash.id() == "turn");   // AMB-15: only MELEE feeds
    CHECK(smash.health("Judge Dredd") == 2);
    Table amb15 = Table({seat("strontium_dogs", {{"deployed", {"durham@6"}}, {"health", {"durham=2"}}, {"hand", {"||smash"}}}),
                         seat("judges", {{"deployed", {"dredd@6"}}})}, J{{"vamp_on_smash", true}});
    amb15.pick("Durham Red: SMASH");
    amb15.expect_question("vampirism", 1);
}

TEST_CASE("HS-19 HEAL: one cube, never above starting health; self allowed; same or adjacent space only", "[helter][team]") {
    Table t({seat("strontium_dogs", {{"deployed", {"gronk@10", "wulf@10", "johnny@12", "durham@9"}}, {"health", {"wulf=3", "gronk=1"}},
                                     {"hand", {"|heal>gronk|", "|heal>gronk|", "|heal>gronk|"}}}),
             seat("judges", {{"deployed", {"dredd@1"}}})});
    t.pick("Gronk: HEAL");
    t.expect_question("heal", 1);
    CHECK(sorted(t.options()) == sorted({"Gronk", "Wulf Sternhammer"}));   // 12 is two away; 9 is behind the wall
    t.pick("Wulf Sternhammer");
    CHECK(t.health("Wulf Sternhammer") == 4);   // starting health 4 (SAMPLE value)
    t.pick("Gronk: HEAL");
    t.pick("Wulf Sternhammer");
    CHECK(t.health("Wulf Sternhammer") == 4);   // legal, stays at the cap
    t.pick("Gronk: HEAL");
    t.pick("Gronk");
    CHECK(t.health("Gronk") == 2);               // Gronk heals himself
}

TEST_CASE("HS-20 WARP SPASM by dealing damage: cubes for the SMASH, then Warp-Sláine with Sláine's health", "[helter][team]") {
    Table t({seat("slaine", {{"deployed", {"slaine@6"}}, {"health", {"slaine=2"}}, {"hand", {"|smash>slaine|"}}}),
             seat("judges", {{"deployed", {"giant@6"}}})});
    t.pick("Sláine mac Roth: SMASH");
    CHECK(t.health("Judge Giant") == 1);
    CHECK(t.at("Warp-Sláine") == "6");
    CHECK(t.health("Warp-Sláine") == 2);
    CHECK(t.at("Sláine mac Roth").empty());
    CHECK(t.warp("Sláine mac Roth") == 0);   // the cubes went back
    CHECK(t.zone_of("Sláine mac Roth") == "set_aside");   // replaced, not dead (AMB-10)
}

TEST_CASE("HS-21 WARP SPASM by taking damage; never on death; HS-21b overkill counts nominal damage", "[helter][team]") {
    auto sniped = [](const char* health, int warp) {
        return Table({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {"|snipe>dredd|", "|snipe>dredd|"}}}),
                      seat("slaine", {{"deployed", {"slaine@5"}}, {"health", {health}}, {"warp", warp}})});
    };
    Table t = sniped("slaine=4", 2);
    t.pick("Judge Dredd: SNIPE");
    CHECK(t.health("Sláine mac Roth") == 3);
    CHECK(t.at("Sláine mac Roth") == "5");
    t.pick("Judge Dredd: SNIPE");
    CHECK(t.at("Warp-Sláine") == "5");
    CHECK(t.health("Warp-Sláine") == 2);
    Table dead = sniped("slaine=1", 0);
    dead.pick("Judge Dredd: SNIPE");
    CHECK(dead.zone_of("Sláine mac Roth") == "trophies");
    CHECK(dead.zone_of("Warp-Sláine") == "set_aside");
    auto overkill = [](J options) {
        return Table({seat("slaine", {{"deployed", {"slaine@6"}}, {"hand", {"|smash>slaine|"}}}),
                      seat("judges", {{"deployed", {"giant@6", "dredd@1"}}, {"health", {"giant=1"}}})}, options);
    };
    Table nominal = overkill(J::object());
    nominal.pick("Sláine mac Roth: SMASH");
    CHECK(nominal.warp("Sláine mac Roth") == 2);
    Table removed = overkill(J{{"warp_count", "removed"}});
    removed.pick("Sláine mac Roth: SMASH");
    CHECK(removed.warp("Sláine mac Roth") == 1);
}

TEST_CASE("HS-22 BERSERK: Warp-Sláine may pay SMASH with MELEE; Sláine may not", "[helter][team]") {
    Table w({seat("slaine", {{"deployed", {"warp_slaine@6"}}, {"hand", {"||melee"}}}), seat("judges", {{"deployed", {"giant@6"}}})});
    CHECK(w.offers("Warp-Sláine: SMASH"));
    w.pick("Warp-Sláine: SMASH");
    CHECK(w.health("Judge Giant") == 1);
    Table s({seat("slaine", {{"deployed", {"slaine@6"}}, {"hand", {"||melee"}}}), seat("judges", {{"deployed", {"giant@6"}}})});
    CHECK(s.offers("Sláine mac Roth: MELEE"));
    CHECK_FALSE(s.offers("Sláine mac Roth: SMASH"));
}
