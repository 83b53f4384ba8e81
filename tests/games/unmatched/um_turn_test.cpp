// Unmatched turns: start-of-turn abilities, exhaustion, the hand limit, the two actions and
// which are legal, boosts, team play (UM-08..15, UM-26, UM-28), on the spec's sample map.
#include <catch2/catch.hpp>

#include "um_support.h"

using nlohmann::json;
using namespace duelbox;
using namespace duelbox::test;
using namespace duelbox::test::um;

namespace {
using Labels = std::vector<std::string>;

json medusa_on_s4() {
    return {{"hero", "medusa"}, {"positions", {"s4", "s1", "s2", "s3"}}, {"hand", json::array()}, {"deck", {"coils"}}};
}
json arthur(json positions, json health, json hand = json::array(), json deck = {"shield_wall", "shield_wall"}) {
    return {{"hero", "king_arthur"}, {"positions", std::move(positions)}, {"health", std::move(health)},
            {"hand", std::move(hand)}, {"deck", std::move(deck)}};
}
}  // namespace

TEST_CASE("UM-08 Medusa's ability: 1 damage to an opposing fighter in her zone, if she wants", "[unmatched]") {
    SECTION("only the RED hero on s9 qualifies; the GREEN sidekick on s7 does not") {
        RunResult r = run(duel(medusa_on_s4(), arthur({"s9", "s7"}, {5, 3}), json::array(), {{"after_decisions", 0}}));
        REQUIRE(r.state == RunState::Stopped);
        CHECK(pending_id(r) == "medusa_gaze");
        CHECK(pending_labels(r) == Labels{"No", "King Arthur on s9"});
    }
    SECTION("taken: 5 -> 4") {
        RunResult r = run(duel(medusa_on_s4(), arthur({"s9", "s7"}, {5, 3}), json::array({say(1, "medusa_gaze", "King Arthur on s9")}),
                               {{"after_decisions", 1}}));
        CHECK(health(r, "King Arthur") == 4);
        CHECK(health(r, "Merlin") == 3);
    }
    SECTION("declined: nothing happens") {
        RunResult r = run(duel(medusa_on_s4(), arthur({"s9", "s7"}, {5, 3}), json::array({say(1, "medusa_gaze", "No")}),
                               {{"after_decisions", 1}}));
        CHECK(health(r, "King Arthur") == 5);
    }
    SECTION("a hero at 1 health: the game ends before any action") {
        RunResult r = run(duel(medusa_on_s4(), arthur({"s9", "s7"}, {1, 3}), json::array({say(1, "medusa_gaze", "King Arthur on s9")})));
        REQUIRE(r.finished());
        CHECK(winners(r) == std::vector<int>{1});
        CHECK(r.of_type("action").empty());
    }
}

TEST_CASE("UM-09 exhaustion: a maneuver from an empty deck hurts each of your fighters", "[unmatched]") {
    auto medusa = [](int health) {
        return json{{"hero", "medusa"}, {"positions", {"s1", "s2", "s3", ""}}, {"health", {health, 1, 1, 0}},
                    {"hand", json::array()}, {"deck", json::array()}};
    };
    json karl = arthur({"s7", "s8"}, {18, 7});
    SECTION("Medusa 5 -> 3, both Harpies defeated; no reshuffle; Medusa still moves") {
        RunResult r = run(duel(medusa(5), karl, json::array({say(1, "action", "Maneuver")}), {{"after_decisions", 1}}));
        REQUIRE(r.state == RunState::Stopped);
        CHECK(health(r, "Medusa") == 3);
        CHECK(space(r, "Harpy 1") == "");
        CHECK(space(r, "Harpy 2") == "");
        CHECK(r.of_type("exhaustion").size() == 1);
        CHECK(pending_id(r) == "move");   // the movement step goes on
    }
    SECTION("variant: Medusa at 2 is defeated and her player loses at once") {
        RunResult r = run(duel(medusa(2), karl, json::array({say(1, "action", "Maneuver")})));
        REQUIRE(r.finished());
        CHECK(winners(r) == std::vector<int>{2});
    }
}

