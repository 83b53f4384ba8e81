// Unmatched combat: the rulebook's combat example and the spec's combat examples (UM-01..03,
// UM-16..24). Sample map of spec §3.4: s1-s2-s3-s4-s5-s6-s7-s8-s9 in a row, s10 off s3;
// RED {s1,s2,s3,s4,s9}, BLUE {s4,s5,s6,s10}, GREEN {s7,s8}.
#include <catch2/catch.hpp>

#include "um_support.h"

using nlohmann::json;
using namespace duelbox;
using namespace duelbox::test;
using namespace duelbox::test::um;

namespace {

// The rulebook's example: Anna (Alice) attacks King Arthur with the Jabberwock.
json example_anna(const char* alice_at = "s1") {
    return {{"hero", "alice"}, {"size", "big"}, {"positions", {alice_at, "s5"}},
            {"hand", {"biting_jaws", "vorpal_swish", "looking_glass"}}, {"deck", {"croquet", "croquet"}}};
}
json example_karl(json hand = {"skirmish"}) {
    return {{"hero", "king_arthur"}, {"positions", {"s6", "s8"}}, {"hand", std::move(hand)}, {"deck", {"shield_wall"}}};
}
json jabberwock_attacks(const char* defense) {
    return json::array({say(1, "action", "Attack"), say(1, "attacker", "Jabberwock"), say(1, "target", "King Arthur on s6"),
                        say(1, "attack_card", "Biting Jaws"), say(2, "defense_card", defense)});
}

}  // namespace

TEST_CASE("UM-01 rulebook combat example: Jabberwock against King Arthur", "[unmatched]") {
    json k = example_karl();
    json d = jabberwock_attacks("Skirmish");
    d.push_back(say(2, "skirmish_fighter", "Jabberwock on s5"));
    d.push_back(say(2, "skirmish_move", "s3"));
    RunResult r = run(duel(example_anna(), k, d));
    REQUIRE(r.error == "");
    REQUIRE(r.state == RunState::Stopped);
    // 4 - 4 = 0: Arthur is unhurt and Karl (the defender) wins the combat.
    CHECK(health(r, "King Arthur") == 18);
    const Event* combat = r.first("combat");
    REQUIRE(combat);
    CHECK(std::get<std::int64_t>(combat->get("damage")) == 0);
    CHECK(std::get<std::string>(combat->get("winner")) == "defend");
    // Skirmish first (the defender's), moving the Jabberwock s5-s4-s3 (Arthur blocks s6);
    // then Biting Jaws finds no fighter next to s3.
    CHECK(space(r, "Jabberwock") == "s3");
    CHECK(r.values("move", "path") == std::vector<json>{"s5-s4-s3"});
    CHECK(r.of_type("no_effect").size() == 1);
    CHECK(r.of_type("damage").empty());
    CHECK(cards_in(r, "discard", 1) == std::vector<std::string>{"Biting Jaws"});
    CHECK(cards_in(r, "discard", 2) == std::vector<std::string>{"Skirmish"});
    CHECK(cards_in(r, "hand", 1) == std::vector<std::string>{"Vorpal Swish", "Looking-Glass"});
}

TEST_CASE("UM-01 the attack's events name the rulebook's three steps (seed L302, L311, L365)", "[unmatched]") {
    // Step 1 declares the target, step 2 chooses both cards and reveals them, step 3 resolves:
    // --rules and the editor's teaching mode head each event with its step.
    json d = jabberwock_attacks("Skirmish");
    d.push_back(say(2, "skirmish_fighter", "Jabberwock on s5"));
    d.push_back(say(2, "skirmish_move", "s3"));
    RunResult r = run(duel(example_anna(), example_karl(), d));
    REQUIRE(r.error == "");
    const auto rule_of = [&](const char* type) {
        const Event* e = r.first(type);
        REQUIRE(e);
        return std::get<std::string>(e->get("rule"));
    };
    CHECK(rule_of("attack") == "§4.4 ATTACK, step 1: declare the target");
    CHECK(rule_of("reveal") == "§4.4 ATTACK, step 2: choose and reveal");
    CHECK(rule_of("combat") == "§4.4 ATTACK, step 3: resolve the combat");
}

