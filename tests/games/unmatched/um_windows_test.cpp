// Unmatched combat timing windows (rulebook "attack, step 3"; spec §8 T7-T11) with the test-only
// heroes Witness and Herald (tests/support/cards/unmatched/witnesses.lua): their abilities never
// return early and every handler logs a `fixture` event, so the tests read exactly which effects
// ran, how often and in what order. IMMEDIATELY, then DURING COMBAT, the combat result, then
// AFTER COMBAT. In IMMEDIATELY and DURING COMBAT the defender's card and ability, then the
// attacker's (rulebook: the defender's effect first); AFTER COMBAT both cards, then the hero
// abilities (the rulebook puts "other game effects ... such as hero abilities" after all card
// effects). Rule option ability_order = "cards_first" orders every window as AFTER COMBAT.
#include <catch2/catch.hpp>

#include "um_support.h"

using nlohmann::json;
using namespace duelbox;
using namespace duelbox::test;
using namespace duelbox::test::um;

namespace {

json fixture_hero(const char* hero, const char* at, json hand, int health = 10) {
    return {{"hero", hero}, {"positions", {at}}, {"health", {health}}, {"hand", std::move(hand)}, {"deck", {"omen", "omen"}}};
}

// The `fixture` events' texts in log order, with "combat result" where the combat was resolved.
std::vector<std::string> story(const RunResult& r) {
    std::vector<std::string> out;
    for (const Event& e : r.events()) {
        if (e.type == "fixture") out.push_back(std::get<std::string>(e.get("what")));
        if (e.type == "combat") out.push_back("combat result");
    }
    return out;
}

// Herald (Anna, s3) attacks Witness (Karl, s4) with Omen; Karl answers `defense` when asked.
json herald_attacks(const char* defense) {
    json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "Herald"), say(1, "target", "Witness on s4"),
                          say(1, "attack_card", "Omen")});
    if (defense) d.push_back(say(2, "defense_card", defense));
    return d;
}

}  // namespace

TEST_CASE("UM-24 no defense card: the defender's hero ability runs once per window, not twice", "[unmatched]") {
    // Issue #17 item 9: with no defense card the card pass fell through to the character card,
    // so the defender's ability ran in the card pass and again in the ability pass.
    const std::vector<std::string> expected = {
        "Witness ability IMMEDIATELY",    "Herald's Omen IMMEDIATELY",    "Herald ability IMMEDIATELY",
        "Witness ability DURING COMBAT",  "Herald's Omen DURING COMBAT",  "Herald ability DURING COMBAT",
        "combat result",
        "Herald's Omen AFTER COMBAT",     "Witness ability AFTER COMBAT", "Herald ability AFTER COMBAT"};
    SECTION("the defender declines to play a card") {
        RunResult r = run_with_fixtures(duel(fixture_hero("herald", "s3", {"omen"}), fixture_hero("witness", "s4", {"omen"}),
                                             herald_attacks("No defense card")));
        REQUIRE(r.error == "");
        CHECK(story(r) == expected);
        CHECK(health(r, "Witness") == 7);                  // the whole attack value (3)
        CHECK(cards_in(r, "hand", 2).size() == 2);         // its Omen kept + 1 drawn by its ability, once
        CHECK(r.values("window", "source").size() == 3);   // the card pass narrates only Herald's Omen
    }
    SECTION("the defender holds no card and is not asked") {
        RunResult r = run_with_fixtures(duel(fixture_hero("herald", "s3", {"omen"}), fixture_hero("witness", "s4", json::array()),
                                             herald_attacks(nullptr)));
        REQUIRE(r.error == "");
        CHECK(story(r) == expected);
        CHECK(cards_in(r, "hand", 2).size() == 1);
    }
}