TEST_CASE("UM-10 exhaustion counts each card of a multi-card draw", "[unmatched]") {
    json anna = {{"hero", "alice"}, {"size", "big"}, {"positions", {"s1", "s2"}}, {"health", {10, 6}},
                 {"hand", {"drink_me"}}, {"deck", {"croquet"}}};
    json d = json::array({say(1, "action", "Scheme"), say(1, "scheme", "Drink Me")});
    RunResult r = run(duel(anna, arthur({"s7", "s8"}, {18, 7}), d));
    REQUIRE(r.error == "");
    CHECK(cards_in(r, "hand", 1) == Labels{"Flamingo Croquet"});
    CHECK(health(r, "Alice") == 8);
    CHECK(health(r, "Jabberwock") == 4);
    CHECK(r.values("size", "size") == std::vector<json>{"BIG", "SMALL"});   // placed BIG, then changed
    CHECK(cards_in(r, "discard", 1) == Labels{"Drink Me"});
}

TEST_CASE("UM-11 hand limit: discard down to 7 at the end of the turn", "[unmatched]") {
    auto run_with = [](int cards) {
        json hand = json::array();
        for (int i = 0; i < cards; ++i) hand.push_back("knightly_guard");
        json karl = arthur({"s1", ""}, {18, 0}, hand);
        json anna = {{"hero", "alice"}, {"size", "big"}, {"positions", {"s8", "s9"}}, {"hand", json::array()}, {"deck", {"croquet"}}};
        json d = json::array({say(1, "action", "Maneuver"), say(1, "boost_move", "No boost"), say(1, "move", "stay on s1"),
                              say(1, "action", "Maneuver"), say(1, "boost_move", "No boost"), say(1, "move", "stay on s1")});
        if (cards + 2 > 7) d.push_back({{"player", 1}, {"id", "hand_limit"}, {"pick", cards + 2 - 7 == 1 ? json::array({1}) : json::array({1, 2})}});
        return run(duel(karl, anna, d, {{"at_event", "turn.end"}}));
    };
    RunResult six = run_with(6);   // 8 mid-turn, which is allowed; 7 at the end
    REQUIRE(six.error == "");
    CHECK(cards_in(six, "hand", 1).size() == 7);
    CHECK(cards_in(six, "discard", 1).size() == 1);
    RunResult seven = run_with(7);   // 9: discard 2
    REQUIRE(seven.error == "");
    CHECK(cards_in(seven, "hand", 1).size() == 7);
    CHECK(cards_in(seven, "discard", 1).size() == 2);
    RunResult four = run_with(4);   // 6: nothing to discard
    REQUIRE(four.error == "");
    CHECK(cards_in(four, "hand", 1).size() == 6);
    CHECK(four.of_type("hand_limit").empty());
}

TEST_CASE("UM-12 two actions a turn, repeats allowed, none skipped", "[unmatched]") {
    json anna = {{"hero", "alice"}, {"size", "small"}, {"positions", {"s3", "s9"}}, {"hand", {"croquet", "croquet", "drink_me"}},
                 {"deck", {"croquet", "croquet", "croquet"}}};
    json karl = arthur({"s4", "s7"}, {18, 7});
    SECTION("the action question offers the three actions and no way to pass") {
        RunResult r = run(duel(anna, karl, json::array(), {{"after_decisions", 0}}));
        CHECK(pending_labels(r) == Labels{"Maneuver", "Scheme", "Attack"});
    }
    SECTION("ATTACK + ATTACK") {
        json d = json::array();
        for (int i = 0; i < 2; ++i)
            for (json x : {say(1, "action", "Attack"), say(1, "attacker", "Alice"), say(1, "target", "King Arthur on s4"),
                           say(1, "attack_card", "Flamingo Croquet")})
                d.push_back(x);
        RunResult r = run(duel(anna, karl, d, {{"at_event", "turn.end"}}));
        REQUIRE(r.error == "");
        CHECK(r.of_type("attack").size() == 2);
        CHECK(health(r, "King Arthur") == 10);
    }
    SECTION("SCHEME then ATTACK") {
        json d = json::array({say(1, "action", "Scheme"), say(1, "scheme", "Drink Me"), say(1, "action", "Attack"),
                              say(1, "attacker", "Alice"), say(1, "target", "King Arthur on s4"), say(1, "attack_card", "Flamingo Croquet")});
        RunResult r = run(duel(anna, karl, d, {{"at_event", "turn.end"}}));
        REQUIRE(r.error == "");
        CHECK(r.values("action.done", "action") == std::vector<json>{"scheme", "attack"});
        CHECK(health(r, "King Arthur") == 12);   // 4 + 2: Drink Me made Alice BIG
    }
}

