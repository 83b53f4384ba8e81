// Helter Skelter on the map (spec §2, §6.1–6.10, §11.3–11.6): line of sight and range as the
// actions see them, MOVE/CLIMB/FLY destinations, waterfalls, and BLAST's defenders. T12:
//   9 ‖ 10C 11  12        C cover, H high ground, ‖ the wall between 9 and 10
//   5    6  7H  8H
//   1   2C   3   4
#include <catch2/catch.hpp>

#include "helter_run.h"

using namespace duelbox::helter_test;
using J = nlohmann::json;

namespace {
const char* kTW = "tests/support/maps/helter_tw.json";
std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}
}  // namespace

TEST_CASE("§2.7 a map whose terrain attributes and sight disagree is refused, naming the space", "[helter][board]") {
    // Space 7 both high ground and cover, its sight obscuring: the kernel would then hide high
    // ground from high ground behind it, where only walls may (HS-10o), while the rules moved and
    // defended on it as high cover. Found by the rules audit of session 32.
    duelbox::MatchRunner r(host(), scenario({seat("judges", {{"deployed", {"dredd@5"}}}), seat("strontium_dogs", {{"deployed", {"wulf@8"}}})},
                                   J::object(), "tests/support/maps/helter_t12_bad_terrain.json"));
    REQUIRE(r.run() == duelbox::RunState::Failed);
    CHECK(r.error() == "tests/support/maps/helter_t12_bad_terrain.json: space 7: its attributes (high true, cover true) need "
                       "sight elevation 1 and obscures false, but its sight gives elevation 1 and obscures true");
}

