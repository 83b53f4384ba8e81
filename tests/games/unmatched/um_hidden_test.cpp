// Unmatched hidden information: face-down combat cards stay hidden from the other player until
// the simultaneous reveal, in the log as that player sees it and in the questions put to them.
#include <catch2/catch.hpp>

#include "um_support.h"

using nlohmann::json;
using namespace duelbox;
using namespace duelbox::test;
using namespace duelbox::test::um;

namespace {
json anna() {
    return {{"hero", "alice"}, {"size", "big"}, {"positions", {"s1", "s5"}},
            {"hand", {"biting_jaws", "vorpal_swish", "looking_glass"}}, {"deck", {"croquet", "croquet"}}};
}
json karl() {
    return {{"hero", "king_arthur"}, {"positions", {"s6", "s8"}}, {"hand", {"skirmish", "tower_shield"}}, {"deck", {"shield_wall"}}};
}
json decisions() {
    return json::array({say(1, "action", "Attack"), say(1, "attacker", "Jabberwock"), say(1, "target", "King Arthur on s6"),
                        say(1, "attack_card", "Biting Jaws"), say(2, "defense_card", "Tower Shield")});
}
constexpr PlayerIndex kKarl = 1, kAnna = 0;   // 0-based viewers
}  // namespace

TEST_CASE("Unmatched face-down combat cards are hidden until the reveal", "[unmatched]") {
    RunResult r = run(duel(anna(), karl(), decisions()));
    REQUIRE(r.error == "");
    const Event* reveal = r.first("reveal");
    REQUIRE(reveal);
    std::size_t checked = 0;
    for (const Event& e : r.events()) {
        if (e.seq >= reveal->seq) break;
        if (e.type == "entity.reveal") continue;   // the cards turning face up: the reveal itself
        if (!EventLog::sees(e, kKarl)) continue;
        const std::string text = r.narrate(e, kKarl) + " " + r.data(e, kKarl).dump();
        INFO("event " << e.seq << " as Karl sees it: " << text);
        CHECK(text.find("Biting Jaws") == std::string::npos);
        CHECK(text.find("Vorpal Swish") == std::string::npos);
        const std::string anna_text = r.narrate(e, kAnna) + " " + r.data(e, kAnna).dump();
        CHECK(anna_text.find("Tower Shield") == std::string::npos);
        ++checked;
    }
    CHECK(checked > 20);
    // Karl learns that Anna chose, not what; the card moves to her combat area as "a hidden card".
    const Event* chose = nullptr;
    for (const Event* e : r.of_type("decision"))
        if (e->get("id") == Value{std::string("attack_card")}) chose = e;
    REQUIRE(chose);
    CHECK_FALSE(r.data(*chose, kKarl).contains("answer"));
    CHECK(r.data(*chose, kAnna)["answer"] == "Biting Jaws");
    CHECK(r.narrate(*reveal, kKarl) == "Anna reveals Biting Jaws against Karl's Tower Shield");
    // An observer (the full log) sees both choices before the reveal.
    CHECK(r.data(*chose, EventLog::kObserver)["answer"] == "Biting Jaws");
}

TEST_CASE("Unmatched the defender's question does not name the attack card", "[unmatched]") {
    // The attacker lays its card face down first, secretly; the defender is asked alone after it
    // (seed L311-317): never together with the attacker's question, whose options (the cards the
    // fighter may use from a hidden hand) a search for the defender read (docs/ai.md).
    json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "Jabberwock"), say(1, "target", "King Arthur on s6")});
    RunResult first = run(duel(anna(), karl(), d, {{"after_decisions", 3}}));
    REQUIRE(first.state == RunState::Stopped);
    REQUIRE(first.runner->pending().size() == 1);
    CHECK(first.runner->pending()[0].player == kAnna);
    CHECK(first.runner->pending()[0].secret);
    d.push_back(say(1, "attack_card", "Biting Jaws"));
    RunResult r = run(duel(anna(), karl(), d, {{"after_decisions", 4}}));
    REQUIRE(r.state == RunState::Stopped);
    REQUIRE(r.runner->pending().size() == 1);
    const DecisionRequest& karls = r.runner->pending()[0];
    CHECK(karls.player == kKarl);
    CHECK(karls.secret);
    CHECK(karls.prompt.find("Biting Jaws") == std::string::npos);
    for (const auto& o : karls.options) CHECK(o.label.find("Biting Jaws") == std::string::npos);
    CHECK(pending_labels(r, 0) == std::vector<std::string>{"No defense card", "Skirmish", "Tower Shield"});
}

TEST_CASE("Unmatched a defender with no usable defense card is still asked (no leak)", "[unmatched]") {
    json k = karl();
    k["hand"] = {"excalibur"};   // attack only: Karl cannot defend, and Anna must not learn it early
    json d = json::array({say(1, "action", "Attack"), say(1, "attacker", "Jabberwock"), say(1, "target", "King Arthur on s6"),
                          say(1, "attack_card", "Biting Jaws")});
    RunResult r = run(duel(anna(), k, d, {{"after_decisions", 4}}));
    REQUIRE(r.state == RunState::Stopped);
    REQUIRE(r.runner->pending().size() == 1);
    CHECK(pending_labels(r, 0) == std::vector<std::string>{"No defense card"});
}

TEST_CASE("UM-19 Vorpal Swish: the look at the defender's hand is private to the card's player", "[unmatched]") {
    // Team play A1 (Anna, Alice), B1 (Karl, King Arthur), A2, B2. Alice's Vorpal Swish (3 + 2 BIG)
    // beats Holy Grail (1); Anna looks at Karl's whole hand and picks Excalibur. Shield Wall, the card
    // she saw and left, must reach Anna's view only: not Anna's teammate's, not Karl's teammate's
    // (hands stay private even from a teammate, docs/rules-decisions.md).
    json s = team_match(hero_setup("alice", {"s3", ""}, {"vorpal_swish"}, {"croquet"}),
                        hero_setup("king_arthur", {"s4", ""}, {"holy_grail", "shield_wall", "excalibur"}, {"tower_shield"}),
                        hero_setup("medusa", {"s9", "", "", ""}, json::array(), {"coils"}),
                        hero_setup("sinbad", {"s7", ""}, json::array(), {"parry"}),
                        json::array({say(1, "action", "Attack"), say(1, "attacker", "Alice"), say(1, "target", "King Arthur on s4"),
                                     say(1, "attack_card", "Vorpal Swish"), say(2, "defense_card", "Holy Grail"),
                                     say(1, "vorpal_swish", "Excalibur")}));
    RunResult r = run(s);
    REQUIRE(r.error == "");
    CHECK(cards_in(r, "hand", 2) == std::vector<std::string>{"Shield Wall"});
    CHECK(cards_in(r, "discard", 2) == std::vector<std::string>{"Holy Grail", "Excalibur"});
    auto seen_by = [&](PlayerIndex viewer) {
        std::size_t n = 0;
        for (const Event& e : r.events()) {
            if (!EventLog::sees(e, viewer)) continue;
            const std::string text = r.narrate(e, viewer) + " " + r.data(e, viewer).dump();
            n += text.find("Shield Wall") != std::string::npos;
        }
        return n;
    };
    CHECK(seen_by(0) > 0);    // Anna looked
    CHECK(seen_by(1) > 0);    // Karl's own hand
    CHECK(seen_by(2) == 0);   // Anna's teammate
    CHECK(seen_by(3) == 0);   // Karl's teammate
}
