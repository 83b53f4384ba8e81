// probe_echo_trace.h - the exact Lua lines the Probe fixture plays with Echo activated and "go"
// fired twice (tests/support/scripts/probe/game.lua, cards/probe/echo.lua). Shared by the line
// trace's own test (tests/robustness) and the editor's teaching-mode test (tests/editor).
#pragma once
#include <string>
#include <vector>

#include "lua/line_trace.h"

namespace duelbox::test {

// "file:line@event" for every step, the event being the number of events done before the line.
inline std::vector<std::string> describe_trace(const LineTrace& t) {
    std::vector<std::string> out;
    for (const LineStep& s : t.steps())
        out.push_back(t.file(s.file) + ":" + std::to_string(s.line) + "@" + std::to_string(s.event));
    return out;
}

// line@event: play() from line 14; the loop over setup.cards (15-21) once; the loop over
// rounds (22-26) twice, each dispatch running Echo's handler (echo.lua 5-6), then
// match.finish (27), after which nothing runs (it does not return). scripts/core/windows.lua runs between
// game.lua:23 and echo.lua:5 but is not recorded.
inline std::vector<std::string> probe_echo_lines() {
    const std::string g = "scripts/probe/game.lua:", c = "cards/probe/echo.lua:";
    return {
        g + "14@1", g + "15@1", g + "16@1", g + "17@1",
        g + "18@1", g + "19@1", g + "20@1", g + "15@2",
        g + "21@2", g + "22@2", g + "23@2", c + "5@2",
        c + "6@3", g + "24@3", g + "25@4", g + "22@5",
        g + "23@5", c + "5@5", c + "6@6", g + "24@6",
        g + "25@7", g + "22@8", g + "27@8",
    };
}

}  // namespace duelbox::test
