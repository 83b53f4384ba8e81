// squad_turn_test.cpp - the squad-battle turn around the battle (spec §6): one squad per arena
// (SQ-12), paying costs by milling or, as a rule option, by tapping Resources (§6.3), and the
// deck-out loss and draw (§6.6).
#include <catch2/catch.hpp>

#include "squad_run.h"

using namespace duelbox;
using namespace duelbox::squad_test;
using Strings = std::vector<std::string>;

TEST_CASE("SQ-12 one attacking squad per arena: one Space and one Ground squad, settled together", "[squad][turn]") {
    Side a, b;
    a.base = {"fx_s_3_0_1", "fx_g_4_0_9", "fx_g_2_0_9"};
    b.cards = Strings(20, "fx_filler");
    // Ground: both GROUND units go in the one squad the arena allows; the player is asked once
    // per arena, so no second Ground squad can be formed.
    const Run r = run(scenario(a, b, {pick(1, "attack.space", {1}), pick(1, "attack.ground", {1, 2}),
                                      pick(1, "rows.ground", {1, 2})}));
    REQUIRE(r.state == RunState::Stopped);
    int ground_questions = 0;
    for (const Event* e : r.events("decision"))
        if (std::get<std::string>(e->get("id")) == "attack.ground") ++ground_questions;
    CHECK(ground_questions == 1);
    CHECK(r.events("squad.squad").size() == 2);
    CHECK(r.count("discard", 2) == 3 + 4 + 0);   // Space 3; Ground 4 + the rear unit's SHOOTING 0
}

TEST_CASE("§6.3 a cost is paid by milling the player's own deck, or by tapping Resources as a rule option", "[squad][turn]") {
    Side a, b;
    a.base = {"blue_depot", "blue_depot", "blue_depot"};
    a.hand = {"gunship"};   // blue, needs 1 blue and 3 in all, costs 2
    const auto decisions = std::vector<ScriptedDecision>{pick(1, "deploy", {2})};
    SECTION("milling (the default)") {
        const Run r = run(scenario(a, b, decisions));
        REQUIRE(r.find("base_area", 1, "Gunship") != kNoEntity);
        CHECK(r.count("deck", 1) == 8);      // 10 - 2 milled
        CHECK(r.count("discard", 1) == 2);
        for (EntityId e : r.m().zone(r.m().find_zone("base_area", 0)).items)
            if (r.m().entity(e).name == "Blue Depot") CHECK_FALSE(r.tapped(e));
    }
    SECTION("tapping (payment = \"tap\")") {
        const Run r = run(scenario(a, b, decisions, {{"payment", "tap"}}));
        REQUIRE(r.find("base_area", 1, "Gunship") != kNoEntity);
        CHECK(r.count("deck", 1) == 10);
        CHECK(r.count("discard", 1) == 0);
        int tapped = 0;
        for (EntityId e : r.m().zone(r.m().find_zone("base_area", 0)).items)
            if (r.m().entity(e).name == "Blue Depot" && r.tapped(e)) ++tapped;
        CHECK(tapped == 2);
    }
}

TEST_CASE("§6.3 a card whose requirements are not met is not offered", "[squad][turn]") {
    Side a, b;
    a.base = {"red_depot", "red_depot"};
    a.hand = {"gunship", "line_walker"};   // Gunship needs a blue Resource and 3 in all; Line Walker is fine
    const Run r = run(scenario(a, b, {pick(1, "deploy", {2})}));
    const auto decisions = r.events("decision");
    REQUIRE_FALSE(decisions.empty());
    CHECK(std::get<std::string>(decisions.front()->get("answer")) == "Line Walker");
    CHECK(r.find("hand", 1, "Gunship") != kNoEntity);
}

TEST_CASE("§6.6 a player whose play deck is milled to 0 loses at once", "[squad][turn]") {
    Side a, b;
    a.base = {"fx_s_5_0_1"};
    b.cards = Strings(3, "fx_filler");
    const Run r = run(to_end(scenario(a, b, {pick(1, "attack.space", {1})})));
    REQUIRE(r.state == RunState::Finished);
    CHECK(r.m().result().winners == std::vector<PlayerIndex>{0});
    CHECK(r.m().result().reason == "deck out");
    CHECK(r.events("squad.turn").size() == 1);   // over in the damage step of turn 1
}

TEST_CASE("§6.6 both decks emptied at the same check is a draw", "[squad][turn]") {
    Side a, b;
    a.hand = {"fx_drain"};
    const Run r = run(to_end(scenario(a, b, {pick(1, "priority.ready", {2})})));
    REQUIRE(r.state == RunState::Finished);
    CHECK(r.m().result().winners.empty());
    CHECK(r.m().result().reason == "both decks out");
}

TEST_CASE("squad setup: a bad card or mark is refused with its field path", "[squad][turn]") {
    Side a, b;
    a.base = {"line_walker", "nope"};
    Run r = run(scenario(a, b, {}));
    CHECK(r.state == RunState::Failed);
    CHECK_THAT(r.runner->error(), Catch::Contains("players[0].setup.base[1]: 'nope': no card 'squad/nope'"));
    a.base = {"line_walker!sideways"};
    r = run(scenario(a, b, {}));
    CHECK(r.state == RunState::Failed);
    CHECK_THAT(r.runner->error(), Catch::Contains("players[0].setup.base[0]: 'line_walker!sideways': unknown mark 'sideways'"));
    b.attach = {"ace@1.5"};
    a.base = {"line_walker"};
    r = run(scenario(a, b, {}));
    CHECK(r.state == RunState::Failed);
    CHECK_THAT(r.runner->error(), Catch::Contains("players[1].setup.attach[0]: 'ace@1.5': expected \"card@seat.position\""));
}
