// line_trace_test.cpp - the opt-in Lua line trace (runtime/lua/line_trace.h): the exact lines a
// small fixture game executes, each tied to the event it precedes; the same trace every run;
// and the instruction budget still holding while lines are traced (one hook serves both).
#include <catch2/catch.hpp>

#include "lua/line_trace.h"
#include "../support/probe_echo_trace.h"
#include "probe_run.h"

using namespace duelbox;
using namespace duelbox::test;
using Strings = std::vector<std::string>;

namespace {

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
    CHECK(describe_trace(trace) == probe_echo_lines());   // probe_echo_trace.h says which lines and why
    // A line runs when `event` events are done, so the line that logs an event carries that
    // event's index: echo.lua:5 logs each "fired", game.lua:24 each "dispatched".
    const auto& steps = trace.steps();
    CHECK(steps[11].event == index_of(m, "fired", 0));
    CHECK(steps[17].event == index_of(m, "fired", 1));
    CHECK(steps[13].event == index_of(m, "dispatched", 0));
    CHECK(steps[19].event == index_of(m, "dispatched", 1));
    CHECK(steps[22].event == index_of(m, "match.end"));
    CHECK(steps.back().event == index_of(m, "match.end"));   // the last line is match.finish's: nothing runs after it
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
