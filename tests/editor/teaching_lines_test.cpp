// teaching_lines_test.cpp - teaching mode's Lua line steps (editor/model/teaching_lines.h),
// headless: a small fixture game gives the exact line sequence; stepping back then forward
// returns the same positions; two recordings are identical; a line lands on the event it logs.
#include <catch2/catch.hpp>

#include "../support/probe_echo_trace.h"
#include "model/teaching_lines.h"

using namespace duelbox;
using namespace duelbox::editor;
using Strings = std::vector<std::string>;

namespace {

const std::string kSupport = DUELBOX_TEST_SUPPORT;

// The Probe fixture (tests/support/scripts/probe): activates Echo, fires "go" twice.
Scenario probe_echo() {
    Scenario s;
    s.game = "probe";
    s.root = kSupport;
    SeatSpec seat;
    seat.agent = "first";
    s.seats.push_back(seat);
    s.setup = {{"cards", {"probe/echo"}}, {"times", 2}};
    return s;
}

Scenario duel_demo() { return load_scenario(kSupport + "/scenarios/duel_demo.json", kSupport); }

}  // namespace

TEST_CASE("teaching lines: the probe fixture gives the exact line sequence", "[editor][teaching]") {
    Session session;
    std::string error;
    REQUIRE(session.open(probe_echo(), error));
    TeachingLines lines;
    REQUIRE(lines.record(session, error));
    REQUIRE(lines.recorded_for(session));
    REQUIRE(lines.trace());
    CHECK(test::describe_trace(*lines.trace()) == test::probe_echo_lines());   // which lines and why: probe_echo_trace.h
    CHECK(lines.trace()->files() == Strings{"scripts/probe/game.lua", "cards/probe/echo.lua"});
}

TEST_CASE("teaching lines: stepping back then forward returns the same positions", "[editor][teaching]") {
    Session session;
    std::string error;
    REQUIRE(session.open(duel_demo(), error));
    session.travel(0);
    TeachingLines lines;
    REQUIRE(lines.record(session, error));
    const std::size_t n = lines.size();
    REQUIRE(n > 1000);

    // Forwards over every line: the session follows each line's event; positions count up.
    std::vector<std::string> forward;
    std::size_t last_event = 0;
    for (std::size_t i = 0; i < n; ++i) {
        REQUIRE(lines.step(+1, session.cursor()));
        CHECK(lines.position() == i);
        CHECK(lines.event() >= last_event);                 // lines run in log order
        last_event = lines.event();
        session.travel(lines.event());
        CHECK(session.cursor() == lines.event());
        forward.push_back(lines.where());
    }
    CHECK_FALSE(lines.step(+1, session.cursor()));          // the last line: no further
    CHECK(lines.position() == n - 1);
    CHECK(last_event <= session.tip());

    // Back 300 lines, then forward 300: the same positions and places, in reverse then again.
    for (std::size_t k = 1; k <= 300; ++k) {
        REQUIRE(lines.step(-1, session.cursor()));
        session.travel(lines.event());
        CHECK(lines.position() == n - 1 - k);
        CHECK(lines.where() == forward[n - 1 - k]);
    }
    for (std::size_t k = 300; k-- > 0;) {
        REQUIRE(lines.step(+1, session.cursor()));
        session.travel(lines.event());
        CHECK(lines.position() == n - 1 - k);
        CHECK(lines.where() == forward[n - 1 - k]);
    }
    // All the way back to the first line, and no further.
    while (lines.step(-1, session.cursor())) session.travel(lines.event());
    CHECK(lines.position() == 0);
    CHECK(lines.where() == forward[0]);
}

TEST_CASE("teaching lines: a line steps onto the event it logs, and event steps hand over",
          "[editor][teaching]") {
    Session session;
    std::string error;
    REQUIRE(session.open(duel_demo(), error));
    TeachingLines lines;
    REQUIRE(lines.record(session, error));
    const Match& m = session.run().match();
    // The first event a card's handler logs, e.g. a hit: its source is a line in cards/duel/.
    std::size_t h = 0;
    while (h < m.log().size() && m.log().where(m.log().events()[h]).rfind("cards/duel/", 0) != 0) ++h;
    REQUIRE(h < m.log().size());
    const std::string logged_by = m.log().where(m.log().events()[h]);

    // Just past that event, "Back line" lands on the line that logged it, state before it.
    session.travel(h + 1);
    REQUIRE(lines.step(-1, session.cursor()));
    CHECK(lines.where() == logged_by);
    CHECK(lines.event() == h);
    // "Step line" from there crosses the event: the next line runs after it.
    REQUIRE(lines.step(+1, lines.event()));
    CHECK(lines.event() == h + 1);

    // An event step elsewhere drops the line position; "Step line" resumes from the new cursor.
    session.travel(h + 20);
    lines.follow_cursor(session.cursor());
    CHECK_FALSE(lines.on_line());
    REQUIRE(lines.step(+1, session.cursor()));
    CHECK(lines.event() >= h + 20);
    CHECK((lines.position() == 0 || lines.trace()->steps()[lines.position() - 1].event < h + 20));
}

TEST_CASE("teaching lines: two recordings of a run are identical, and a rerun needs a new one",
          "[editor][teaching]") {
    Session session;
    std::string error;
    REQUIRE(session.open(duel_demo(), error));
    TeachingLines a, b;
    REQUIRE(a.record(session, error));
    REQUIRE(b.record(session, error));
    CHECK(a.trace()->steps() == b.trace()->steps());
    CHECK(a.trace()->files() == b.trace()->files());
    // Only the game's own files: no scripts/core/ helper, every file under scripts/duel or cards/duel.
    for (const std::string& f : a.trace()->files())
        CHECK((f.rfind("scripts/duel/", 0) == 0 || f.rfind("cards/duel/", 0) == 0));
    REQUIRE(session.rerun());
    CHECK_FALSE(a.recorded_for(session));
    REQUIRE(a.record(session, error));
    CHECK(a.trace()->steps() == b.trace()->steps());       // nothing changed on disk: the same lines
}
