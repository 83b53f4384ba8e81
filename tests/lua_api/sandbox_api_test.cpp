// sandbox_api_test.cpp - what runtime/lua/sandbox.cpp gives scripts in place of the standard
// functions: print into the log, math.random from the match seed, require of the game's
// folders, load of text only, a locked string metatable and read-only library tables.
// (Budget, memory cap and refused io/os live in tests/robustness/sandbox_limits_test.cpp.)
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using nlohmann::json;
using Catch::Matchers::StartsWith;
using Strings = std::vector<std::string>;

TEST_CASE("print writes a script.print event of tab-joined values at the snippet line", "[lua_api][sandbox]") {
    const RunResult r = run_snippet(R"(local t = setmetatable({}, {__tostring = function() return "T" end})

print("a", 1, nil, true, 2.5, t)
print())");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"a\t1\tnil\ttrue\t2.5\tT", ""});
    const Event* p = r.first("script.print");
    REQUIRE(p);
    CHECK(r.where(*p) == "snippet:3");
    CHECK(r.narrate(*p, EventLog::kSpectator) == "a\t1\tnil\ttrue\t2.5\tT");   // public
}

TEST_CASE("math.random draws from the match seed: same seed, same draws", "[lua_api][sandbox]") {
    const std::string code = R"(local out = {}
for i = 1, 8 do out[#out + 1] = math.random(1, 1000) end
print(table.concat(out, ","))
local f = math.random()
print(math.type(f), f >= 0 and f < 1, math.random(6) <= 6, math.random(-5, -5)))";
    const RunResult a = run_snippet(code, 2, {}, 11);
    const RunResult b = run_snippet(code, 2, {}, 11);
    const RunResult c = run_snippet(code, 2, {}, 12);
    REQUIRE(a.finished());
    CHECK(a.printed() == b.printed());
    CHECK(a.printed()[0] != c.printed()[0]);
    CHECK(a.printed()[1] == "float\ttrue\ttrue\t-5");
}

TEST_CASE("math.random and math.randomseed refuse what the match RNG cannot do", "[lua_api][sandbox]") {
    CHECK(error_of("math.random(5, 1)") == "snippet:1: bad argument #2 to 'math.random' (interval is empty)");
    CHECK(error_of("math.random(0)") == "snippet:1: bad argument #1 to 'math.random' (interval is empty)");
    CHECK(error_of("math.random(1, 2, 3)") == "snippet:1: wrong number of arguments to 'math.random'");
    CHECK(error_of("math.random(1.5)") == "snippet:1: bad argument #1 to 'math.random' (number has no integer representation)");
    CHECK(error_of("math.randomseed(1)") ==
          "snippet:1: math.randomseed is not available: the match's seed decides every random draw");
}

TEST_CASE("require loads core modules once and returns the same table", "[lua_api][sandbox]") {
    const RunResult r = run_snippet(R"(local w = require("core.windows")
print(type(w.dispatch), require("core.windows") == w, type(require("core.ask").yes))
print(require("snippet.game").name))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"function\ttrue\tfunction", "Snippet (test fixture)"});
}

TEST_CASE("require refuses modules outside the game's folders and names missing files", "[lua_api][sandbox]") {
    CHECK(error_of("require('os')") ==
          "snippet:1: require 'os': only modules under 'core.', 'snippet.' or 'cards.snippet.' may be required");
    CHECK(error_of("require('core..windows')") ==
          "snippet:1: require 'core..windows': only modules under 'core.', 'snippet.' or 'cards.snippet.' may be required");
    CHECK(error_of("require('duel.rules')") ==
          "snippet:1: require 'duel.rules': only modules under 'core.', 'snippet.' or 'cards.snippet.' may be required");
    CHECK(error_of("require('core.nope')") ==
          "snippet:1: require 'core.nope': scripts/core/nope.lua: cannot read (No such file or directory)");
}