TEST_CASE("UM-01 Anna may attack only with the Jabberwock and only with Biting Jaws", "[unmatched]") {
    json d = json::array({say(1, "action", "Attack")});
    RunResult r = run(duel(example_anna(), example_karl(), d, {{"after_decisions", 1}}));
    REQUIRE(r.state == RunState::Stopped);
    CHECK(pending_id(r) == "attacker");
    CHECK(pending_labels(r) == std::vector<std::string>{"Jabberwock"});   // Alice (s1) reaches no one
    d.push_back(say(1, "attacker", "Jabberwock"));
    d.push_back(say(1, "target", "King Arthur on s6"));
    RunResult cards = run(duel(example_anna(), example_karl(), d, {{"after_decisions", 3}}));
    REQUIRE(cards.state == RunState::Stopped);
    CHECK(pending_id(cards, 0) == "attack_card");
    // Vorpal Swish is Alice's; Looking-Glass is a defense card.
    CHECK(pending_labels(cards, 0) == std::vector<std::string>{"Biting Jaws"});
    // The attacker lays its card first, then the defender chooses (seed L311-317).
    d.push_back(say(1, "attack_card", "Biting Jaws"));
    RunResult defense = run(duel(example_anna(), example_karl(), d, {{"after_decisions", 4}}));
    REQUIRE(defense.state == RunState::Stopped);
    CHECK(pending_id(defense, 0) == "defense_card");
    CHECK(pending_labels(defense, 0) == std::vector<std::string>{"No defense card", "Skirmish"});
}

TEST_CASE("UM-02 Biting Jaws must hit Alice when she is the only adjacent fighter", "[unmatched]") {
    json d = jabberwock_attacks("Skirmish");
    d.push_back(say(2, "skirmish_fighter", "Jabberwock on s5"));
    d.push_back(say(2, "skirmish_move", "s3"));
    RunResult r = run(duel(example_anna("s2"), example_karl(), d));
    REQUIRE(r.error == "");
    CHECK(space(r, "Jabberwock") == "s3");
    CHECK(health(r, "Alice") == 11);
    CHECK(health(r, "Jabberwock") == 8);
    CHECK(health(r, "King Arthur") == 18);
    CHECK(std::get<std::string>(r.first("combat")->get("winner")) == "defend");
}

TEST_CASE("UM-03 part A: Turning Point wins, so Skirmish does not move anyone", "[unmatched]") {
    json sinbad = {{"hero", "sinbad"}, {"positions", {"s3", "s1"}}, {"hand", {"turning_point"}}, {"deck", {"parry"}}};
    json karl = example_karl();
    json d = json::array({say(1, "action", "Maneuver"), say(1, "boost_move", "No boost"),
                          say(1, "move_next", "Sinbad on s3"), say(1, "move", "s5"), say(1, "move", "stay on s1"),
                          say(1, "action", "Attack"), say(1, "attacker", "Sinbad"), say(1, "target", "King Arthur on s6"),
                          say(1, "attack_card", "Turning Point"), say(2, "defense_card", "Skirmish")});
    RunResult r = run(duel(sinbad, karl, d, {{"at_event", "turn.end"}}));
    REQUIRE(r.error == "");
    CHECK(r.values("value", "value") == std::vector<json>{5});
    CHECK(health(r, "King Arthur") == 17);
    CHECK(std::get<std::string>(r.first("combat")->get("winner")) == "attack");
    CHECK(space(r, "Sinbad") == "s5");
    CHECK(space(r, "King Arthur") == "s6");   // no Skirmish move: Karl lost
}

TEST_CASE("UM-03 part B: the attacker wins and Biting Jaws hits the defender too", "[unmatched]") {
    RunResult r = run(duel(example_anna(), example_karl({"knightly_guard"}), jabberwock_attacks("Knightly Guard")));
    REQUIRE(r.error == "");
    CHECK(std::get<std::string>(r.first("combat")->get("winner")) == "attack");
    CHECK(r.values("damage", "amount") == std::vector<json>{2, 2});   // combat 4 - 2, then Biting Jaws
    CHECK(health(r, "King Arthur") == 14);
}

