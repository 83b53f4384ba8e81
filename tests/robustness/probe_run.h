// probe_run.h - runs the Probe fixture game (tests/support/scripts/probe) in-process.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/scenario.h"

namespace duelbox::test {

inline Scenario probe_scenario(std::vector<std::string> cards, int times = 1, int players = 1) {
    Scenario s;
    s.game = "probe";
    s.root = DUELBOX_TEST_SUPPORT;
    for (int p = 0; p < players; ++p) {
        SeatSpec seat;
        seat.agent = "first";
        s.seats.push_back(seat);
    }
    s.setup = {{"cards", cards}, {"times", times}};
    return s;
}

// A host with the probe game loaded; REQUIREs that it loads.
inline std::unique_ptr<LuaHost> probe_host(Limits limits = {}) {
    auto host = std::make_unique<LuaHost>(limits);
    std::vector<std::string> errors;
    const bool ok = host->load_game(DUELBOX_TEST_SUPPORT, "probe", errors);
    INFO((errors.empty() ? std::string() : errors.front()));
    REQUIRE(ok);
    return host;
}

inline std::vector<const Event*> events_of(const Match& m, const std::string& type) {
    std::vector<const Event*> out;
    for (const Event& e : m.log().events())
        if (e.type == type) out.push_back(&e);
    return out;
}

// Runs probe card `card` on `host`: the match fails with a message starting with `where`
// and containing `says` and the card's context. Returns the failure's traceback.
inline std::string expect_probe_failure(LuaHost& host, const std::string& card, const std::string& where,
                                        const std::string& says) {
    MatchRunner runner(host, probe_scenario({"probe/" + card}));
    REQUIRE(runner.run() == RunState::Failed);
    INFO(runner.error());
    CHECK(runner.error().rfind(where, 0) == 0);
    CHECK(runner.error().find(says) != std::string::npos);
    CHECK(runner.error().find("[card probe/" + card + ", window go]") != std::string::npos);
    return runner.traceback();
}

// The same host then plays a clean match that uses core.windows and the string library.
inline void expect_probe_healthy(LuaHost& host) {
    MatchRunner runner(host, probe_scenario({"probe/echo"}));
    REQUIRE(runner.run() == RunState::Finished);
    CHECK(events_of(runner.match(), "fired").size() == 1);
}

}  // namespace duelbox::test
