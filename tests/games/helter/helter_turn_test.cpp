// Helter Skelter turns (spec §3, §4, §6.3, §6.11, §6.14, §8, §10, §11.11–11.13): COLLECT, the
// interrupt windows and their priority, play returning to the marker's holder, drawing, setup
// and the end of the game. T12: 9 ‖ 10C 11 12 / 5 6 7H 8H / 1 2C 3 4.
#include <catch2/catch.hpp>

#include "helter_run.h"

using namespace duelbox;
using namespace duelbox::helter_test;
using J = nlohmann::json;

TEST_CASE("HS-23 COLLECT FRAGMENT: three cards of the actor's symbol or of one dead character's", "[helter][turn]") {
    auto table = [](J hand, J dead, J options = J::object()) {
        return Table({seat("judges", {{"deployed", {"dredd@6"}}, {"dead", dead}, {"fragments", {"6"}}, {"hand", hand}}),
                      seat("strontium_dogs", {{"deployed", {"wulf@12"}}, {"fragments", {"1"}}})}, options);
    };
    Table t = table({"dredd||", "dredd+mean_machine||", "mean_machine||", "mean_machine||"}, {"mean_machine"});
    t.pick("Judge Dredd: COLLECT");
    CHECK(t.count("hand", 1) == 1);   // B + C + D paid (all show Mean Machine); A stays
    CHECK(t.find("[dredd||]") != 0);
    CHECK(t.zone_of("[dredd||]") == "hand");
    CHECK(t.points(1) == 1);
    CHECK(t.count("collected", 1) == 1);
    Table mixed = table({"mean_machine||", "mean_machine||", "giant||"}, {"mean_machine", "giant"});
    CHECK_FALSE(mixed.offers("Judge Dredd: COLLECT"));   // AMB-06: one dead character
    Table amb06 = table({"mean_machine||", "mean_machine||", "giant||"}, {"mean_machine", "giant"}, J{{"collect_dead_single", false}});
    CHECK(amb06.offers("Judge Dredd: COLLECT"));
    Table theirs({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {"dredd||", "dredd||", "dredd||"}}}),
                  seat("strontium_dogs", {{"deployed", {"wulf@12"}}, {"fragments", {"1"}}})});
    CHECK_FALSE(theirs.offers("Judge Dredd: COLLECT"));   // another team's fragment
}

TEST_CASE("HS-24 the fifth point wins at once: no interrupt window", "[helter][turn]") {
    Table t({seat("judges", {{"deployed", {"dredd@6"}}, {"fragments", {"6"}}, {"points", 4}, {"hand", {"dredd||", "dredd||", "dredd||"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}, {"hand", {"||interrupt"}}})});
    t.pick("Judge Dredd: COLLECT");
    CHECK(t.finished());
    CHECK(t.points(1) == 5);
    CHECK(t.winner_reason() == "A wins (5 points)");
}

TEST_CASE("HS-25..HS-28 interrupt priority, no window after an INTERRUPT, play returns to the marker's holder", "[helter][turn]") {
    Table t({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {"dredd||"}}, {"deck", {"giant||", "giant||", "giant||", "giant||"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}, {"hand", {"||interrupt", "||snipe"}}}),
             seat("nikolai_dante", {{"deployed", {"nikolai@9"}}, {"hand", {"||interrupt", "nikolai||"}}}),
             seat("slaine", {{"deployed", {"ukko@12"}}, {"starts", {"niamh@12"}}, {"hand", {"||interrupt", "||interrupt", "||melee"}}})});
    // HS-25: A's MOVE completes; B and D both could interrupt: B, the nearest, is asked first.
    t.pick("Judge Dredd: MOVE");
    t.pick("2");
    t.expect_question("interrupt", 2);
    t.pick("INTERRUPT with [||interrupt]");
    CHECK(t.count("hand", 4) == 3);   // D kept theirs
    // HS-26: no window right after the INTERRUPT; B's SNIPE opens one and C takes it.
    t.expect_question("turn", 2);
    t.pick("Wulf Sternhammer: SNIPE");   // Ukko, on 12 with Wulf, is the only one in sight
    CHECK(t.health("Ukko") == 2);
    t.expect_question("interrupt", 3);
    t.pick("INTERRUPT with [||interrupt]");
    // HS-27: C acts and ends; D passes both windows; play returns to A, not B.
    t.pick("Nikolai Dante: MOVE");   // 9 -> 5, its only border
    t.expect_question("interrupt", 4);
    t.pick("pass");
    t.expect_question("turn", 3);
    t.pick("end turn");
    t.expect_question("interrupt", 4);
    t.pick("pass");
    t.expect_question("turn", 1);
    CHECK(t.events("helter.play_returns").size() == 1);
    CHECK(t.events("helter.draw").empty());   // interrupters never draw
    // HS-28: A declares the end; D interrupts, deploys and MELEEs, ends; A goes to step 4.
    t.pick("end turn");
    t.expect_question("interrupt", 4);
    t.pick("INTERRUPT with [||interrupt]");
    t.expect_question("turn", 4);
    t.pick("deploy Niamh");
    t.expect_question("turn", 4);   // deploying opens no window (HS-31)
    t.pick("Niamh: MELEE");
    CHECK(t.health("Wulf Sternhammer") == 3);
    t.pick("end turn");
    t.expect_question("turn", 2);   // A drew and passed the marker to B
    const auto draws = t.events("helter.draw");
    REQUIRE(draws.size() == 1);
    CHECK(std::get<std::int64_t>(draws[0]->get("player")) == 1);
    CHECK(std::get<std::int64_t>(draws[0]->get("n")) == 3);
}

