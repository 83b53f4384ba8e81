// Unmatched movement, targeting and placement on the spec's §3.4 sample map (UM-04..07,
// UM-25, UM-27): s1-s2-s3-s4-s5-s6-s7-s8-s9 in a row and s10 off s3; RED {s1,s2,s3,s4,s9},
// BLUE {s4,s5,s6,s10}, GREEN {s7,s8}; starts 1 = s1, 2 = s7, 3 = s10, 4 = s9.
#include <catch2/catch.hpp>

#include "um_support.h"

using nlohmann::json;
using namespace duelbox;
using namespace duelbox::test;
using namespace duelbox::test::um;

namespace {
using Labels = std::vector<std::string>;
}

TEST_CASE("UM-04 movement passes allies, never enemies, and never stops on a fighter", "[unmatched]") {
    json karl = {{"hero", "king_arthur"}, {"positions", {"s2", "s3"}}, {"hand", {"skirmish"}}, {"deck", {"shield_wall"}}};
    json anna = {{"hero", "alice"}, {"size", "big"}, {"positions", {"s5", "s8"}}, {"hand", json::array()}, {"deck", {"croquet"}}};
    SECTION("move 2: s1, s4 and s10 (the last two through Merlin on s3)") {
        json d = json::array({say(1, "action", "Maneuver"), say(1, "boost_move", "No boost"), say(1, "move_next", "King Arthur on s2")});
        RunResult r = run(duel(karl, anna, d, {{"after_decisions", 3}}));
        REQUIRE(r.state == RunState::Stopped);
        CHECK(pending_id(r) == "move");
        CHECK(pending_labels(r) == Labels{"stay on s2", "s1", "s4", "s10"});
    }
    SECTION("boosted to 3: s5 holds an enemy and blocks the way to s6") {
        json d = json::array({say(1, "action", "Maneuver"), say(1, "boost_move", "Skirmish (boost 1)"),
                              say(1, "move_next", "King Arthur on s2")});
        RunResult r = run(duel(karl, anna, d, {{"after_decisions", 3}}));
        REQUIRE(r.state == RunState::Stopped);
        CHECK(pending_labels(r) == Labels{"stay on s2", "s1", "s4", "s10"});
        CHECK(r.values("boost", "value") == std::vector<json>{1});
    }
}

TEST_CASE("UM-05 moving an opposing fighter uses that fighter's side", "[unmatched]") {
    json karl = {{"hero", "king_arthur"}, {"positions", {"s5", "s10"}}, {"hand", {"skirmish"}}, {"deck", {"shield_wall"}}};
    json anna = {{"hero", "alice"}, {"size", "big"}, {"positions", {"s3", "s4"}}, {"hand", json::array()}, {"deck", {"croquet"}}};
    json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "King Arthur"), say(1, "target", "Jabberwock on s4"),
                          say(1, "attack_card", "Skirmish"),   // no boost asked: Karl's hand is empty
                          say(1, "skirmish_fighter", "Jabberwock on s4")});
    RunResult r = run(duel(karl, anna, d, {{"after_decisions", 5}}));
    REQUIRE(r.error == "");
    REQUIRE(r.state == RunState::Stopped);
    CHECK(health(r, "Jabberwock") == 4);
    CHECK(pending_id(r) == "skirmish_move");
    // Through Alice (its ally) to s2; not s5 or s10 (Karl's fighters), not s3 (occupied).
    CHECK(pending_labels(r) == Labels{"stay on s4", "s2"});
}

