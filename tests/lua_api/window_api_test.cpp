// window_api_test.cpp - module `window` (runtime/lua/lua_window.cpp) and its dispatcher
// scripts/core/windows.lua: registering handlers, their order, limits per period, removal
// during a dispatch, the handler's ctx and the context errors carry.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using nlohmann::json;
using Catch::Matchers::StartsWith;
using Strings = std::vector<std::string>;

namespace {
// A snippet prelude: `fired(tag)` makes a handler that logs a "fired" event with its ctx.
const std::string kFired = R"(local windows = require("core.windows")
local function fired(tag) return function(c) log.event("fired", "", {tag = tag, player = c.player, self = c.self, window = c.window, round = c.round}) end end
)";
}  // namespace

TEST_CASE("window.on returns an id and window.info reads the handler back", "[lua_api][window]") {
    const RunResult r = run_snippet(R"(local t = entity.create{zone = 1, owner = 2}
local a = window.on("go", function() end)
local b = window.on("react", function() end, {source = t, priority = 3, limit = 2, period = "round"})
local c = window.on("go", function() end, {source = t, player = 1})
local i = window.info(b)
print(a, b, c, i.id, i.window, i.source, i.player, i.priority, i.limit, i.period, i.fired)
local j = window.info(a)
print(j.source, j.player, j.priority, j.limit, j.period, window.info(c).player, window.info(99)))");
    REQUIRE(r.finished());
    // A handler's player defaults to its source's owner; an explicit player wins.
    CHECK(r.printed() == Strings{"1\t2\t3\t2\treact\t3\t2\t3\t2\tround\t0", "nil\tnil\t0\t0\t\t1\tnil"});
}

TEST_CASE("window.collect orders by priority, then seat from the first player, then registration",
          "[lua_api][window]") {
    const RunResult r = run_snippet(R"(local t3 = entity.create{zone = 1, owner = 3}
local a = window.on("go", function() end, {player = 1})
local b = window.on("go", function() end, {player = 2})
local c = window.on("go", function() end, {source = t3})
local d = window.on("go", function() end, {priority = -5, player = 3})
local e = window.on("go", function() end, {priority = 10})
local f = window.on("go", function() end)
local g = window.on("react", function() end)
print(table.concat(window.collect("go", 2), ","))
print(table.concat(window.collect("go"), ","))
print(table.concat(window.collect("react", 3), ",")))",
                                    3);
    REQUIRE(r.finished());
    // d (priority -5); b p2, c p3, a p1 (seats from 2, wrapping); f seatless; e (priority 10).
    CHECK(r.printed() == Strings{"4,2,3,1,6,5", "4,1,2,3,6,5", "7"});
}

TEST_CASE("core.windows dispatch fires in collect order; ctx says whose handler runs", "[lua_api][window]") {
    const RunResult r = run_snippet(kFired + R"(local t2 = entity.create{zone = 1, owner = 2}
window.on("go", fired("p1"), {player = 1})
window.on("go", fired("p2-card"), {source = t2})
window.on("go", fired("early"), {priority = -1, player = 2})
window.on("react", fired("other window"))
print(windows.dispatch("go", {round = 4}, 2)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"3"});
    CHECK(r.values("fired", "tag") == std::vector<json>{"early", "p2-card", "p1"});
    const auto fired = r.of_type("fired");
    REQUIRE(fired.size() == 3);
    CHECK(r.data(*fired[1]) == json{{"player", 2}, {"round", 4}, {"self", 3}, {"tag", "p2-card"}, {"window", "go"}});
    CHECK(r.where(*fired[1]) == "snippet:2");   // the handler's own line
}

TEST_CASE("dispatch with opts.only fires only the handlers of those sources", "[lua_api][window]") {
    const RunResult r = run_snippet(kFired + R"(local a = entity.create{zone = 1}
local b = entity.create{zone = 1}
window.on("go", fired("a"), {source = a})
window.on("go", fired("b"), {source = b})
window.on("go", fired("none"))
print(windows.dispatch("go", nil, 1, {only = b}), windows.dispatch("go", nil, 1, {only = {a, b}})))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"1\t2"});
    CHECK(r.values("fired", "tag") == std::vector<json>{"b", "a", "b"});
}

