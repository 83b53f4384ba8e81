// The sandbox's promises (issue: foundation, "sandbox"): each forbidden or runaway script
// fails its match with a clear message naming the file:line and the card, and the process
// and the host stay healthy enough to run the next match.
#include <catch2/catch.hpp>

#include "probe_run.h"

using namespace duelbox;
using namespace duelbox::test;

namespace {

struct Case {
    const char* card;
    const char* where;     // file:line the message must name
    const char* says;      // and what it must say
};

// Runs one probe card on `host`, expects a failure naming the card and the place.
void expect_failure(LuaHost& host, const Case& c) {
    MatchRunner runner(host, probe_scenario({std::string("probe/") + c.card}));
    REQUIRE(runner.run() == RunState::Failed);
    INFO(runner.error());
    CHECK(runner.error().find(c.where) == 0);
    CHECK(runner.error().find(c.says) != std::string::npos);
    CHECK(runner.error().find(std::string("[card probe/") + c.card + ", window go]") != std::string::npos);
}

// The same host still plays a clean match afterwards.
void expect_healthy(LuaHost& host) {
    MatchRunner runner(host, probe_scenario({"probe/echo"}));
    REQUIRE(runner.run() == RunState::Finished);
    CHECK(events_of(runner.match(), "fired").size() == 1);
}

}  // namespace

TEST_CASE("an endless loop stops at the instruction budget with the card's file:line", "[robustness][sandbox]") {
    auto host = probe_host();
    expect_failure(*host, {"loop", "cards/probe/loop.lua:7:", "instruction budget of 50000000 exceeded"});
    expect_healthy(*host);
}

TEST_CASE("an endless loop cannot catch the budget error with pcall", "[robustness][sandbox]") {
    auto host = probe_host();
    expect_failure(*host, {"catch_loop", "cards/probe/catch_loop.lua:6:", "instruction budget"});
    expect_healthy(*host);
}

TEST_CASE("strict budget (time slice 0) cuts an endless loop at the same point every time", "[robustness][sandbox]") {
    Limits strict;
    strict.time_slice_ms = 0;
    strict.instructions = 1'000'000;
    auto host = probe_host(strict);
    Scenario s = probe_scenario({"probe/loop"});
    s.limits = strict;
    std::string first;
    for (int run = 0; run < 2; ++run) {
        MatchRunner runner(*host, s);
        REQUIRE(runner.run() == RunState::Failed);
        CHECK(runner.error().find("instruction budget of 1000000 exceeded") != std::string::npos);
        if (run == 0) first = runner.error();
        else CHECK(runner.error() == first);
    }
}

TEST_CASE("a memory bomb stops at the memory cap and the memory comes back", "[robustness][sandbox]") {
    auto host = probe_host();
    expect_failure(*host, {"membomb", "cards/probe/membomb.lua:8:", "memory cap of 64 MB exceeded"});
    lua_gc(host->state(), LUA_GCCOLLECT);
    CHECK(host->memory_used() < (8u << 20));
    expect_healthy(*host);
}

TEST_CASE("a memory bomb cannot catch the memory cap through log.within_rule under pcall", "[robustness][sandbox]") {
    // within_rule catches every error to restore the rule context, then passes it on as a plain
    // error (Lua cannot re-raise a memory error as one); the pcall above must still refuse it.
    auto host = probe_host();
    expect_failure(*host, {"catch_membomb", "cards/probe/catch_membomb.lua:6:", "memory cap of 64 MB exceeded"});
    lua_gc(host->state(), LUA_GCCOLLECT);
    CHECK(host->memory_used() < (8u << 20));
    expect_healthy(*host);
}

TEST_CASE("io.open is refused with a sandbox message", "[robustness][sandbox]") {
    auto host = probe_host();
    expect_failure(*host, {"io_open", "cards/probe/io_open.lua:5:", "io.open is not available"});
    expect_healthy(*host);
}

TEST_CASE("os.execute is refused with a sandbox message", "[robustness][sandbox]") {
    auto host = probe_host();
    expect_failure(*host, {"os_execute", "cards/probe/os_execute.lua:5:", "os.execute is not available"});
    expect_healthy(*host);
}

TEST_CASE("a binary chunk is refused", "[robustness][sandbox]") {
    auto host = probe_host();
    expect_failure(*host, {"binary_chunk", "cards/probe/binary_chunk.lua:5:", "attempt to load a binary chunk"});
    expect_healthy(*host);
}

TEST_CASE("require of a module outside the game's folders is refused", "[robustness][sandbox]") {
    auto host = probe_host();
    expect_failure(*host, {"require_escape", "cards/probe/require_escape.lua:5:",
                           "require 'os': only modules under 'core.', 'probe.' or 'cards.probe.' may be required"});
    expect_failure(*host, {"require_dots", "cards/probe/require_dots.lua:5:", "may be required"});
    expect_healthy(*host);
}

TEST_CASE("the shared string metatable cannot be changed", "[robustness][sandbox]") {
    auto host = probe_host();
    expect_failure(*host, {"string_meta", "cards/probe/string_meta.lua:5:", "attempt to index"});
    expect_healthy(*host);
}

TEST_CASE("a runtime error in a handler names file:line and card and fails only that match", "[robustness][sandbox]") {
    auto host = probe_host();
    expect_failure(*host, {"boom", "cards/probe/boom.lua:6:", "attempt to index a nil value (local 't')"});
    CHECK_FALSE(MatchRunner(*host, probe_scenario({"probe/boom"})).traceback().size() > 0);   // no run, no traceback
    expect_healthy(*host);
}

TEST_CASE("a broken card file fails loading with its file:line and other cards still load", "[robustness][sandbox]") {
    LuaHost host;
    std::vector<std::string> errors;
    CHECK_FALSE(host.load_game(DUELBOX_TEST_SUPPORT "/broken_game", "broken", errors));
    REQUIRE(errors.size() == 2);
    CHECK(errors[0].find("cards/broken/bad_syntax.lua:4:") == 0);
    CHECK(errors[1].find("cards/broken/misspelt.lua: card broken/misspelt: function 'on_hti' is not a window") == 0);
    REQUIRE(host.cards().size() == 1);
    CHECK(host.cards()[0].key == "broken/fine");
}

TEST_CASE("finalizers (__gc) are refused: they would run outside the budget", "[robustness][sandbox]") {
    auto host = probe_host();
    expect_failure(*host, {"finalizer", "cards/probe/finalizer.lua:5:", "__gc metamethods are not allowed"});
    expect_healthy(*host);
}