TEST_CASE("UM-16 Turning Point: 5 after moving, 3 when the fighter has not left its space", "[unmatched]") {
    json karl = {{"hero", "king_arthur"}, {"positions", {"s4", "s8"}}, {"hand", {"shield_wall"}}, {"deck", {"parry"}}};
    karl["deck"] = {"shield_wall"};
    SECTION("moved s1 -> s3, then attacks: 5 - 3 = 2") {
        json sinbad = {{"hero", "sinbad"}, {"positions", {"s1", "s10"}}, {"hand", {"turning_point"}}, {"deck", {"parry"}}};
        json d = json::array({say(1, "action", "Maneuver"), say(1, "boost_move", "No boost"),
                              say(1, "move_next", "Sinbad on s1"), say(1, "move", "s3"), say(1, "move", "stay on s10"),
                              say(1, "action", "Attack"), say(1, "attacker", "Sinbad"), say(1, "target", "King Arthur on s4"),
                              say(1, "attack_card", "Turning Point"), say(2, "defense_card", "Shield Wall")});
        RunResult r = run(duel(sinbad, karl, d, {{"at_event", "turn.end"}}));
        REQUIRE(r.error == "");
        CHECK(health(r, "King Arthur") == 16);
        CHECK(std::get<std::string>(r.first("combat")->get("winner")) == "attack");
    }
    SECTION("variant A: back on the space it started on: 3 - 3 = 0, the defender wins") {
        json sinbad = {{"hero", "sinbad"}, {"positions", {"s3", "s10"}}, {"hand", {"turning_point"}}, {"deck", {"parry"}}};
        json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "Sinbad"), say(1, "target", "King Arthur on s4"),
                              say(1, "attack_card", "Turning Point"), say(2, "defense_card", "Shield Wall")});
        RunResult r = run(duel(sinbad, karl, d));
        REQUIRE(r.error == "");
        CHECK(r.of_type("value").empty());
        CHECK(health(r, "King Arthur") == 18);
        CHECK(std::get<std::string>(r.first("combat")->get("winner")) == "defend");
    }
    SECTION("variant A, moved away and back: Cunning Escape s4 -> s5, then Skirmish s5 -> s4, keeps 3") {
        // The reading: the space is compared, not "has it moved this turn" (spec C2 [I]); the
        // section above never moves, so only this one fails if the rule turns into a moved flag.
        json k = {{"hero", "king_arthur"}, {"positions", {"s3", "s6"}}, {"hand", {"skirmish", "valiant_blow"}}, {"deck", {"shield_wall"}}};
        json sam = {{"hero", "sinbad"}, {"positions", {"s4", "s10"}}, {"hand", {"cunning_escape", "turning_point"}}, {"deck", {"parry"}}};
        json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "King Arthur"), say(1, "target", "Sinbad on s4"),
                              say(1, "attack_card", "Skirmish"), say(2, "defense_card", "Cunning Escape"),
                              say(1, "arthur_boost", "No boost"), say(2, "escape_move", "s5"),
                              say(1, "skirmish_fighter", "Sinbad on s5"), say(1, "skirmish_move", "s4"),
                              say(1, "action", "Attack"), say(1, "attacker", "Merlin"), say(1, "target", "Sinbad on s4"),
                              say(1, "attack_card", "Valiant Blow"), say(2, "defense_card", "Turning Point")});
        RunResult r = run(duel(k, sam, d, {{"at_event", "turn.end"}}));
        REQUIRE(r.error == "");
        const auto combats = r.of_type("combat");
        REQUIRE(combats.size() == 2);
        CHECK(r.of_type("value").empty());   // Turning Point stays 3: Sinbad is back where the turn began
        CHECK(std::get<std::string>(combats[1]->get("winner")) == "defend");
    }
    SECTION("variant B: as a defense card, a defender that has not moved keeps 3") {
        json arthur = {{"hero", "king_arthur"}, {"positions", {"s3", "s8"}}, {"hand", {"skirmish"}}, {"deck", {"parry"}}};
        arthur["deck"] = {"shield_wall"};
        json sinbad = {{"hero", "sinbad"}, {"positions", {"s4", "s10"}}, {"hand", {"turning_point"}}, {"deck", {"parry"}}};
        json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "King Arthur"), say(1, "target", "Sinbad on s4"),
                              say(1, "attack_card", "Skirmish"), say(2, "defense_card", "Turning Point"),
                              say(1, "skirmish_fighter", "Sinbad on s4"),
                              say(1, "skirmish_move", "stay on s4")});
        RunResult r = run(duel(arthur, sinbad, d));
        REQUIRE(r.error == "");
        CHECK(r.of_type("value").empty());
        CHECK(health(r, "Sinbad") == 14);   // 4 - 3
    }
}