TEST_CASE("AMB-01 alternative: after a nested interrupt, play resumes the interrupted turn", "[helter][turn]") {
    Table t({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {"dredd||"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}, {"hand", {"||interrupt", "wulf||"}}}),
             seat("nikolai_dante", {{"deployed", {"nikolai@9"}}, {"hand", {"||interrupt"}}})},
            J{{"nested_interrupt_return", "resume"}});
    t.pick("Judge Dredd: MOVE");
    t.pick("2");
    t.pick("INTERRUPT with [||interrupt]");   // B
    t.pick("Wulf Sternhammer: MOVE");   // 12 -> 11, its only border off high ground
    t.expect_question("interrupt", 3);
    t.pick("INTERRUPT with [||interrupt]");   // C interrupts B
    t.pick("end turn");
    t.expect_question("turn", 2);             // back to B, not A
}

TEST_CASE("HS-29 RALLY moves both characters with no window between; a CLIMB in it costs one more card", "[helter][turn]") {
    Table t({seat("nikolai_dante", {{"deployed", {"jena@5", "elena@6"}}, {"hand", {"|rally>jena|", "elena||"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}, {"hand", {"||interrupt"}}})});
    t.pick("Tsarina Jena Makarov: RALLY");   // Elena is the only ally near: no question
    t.expect_question("rally_order", 1);
    t.yes(false);
    t.expect_question("rally_move", 1);
    t.pick("MOVE to 1");
    t.expect_question("rally_move", 1);     // no interrupt window between the two moves
    CHECK(t.offers("CLIMB to 7"));
    CHECK_FALSE(t.offers("MOVE to 7"));
    t.pick("CLIMB to 7");
    CHECK(t.at("Elena Kurakin") == "7");
    CHECK(t.count("hand", 1) == 0);         // the extra card paid the CLIMB
    t.expect_question("interrupt", 2);      // one window after the whole RALLY
    t.pick("pass");
    t.expect_question("turn", 1);
}

TEST_CASE("HS-30 three MOVEs are three actions with three windows", "[helter][turn]") {
    Table t({seat("judges", {{"deployed", {"dredd@9"}}, {"hand", {"dredd||", "dredd||", "dredd||"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}, {"hand", {"||interrupt"}}})});
    t.pick("Judge Dredd: MOVE");   // 9 -> 5
    t.expect_question("interrupt", 2);
    t.pick("pass");
    t.pick("Judge Dredd: MOVE");
    t.pick("6");
    t.expect_question("interrupt", 2);
    t.pick("pass");
    t.pick("Judge Dredd: MOVE");
    t.pick("10");
    t.expect_question("interrupt", 2);
    t.pick("pass");
    CHECK(t.at("Judge Dredd") == "10");
}

TEST_CASE("HS-31 HS-37 step 1 deploys exactly one character; a deploy in step 2 opens no window", "[helter][turn]") {
    Table t({seat("judges", {{"starts", {"dredd@3", "giant@11"}}, {"hand", {"dredd||"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}, {"hand", {"||interrupt"}}})});
    t.expect_question("deploy", 1);
    CHECK(t.options() == std::vector<std::string>{"Judge Giant", "Judge Dredd"});   // no "skip"
    t.pick("Judge Dredd");
    CHECK(t.at("Judge Dredd") == "3");
    t.expect_question("turn", 1);
    CHECK(t.offers("deploy Judge Giant"));
    t.pick("deploy Judge Giant");
    CHECK(t.at("Judge Giant") == "11");
    t.expect_question("turn", 1);
    CHECK(t.zone_of("[dredd||]") == "hand");
}

TEST_CASE("HS-32 HS-33 drawing: up to three, never above seven, reshuffling; interrupters draw nothing", "[helter][turn]") {
    J five = {"giant||", "giant||", "giant||", "giant||", "giant||"};
    J ten = J::array();
    for (int i = 0; i < 10; ++i) ten.push_back("giant||");
    Table t({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", five}, {"deck", ten}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}})});
    t.pick("end turn");
    CHECK(t.count("hand", 1) == 7);
    CHECK(t.count("deck", 1) == 8);
    J twelve = J::array();
    for (int i = 0; i < 12; ++i) twelve.push_back("giant||");
    Table r({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {"giant||", "giant||"}}, {"deck", {"giant||"}}, {"discard", twelve}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}})});
    r.pick("end turn");
    CHECK(r.count("hand", 1) == 5);
    CHECK(r.count("deck", 1) == 10);
    CHECK(r.events("helter.reshuffle").size() == 1);
    Table i({seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {"dredd||"}}}),
             seat("strontium_dogs", {{"deployed", {"wulf@12"}}, {"hand", {"||interrupt", "giant||"}}, {"deck", ten}})});
    i.pick("Judge Dredd: MOVE");
    i.pick("2");
    i.pick("INTERRUPT with [||interrupt]");
    i.pick("end turn");
    CHECK(i.count("hand", 2) == 1);   // no draw for an interrupting turn
}

