// line_trace_test.cpp - the opt-in Lua line trace (runtime/lua/line_trace.h): the exact lines a
// small fixture game executes, each tied to the event it precedes; the same trace every run;
// and the instruction budget still holding while lines are traced (one hook serves both).
#include <catch2/catch.hpp>

#include "lua/line_trace.h"
#include "probe_run.h"

using namespace duelbox;
using namespace duelbox::test;
using Strings = std::vector<std::string>;

namespace {

// "file:line@event" for every step, the event being the index of the event the line precedes.
Strings describe(const LineTrace& t) {
    Strings out;
    for (const LineStep& s : t.steps())
        out.push_back(t.file(s.file) + ":" + std::to_string(s.line) + "@" + std::to_string(s.event));
    return out;
}

std::size_t index_of(const Match& m, const std::string& type, std::size_t nth = 0) {
    const auto& ev = m.log().events();
    for (std::size_t i = 0; i < ev.size(); ++i)
        if (ev[i].type == type && nth-- == 0) return i;
    return static_cast<std::size_t>(-1);
}

}  // namespace

TEST_CASE("a line trace records the game's lines in order, each before the events it logs",
          "[robustness][line_trace]") {
    auto host = probe_host();
    LineTrace trace;
    host->set_line_trace(&trace);
    MatchRunner runner(*host, probe_scenario({"probe/echo"}, 2));
    REQUIRE(runner.run() == RunState::Finished);
    host->set_line_trace(nullptr);
    const Match& m = runner.match();

    // scripts/core/windows.lua (the dispatcher) is left out by default; the game and its card are in.
    CHECK(trace.files() == Strings{"scripts/probe/game.lua", "cards/probe/echo.lua"});
    const std::string g = "scripts/probe/game.lua:", c = "cards/probe/echo.lua:";
    // line@event: play() from line 14; the loop over setup.cards (15-21) once; the loop over
    // rounds (22-26) twice, each dispatch running Echo's handler (echo.lua 5-6), then
    // match.finish (27) and the function's end (28). scripts/core/windows.lua runs between
    // game.lua:23 and echo.lua:5 but is not recorded.
    CHECK(describe(trace) == Strings{
        g + "14@1", g + "15@1", g + "16@1", g + "17@1",
        g + "18@1", g + "19@1", g + "20@1", g + "15@2",
        g + "21@2", g + "22@2", g + "23@2", c + "5@2",
        c + "6@3", g + "24@3", g + "25@4", g + "22@5",
        g + "23@5", c + "5@5", c + "6@6", g + "24@6",
        g + "25@7", g + "22@8", g + "27@8", g + "28@9",
    });
    // A line runs when `event` events are done, so the line that logs an event carries that
    // event's index: echo.lua:5 logs each "fired", game.lua:24 each "dispatched".
    const auto& steps = trace.steps();
    CHECK(steps[11].event == index_of(m, "fired", 0));
    CHECK(steps[17].event == index_of(m, "fired", 1));
    CHECK(steps[13].event == index_of(m, "dispatched", 0));
    CHECK(steps[19].event == index_of(m, "dispatched", 1));
    CHECK(steps[22].event == index_of(m, "match.end"));
    CHECK(steps.back().event == m.log().size());   // the last line runs after the last event
    CHECK_FALSE(trace.truncated());
}

TEST_CASE("a line trace is the same on every run and off when detached", "[robustness][line_trace]") {
    auto host = probe_host();
    LineTrace a, b;
    host->set_line_trace(&a);
    MatchRunner first(*host, probe_scenario({"probe/echo", "probe/adder"}, 3));
    REQUIRE(first.run() == RunState::Finished);
    host->set_line_trace(&b);
    MatchRunner second(*host, probe_scenario({"probe/echo", "probe/adder"}, 3));
    REQUIRE(second.run() == RunState::Finished);
    host->set_line_trace(nullptr);
    MatchRunner third(*host, probe_scenario({"probe/echo", "probe/adder"}, 3));
    REQUIRE(third.run() == RunState::Finished);
    CHECK(a.steps().size() > 20);
    CHECK(a.steps() == b.steps());
    CHECK(a.files() == b.files());
    // Detached: the third run added nothing, and it logged the same events as the traced ones.
    CHECK(b.steps().size() == a.steps().size());
    CHECK(third.match().log().size() == first.match().log().size());
}

TEST_CASE("the instruction budget holds while lines are traced", "[robustness][line_trace]") {
    for (const std::int64_t slice : {0, 1}) {   // strict counting, and the watchdog arming it later
        DYNAMIC_SECTION("time slice " << slice << " ms") {
            Limits limits;
            limits.time_slice_ms = slice;
            limits.instructions = 1'000'000;
            auto host = probe_host(limits);
            Scenario s = probe_scenario({"probe/loop"});
            s.limits = limits;
            LineTrace trace({"scripts/", "cards/"}, {"scripts/core/"}, 1000);   // a loop fills it fast
            host->set_line_trace(&trace);
            MatchRunner runner(*host, s);
            REQUIRE(runner.run() == RunState::Failed);
            INFO(runner.error());
            CHECK(runner.error().find("cards/probe/loop.lua:") == 0);
            CHECK(runner.error().find("instruction budget of 1000000 exceeded") != std::string::npos);
            CHECK(trace.truncated());
            CHECK(trace.steps().size() == 1000);
            // The loop's lines were recorded before the budget stopped it.
            CHECK(trace.file(trace.steps().back().file) == "cards/probe/loop.lua");
            if (slice == 0) {   // counted from the first instruction: the very same cut-off point as untraced
                host->set_line_trace(nullptr);
                MatchRunner plain(*host, s);
                REQUIRE(plain.run() == RunState::Failed);
                CHECK(plain.error() == runner.error());
            }
        }
    }
}