TEST_CASE("UM-16 variant B: a defender moved earlier in the turn (by Skirmish) defends with Turning Point at 5",
          "[unmatched]") {
    // Action 1: King Arthur (s3) hits Sinbad (s4) with Skirmish (4) against Parry (3), wins and
    // moves Sinbad s4 -> s5. Action 2: Merlin (s6, ranged) attacks Sinbad with Valiant Blow (3);
    // Sinbad started this turn on s4, so Turning Point becomes 5: 3 - 5, no damage.
    json arthur = {{"hero", "king_arthur"}, {"positions", {"s3", "s6"}}, {"hand", {"skirmish", "valiant_blow"}},
                   {"deck", {"shield_wall"}}};
    json sinbad = {{"hero", "sinbad"}, {"positions", {"s4", "s10"}}, {"hand", {"parry", "turning_point"}}, {"deck", {"parry"}}};
    json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "King Arthur"), say(1, "target", "Sinbad on s4"),
                          say(1, "attack_card", "Skirmish"), say(2, "defense_card", "Parry"),
                          say(1, "arthur_boost", "No boost"),
                          say(1, "skirmish_fighter", "Sinbad on s4"), say(1, "skirmish_move", "s5"),
                          say(1, "action", "Attack"), say(1, "attacker", "Merlin"), say(1, "target", "Sinbad on s5"),
                          say(1, "attack_card", "Valiant Blow"), say(2, "defense_card", "Turning Point")});
    RunResult r = run(duel(arthur, sinbad, d, {{"at_event", "turn.end"}}));
    REQUIRE(r.error == "");
    CHECK(space(r, "Sinbad") == "s5");
    CHECK(r.values("value", "value") == std::vector<json>{5});
    const auto combats = r.of_type("combat");
    REQUIRE(combats.size() == 2);
    CHECK(std::get<std::int64_t>(combats[1]->get("defense")) == 5);
    CHECK(std::get<std::string>(combats[1]->get("winner")) == "defend");
    CHECK(health(r, "Sinbad") == 14);   // only Skirmish's 4 - 3
}

TEST_CASE("UM-17 Noble Sacrifice: its own boost and King Arthur's ability add up", "[unmatched]") {
    json karl = {{"hero", "king_arthur"}, {"positions", {"s2", "s8"}},
                 {"hand", {"noble_sacrifice", "noble_sacrifice", "round_table"}}, {"deck", {"shield_wall"}}};
    json anna = {{"hero", "alice"}, {"size", "big"}, {"positions", {"s3", "s9"}}, {"hand", json::array()}, {"deck", {"croquet"}}};
    json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "King Arthur"), say(1, "target", "Alice on s3"),
                          say(1, "attack_card", "Noble Sacrifice"),
                          say(1, "noble_sacrifice_boost", "Noble Sacrifice (boost 3)"),
                          say(1, "arthur_boost", "The Round Table (boost 2)")});
    json s = duel(karl, anna, d);
    RunResult r = run(s);
    REQUIRE(r.error == "");
    CHECK(std::get<std::int64_t>(r.first("combat")->get("attack")) == 7);   // 2 + 3 + 2
    CHECK(health(r, "Alice") == 6);
    CHECK(cards_in(r, "discard", 1) == std::vector<std::string>{"Noble Sacrifice", "The Round Table", "Noble Sacrifice"});
}