TEST_CASE("UM-06 ranged fighters reach their zone, melee fighters only adjacent spaces", "[unmatched]") {
    json foes = {{"hero", "medusa"}, {"positions", {"s9", "s2", "s4", "s5"}}, {"hand", json::array()}, {"deck", {"coils"}}};
    SECTION("ranged Medusa on s1: s2 (adjacent), s4 and s9 (RED); not s5") {
        json medusa = {{"hero", "medusa"}, {"positions", {"s1", "", "", ""}}, {"hand", {"aimed_shot"}}, {"deck", {"coils"}}};
        json d = json::array({say(1, "medusa_gaze", "No"), say(1, "action", "Attack"), say(1, "attacker", "Medusa")});
        RunResult r = run(duel(medusa, foes, d, {{"after_decisions", 3}}));
        REQUIRE(r.state == RunState::Stopped);
        CHECK(pending_id(r) == "target");
        CHECK(pending_labels(r) == Labels{"Medusa on s9", "Harpy 1 on s2", "Harpy 2 on s4"});
    }
    SECTION("melee Alice on s1: only s2") {
        json alice = {{"hero", "alice"}, {"size", "big"}, {"positions", {"s1", ""}}, {"hand", {"croquet"}}, {"deck", {"croquet"}}};
        json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "Alice")});
        RunResult r = run(duel(alice, foes, d, {{"after_decisions", 2}}));
        REQUIRE(r.state == RunState::Stopped);
        CHECK(pending_labels(r) == Labels{"Harpy 1 on s2"});
    }
}

TEST_CASE("UM-07 a multi-zone space shares every one of its zones", "[unmatched]") {
    // Team play, so nine opposing fighters fit: A1 = Medusa alone on s4 (RED+BLUE).
    auto medusa = [](json positions) {
        return json{{"hero", "medusa"}, {"positions", std::move(positions)}, {"hand", {"aimed_shot"}}, {"deck", {"coils"}}};
    };
    json s = {{"seed", 1},
              {"players", json::array({seat("A1", medusa({"s4", "", "", ""}), 1), seat("B1", medusa({"s1", "s2", "s3", "s9"}), 2),
                                       seat("A2", {{"hero", "alice"}, {"size", "big"}, {"positions", {"s8", ""}}, {"hand", json::array()}, {"deck", {"croquet"}}}, 1),
                                       seat("B2", medusa({"s5", "s6", "s10", "s7"}), 2)})},
              {"decisions", json::array({say(1, "medusa_gaze", "No"), say(1, "action", "Attack"), say(1, "attacker", "Medusa")})},
              {"stop", {{"after_decisions", 3}}}};
    RunResult r = run(s);
    REQUIRE(r.state == RunState::Stopped);
    CHECK(pending_labels(r) == Labels{"Medusa on s1", "Harpy 1 on s2", "Harpy 2 on s3", "Harpy 3 on s9", "Medusa on s5",
                                      "Harpy 1 on s6", "Harpy 2 on s10"});   // not Harpy 3 on s7 (GREEN)
}

TEST_CASE("UM-25 setup: heroes on start spaces, sidekicks in the hero's zone", "[unmatched]") {
    json medusa = {{"hero", "medusa"}, {"hand", json::array()}, {"deck", {"coils"}}};
    json karl = {{"hero", "king_arthur"}, {"hand", json::array()}, {"deck", {"shield_wall"}}};
    SECTION("the first Harpy may go on any empty RED space") {
        RunResult r = run(duel(medusa, karl, json::array(), {{"after_decisions", 0}}));
        REQUIRE(r.state == RunState::Stopped);
        CHECK(space(r, "Medusa") == "s1");
        CHECK(pending_id(r) == "place_sidekick");
        CHECK(pending_labels(r) == Labels{"s2", "s3", "s4", "s9"});
    }
    SECTION("three Harpies on distinct RED spaces; Merlin must go on s8; Medusa's player starts") {
        json d = json::array({say(1, "place_sidekick", "s2"), say(1, "place_sidekick", "s4"), say(1, "place_sidekick", "s9"),
                              say(2, "place_sidekick", "s8")});
        RunResult r = run(duel(medusa, karl, d, {{"at_event", "turn"}}));
        REQUIRE(r.error == "");
        CHECK(space(r, "Harpy 1") == "s2");
        CHECK(space(r, "Harpy 2") == "s4");
        CHECK(space(r, "Harpy 3") == "s9");
        CHECK(space(r, "King Arthur") == "s7");
        CHECK(space(r, "Merlin") == "s8");
        CHECK(turn_players(r) == std::vector<int>{1});
    }
    SECTION("variant (multi-zone): a hero on s4 may have its sidekicks on any empty RED or BLUE space") {
        json s = duel(medusa, karl, json::array({say(1, "place_sidekick", "s10")}), {{"after_decisions", 1}});
        s["setup"] = {{"map", "tests/support/maps/unmatched_multizone.json"}};
        RunResult r = run(s);
        REQUIRE(r.state == RunState::Stopped);
        CHECK(space(r, "Medusa") == "s4");
        CHECK(space(r, "Harpy 1") == "s10");
        CHECK(pending_labels(r) == Labels{"s1", "s2", "s3", "s5", "s6", "s9"});
    }
    SECTION("variant: Alice's size is chosen when she is placed, before the other player places") {
        json alice = {{"hero", "alice"}, {"hand", json::array()}, {"deck", {"croquet"}}};
        json d = json::array({say(1, "place_sidekick", "s2"), say(1, "alice_size", "SMALL"), say(2, "place_sidekick", "s8")});
        RunResult r = run(duel(alice, karl, d, {{"at_event", "turn"}}));
        REQUIRE(r.error == "");
        CHECK(r.values("decision", "id") == std::vector<json>{"place_sidekick", "alice_size", "place_sidekick"});
        CHECK(r.values("size", "size") == std::vector<json>{"SMALL"});
    }
}