TEST_CASE("Unmatched attack step 3: IMMEDIATELY, DURING COMBAT, result, AFTER COMBAT; the defender's effects first",
          "[unmatched]") {
    json s = duel(fixture_hero("herald", "s3", {"omen"}), fixture_hero("witness", "s4", {"omen"}), herald_attacks("Omen"));
    SECTION("rule option ability_order = defender_first (default): each side's card and ability, defender's side first; "
            "AFTER COMBAT both cards, then the abilities") {
        RunResult r = run_with_fixtures(s);
        REQUIRE(r.error == "");
        CHECK(story(r) == std::vector<std::string>{
            "Witness's Omen IMMEDIATELY",   "Witness ability IMMEDIATELY",   "Herald's Omen IMMEDIATELY",   "Herald ability IMMEDIATELY",
            "Witness's Omen DURING COMBAT", "Witness ability DURING COMBAT", "Herald's Omen DURING COMBAT", "Herald ability DURING COMBAT",
            "combat result",
            "Witness's Omen AFTER COMBAT",  "Herald's Omen AFTER COMBAT",  "Witness ability AFTER COMBAT",  "Herald ability AFTER COMBAT"});
        CHECK(std::get<std::string>(r.first("combat")->get("winner")) == "defend");   // 3 - 3
        // Omen's IMMEDIATELY draw and the ability's AFTER COMBAT draw: 2 cards each, the Omens discarded.
        CHECK(cards_in(r, "hand", 1) == std::vector<std::string>{"Omen", "Omen"});
        CHECK(cards_in(r, "hand", 2) == std::vector<std::string>{"Omen", "Omen"});
        CHECK(cards_in(r, "deck", 2).empty());
        CHECK(cards_in(r, "discard", 2) == std::vector<std::string>{"Omen"});
    }
    SECTION("rule option ability_order = cards_first: every window as AFTER COMBAT") {
        s["options"] = {{"ability_order", "cards_first"}};
        RunResult r = run_with_fixtures(s);
        REQUIRE(r.error == "");
        CHECK(story(r) == std::vector<std::string>{
            "Witness's Omen IMMEDIATELY",   "Herald's Omen IMMEDIATELY",   "Witness ability IMMEDIATELY",   "Herald ability IMMEDIATELY",
            "Witness's Omen DURING COMBAT", "Herald's Omen DURING COMBAT", "Witness ability DURING COMBAT", "Herald ability DURING COMBAT",
            "combat result",
            "Witness's Omen AFTER COMBAT",  "Herald's Omen AFTER COMBAT",  "Witness ability AFTER COMBAT",  "Herald ability AFTER COMBAT"});
    }
    SECTION("an unknown ability_order is refused") {
        s["options"] = {{"ability_order", "attacker_first"}};
        RunResult r = run_with_fixtures(s);
        CHECK(r.state == RunState::Failed);
        CHECK_THAT(r.error, Catch::Contains("ability_order"));
    }
}

TEST_CASE("Unmatched attack step 3: a hero's after-combat ability waits for both cards' AFTER COMBAT effects", "[unmatched]") {
    // The Jabberwock (s3) attacks Witness (s4) with Biting Jaws (4) against Omen (3): 1 combat
    // damage; then Omen, then Biting Jaws' 2 damage to the only fighter next to the Jabberwock
    // (Witness); only then Witness's ability (draw 1), unless the Jaws ended the duel.
    json anna = {{"hero", "alice"}, {"size", "big"}, {"positions", {"s9", "s3"}}, {"hand", {"biting_jaws"}}, {"deck", {"croquet"}}};
    json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "Jabberwock"), say(1, "target", "Witness on s4"),
                          say(1, "attack_card", "Biting Jaws"), say(2, "defense_card", "Omen")});
    SECTION("Witness survives: its ability comes last") {
        RunResult r = run_with_fixtures(duel(anna, fixture_hero("witness", "s4", {"omen"}, 5), d));
        REQUIRE(r.error == "");
        CHECK(health(r, "Witness") == 2);   // 5 - 1 - 2
        CHECK(story(r) == std::vector<std::string>{"Witness's Omen IMMEDIATELY", "Witness ability IMMEDIATELY",
                                                   "Witness's Omen DURING COMBAT", "Witness ability DURING COMBAT", "combat result",
                                                   "Witness's Omen AFTER COMBAT", "Witness ability AFTER COMBAT"});
        const auto damages = r.of_type("damage");
        REQUIRE(damages.size() == 2);
        const Event* ability = r.of_type("fixture").back();
        CHECK(std::get<std::string>(damages[1]->get("kind")) == "effect");   // Biting Jaws
        CHECK(damages[1]->seq < ability->seq);
        CHECK(cards_in(r, "hand", 2) == std::vector<std::string>{"Omen", "Omen"});   // IMMEDIATELY and ability draws
    }
    SECTION("Biting Jaws defeats Witness: the duel is over and the ability never runs") {
        RunResult r = run_with_fixtures(duel(anna, fixture_hero("witness", "s4", {"omen"}, 3), d));
        REQUIRE(r.error == "");
        REQUIRE(r.finished());
        CHECK(winners(r) == std::vector<int>{1});
        CHECK(story(r).back() == "Witness's Omen AFTER COMBAT");
    }
}