namespace {
// Anna's Alice (BIG: +2 on attack) hits King Arthur, who defends with Holy Grail (1).
RunResult grail(int arthur_health) {
    json anna = {{"hero", "alice"}, {"size", "big"}, {"positions", {"s3", "s9"}}, {"hand", {"croquet"}}, {"deck", {"croquet"}}};
    json karl = {{"hero", "king_arthur"}, {"positions", {"s4", "s8"}}, {"health", {arthur_health, 7}},
                 {"hand", {"holy_grail"}}, {"deck", {"shield_wall"}}};
    json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "Alice"), say(1, "target", "King Arthur on s4"),
                          say(1, "attack_card", "Flamingo Croquet"), say(2, "defense_card", "Holy Grail")});
    return run(duel(anna, karl, d));
}
}  // namespace

TEST_CASE("UM-18 Holy Grail restores King Arthur to 8 only at 1 to 4 health", "[unmatched]") {
    RunResult low = grail(8);   // 8 - (4 + 2 - 1) = 3 -> 8
    REQUIRE(low.error == "");
    CHECK(health(low, "King Arthur") == 8);
    CHECK(low.values("heal", "health") == std::vector<json>{8});
    RunResult high = grail(10);   // 10 - 5 = 5: no effect
    REQUIRE(high.error == "");
    CHECK(health(high, "King Arthur") == 5);
    CHECK(high.of_type("heal").empty());
    RunResult dead = grail(5);   // 5 - 5 = 0: the duel is over, the Grail never resolves
    CHECK(dead.finished());
    CHECK(winners(dead) == std::vector<int>{1});
    CHECK(dead.of_type("heal").empty());
}

TEST_CASE("UM-18 Holy Grail at exactly 4 health restores King Arthur to 8", "[unmatched]") {
    RunResult r = grail(9);   // 9 - (4 + 2 - 1) = 4: "4 health or less" includes 4
    REQUIRE(r.error == "");
    CHECK(r.values("damage", "amount") == std::vector<json>{5});
    CHECK(health(r, "King Arthur") == 8);
    CHECK(r.values("heal", "health") == std::vector<json>{8});
}

TEST_CASE("UM-18 team play: a defeated King Arthur gets nothing from Holy Grail", "[unmatched]") {
    json arthur = hero_setup("king_arthur", {"s4", ""}, {"holy_grail"}, {"shield_wall"});
    arthur["health"] = {5, 0};
    json s = team_match(hero_setup("alice", {"s3", ""}, {"croquet"}, {"croquet"}), arthur,
                        hero_setup("medusa", {"s9", "", "", ""}, json::array(), {"coils"}),
                        hero_setup("sinbad", {"s7", ""}, json::array(), {"parry"}),
                        json::array({say(1, "action", "Attack"), say(1, "attacker", "Alice"), say(1, "target", "King Arthur on s4"),
                                     say(1, "attack_card", "Flamingo Croquet"), say(2, "defense_card", "Holy Grail")}));
    RunResult r = run(s);
    REQUIRE(r.error == "");
    CHECK_FALSE(r.finished());   // Sinbad, Team B's other hero, still stands
    CHECK(health(r, "King Arthur") == 0);
    CHECK(space(r, "King Arthur") == "");
    CHECK(r.of_type("heal").empty());
    CHECK(r.values("window", "source").size() == 1);   // Holy Grail's AFTER COMBAT did run
}

