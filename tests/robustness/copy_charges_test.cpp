// Script text the kernel copies into C++ memory is measured against the cap before the copy
// (lua_util.h, room_for_copy), and texts interned while a game loads meet a bound of their own
// (LuaHost::intern_loading). A red team (2026-11-30) found one string listed a thousand times
// copied a thousand times under a 64 MB cap (1 GB for board.distance, 2 GB for decide_all's
// prompts, a 1 GB peak before entity.create's tags met the cap), and a mod's card that declared
// event kinds in a loop as it loaded filled the process's texts, failing every later match.
#include <catch2/catch.hpp>

#include <malloc.h>

#include <algorithm>

#include "../support/lua_harness.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/scenario.h"

using namespace duelbox;
using namespace duelbox::test;

namespace {
const char* const kThousandCopies = R"(local S = ("k"):rep(1000000)
local list = {}
for i = 1, 1000 do list[i] = S end
)";
}  // namespace

TEST_CASE("a list naming one long string many times is refused before the copies pass the memory cap",
          "[robustness][sandbox]") {
    CHECK_THAT(error_of(std::string(kThousandCopies) + "board.line(3)\nboard.distance(1, 2, list)"),
               Catch::Contains("snippet:5:") && Catch::Contains("memory cap of 64 MB exceeded (the list of edge kinds would copy"));
    CHECK_THAT(error_of(std::string(kThousandCopies) + "entity.create{kind = \"x\", zone = zone.create(\"z\"), tags = list}"),
               Catch::Contains("snippet:4:") && Catch::Contains("memory cap of 64 MB exceeded (field 'tags' would copy"));
    CHECK_THAT(error_of(std::string(kThousandCopies) + R"(local props = {}
for i = 1, 1000 do props["k" .. i] = S end
entity.create{kind = "x", zone = zone.create("z"), props = props})"),
               Catch::Contains("snippet:6:") && Catch::Contains("memory cap of 64 MB exceeded (field 'props' would copy"));
    CHECK_THAT(error_of(std::string(kThousandCopies) + "derived.define{name = \"x\", prop = \"p\", zones = {zone.create(\"z\")}, kinds = list}"),
               Catch::Contains("snippet:4:") && Catch::Contains("memory cap of 64 MB exceeded (derived.define's list would copy"));
    CHECK_THAT(error_of(R"(local names = {}
for i = 1, 40 do names[i] = ("n"):rep(1000000) .. i end
log.kind("t", "x", names))"),
               Catch::Contains("snippet:3:") && Catch::Contains("memory cap of 64 MB exceeded (log.kind would copy"));
}

TEST_CASE("a question's prompt and id count against the memory cap as its labels do", "[robustness][sandbox]") {
    CHECK_THAT(error_of(R"(local P = ("p"):rep(24000000)
decide_all{{player = 1, id = "a", prompt = P, options = {"x", "y"}}, {player = 2, id = "b", prompt = P, options = {"x", "y"}}})"),
               Catch::Contains("snippet:2:") && Catch::Contains("memory cap of 64 MB exceeded (decide_all:"));
}

TEST_CASE("a game that makes up texts in a loop as it loads stops at the load's bound, naming its line; the "
          "process goes on",
          "[robustness][sandbox]") {
    const std::string root = DUELBOX_TEST_SUPPORT "/textbomb_game";
    {
        LuaHost host;
        std::vector<std::string> errors;
        CHECK_FALSE(host.load_game(root, "textbomb", errors));
        REQUIRE(errors.size() == 1);
        CHECK_THAT(errors[0], Catch::Contains("scripts/textbomb/game.lua:7:") && Catch::Contains("at most 4 MB a load"));
    }
    // The process's texts are not full: another game loads and plays on another host.
    const RunResult r = run_snippet(R"(log.kind("after.bomb", "still {n}", {"n"})(1))");
    CHECK(r.error.empty());
    CHECK(r.of_type("after.bomb").size() == 1);
}

TEST_CASE("a long text a call copies before it fails does not pile up in a pcall loop", "[robustness][sandbox]") {
    // A review (2026-11-30): each derived.define below copies its 4 MB name, then fails (no
    // zones); the copies waited for the collector, which Lua's own small allocations never
    // woke: 60 calls held 244 MB under the 64 MB cap. A call copying 1 MB now collects first.
    // The heap is sampled at each event the loop makes (glibc's mallinfo2, in this process).
    Scenario s = snippet_scenario(R"(local N = ("n"):rep(4000000)
for i = 1, 60 do
  pcall(derived.define, { name = N, prop = "p" })
  log.say("tried")
end)");
    LuaHost host(s.limits);
    std::vector<std::string> errors;
    REQUIRE(host.load_game(s.root, s.game, errors));
    MatchRunner runner(host, s);
    const std::size_t base = mallinfo2().uordblks;
    std::size_t peak = base;
    runner.set_event_observer([&](const Match&, std::uint32_t) { peak = std::max(peak, mallinfo2().uordblks); });
    REQUIRE(runner.run() == RunState::Finished);
    CHECK((peak - base) >> 20 < 64);
}
