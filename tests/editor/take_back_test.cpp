// #19.2 in the editor: a person answering a human seat may take an answer back under the
// same rule as at the terminal (agents/agent.h: nothing random and nothing hidden revealed
// to that player since), and sees what the rules do not offer and why (decide's `unavailable`).
#include <catch2/catch.hpp>

#include "model/session.h"

using namespace duelbox;
using namespace duelbox::editor;

namespace {

// The first question still open for Ada (a simultaneous group lists answered ones too).
std::size_t open_index(const Session& s) {
    REQUIRE(s.waiting());
    for (std::size_t i = 0; i < s.pending().size(); ++i)
        if (!s.answered(i) && s.pending()[i].player == 0) return i;
    FAIL("nothing is asked of Ada");
    return 0;
}

const DecisionRequest& asked(const Session& s) { return s.pending()[open_index(s)]; }

std::string answer(Session& s, const std::string& label) {
    const std::size_t i = open_index(s);
    const DecisionRequest& r = s.pending()[i];
    for (std::size_t k = 0; k < r.options.size(); ++k)
        if (r.options[k].label.rfind(label, 0) == 0) return s.provide(i, Answer{{static_cast<std::int64_t>(k)}});
    FAIL("no option " << label << " in " << r.id);
    return "";
}

}  // namespace

TEST_CASE("#19.2 the editor takes back a person's last answer while nothing was learned since", "[editor][human]") {
    Session s;
    std::string error;
    REQUIRE(s.open_file(std::string(DUELBOX_TEST_SUPPORT) + "/scenarios/human_battlecon.json", DUELBOX_SOURCE_ROOT, error));
    CHECK(s.take_back(0) == "nothing to take back: Ada has not answered yet");
    REQUIRE(asked(s).id == "set.style");
    CHECK(answer(s, "Swift") == "");
    REQUIRE(asked(s).id == "set.base");
    CHECK(s.take_back(0) == "");                  // still in the simultaneous group: asked again
    REQUIRE(asked(s).id == "set.style");
    CHECK(answer(s, "Maneuver") == "");
    CHECK(answer(s, "Grasp") == "");
    REQUIRE(asked(s).id == "advantage");
    CHECK(asked(s).unavailable.empty());          // 6 force: everything is offered
    CHECK(answer(s, "Taunt Bastion") == "");
    // Bastion's Taunt is one-time: not offered again this beat, and the person may ask why.
    const DecisionRequest& again = asked(s);
    REQUIRE(again.id == "advantage");
    REQUIRE(again.unavailable.size() == 1);
    CHECK(again.unavailable[0].label == "Taunt Bastion: gain 1 force, Bastion +1 power");
    CHECK(again.unavailable[0].why == "used this beat already: a one-time advantage (ADV5)");
    // Brook answered since (he passed, with Ada's Taunt in view): Ada would choose again knowing
    // his answer, so the Taunt stays (the rule counts any other player's answer as learned).
    CHECK(s.take_back(0) == "cannot take it back: Brook has answered since");
    REQUIRE(asked(s).id == "advantage");
    CHECK(answer(s, "pass") == "");   // Brook passed: Reveal
    REQUIRE(s.waiting());
    const std::string refused = s.take_back(0);
    CHECK(refused.rfind("cannot take it back: ", 0) == 0);
    CHECK(refused.find(" was revealed to you since") != std::string::npos);
}