TEST_CASE("UM-19 Vorpal Swish: a win lets Anna pick a card from the defender's hand", "[unmatched]") {
    json anna = {{"hero", "alice"}, {"size", "small"}, {"positions", {"s3", "s9"}}, {"hand", {"vorpal_swish"}}, {"deck", {"croquet"}}};
    SECTION("3 - 1: Anna wins and Karl discards the card she picks") {
        json karl = {{"hero", "king_arthur"}, {"positions", {"s4", "s8"}},
                     {"hand", {"holy_grail", "shield_wall", "excalibur"}}, {"deck", {"shield_wall"}}};
        json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "Alice"), say(1, "target", "King Arthur on s4"),
                              say(1, "attack_card", "Vorpal Swish"), say(2, "defense_card", "Holy Grail"),
                              say(1, "vorpal_swish", "Excalibur")});
        RunResult r = run(duel(anna, karl, d));
        REQUIRE(r.error == "");
        CHECK(health(r, "King Arthur") == 16);
        CHECK(cards_in(r, "hand", 2) == std::vector<std::string>{"Shield Wall"});
        CHECK(cards_in(r, "discard", 2) == std::vector<std::string>{"Holy Grail", "Excalibur"});
    }
    SECTION("variant: defense 3 or more, Anna lost, nothing is discarded") {
        json karl = {{"hero", "king_arthur"}, {"positions", {"s4", "s8"}},
                     {"hand", {"shield_wall", "excalibur"}}, {"deck", {"shield_wall"}}};
        json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "Alice"), say(1, "target", "King Arthur on s4"),
                              say(1, "attack_card", "Vorpal Swish"), say(2, "defense_card", "Shield Wall")});
        RunResult r = run(duel(anna, karl, d));
        REQUIRE(r.error == "");
        CHECK(cards_in(r, "hand", 2) == std::vector<std::string>{"Excalibur"});
        CHECK(r.values("decision", "id") == std::vector<json>{"action", "attacker", "target", "attack_card", "defense_card"});
    }
}

TEST_CASE("UM-20 Looking-Glass: exactly two different effects", "[unmatched]") {
    json karl = {{"hero", "king_arthur"}, {"positions", {"s2", "s8"}}, {"hand", {"valiant_blow"}}, {"deck", {"shield_wall"}}};
    json anna = {{"hero", "alice"}, {"size", "small"}, {"positions", {"s3", "s9"}}, {"health", {4, 8}},
                 {"hand", {"looking_glass"}}, {"deck", {"croquet", "croquet"}}};
    json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "King Arthur"), say(1, "target", "Alice on s3"),
                          say(1, "attack_card", "Valiant Blow"), say(2, "defense_card", "Looking-Glass")});
    SECTION("recover 3 and place Alice elsewhere") {
        json dd = d;
        dd.push_back(say(2, "looking_glass", std::vector<std::string>{"Alice recovers 3 health", "Place Alice on any other space"}));
        dd.push_back(say(2, "looking_glass_place", "s10"));
        RunResult r = run(duel(karl, anna, dd));
        REQUIRE(r.error == "");
        CHECK(std::get<std::int64_t>(r.first("combat")->get("damage")) == 0);   // 3 against 2 + 1 (SMALL)
        CHECK(health(r, "Alice") == 7);
        CHECK(space(r, "Alice") == "s10");
    }
    SECTION("the same effect twice is refused") {
        json dd = d;
        dd.push_back({{"player", 2}, {"id", "looking_glass"}, {"pick", {2, 2}}});
        RunResult r = run(duel(karl, anna, dd));
        CHECK(r.state == RunState::Failed);
        CHECK_THAT(r.error, Catch::Contains("looking_glass"));
    }
}

TEST_CASE("UM-20 team play: Looking-Glass does not place an Alice her own draw defeated", "[unmatched]") {
    // §4.7 [I], rulebook "defeat": a defeated fighter leaves the board and is moved no more. Alice
    // survives the combat, then "draw 2" from an empty deck defeats her (exhaustion) before
    // "place Alice": in team play the match goes on, and she stood on the board again (audit of
    // session 33; a duel ends at her defeat first).
    json alice = hero_setup("alice", {"s3", ""}, {"looking_glass"}, json::array());   // the Jabberwock defeated already
    alice["health"] = {3, 0};
    json s = team_match(hero_setup("king_arthur", {"s2", "s1"}, {"skirmish"}, {"shield_wall", "shield_wall"}), alice,
                        hero_setup("sinbad", {"s9", ""}, json::array(), {"parry"}),
                        hero_setup("medusa", {"s10", "", "", ""}, json::array(), {"hiss"}),
                        json::array({say(1, "action", "Attack"), say(1, "attacker", "King Arthur"), say(1, "target", "Alice on s3"),
                                     say(1, "attack_card", "Skirmish"), say(2, "defense_card", "Looking-Glass"),
                                     say(2, "looking_glass", std::vector<std::string>{"Draw 2 cards", "Place Alice on any other space"}),
                                     say(1, "skirmish_move", "s4")}));   // Skirmish: Arthur, the one fighter left in the combat
    RunResult r = run(s);
    REQUIRE(r.error == "");
    CHECK_FALSE(r.finished());                   // Medusa, Team B's other hero, still stands
    CHECK(health(r, "Alice") == 0);
    CHECK(space(r, "Alice") == "");
    CHECK(r.of_type("place").empty());
    CHECK(r.values("decision", "id").size() == 7);   // no looking_glass_place question
    // The first draw's exhaustion eliminated Anna's player: the second draw hurts nobody and is not told.
    CHECK(r.values("eliminated", "player") == std::vector<json>{2});
    CHECK(r.of_type("exhaustion").size() == 1);
}

