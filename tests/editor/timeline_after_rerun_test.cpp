// timeline_after_rerun_test.cpp - after a rerun the run's timeline is built by a second play,
// a slice at a time (Session::build_timeline), so the save's result is on screen sooner.
// Once built, travel to any N shows the same state as a session opened on the edited files
// (whose timeline was kept during its first play), with no rerun; a travel before it is
// built finishes it first, and reruns nothing either.
#include <catch2/catch.hpp>

#include "duel_copy.h"
#include "model/session.h"

using namespace duelbox;
using namespace duelbox::editor;
using testing::DuelCopy;

namespace {

void edit_strike(const DuelCopy& box) {
    box.write("cards/duel/strike.lua", "-- Strike, edited by the test: power 3 -> 4.\n"
                                       "return { name = \"Strike\", props = { speed = 5, range_min = 1, range_max = 1, power = 4 } }\n");
}

// The state shown at each cursor position, every `stride` events.
std::vector<std::string> states(Session& s, std::size_t stride) {
    std::vector<std::string> out;
    for (std::size_t n = 0; n <= s.tip(); n += stride) {
        s.travel(n);
        out.push_back(state_digest(s.view()));
    }
    return out;
}

}  // namespace

TEST_CASE("editor: after a rerun the timeline is built in slices and travel equals a fresh session", "[editor]") {
    DuelCopy box("timeline_rerun");
    Session session;
    std::string error;
    REQUIRE(session.open(box.demo(), error));
    edit_strike(box);
    REQUIRE(session.poll_files());
    REQUIRE_FALSE(session.error());
    REQUIRE(session.tip() > 20);
    CHECK(session.run().timeline() == nullptr);   // not yet: the result came first
    CHECK(session.travel_is_instant());          // the first travel would finish it
    int slices = 0;   // a slice plays up to n resumes of the rules (one per question asked)
    while (session.build_timeline(1)) ++slices;
    CHECK(slices >= 1);
    REQUIRE(session.run().timeline());
    CHECK(session.run().timeline()->complete());

    Session fresh;
    REQUIRE(fresh.open(box.demo(), error));
    REQUIRE(fresh.tip() == session.tip());
    CHECK(states(session, 7) == states(fresh, 7));
    CHECK(session.reruns_for_travel() == 0);
}

TEST_CASE("editor: a travel right after a rerun finishes the timeline first and reruns nothing", "[editor]") {
    DuelCopy box("timeline_rerun_travel");
    Session session;
    std::string error;
    REQUIRE(session.open(box.demo(), error));
    edit_strike(box);
    REQUIRE(session.poll_files());
    REQUIRE(session.tip() > 20);
    session.travel(session.tip() / 2);
    CHECK(session.reruns_for_travel() == 0);
    REQUIRE(session.run().timeline());
    CHECK(session.run().timeline()->complete());
    CHECK_FALSE(session.build_timeline(1));   // nothing left to build
}
