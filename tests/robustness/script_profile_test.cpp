// script_profile_test.cpp - the opt-in script profile (runtime/lua/script_profile.h) behind
// `duelbox bench --profile`: exact line and call counts for a small fixture game, C functions
// by their qualified names, a profiled match logging exactly what an unprofiled one logs, and
// merging two profiles adding their counts.
#include <catch2/catch.hpp>

#include <algorithm>

#include "lua/script_profile.h"
#include "probe_run.h"

using namespace duelbox;
using namespace duelbox::test;

namespace {

std::uint64_t count_of(const std::vector<ProfileRow>& rows, const std::string& name) {
    const auto it = std::find_if(rows.begin(), rows.end(), [&](const ProfileRow& r) { return r.name == name; });
    return it == rows.end() ? 0 : it->count;
}

std::vector<std::string> json_log(const Match& m) {
    std::vector<std::string> out;
    for (const Event& e : m.log().events()) out.push_back(m.log().to_json_line(e, EventLog::kObserver, nullptr));
    return out;
}

}  // namespace

TEST_CASE("a script profile counts each line, each Lua function and each kernel call of a match",
          "[robustness][script_profile]") {
    auto host = probe_host();
    ScriptProfile profile;
    host->set_script_profile(&profile);
    MatchRunner runner(*host, probe_scenario({"probe/echo"}, 3));   // "go" fired 3 times
    REQUIRE(runner.run() == RunState::Finished);
    host->set_script_profile(nullptr);
    const ProfileReport r = profile.report();

    // The lines of probe_echo_trace.h: play() once, the rounds loop three times, Echo's handler
    // once per round. Unlike the line trace, the profile counts scripts/core/ too.
    CHECK(count_of(r.lines, "scripts/probe/game.lua:14") == 1);
    CHECK(count_of(r.lines, "scripts/probe/game.lua:23") == 3);
    CHECK(count_of(r.lines, "scripts/probe/game.lua:24") == 3);
    CHECK(count_of(r.lines, "cards/probe/echo.lua:5") == 3);
    CHECK(count_of(r.lines, "scripts/probe/game.lua:27") == 1);
    CHECK(std::any_of(r.lines.begin(), r.lines.end(),
                      [](const ProfileRow& row) { return row.name.rfind("scripts/core/windows.lua:", 0) == 0; }));
    // Echo's handler is the function defined at echo.lua:4; play() at game.lua:13.
    CHECK(count_of(r.functions, "cards/probe/echo.lua:4") == 3);
    CHECK(count_of(r.functions, "scripts/probe/game.lua:13") == 1);
    // Kernel calls by the names the API reference uses.
    CHECK(count_of(r.kernel, "log.event") == 6);          // 3 "fired" + 3 "dispatched"
    CHECK(count_of(r.kernel, "zone.create") == 1);
    CHECK(count_of(r.kernel, "match.finish") == 1);
    CHECK(count_of(r.kernel, "cards.create") == 1);
    std::uint64_t lines = 0, kernel = 0;
    for (const auto& row : r.lines) lines += row.count;
    for (const auto& row : r.kernel) kernel += row.count;
    CHECK(r.line_events == lines);
    CHECK(r.kernel_calls == kernel);
    // Sorted: the lines by self time, the calls by count, most first.
    CHECK(std::is_sorted(r.lines.begin(), r.lines.end(),
                         [](const ProfileRow& a, const ProfileRow& b) { return a.nanos > b.nanos; }));
    CHECK(std::is_sorted(r.kernel.begin(), r.kernel.end(),
                         [](const ProfileRow& a, const ProfileRow& b) { return a.count > b.count; }));
}

TEST_CASE("a profiled match logs exactly what an unprofiled one does, and profiles merge by name",
          "[robustness][script_profile]") {
    auto host = probe_host();
    MatchRunner plain(*host, probe_scenario({"probe/echo", "probe/adder"}, 2));
    REQUIRE(plain.run() == RunState::Finished);

    ScriptProfile a, b;
    host->set_script_profile(&a);
    MatchRunner profiled(*host, probe_scenario({"probe/echo", "probe/adder"}, 2));
    REQUIRE(profiled.run() == RunState::Finished);
    CHECK(json_log(profiled.match()) == json_log(plain.match()));

    host->set_script_profile(&b);
    MatchRunner again(*host, probe_scenario({"probe/echo"}, 5));
    REQUIRE(again.run() == RunState::Finished);
    host->set_script_profile(nullptr);

    const auto echo_a = count_of(a.report().lines, "cards/probe/echo.lua:5");
    const auto echo_b = count_of(b.report().lines, "cards/probe/echo.lua:5");
    CHECK(echo_a == 2);
    CHECK(echo_b == 5);
    a.merge(b);
    const ProfileReport merged = a.report();
    CHECK(count_of(merged.lines, "cards/probe/echo.lua:5") == echo_a + echo_b);
    CHECK(count_of(merged.kernel, "match.finish") == 2);
}