TEST_CASE("UM-21 a Harpy defeated in combat: its AFTER COMBAT effect still resolves", "[unmatched]") {
    json anna = {{"hero", "alice"}, {"size", "small"}, {"positions", {"s1", "s9"}}, {"hand", {"curious_feint"}}, {"deck", {"croquet"}}};
    json medusa = {{"hero", "medusa"}, {"positions", {"s7", "s2", "", ""}}, {"hand", {"hiss"}}, {"deck", {"coils", "coils"}}};
    json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "Alice"), say(1, "target", "Harpy 1 on s2"),
                          say(1, "attack_card", "Curious Feint"), say(2, "defense_card", "Hiss")});
    RunResult r = run(duel(anna, medusa, d));
    REQUIRE(r.error == "");
    CHECK(space(r, "Harpy 1") == "");
    CHECK(r.values("defeat", "player") == std::vector<json>{2});
    CHECK(std::get<std::string>(r.first("combat")->get("winner")) == "attack");
    CHECK(cards_in(r, "hand", 2) == std::vector<std::string>{"Coils"});   // Hiss: draw 1
}

TEST_CASE("UM-22 a hero defeated in combat ends the duel before AFTER COMBAT", "[unmatched]") {
    json anna = example_anna();
    json karl = {{"hero", "king_arthur"}, {"positions", {"s6", "s4"}}, {"health", {2, 7}}, {"hand", json::array()},
                 {"deck", {"shield_wall"}}};
    json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "Jabberwock"), say(1, "target", "King Arthur on s6"),
                          say(1, "attack_card", "Biting Jaws")});
    RunResult r = run(duel(anna, karl, d));
    REQUIRE(r.error == "");
    REQUIRE(r.finished());
    CHECK(winners(r) == std::vector<int>{1});
    CHECK(health(r, "Merlin") == 7);   // Biting Jaws never resolved (Merlin is next to the Jabberwock)
    CHECK(r.of_type("no_effect").empty());
}

TEST_CASE("UM-23 effect damage does not decide who won the combat", "[unmatched]") {
    json anna = example_anna();
    json karl = {{"hero", "king_arthur"}, {"positions", {"s9", "s4"}}, {"hand", {"tower_shield"}}, {"deck", {"shield_wall"}}};
    json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "Jabberwock"), say(1, "target", "Merlin on s4"),
                          say(1, "attack_card", "Biting Jaws"), say(2, "defense_card", "Tower Shield")});
    RunResult r = run(duel(anna, karl, d));
    REQUIRE(r.error == "");
    CHECK(std::get<std::string>(r.first("combat")->get("winner")) == "defend");
    CHECK(health(r, "Merlin") == 5);   // 0 combat damage, then Biting Jaws' 2
    CHECK(r.values("damage", "kind") == std::vector<json>{"effect"});
}