TEST_CASE("HS-34 two players: the multiplayer map cards are removed and 10 are dealt to each", "[helter][turn][setup]") {
    Seat a, b;
    a.agent = b.agent = "random";
    a.setup = {{"team", "judges"}};
    b.setup = {{"team", "slaine"}};
    Table t(scenario({a, b}, J::object(), "city_blocks", 7));
    REQUIRE(t.finished());
    const auto filter = t.events("helter.map_filter");
    REQUIRE(filter.size() == 1);
    CHECK(std::get<std::int64_t>(filter[0]->get("n")) == 20);
    const auto deals = t.events("helter.map_deal");
    REQUIRE(deals.size() == 2);
    CHECK(t.count("out_of_play", 0) == 20);
    CHECK(t.events("helter.fragment_placed").size() == 10);
}

TEST_CASE("HS-35 STEALTH: Ukko takes two start cards and deploys on either; both leave the game", "[helter][turn][setup]") {
    Seat a, b;
    a.setup = {{"team", "slaine"}};
    b.agent = "random";
    b.setup = {{"team", "judges"}};
    Table t(scenario({a, b}, J::object(), "city_blocks", 3));
    int starts = 0;
    while (t.id() == "start") {
        ++starts;
        t.pick(t.options().front());
    }
    CHECK(starts == 5);   // Ukko 2, Sláine, Niamh, Kai 1 each
    CHECK(t.count("under:ukko", 1) == 2);
    while (t.waiting() && t.id() != "deploy") t.pick(t.options().front());
    t.expect_question("deploy", 1);
    t.pick("Ukko");
    t.expect_question("stealth", 1);
    REQUIRE(t.options().size() == 2);
    const std::string chosen = t.options().back();
    t.pick(chosen);
    CHECK("map card " + t.at("Ukko") == chosen);
    CHECK(t.count("under:ukko", 1) == 0);
    CHECK(t.count("unused_map_cards", 0) == 1);
}