TEST_CASE("UM-27 team play: a teammate's fighter may be passed but not stopped on", "[unmatched]") {
    auto hero = [](const char* h, json positions) {
        return json{{"hero", h}, {"size", "big"}, {"positions", std::move(positions)}, {"hand", json::array()}, {"deck", {"x"}}};
    };
    json a1 = hero("king_arthur", {"s2", ""});
    a1["deck"] = {"shield_wall"};
    json b1 = hero("sinbad", {"s7", ""});
    b1["deck"] = {"parry"};
    json a2 = hero("alice", {"s1", "s3"});
    a2["deck"] = {"croquet"};
    json b2 = hero("sinbad", {"s8", ""});
    b2["deck"] = {"parry"};
    json s = {{"seed", 1},
              {"players", json::array({seat("A1", a1, 1), seat("B1", b1, 2), seat("A2", a2, 1), seat("B2", b2, 2)})},
              {"decisions", json::array({say(1, "action", "Maneuver"), say(1, "boost_move", "No boost")})},
              {"stop", {{"after_decisions", 2}}}};
    RunResult r = run(s);
    REQUIRE(r.state == RunState::Stopped);
    CHECK(pending_labels(r) == Labels{"stay on s2", "s4", "s10"});   // s1 holds A2's Alice
}

TEST_CASE("Unmatched a malformed map or a map without enough start spaces fails clearly", "[unmatched]") {
    json players = json::array({{{"agent", "random"}}, {{"agent", "random"}}});
    RunResult bad = run({{"setup", {{"map", "tests/support/maps/unknown_space.json"}}}, {"players", players}});
    CHECK(bad.state == RunState::Failed);
    CHECK_THAT(bad.error, Catch::Contains("tests/support/maps/unknown_space.json: edges[1][1]: unknown space \"Q7\""));
    json four = json::array();
    for (int k = 0; k < 4; ++k) four.push_back({{"agent", "random"}, {"team", k % 2 + 1}});
    RunResult duel_map = run({{"setup", {{"map", "maps/unmatched_bridge.json"}}}, {"players", four}});
    CHECK(duel_map.state == RunState::Failed);
    CHECK_THAT(duel_map.error, Catch::Contains("the map has no start space 3 (team play needs a map with four)"));
    four[2]["team"] = 2;
    four[3]["team"] = 1;
    RunResult misseated = run({{"players", four}});
    CHECK(misseated.state == RunState::Failed);
    CHECK_THAT(misseated.error, Catch::Contains("turn order A1, B1(, A2, B2)"));
}