TEST_CASE("UM L394 a defender an IMMEDIATELY effect defeated took no damage from the attack, so it wins the combat",
          "[unmatched]") {
    // Found by a rules audit (2026-11-30): the winner came from the card values alone, so the
    // attacker "won" (and its if-you-won effects fired) against a fighter already gone. No shipped
    // card can do this; Sting Probe is a test card (tests/support/cards/unmatched/witnesses.lua).
    json mira = {{"hero", "medusa"}, {"positions", {"s4", "", "", ""}}, {"hand", {"sting_probe"}}, {"deck", {"hiss", "hiss"}}};
    json anna = {{"hero", "alice"}, {"size", "big"}, {"positions", {"s9", "s5"}}, {"health", {13, 1}},
                 {"hand", json::array()}, {"deck", {"croquet"}}};
    json d = json::array({say(1, "medusa_gaze", "No"), say(1, "action", "Attack"), say(1, "attacker", "Medusa"),
                          say(1, "target", "Jabberwock on s5"), say(1, "attack_card", "Sting Probe")});
    RunResult r = run_with_fixtures(duel(mira, anna, d));
    REQUIRE(r.error == "");
    REQUIRE(r.first("defeat"));
    const Event* combat = r.first("combat");
    REQUIRE(combat);
    CHECK(std::get<std::string>(combat->get("winner")) == "defend");
    CHECK(std::get<std::int64_t>(combat->get("damage")) == 0);
    CHECK(r.values("damage", "kind") == std::vector<json>{"effect"});   // the sting alone
    CHECK(cards_in(r, "deck", 1).size() == 2);                         // "if you won": no card drawn
}

TEST_CASE("UM-24 no defense card: the whole attack value is damage", "[unmatched]") {
    json anna = {{"hero", "alice"}, {"size", "small"}, {"positions", {"s3", "s9"}}, {"hand", {"curious_feint"}}, {"deck", {"croquet"}}};
    json karl = {{"hero", "king_arthur"}, {"positions", {"s4", "s8"}}, {"hand", {"shield_wall"}}, {"deck", {"shield_wall"}}};
    json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "Alice"), say(1, "target", "King Arthur on s4"),
                          say(1, "attack_card", "Curious Feint"), say(2, "defense_card", "No defense card")});
    RunResult r = run(duel(anna, karl, d));
    REQUIRE(r.error == "");
    CHECK(health(r, "King Arthur") == 15);
    CHECK(std::get<std::string>(r.first("combat")->get("winner")) == "attack");
}

TEST_CASE("Aimed Shot (C1): AFTER COMBAT draw 1 card, won or lost; an empty deck means exhaustion", "[unmatched]") {
    // Medusa (ranged, s1) shoots King Arthur (s4, in her RED zone) with Aimed Shot (sample value 3).
    json karl = {{"hero", "king_arthur"}, {"positions", {"s4", "s8"}}, {"hand", {"tower_shield"}}, {"deck", {"shield_wall"}}};
    json d = json::array({say(1, "medusa_gaze", "No"), say(1, "action", "Attack"), say(1, "attacker", "Medusa"),
                          say(1, "target", "King Arthur on s4"), say(1, "attack_card", "Aimed Shot"),
                          say(2, "defense_card", "Tower Shield")});
    SECTION("Medusa loses the combat (3 against 4) and still draws the top card") {
        json anna = {{"hero", "medusa"}, {"positions", {"s1", "", "", ""}}, {"hand", {"aimed_shot", "coils"}},
                     {"deck", {"hiss", "petrify"}}};
        RunResult r = run(duel(anna, karl, d));
        REQUIRE(r.error == "");
        CHECK(std::get<std::string>(r.first("combat")->get("winner")) == "defend");
        CHECK(cards_in(r, "hand", 1) == std::vector<std::string>{"Hiss", "Coils"});   // a drawn card goes on top
        CHECK(cards_in(r, "deck", 1) == std::vector<std::string>{"Petrify"});
        CHECK(cards_in(r, "discard", 1) == std::vector<std::string>{"Aimed Shot"});
    }
    SECTION("with an empty deck the draw is exhaustion: 2 damage to each of Medusa's fighters") {
        json anna = {{"hero", "medusa"}, {"positions", {"s1", "s2", "", ""}}, {"hand", {"aimed_shot"}},
                     {"deck", json::array()}};
        RunResult r = run(duel(anna, karl, d));
        REQUIRE(r.error == "");
        CHECK(r.values("exhaustion", "player") == std::vector<json>{1});
        CHECK(health(r, "Medusa") == 14);
        CHECK(space(r, "Harpy 1") == "");   // 1 health: defeated
        CHECK(cards_in(r, "hand", 1).empty());
    }
}