TEST_CASE("HS-36 the first player is the one whose fragment lies on the lowest designation", "[helter][turn][setup]") {
    Table t(scenario({seat("judges", {{"deployed", {"dredd@1"}}, {"fragments", {"12", "18", "25", "31", "40"}}}),
                      seat("strontium_dogs", {{"deployed", {"wulf@2"}}, {"fragments", {"3", "9", "22", "27", "36"}}}),
                      seat("nikolai_dante", {{"deployed", {"lulu@4"}}, {"fragments", {"5", "14", "20", "33", "38"}}})},
                     J{{"first_player", 0}}, "city_blocks"));
    t.expect_question("turn", 2);
}

TEST_CASE("HS-38 HS-39 kill credit; an elimination ends the game for the leader; tied leaders play on", "[helter][turn]") {
    auto table = [](int a, int b, J options = J::object()) {
        return Table({seat("judges", {{"deployed", {"dredd@1"}}, {"points", a}, {"hand", {"||snipe", "||snipe"}}}),
                      seat("strontium_dogs", {{"deployed", {"wulf@9", "gronk@5"}}, {"points", b}, {"health", {"gronk=1"}}}),
                      seat("nikolai_dante", {{"deployed", {"lulu@5"}}, {"points", 1}, {"health", {"lulu=1"}}})}, options);
    };
    Table t = table(3, 3);
    t.pick("Judge Dredd: SNIPE");
    t.pick("Lulu Romanov");
    t.expect_question("hiex", 1);   // Gronk shares her space
    t.yes(false);
    CHECK(t.zone_of("Lulu Romanov") == "trophies");
    REQUIRE(t.finished());
    CHECK(t.points(1) == 4);
    CHECK(t.winner_reason() == "A wins (most points after an elimination)");
    Table tie = table(3, 4, J{{"win_points", 10}});
    tie.pick("Judge Dredd: SNIPE");
    tie.pick("Lulu Romanov");
    tie.yes(false);
    CHECK_FALSE(tie.finished());   // 4 - 4: A and B play on
    CHECK(tie.events("helter.tie").size() == 1);
    tie.pick("Judge Dredd: SNIPE");
    tie.pick("Gronk");
    REQUIRE(tie.finished());
    CHECK(tie.winner_reason() == "A wins (most points after an elimination)");
}

TEST_CASE("§3.8–3.11 three players: 10 cards each, 10 unseen; cards pass right, fragments go on the left neighbour's cards", "[helter][turn][setup]") {
    std::vector<Seat> seats(3);
    for (std::size_t i = 0; i < seats.size(); ++i) {
        seats[i].agent = "random";
        seats[i].setup = {{"team", i == 0 ? "judges" : i == 1 ? "slaine" : "nikolai_dante"}};
    }
    Table t(scenario(seats, J{{"max_turns", 1}}, "grand_hall", 11));
    REQUIRE(t.finished());
    CHECK(t.count("out_of_play", 0) == 10);   // the undealt cards stay face down
    for (const Event* e : t.events("helter.map_pass")) {
        const auto p = std::get<std::int64_t>(e->get("player")), to = std::get<std::int64_t>(e->get("to"));
        CHECK(to == (p + 1) % 3 + 1);         // the right-hand neighbour: seat 1 -> 3, 2 -> 1, 3 -> 2
    }
    // Each player's fragments lie on the designations of the cards their left neighbour passed.
    const Match& m = t.m();
    for (int q = 1; q <= 3; ++q) {
        const int left = q % 3 + 1;
        std::vector<std::string> passed, placed;
        for (const Event* e : t.events("zone.move")) {
            const EntityId c = static_cast<EntityId>(std::get<std::int64_t>(e->get("entity")));
            if (m.entity(c).kind != "mapcard" || std::get<std::int64_t>(e->get("to")) != m.find_zone("received_map_cards", q - 1))
                continue;
            passed.push_back(m.entity(c).name);
            CHECK(std::get<std::int64_t>(e->get("from")) == m.find_zone("map_cards", left - 1));
        }
        for (const Event* e : t.events("helter.fragment_placed"))
            if (std::get<std::int64_t>(e->get("player")) == q)
                placed.push_back("map card " + m.board().space(static_cast<SpaceId>(std::get<std::int64_t>(e->get("space")))).name);
        std::sort(passed.begin(), passed.end());
        std::sort(placed.begin(), placed.end());
        CHECK(passed.size() == 5);
        CHECK(placed == passed);
    }
}