TEST_CASE("dispatch with owner_orders lets a player order their simultaneous handlers", "[lua_api][window]") {
    const RunResult r = run_snippet(kFired + R"(local a = entity.create{zone = 1, owner = 1, name = "Alpha"}
local b = entity.create{zone = 1, owner = 1, name = "Beta"}
window.on("go", fired("a"), {source = a})
window.on("go", fired("b"), {source = b})
windows.dispatch("go", nil, 1, {owner_orders = true}))",
                                    2, {pick(1, {2, 1}, "order.go")});
    REQUIRE(r.finished());
    CHECK(r.values("fired", "tag") == std::vector<json>{"b", "a"});
    CHECK(r.narrate(*r.first("decision")) == "Player 1 orders Beta > Alpha");
}

TEST_CASE("a handler with a limit fires at most that often per period; end_period resets it",
          "[lua_api][window]") {
    const RunResult r = run_snippet(kFired + R"(local h = window.on("go", fired("limited"), {limit = 2, period = "round"})
for i = 1, 3 do windows.dispatch("go") end
print(window.info(h).fired, #window.collect("go"))
match.end_period("beat")
print(window.info(h).fired)
match.end_period("round")
print(window.info(h).fired, #window.collect("go"))
windows.dispatch("go"))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"2\t0", "2", "0\t1"});
    CHECK(r.of_type("fired").size() == 3);
}

TEST_CASE("a handler that removes itself fires once; window.off is true once", "[lua_api][window]") {
    const RunResult r = run_snippet(kFired + R"(local results = {}
local h = window.on("go", function(c) results[#results + 1] = tostring(window.off(c.handler)) end)
window.on("go", fired("other"))
windows.dispatch("go")
windows.dispatch("go")
print(table.concat(results, ","), window.off(h), window.info(h)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"true\tfalse\tnil"});
    CHECK(r.of_type("fired").size() == 2);   // the other handler was not disturbed
}

TEST_CASE("a handler removed by an earlier one in the same dispatch does not fire", "[lua_api][window]") {
    const RunResult r = run_snippet(kFired + R"(local second
window.on("go", function() window.off(second) end)
second = window.on("go", fired("second"))
print(windows.dispatch("go")))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"1"});
    CHECK(r.of_type("fired").empty());
}

TEST_CASE("a handler added during a dispatch first fires at the next dispatch", "[lua_api][window]") {
    const RunResult r = run_snippet(kFired + R"(local added = false
window.on("go", function() if not added then added = true; window.on("go", fired("late")) end end)
print(windows.dispatch("go"))
print(windows.dispatch("go")))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"1", "2"});
    CHECK(r.of_type("fired").size() == 1);
}

TEST_CASE("window.off_source removes every handler of an entity and returns how many", "[lua_api][window]") {
    const RunResult r = run_snippet(R"(local t = entity.create{zone = 1}
window.on("go", function() end, {source = t})
window.on("react", function() end, {source = t})
local keep = window.on("go", function() end)
print(window.off_source(t), window.off_source(t), table.concat(window.collect("go"), ",")))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"2\t0\t3"});
}

TEST_CASE("window.begin returns the function and counts the fire; nil when it may not fire", "[lua_api][window]") {
    const RunResult r = run_snippet(R"(local h = window.on("go", function() return "ran" end, {limit = 1, period = "round"})
local fn = window.begin(h)
print(type(fn), fn(), window.info(h).fired)
window.finish()
print(window.begin(h))
window.off(h)
print(window.begin(h)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"function\tran\t1", "nil", "nil"});
}

TEST_CASE("a handler that returns false is not used up: its limit counts the fires that applied", "[lua_api][window]") {
    const RunResult r = run_snippet(R"(local windows = require("core.windows")
local wanted = false
local h = window.on("go", function() if not wanted then return false end end, {limit = 1, period = "round"})
windows.dispatch("go"); windows.dispatch("go")
print(window.info(h).fired)
wanted = true
print(windows.dispatch("go"), window.info(h).fired, windows.dispatch("go"))
wanted = false
local h2 = window.on("react", function() return false end, {limit = 1, period = "round"})
local fn = window.begin(h2)
window.finish(h2, fn())
print(window.info(h2).fired))");
    INFO(r.error);
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"0", "1\t1\t0", "0"});
}

TEST_CASE("an error in a handler names the handler's line and the window", "[lua_api][window]") {
    CHECK(error_of(R"(window.on("go", function()
  zone.move(1, 99)
end)
require("core.windows").dispatch("go"))") ==
          "snippet:2: bad argument #2 to 'zone.move' (zone 99 does not exist) [window go]");
    CHECK(error_of("window.on('react', function() error('boom') end)\nrequire('core.windows').dispatch('react')") ==
          "snippet:1: boom [window react]");
}

