// error_names_test.cpp - runtime/lua/error_names.cpp: a bad argument names the function as
// the API reference does ('board.line', not 'line'), on every path a script author sees it:
// an uncaught error, an error caught by the script's pcall or xpcall, one passed on by
// log.within_rule, and an error while a file loads.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "../support/lua_harness.h"
#include "../support/temp_dir.h"

using namespace duelbox;
using namespace duelbox::test;
using Strings = std::vector<std::string>;
using duelbox::test::TempDir;
namespace fs = std::filesystem;

TEST_CASE("an uncaught bad argument names module.function", "[lua_api][errors]") {
    CHECK(error_of("board.line(0)") == "snippet:1: bad argument #1 to 'board.line' (a line needs 1..1000 spaces)");
    CHECK(error_of("local a = 1\nzone.move(1, 99)") == "snippet:2: bad argument #2 to 'zone.move' (zone 99 does not exist)");
    // Called through a local, Lua would say 'mv'; the reference calls it zone.move.
    CHECK(error_of("local mv = zone.move\nmv(1, 99)") == "snippet:2: bad argument #2 to 'zone.move' (zone 99 does not exist)");
    // The sandbox's libraries are named the same way.
    CHECK(error_of("math.random(0)") == "snippet:1: bad argument #1 to 'math.random' (interval is empty)");
    CHECK(error_of("table.insert(nil, 1)") == "snippet:1: bad argument #1 to 'table.insert' (table expected, got nil)");
    // Global functions keep their own names.
    CHECK(error_of("decide_all(5)") == "snippet:1: bad argument #1 to 'decide_all' (table expected, got number)");
}

TEST_CASE("an error in a card handler names module.function, the file:line and the card", "[lua_api][errors]") {
    const RunResult r = run_snippet(R"(local f = cards.create("snippet/faulty", 1, 1)
cards.activate(f)
require("core.windows").dispatch("go"))");
    CHECK(r.error ==
          "cards/snippet/faulty.lua:6: bad argument #2 to 'zone.move' (zone 99 does not exist) [card snippet/faulty, window go]");
}

TEST_CASE("a bad argument caught by the script's pcall or xpcall names module.function", "[lua_api][errors]") {
    const RunResult r = run_snippet(R"(print(pcall(function() zone.move(1, 99) end))
print(pcall(zone.move, 1, 99))
print(xpcall(function() counter.add(1, "hp", "x") end, function(m) return "handled: " .. m end))
print(pcall(function() local t = nil; return string.rep("x", t) end)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{
                             "false\tsnippet:1: bad argument #2 to 'zone.move' (zone 99 does not exist)",
                             // Called by pcall itself there is no calling line, as in plain Lua.
                             "false\tbad argument #2 to 'zone.move' (zone 99 does not exist)",
                             "false\thandled: snippet:3: bad argument #3 to 'counter.add' (number expected, got string)",
                             "false\tsnippet:4: bad argument #2 to 'string.rep' (number expected, got nil)",
                         });
}

TEST_CASE("a bad argument passed on by log.within_rule still names module.function", "[lua_api][errors]") {
    CHECK(error_of("log.within_rule('step', function()\n  zone.move(1, 99)\nend)") ==
          "snippet:2: bad argument #2 to 'zone.move' (zone 99 does not exist)");
    const RunResult r = run_snippet(R"(print(pcall(log.within_rule, "step", function() board.line(0) end)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"false\tsnippet:1: bad argument #1 to 'board.line' (a line needs 1..1000 spaces)"});
}

TEST_CASE("a method call counts self, so the number agrees with the qualified name", "[lua_api][errors]") {
    // Lua says "bad argument #1 to 'rep'" for s:rep(t): it does not count self.
    CHECK(error_of("local s = 'x'\nlocal n = s:rep({})") ==
          "snippet:2: bad argument #2 to 'string.rep' (number expected, got table)");
    // board:line(5) passes the module table as argument #1 (Lua: "calling 'line' on bad self").
    CHECK(error_of("board:line(5)") == "snippet:1: bad argument #1 to 'board.line' (number expected, got table) "
                                       "(a ':' call passes the value before ':' as argument #1)");
}

TEST_CASE("a message passed on by another function keeps its words", "[lua_api][errors]") {
    // error() raises it, but the message is not error's own bad-argument message.
    // Raised at level 0 it has no place of its own: the line that raised it is named (2026-11-30).
    CHECK(error_of("error(\"bad argument #1 to 'x' (y)\", 0)") == "snippet:1: bad argument #1 to 'x' (y)");
    // Errors of Lua code itself pass through the handlers untouched.
    const RunResult r = run_snippet(R"(print(pcall(function() local t = nil; return t.x end))
print(pcall(error, {code = 7})))");
    REQUIRE(r.finished());
    REQUIRE(r.printed().size() == 2);
    CHECK(r.printed()[0] == "false\tsnippet:1: attempt to index a nil value (local 't')");
    CHECK(r.printed()[1] == "false\ttable");   // no address (#16.14)
}

TEST_CASE("a bad argument while a file loads names module.function", "[lua_api][errors]") {
    const TempDir dir("error_names");
    fs::create_directories(dir.root() / "scripts" / "errname");
    std::ofstream(dir.root() / "scripts" / "errname" / "game.lua") << "-- TEST FIXTURE\nlocal all = cards.keys({})\nreturn {}\n";
    LuaHost host;
    std::vector<std::string> errors;
    CHECK_FALSE(host.load_game(dir.root().string(), "errname", errors));
    REQUIRE(errors.size() == 1);
    CHECK(errors[0] == "scripts/errname/game.lua:2: bad argument #1 to 'cards.keys' (string expected, got table)");
}
