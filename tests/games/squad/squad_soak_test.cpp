// squad_soak_test.cpp - seeded random-agent matches of the quick-start decks: every match ends
// by a deck-out (or both at once, a draw) with no script error and no stuck decision, and
// neither player's view of the log ever names a card in the other's hand, in a play deck or
// in a face-down Discard, nor shows that the other was asked whether to play a card.
#include <catch2/catch.hpp>

#include <map>
#include <nlohmann/json.hpp>

#include "../hidden_view.h"
#include "squad_run.h"

using namespace duelbox;
using namespace duelbox::squad_test;

namespace {

Scenario bench_match(std::uint64_t seed) {
    Scenario s;
    s.game = "squad";
    s.root = root();
    s.seed = seed;
    s.seats.resize(2);   // random agents
    s.seats[0].setup = {{"deck", "squad/red_quickstart"}};
    s.seats[1].setup = {{"deck", "squad/blue_quickstart"}};
    return s;
}

}  // namespace

TEST_CASE("1000 seeded random matches of the quick-start decks end by deck-out", "[squad][soak]") {
    int decided = 0, drawn = 0, orders = 0, attachments = 0;
    for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
        Run r = run(bench_match(seed));
        INFO("seed " << seed << ": " << r.runner->error());
        REQUIRE(r.state == RunState::Finished);
        const std::string& why = r.m().result().reason;
        if (why == "deck out") ++decided;
        else if (why == "both decks out") ++drawn;
        else FAIL("unexpected end: " << why);
        CHECK(r.m().check_invariants().empty());   // every card in exactly one zone
        orders += static_cast<int>(r.events("squad.link").size());
        attachments += static_cast<int>(r.events("squad.attach").size());
    }
    CHECK(decided + drawn == 1000);
    CHECK(decided > 900);
    CHECK(orders > 0);        // the decks' Orders get played, Characters and Operations attached
    CHECK(attachments > 0);
}

TEST_CASE("a player's view never names the other's hand, a play deck or a face-down Discard", "[squad][hidden]") {
    test::HiddenChecked checked;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Run r = run(bench_match(seed));
        REQUIRE(r.state == RunState::Finished);
        // A question put only when a hand holds something playable (deploy, priority) is
        // unannounced: the other player must not see that it was asked.
        const auto c = test::check_hidden_view(
            r.m(), [](const std::string& id) { return id == "deploy" || id.rfind("priority.", 0) == 0; },
            "seed " + std::to_string(seed));
        checked.names += c.names;
        checked.questions += c.questions;
    }
    CHECK(checked.names + checked.questions > 1000);
}