TEST_CASE("window functions reject bad arguments with Lua's message and the snippet line", "[lua_api][window]") {
    CHECK(error_of("window.on('goo', function() end)") ==
          "snippet:1: bad argument #1 to 'window.on' (unknown window 'goo' (the game's windows: go, react))");
    CHECK(error_of("window.on('go')") == "snippet:1: bad argument #2 to 'window.on' (function expected, got no value)");
    CHECK(error_of("window.on('go', function() end, 5)") ==
          "snippet:1: bad argument #3 to 'window.on' (table of options expected, got number)");
    CHECK(error_of("window.on('go', function() end, {limit = 1})") ==
          "snippet:1: window.on: a limit needs a period (e.g. period = \"beat\")");
    CHECK(error_of("window.on('go', function() end, {priority = 'high'})") ==
          "snippet:1: field 'priority' must be an integer (got string)");
    CHECK(error_of("window.on('go', function() end, {period = 3})") ==
          "snippet:1: field 'period' must be a string (got number)");
    CHECK(error_of("window.collect('nope')") ==
          "snippet:1: bad argument #1 to 'window.collect' (unknown window 'nope' (the game's windows: go, react))");
    CHECK(error_of("window.collect('go', 3)") ==
          "snippet:1: bad argument #2 to 'window.collect' (player 3 does not exist (players 1..2))");
    CHECK(error_of("window.off('x')") == "snippet:1: bad argument #1 to 'window.off' (number expected, got string)");
    CHECK(error_of("window.info()") == "snippet:1: bad argument #1 to 'window.info' (number expected, got no value)");
    CHECK(error_of("window.begin(1.5)") == "snippet:1: bad argument #1 to 'window.begin' (number has no integer representation)");
    CHECK(error_of("window.off_source(99)") == "snippet:1: bad argument #1 to 'window.off_source' (entity 99 does not exist)");
}

// Regression (was a bug): lua_window.cpp window_on checks the option fields at their stack slot
// (check_entity(L, lua_gettop(L)), opt_player(L, lua_gettop(L))), so the message names
// argument #4, which the script never passed; the options table is argument #3.
TEST_CASE("window.on names argument #3 for a bad source or player option", "[lua_api][window]") {
    CHECK_THAT(error_of("window.on('go', function() end, {source = 99})"),
               StartsWith("snippet:1: bad argument #3 to 'window.on' ("));
    CHECK_THAT(error_of("window.on('go', function() end, {player = 7})"),
               StartsWith("snippet:1: bad argument #3 to 'window.on' ("));
}

// Regression (was a bug): lua_window.cpp window_off/window_info/window_begin cast the id with
// static_cast<HandlerId> (32 bits) without a range check, so 2^32 + 1 names handler 1.
TEST_CASE("window.off of an id beyond 32 bits removes nothing", "[lua_api][window]") {
    const RunResult r = run_snippet(R"(local h = window.on("go", function() end)
print(window.off(4294967297), window.info(h) ~= nil))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"false\ttrue"});
}

// Regression (was a bug): scripts/core/windows.lua dispatch calls window.finish() only when the handler
// returns, so after an error caught by pcall the handler's context stays pushed on the host
// and every later error of the rules is mislabelled "[window go]".
TEST_CASE("after a handler error caught by pcall, later errors carry no window context",
          "[lua_api][window]") {
    CHECK(error_of(R"(window.on("go", function() error("boom") end)
pcall(require("core.windows").dispatch, "go")
zone.move(1, 99))") == "snippet:3: bad argument #2 to 'zone.move' (zone 99 does not exist)");
}

TEST_CASE("handlers share the caller's ctx; self/player/window come back as they were, nested too", "[lua_api][window]") {
    const RunResult r = run_snippet(kFired + R"(local a = entity.create{zone = 1, owner = 1}
local b = entity.create{zone = 1, owner = 2}
window.on("react", fired("inner"), {source = b})
window.on("go", function(c)
  windows.dispatch("react", c, 2)          -- the same ctx, one level down
  print(c.self == a, c.window, c.player)  -- the outer handler's view is intact
end, {source = a})
local ctx = {round = 2, self = "mine"}
print(windows.dispatch("go", ctx, 1), ctx.self, ctx.window, ctx.player, ctx.round))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"true\tgo\t1", "1\tmine\tnil\tnil\t2"});
    CHECK(r.values("fired", "self") == std::vector<json>{4});
}