TEST_CASE("HS-10 a SNIPE's defenders are the enemies in sight: cover, high ground and walls block", "[helter][board]") {
    SECTION("from normal ground on 1 (HS-10a, b, k, l)") {
        Table t({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {"||snipe"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@2", "gronk@3", "johnny@9", "durham@10"}}})});
        t.pick("Judge Dredd: SNIPE");
        t.expect_question("target", 1);
        CHECK(sorted(t.options()) == sorted({"Wulf Sternhammer", "Johnny Alpha", "Durham Red"}));   // 3: behind cover 2
    }
    SECTION("from high ground on 7 (HS-10e, g, o) and 8 (HS-10f, n, p)") {
        Table t({seat("judges", {{"deployed", {"dredd@7", "giant@8"}}, {"hand", {"||snipe"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@6", "gronk@1", "johnny@5", "durham@12"}}})});
        t.pick("Judge Dredd: SNIPE");
        CHECK(sorted(t.options()) == sorted({"Wulf Sternhammer", "Gronk", "Johnny Alpha", "Durham Red"}));
        Table u({seat("judges", {{"deployed", {"giant@8"}}, {"hand", {"||snipe"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@12", "gronk@1", "johnny@5", "durham@4"}}})});
        u.pick("Judge Giant: SNIPE");
        CHECK(sorted(u.options()) == sorted({"Wulf Sternhammer", "Durham Red"}));   // 7 (high) hides 1 and 5
    }
    SECTION("normal ground never sees high ground (HS-10d, m); the wall hides 9 from 10 (HS-10i, r)") {
        Table t({seat("judges", {{"deployed", {"dredd@6", "giant@12"}}, {"hand", {"||snipe"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@7", "gronk@8", "johnny@10"}}})});
        CHECK(t.offers("Judge Dredd: SNIPE"));   // Johnny on 10
        t.pick("Judge Dredd: SNIPE");
        CHECK(t.story().find("Judge Dredd SNIPEs Johnny Alpha") != std::string::npos);   // the only target
        Table w({seat("judges", {{"deployed", {"dredd@9"}}, {"hand", {"||snipe"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@10"}}})});
        CHECK_FALSE(w.offers("Judge Dredd: SNIPE"));
    }
    SECTION("high to high ground: only walls matter (HS-10o); 12 does not see 9 (HS-10r)") {
        Table t({seat("judges", {{"deployed", {"dredd@7"}}, {"hand", {"||snipe"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@8"}}})});
        t.pick("Judge Dredd: SNIPE");
        CHECK(t.story().find("Judge Dredd SNIPEs Wulf Sternhammer") != std::string::npos);
        Table r({seat("judges", {{"deployed", {"dredd@12"}}, {"hand", {"||snipe"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@9"}}})});
        CHECK_FALSE(r.offers("Judge Dredd: SNIPE"));   // cover on 10, and the wall
    }
}

TEST_CASE("HS-11 SHOTGUN: in sight and at most two spaces away", "[helter][board]") {
    SECTION("HS-11b: from 1, 10 is three away: no SHOTGUN, but a SNIPE is still legal") {
        Table t({seat("judges", {{"deployed", {"giant@1"}}, {"hand", {"|shotgun>giant|", "||snipe"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@10"}}})});
        CHECK_FALSE(t.offers("Judge Giant: SHOTGUN"));
        REQUIRE(t.offers("Judge Giant: SNIPE"));
        t.pick("Judge Giant: SNIPE");
        CHECK(t.story().find("Judge Giant SNIPEs Wulf Sternhammer") != std::string::npos);
    }
    SECTION("HS-11a, b, d: from 1, 9 is in range, 10 is three away, 3 is behind cover") {
        Table t({seat("judges", {{"deployed", {"giant@1"}}, {"hand", {"|shotgun>giant|"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@9", "gronk@10", "johnny@3"}}})});
        t.pick("Judge Giant: SHOTGUN");
        INFO(t.describe() << "\n" << t.story());
        CHECK(t.story().find("Judge Giant SHOTGUNs Wulf Sternhammer") != std::string::npos);
        CHECK(t.health("Wulf Sternhammer") == 2);   // 2 damage
    }
    SECTION("HS-11c: from 2, 4 is two spaces away and in sight: SHOTGUN is legal") {
        Table t({seat("judges", {{"deployed", {"giant@2"}}, {"hand", {"|shotgun>giant|"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@4"}}})});
        REQUIRE(t.offers("Judge Giant: SHOTGUN"));
        t.pick("Judge Giant: SHOTGUN");
        CHECK(t.story().find("Judge Giant SHOTGUNs Wulf Sternhammer") != std::string::npos);
    }
    SECTION("HS-11e, f, g: high to low through 6 yes; low to high no; the same space yes") {
        Table t({seat("judges", {{"deployed", {"giant@7"}}, {"hand", {"|shotgun>giant|"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@5"}}})});
        CHECK(t.offers("Judge Giant: SHOTGUN"));
        Table u({seat("judges", {{"deployed", {"giant@5"}}, {"hand", {"|shotgun>giant|"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@7"}}})});
        CHECK_FALSE(u.offers("Judge Giant: SHOTGUN"));
        Table v({seat("judges", {{"deployed", {"giant@6"}}, {"hand", {"|shotgun>giant|"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@6"}}})});
        CHECK(v.offers("Judge Giant: SHOTGUN"));
    }
    SECTION("HS-11h: across a waterfall the distance is 2 (TW)") {
        Table t({seat("judges", {{"deployed", {"giant@21"}}, {"hand", {"|shotgun>giant|"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@22"}}})}, J::object(), kTW);
        CHECK(t.offers("Judge Giant: SHOTGUN"));
    }
    SECTION("the target in 9 is not on cover: no COVER") {
        Table t({seat("judges", {{"deployed", {"giant@1"}}, {"hand", {"|shotgun>giant|"}}}),
                 seat("strontium_dogs", {{"deployed", {"wulf@9"}}, {"hand", {"||cover", "||deflect"}}})});
        t.pick("Judge Giant: SHOTGUN");
        t.expect_question("defense", 2);
        CHECK(t.options() == std::vector<std::string>{"no defense: Wulf Sternhammer takes 2 damage", "DEFLECT with [||deflect]"});
    }
}

TEST_CASE("HS-12 MOVE, CLIMB and FLY destinations", "[helter][board]") {
    SECTION("HS-12a: no MOVE onto high ground; CLIMB 6 -> 7 costs two cards") {
        Table t({seat("judges", {{"deployed", {"dredd@6"}}, {"hand", {"dredd||", "dredd||"}}}), seat("slaine", {{"deployed", {"kai@12"}}})});
        t.pick("Judge Dredd: MOVE");
        t.expect_question("move", 1);
        CHECK(sorted(t.options()) == sorted({"2", "5", "10"}));
    }
    SECTION("HS-12b: from high ground MOVE goes down and along; CLIMB only up") {
        Table t({seat("judges", {{"deployed", {"dredd@7"}}, {"hand", {"dredd||", "dredd||"}}}), seat("slaine", {{"deployed", {"kai@12"}}})});
        t.pick("Judge Dredd: MOVE");
        CHECK(sorted(t.options()) == sorted({"3", "6", "8", "11"}));
        Table u({seat("judges", {{"deployed", {"dredd@6"}}, {"hand", {"dredd||", "dredd||"}}}), seat("slaine", {{"deployed", {"kai@12"}}})});
        u.pick("Judge Dredd: CLIMB");
        CHECK(u.at("Judge Dredd") == "7");   // the only high ground next to 6: no question
    }
    SECTION("HS-12c: no MOVE through the wall; three MOVEs are three actions") {
        Table t({seat("judges", {{"deployed", {"dredd@9"}}, {"hand", {"dredd||"}}}), seat("slaine", {{"deployed", {"kai@12"}}})});
        t.pick("Judge Dredd: MOVE");
        CHECK(t.at("Judge Dredd") == "5");   // 9's only border: no question
    }
    SECTION("HS-12d: FLY up to two steps, climbing freely, never through the wall") {
        Table t({seat("nikolai_dante", {{"deployed", {"viktor@6"}}, {"hand", {"|fly>viktor|"}}}), seat("slaine", {{"deployed", {"kai@1"}}})});
        t.pick("Viktor Romanov: FLY");
        t.expect_question("fly", 1);
        CHECK(t.offers("8"));   // 6 -> 7 -> 8
        CHECK(t.offers("7"));
        Table u({seat("nikolai_dante", {{"deployed", {"viktor@9"}}, {"hand", {"|fly>viktor|"}}}), seat("slaine", {{"deployed", {"kai@1"}}})});
        u.pick("Viktor Romanov: FLY");
        CHECK(sorted(u.options()) == sorted({"1", "5", "6"}));   // not 10 (wall, AMB-11)
    }
    SECTION("AMB-11 alternative: FLY crosses walls") {
        Table u({seat("nikolai_dante", {{"deployed", {"viktor@9"}}, {"hand", {"|fly>viktor|"}}}), seat("slaine", {{"deployed", {"kai@1"}}})},
                J{{"fly_crosses_walls", true}});
        u.pick("Viktor Romanov: FLY");
        CHECK(u.offers("10"));
    }
}

TEST_CASE("HS-13 waterfalls: never entered by MOVE, crossed by FLY, never a FLY's end; BLAST does not cross", "[helter][board]") {
    Table t({seat("nikolai_dante", {{"deployed", {"viktor@21"}}, {"hand", {"viktor||", "|fly>viktor|", "|blast>viktor|"}}}),
             seat("slaine", {{"deployed", {"kai@22"}}})}, J::object(), kTW);
    CHECK_FALSE(t.offers("Viktor Romanov: BLAST"));   // 22 shares no border with 21
    t.pick("Viktor Romanov: FLY");
    CHECK(sorted(t.options()) == sorted({"22", "23"}));   // not W1
    Table m({seat("nikolai_dante", {{"deployed", {"viktor@21"}}, {"hand", {"viktor||"}}}), seat("slaine", {{"deployed", {"kai@22"}}})},
            J::object(), kTW);
    m.pick("Viktor Romanov: MOVE");
    CHECK(m.at("Viktor Romanov") == "23");   // its only border
    Table f({seat("nikolai_dante", {{"deployed", {"viktor@23"}}, {"hand", {"|fly>viktor|"}}}), seat("slaine", {{"deployed", {"kai@22"}}})},
            J::object(), kTW);
    f.pick("Viktor Romanov: FLY");
    CHECK(f.at("Viktor Romanov") == "21");   // 23 -> 21 -> W1 would end on the waterfall
}

TEST_CASE("HS-14 BLAST hits every character on the space, the actor's own included", "[helter][board]") {
    Table t({seat("slaine", {{"deployed", {"kai@6", "niamh@6"}}, {"health", {"niamh=1"}},
                             {"hand", {"kai|blast>kai|", "||deflect", "||cover"}}}),
             seat("judges", {{"deployed", {"giant@6", "dredd@7"}}, {"health", {"giant=2"}}, {"hand", {"||cover"}}})});
    t.pick("Kai: BLAST");
    t.expect_question("blast", 1);
    CHECK(sorted(t.options()) == sorted({"6", "7"}));   // 7: adjacent, no sight needed
    t.pick("6");
    t.expect_question("defense", 1);   // the acting player first: Niamh, then Kai
    CHECK_FALSE(t.offers("COVER with [||cover]"));
    t.pick("no defense: Niamh takes 1 damage");
    t.expect_question("defense", 1);
    t.pick("DEFLECT with [||deflect]");
    // Giant's owner holds only COVER: not asked.
    CHECK(t.health("Judge Giant") == 1);
    CHECK(t.health("Kai") == 3);
    CHECK(t.zone_of("Niamh") == "removed");
    CHECK(t.points(1) == 0);
    Table wall({seat("slaine", {{"deployed", {"kai@9"}}, {"hand", {"|blast>kai|"}}}), seat("judges", {{"deployed", {"giant@10"}}})});
    CHECK_FALSE(wall.offers("Kai: BLAST"));
    Table own({seat("slaine", {{"deployed", {"kai@6", "niamh@6"}}, {"hand", {"|blast>kai|"}}}), seat("judges", {{"deployed", {"giant@12"}}})});
    CHECK_FALSE(own.offers("Kai: BLAST"));
}