TEST_CASE("load compiles text into a fresh environment whose globals are its own", "[lua_api][sandbox]") {
    const RunResult r = run_snippet(R"lua(local f = load("x = 5; return x + 1, type(zone.move)")
print(f())
print(x, load("return x")())
local g = load("syntax error here", "=mine")
print(g))lua");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"6\tfunction", "nil\tnil", "nil"});
}

TEST_CASE("load refuses binary chunks and loading from a function", "[lua_api][sandbox]") {
    const RunResult r = run_snippet(R"(print(load("\27Lua rest", "bin")))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"nil\tattempt to load a binary chunk (mode is 't')"});
    CHECK(error_of("load(function() return nil end)") ==
          "snippet:1: bad argument #1 to 'load' (string expected (loading from a function is not supported))");
    CHECK(error_of("load('return 1', 'c', 'b')") ==
          "snippet:1: bad argument #3 to 'load' (only text chunks may be loaded (mode 't'))");
    CHECK(error_of("print(string.dump)\nstring.dump(print)") == "snippet:2: attempt to call a nil value (field 'dump')");
}

TEST_CASE("the string metatable is locked and string methods still work", "[lua_api][sandbox]") {
    const RunResult r = run_snippet(R"(print(getmetatable(""), ("abc"):upper(), ("x"):rep(3), #("hello"):sub(2)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"locked\tABC\txxx\t4"});
}

TEST_CASE("setmetatable refuses __gc finalizers", "[lua_api][sandbox]") {
    CHECK(error_of("local t = {}\nsetmetatable(t, {__gc = function() end})") ==
          "snippet:2: setmetatable: __gc metamethods are not allowed in scripts (finalizers run outside the "
          "instruction budget)");
    const RunResult r = run_snippet("local t = setmetatable({}, {__index = {x = 4}})\nprint(t.x)");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"4"});
}

// Regression (was a bug): sandbox.cpp sandbox_setmetatable calls the real setmetatable with lua_call, so
// its errors are raised one C level down: they lose the script's file:line and the function
// name ("bad argument #1 to '?' (table expected, got string)").
TEST_CASE("setmetatable errors name the snippet line and setmetatable", "[lua_api][sandbox]") {
    CHECK(error_of("setmetatable('', {})") == "snippet:1: bad argument #1 to 'setmetatable' (table expected, got string)");
    CHECK(error_of("setmetatable(string, {})") == "snippet:1: cannot change a protected metatable");
}

TEST_CASE("library and module tables are read-only and say so", "[lua_api][sandbox]") {
    CHECK(error_of("local a = 1\nstring.upper = nil") ==
          "snippet:2: attempt to change a shared library table (field 'upper'); keep your own copy instead");
    CHECK(error_of("math.pi = 3") ==
          "snippet:1: attempt to change a shared library table (field 'pi'); keep your own copy instead");
    CHECK(error_of("table.insert = print") ==
          "snippet:1: attempt to change a shared library table (field 'insert'); keep your own copy instead");
    CHECK(error_of("zone.move = nil") ==
          "snippet:1: attempt to change a shared library table (field 'move'); keep your own copy instead");
    CHECK(error_of("math.extra = 1") ==
          "snippet:1: attempt to change a shared library table (field 'extra'); keep your own copy instead");
}

TEST_CASE("read-only library tables still read, iterate and hide their metatables", "[lua_api][sandbox]") {
    const RunResult r = run_snippet(R"(local n = 0
for k, v in pairs(string) do n = n + 1 end
print(n > 10, string.format("%03d", 7), math.max(2, 9), getmetatable(math), getmetatable(zone)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"true\t007\t9\tlocked\tlocked"});
}

TEST_CASE("pcall and xpcall catch a script's errors with its line", "[lua_api][sandbox]") {
    const RunResult r = run_snippet(R"(print(pcall(error, "plain", 0))
print(pcall(function() zone.move(1, 99) end))
print(xpcall(function() error("deep") end, function(m) return "handled: " .. m end)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"false\tplain", "false\tsnippet:2: bad argument #2 to 'zone.move' (zone 99 does not exist)",
                                 "false\thandled: snippet:3: deep"});
}