TEST_CASE("window.open/next/done/close: a repeating walk over live zones, with results", "[lua_api][window]") {
    const RunResult r = run_snippet(R"(local live = zone.create("live", 1)
local idle = zone.create("idle", 1)
local x = entity.create{zone = live, owner = 1, name = "x"}
local y = entity.create{zone = live, owner = 1, name = "y"}
local z = entity.create{zone = idle, owner = 1, name = "z"}
local calls = {}
window.on("go", function() calls[#calls + 1] = "x"; return #calls > 2 end, {source = x})
window.on("go", function() calls[#calls + 1] = "y"; zone.move(z, live); return true end, {source = y})
window.on("go", function() calls[#calls + 1] = "z" end, {source = z})
local walk = window.open("go", 1, {zones = {"live"}, repeat_skipped = true})
while true do
  local id, fn = window.next(walk)
  if not id then break end
  window.done(walk, fn())
end
print(table.concat(calls, " "), window.close(walk))
print(pcall(window.next, walk)))");
    REQUIRE(r.finished());
    REQUIRE(r.printed().size() == 2);
    CHECK(r.printed()[0] == "x y x z\ttrue\t4");   // x skipped, y applied: x again, and z now live
    CHECK(r.printed()[1].find("no such window walk") != std::string::npos);
}

TEST_CASE("owner_orders in a walk: the player orders their simultaneous handlers", "[lua_api][window]") {
    const RunResult r = run_snippet(kFired + R"(local a = entity.create{zone = 1, owner = 1, name = "Alpha"}
local b = entity.create{zone = 1, owner = 1, name = "Beta"}
window.on("go", fired("a"), {source = a})
window.on("go", fired("b"), {source = b})
windows.dispatch("go", nil, 1, {owner_orders = true}))",
                                    2, {pick(1, {2, 1}, "order.go")});
    REQUIRE(r.finished());
    CHECK(r.values("fired", "tag") == std::vector<json>{"b", "a"});
}

TEST_CASE("window.listens counts a window's registered handlers; a walk of an unheard window opens nothing",
          "[lua_api][window]") {
    const RunResult r = run_snippet(kFired + R"(local a = entity.create{zone = 1, owner = 1}
print(window.listens("go"))
local h = window.on("go", fired("a"), {source = a})
window.on("react", fired("r"), {source = a, limit = 1, period = "beat"})
print(window.listens("go"), window.listens("react"))
window.off(h)
print(window.listens("go"), windows.walk("go", {round = 1}, 1))
print(windows.walk("react"), windows.walk("react"), window.listens("react"))
print(pcall(window.listens, "nowhere")))");
    REQUIRE(r.finished());
    REQUIRE(r.printed().size() == 5);
    CHECK(r.printed()[0] == "0");
    CHECK(r.printed()[1] == "1\t1");
    CHECK(r.printed()[2] == "0\t0\tfalse");
    CHECK(r.printed()[3] == "1\t0\t1");   // fired once, then used up for the period: it still listens
    CHECK_THAT(r.printed()[4], StartsWith("false\t"));
    CHECK(r.printed()[4].find("unknown window 'nowhere'") != std::string::npos);
}

TEST_CASE("window.run: a handler asks a decision mid-walk; the walk resumes where it was, ctx put back",
          "[lua_api][window]") {
    // Two handlers of player 1 to order (a question asked from inside the kernel's walk), the
    // first of which asks its own question: both yield through window.run and come back.
    const RunResult r = run_snippet(kFired + R"(local a = entity.create{zone = 1, owner = 1, name = "Alpha"}
local b = entity.create{zone = 1, owner = 1, name = "Beta"}
window.on("go", function(c)
  local n = decide{player = 1, id = "how", options = {"one", "two"}, single = true}
  log.event("fired", "", {tag = "a" .. n, self = c.self, window = c.window})
end, {source = a})
window.on("go", fired("b"), {source = b})
local ctx = {self = "kept", window = "w"}
print(window.run("go", ctx, 1, {owner_orders = true}))
print(ctx.self, ctx.window, ctx.player, ctx.handler))",
                                    2, {pick(1, {2, 1}, "order.go"), pick(1, {2}, "how")});
    REQUIRE(r.finished());
    CHECK(r.values("fired", "tag") == std::vector<json>{"b", "a2"});
    CHECK(r.values("fired", "self") == std::vector<json>{4, 3});   // Beta, then Alpha
    CHECK(r.printed() == Strings{"2\ttrue", "kept\tw\tnil\tnil"});
}

TEST_CASE("window.run: a handler that closes the running walk, or a ctx that is not a table, is a clear error",
          "[lua_api][window]") {
    // A hostile handler guesses the walk's handle (walks are numbered from 1) and closes it.
    CHECK_THAT(error_of(R"(window.on("go", function() window.close(1) end)
window.on("go", function() end)
window.run("go"))"),
               Catch::Matchers::Contains("the walk of window 'go' was closed while it ran"));
    CHECK_THAT(error_of(R"(window.on("go", function() end)
window.run("go", 5))"),
               Catch::Matchers::Contains("table or nil expected"));
    // ... and so does one that closes it and opens another walk, which gets the same handle.
    CHECK_THAT(error_of(R"(window.on("go", function() window.close(1); window.open("react") end)
window.on("go", function() end)
window.run("go"))"),
               Catch::Matchers::Contains("the walk of window 'go' was closed while it ran"));
    // Nobody listens: nothing is read, nothing is opened.
    const RunResult r = run_snippet(R"(print(window.run("go", 5)))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"0\tfalse"});
}

TEST_CASE("window.run: walks a caught error unwound are closed, so thousands of them leave the walks free",
          "[lua_api][window]") {
    // Each failing dispatch leaves window.run's C frame unwound with its walk open; the
    // sandbox's pcall closes it. Without that, the 4,097th walk would be refused.
    const RunResult r = run_snippet(kFired + R"(local a = entity.create{zone = 1, owner = 1}
window.on("react", function() error("boom") end, {source = a})
window.on("go", function(c) windows.dispatch("react", c) end, {source = a})
local caught = 0
for _ = 1, 4200 do
  if not pcall(windows.dispatch, "go") then caught = caught + 1 end
end
local b = entity.create{zone = 1, owner = 2}
window.on("react", fired("calm"), {source = b})
print(caught, windows.dispatch("react", nil, 2, {players = 2})))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"4200\t1"});
}

TEST_CASE("window.order refuses what is not an order of the handlers asked about, and the walk goes on",
          "[lua_api][window]") {
    const RunResult r = run_snippet(R"(local a = entity.create{zone = 1, owner = 1, name = "Alpha"}
local b = entity.create{zone = 1, owner = 1, name = "Beta"}
local calls = {}
window.on("go", function() calls[#calls + 1] = "a" end, {source = a})
window.on("go", function() calls[#calls + 1] = "b" end, {source = b})
local walk = window.open("go", 1, {owner_orders = true})
local id, who, labels = window.next(walk)
print(id, who, table.concat(labels, ","))
print(pcall(window.order, walk, {1, 1}))
print(pcall(window.order, walk, {1, 2, 3}))
window.order(walk, {2, 1})
while true do
  local h, fn = window.next(walk)
  if not h then break end
  window.done(walk, fn())
end
print(table.concat(calls, " "), window.close(walk)))");
    REQUIRE(r.finished());
    REQUIRE(r.printed().size() == 4);
    CHECK(r.printed()[0] == "0\t1\tAlpha,Beta");
    CHECK(r.printed()[1].find("not an order of the handlers asked about") != std::string::npos);
    CHECK(r.printed()[2].find("not an order of the handlers asked about") != std::string::npos);
    CHECK(r.printed()[3] == "b a\ttrue\t2");
}

TEST_CASE("window.run: a ctx whose __newindex registers handlers while the walk writes it still calls the right ones",
          "[lua_api][window]") {
    // Every write to ctx runs script code that adds handlers, so the kernel's handler list
    // grows (and moves) between looking a handler up and calling it.
    const RunResult r = run_snippet(kFired + R"(local a = entity.create{zone = 1, owner = 1, name = "Alpha"}
local b = entity.create{zone = 1, owner = 2, name = "Beta"}
window.on("go", fired("a"), {source = a})
window.on("go", fired("b"), {source = b})
local store, added = {}, 0
local ctx = setmetatable({}, {
  __index = store,
  __newindex = function(_, k, v)
    for _ = 1, 40 do window.on("react", function() end); added = added + 1 end
    store[k] = v
  end })
print(window.run("go", ctx), added > 0, store.self, store.window))");
    REQUIRE(r.finished());
    CHECK(r.values("fired", "tag") == std::vector<json>{"a", "b"});
    CHECK(r.values("fired", "self") == std::vector<json>{3, 4});
    CHECK(r.printed() == Strings{"2\ttrue\tnil\tnil"});   // fired (print keeps one result), handlers were added, ctx put back
}