TEST_CASE("UM-13 ATTACK is not offered without a fighter that has both a target and a card", "[unmatched]") {
    json karl = arthur({"s4", "s8"}, {18, 7});
    SECTION("only Biting Jaws, and the Jabberwock reaches no one") {
        json anna = {{"hero", "alice"}, {"size", "small"}, {"positions", {"s3", "s1"}}, {"hand", {"biting_jaws", "drink_me"}},
                     {"deck", {"croquet"}}};
        RunResult r = run(duel(anna, karl, json::array(), {{"after_decisions", 0}}));
        CHECK(pending_labels(r) == Labels{"Maneuver", "Scheme"});
    }
    SECTION("no attack or versatile card at all") {
        json anna = {{"hero", "alice"}, {"size", "small"}, {"positions", {"s3", "s1"}}, {"hand", {"looking_glass", "drink_me"}},
                     {"deck", {"croquet"}}};
        RunResult r = run(duel(anna, karl, json::array(), {{"after_decisions", 0}}));
        CHECK(pending_labels(r) == Labels{"Maneuver", "Scheme"});
    }
}

TEST_CASE("UM-14 UM-15 a defeated fighter's card cannot be played but still boosts", "[unmatched]") {
    json karl = arthur({"s1", ""}, {18, 0}, {"prophecy"});   // Prophecy: Merlin's scheme, BOOST 3
    json anna = {{"hero", "alice"}, {"size", "big"}, {"positions", {"s8", "s9"}}, {"hand", json::array()}, {"deck", {"croquet"}}};
    RunResult first = run(duel(karl, anna, json::array(), {{"after_decisions", 0}}));
    CHECK(pending_labels(first) == Labels{"Maneuver"});   // UM-15: no SCHEME with Merlin defeated
    json d = json::array({say(1, "action", "Maneuver"), say(1, "boost_move", "Prophecy (boost 3)")});
    RunResult r = run(duel(karl, anna, d, {{"after_decisions", 2}}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(pending_id(r) == "move");
    // 2 + 3 = 5: s6 is five steps away, s7 six.
    CHECK(pending_labels(r) == Labels{"stay on s1", "s2", "s3", "s4", "s5", "s6", "s10"});
    CHECK(cards_in(r, "discard", 1) == Labels{"Prophecy"});
    CHECK(r.of_type("scheme").empty());
}

TEST_CASE("UM-26 team play: turn order A1 B1 A2 B2, elimination, both heroes to win", "[unmatched]") {
    auto seat_of = [](const char* name, int team, json setup) {
        json j = seat(name, std::move(setup), team);
        j["agent"] = "first";   // every choice here is forced or irrelevant
        return j;
    };
    // A1's hero is already down and its Jabberwock (2 health) must draw from an empty deck.
    json a1 = {{"hero", "alice"}, {"size", "big"}, {"positions", {"", "s10"}}, {"health", {0, 2}}, {"hand", json::array()},
               {"deck", json::array()}};
    json b1 = {{"hero", "sinbad"}, {"positions", {"s7", "s8"}}, {"hand", json::array()}, {"deck", {"parry", "parry", "parry", "parry"}}};
    json a2 = arthur({"s1", "s2"}, {6, 7}, json::array(), json::array());
    json b2 = {{"hero", "sinbad"}, {"positions", {"s9", "s6"}}, {"hand", json::array()}, {"deck", {"parry", "parry", "parry", "parry"}}};
    json s = {{"seed", 1},
              {"players", json::array({seat_of("A1", 1, a1), seat_of("B1", 2, b1), seat_of("A2", 1, a2), seat_of("B2", 2, b2)})}};
    RunResult r = run(s);
    REQUIRE(r.error == "");
    REQUIRE(r.finished());
    // A1 plays with its sidekick alone, is eliminated, and is skipped from then on.
    CHECK(turn_players(r) == std::vector<int>{1, 2, 3, 4, 2, 3});
    CHECK(r.values("eliminated", "player") == std::vector<json>{1});
    CHECK(winners(r) == std::vector<int>{2, 4});
    CHECK(space(r, "Merlin") != "");   // Team B wins though A2 still has Merlin
    CHECK(health(r, "Merlin") == 1);
}

TEST_CASE("UM-28 forced maneuvers into exhaustion", "[unmatched]") {
    json karl = arthur({"s1", "s2"}, {18, 7}, json::array(), json::array());
    json anna = {{"hero", "alice"}, {"size", "big"}, {"positions", {"s8", "s9"}}, {"hand", json::array()}, {"deck", {"croquet"}}};
    json k = seat("Karl", karl);
    k["agent"] = "first";
    json s = {{"seed", 1}, {"players", json::array({k, seat("Anna", anna)})}, {"stop", {{"at_event", "turn.end"}}}};
    RunResult r = run(s);
    REQUIRE(r.error == "");
    CHECK(r.values("action.done", "action") == std::vector<json>{"maneuver", "maneuver"});
    CHECK(r.of_type("exhaustion").size() == 2);
    CHECK(health(r, "King Arthur") == 14);
    CHECK(health(r, "Merlin") == 3);
}

TEST_CASE("Unmatched setup refuses a fighter placed on the board with 0 health, naming the field (seed L645)", "[unmatched]") {
    // A fighter at 0 is defeated: placed at 0 it stood to be attacked, and a hero at 0 left its
    // player playing on. An empty position is how a scenario says "already defeated".
    json karl = arthur({"s6", "s8"}, {5, 0});
    RunResult r = run(duel(hero_setup("alice", {"s1", "s5"}, {"croquet"}, {"croquet"}), karl, json::array(),
                           {{"after_decisions", 0}}));
    CHECK(r.state == RunState::Failed);
    CHECK_THAT(r.error, Catch::Contains("players[1].setup.health[2]: Merlin is placed on the board with 0 health"));
    karl["positions"] = {"s6", ""};   // Merlin defeated before the match: accepted
    RunResult ok = run(duel(hero_setup("alice", {"s1", "s5"}, {"croquet"}, {"croquet"}), karl, json::array(),
                            {{"after_decisions", 0}}));
    CHECK(ok.error == "");
    CHECK(ok.state == RunState::Stopped);
    CHECK(space(ok, "Merlin") == "");
}

TEST_CASE("Mad Tea Party (SAMPLE card): each fighter moves in the order its player picks, as in a maneuver (seed L232)",
          "[unmatched]") {
    // Alice on s3 cannot enter s4 while the Jabberwock stands there: moving the Jabberwock first
    // frees it. The card moved the fighters hero first, so Alice was never offered s4.
    json anna = {{"hero", "alice"}, {"size", "big"}, {"positions", {"s3", "s4"}}, {"hand", {"mad_tea_party"}},
                 {"deck", {"croquet", "croquet"}}};
    json d = json::array({say(1, "action", "Scheme"), say(1, "scheme", "Mad Tea Party"), say(1, "scheme_fighter", "Alice"),
                          say(1, "move_next", "Jabberwock on s4"), say(1, "tea_party_move", "s5"),
                          say(1, "tea_party_move", "s4")});
    RunResult r = run(duel(anna, arthur({"s8", "s9"}, {18, 7}), d));
    REQUIRE(r.error == "");
    CHECK(space(r, "Jabberwock") == "s5");
    CHECK(space(r, "Alice") == "s4");
}

