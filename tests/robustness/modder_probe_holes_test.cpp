// Holes a hostile-modder probe found after issue #16 (2026-11-29): each test is named after the
// hole and fails on the commit before its fix (there the process aborted with a double free,
// hung while loading, or a match's result depended on the matches the host played before).
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"
#include "../support/temp_dir.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/scenario.h"

using namespace duelbox;
using namespace duelbox::test;

namespace {

// A one-seat game "meta" in `dir` whose game.lua is `game`, loaded on a host.
struct MetaGame {
    TempDir dir{"modder_probe"};
    LuaHost host;
    std::vector<std::string> errors;
    bool loaded = false;
    explicit MetaGame(const std::string& game, const std::string& card = "") {
        dir.write("scripts/meta/game.lua", game);
        if (!card.empty()) dir.write("cards/meta/card.lua", card);
        loaded = host.load_game(dir.root().string(), "meta", errors);
    }
    // Plays one match; returns its error ("" when it finished) and sets `reason`.
    std::string play(std::string* reason = nullptr) {
        Scenario s;
        s.game = "meta";
        s.root = dir.root().string();
        s.seats.resize(1);
        MatchRunner runner(host, s);
        const RunState state = runner.run();
        if (reason) *reason = runner.match().result().reason;
        return state == RunState::Finished ? std::string() : runner.error();
    }
};

}  // namespace

TEST_CASE("an offers handle's metatable is locked: its finalizer cannot be called twice or replaced",
          "[robustness][sandbox][offers]") {
    // getmetatable(handle).__gc(handle), twice, freed it twice (the process aborted); replacing
    // __gc with an endless loop hung the host in the collector, outside any budget.
    CHECK(error_of(R"(local h = offers.prepare{tag = "offer", counter = "gold", once_flag = "used", id = "play",
  seats = {{entity = match.player_entity(1)}}}
assert(getmetatable(h) == "locked", tostring(getmetatable(h)))
print(offers.list(h, 1)))") == "(no error: finished)");
}

TEST_CASE("loading never runs a metatable's metamethods: a file-level table whose metatable has a raising or looping __index",
          "[robustness][loader]") {
    // The walk that records a file's locals read `__metatable` and `__index` with metamethods:
    // a raising one aborted the process ("unprotected Lua error"), a looping one hung the load.
    for (const char* index : {"function() error('boom from __metatable') end", "function() while true do end end"}) {
        INFO(index);
        MetaGame g(std::string("local mt = {}\nlocal held = setmetatable({}, mt)\nsetmetatable(mt, {__index = ") + index +
                   "})\nreturn { windows = { 'go' }, play = function() assert(held) match.finish(1, 'done') end }\n");
        INFO((g.errors.empty() ? std::string() : g.errors.front()));
        REQUIRE(g.loaded);
        CHECK(g.play() == "");
    }
}

TEST_CASE("a card's timing, tags and props must be plain tables: their metamethods would run unbudgeted at load",
          "[robustness][loader]") {
    const char* const looping = "setmetatable({}, {__index = function() while true do end end, __len = function() while true do end end})";
    for (const std::string field : {"timing", "tags", "props"}) {
        INFO(field);
        MetaGame g("return { windows = { 'go' }, play = function() match.finish(1, 'done') end }\n",
                   "return { name = 'c', " + field + " = " + looping + ", go = function() end }\n");
        CHECK_FALSE(g.loaded);
        REQUIRE(g.errors.size() == 1);
        CHECK(g.errors[0] == "cards/meta/card.lua: card meta/card: field '" + field +
                                 "' must be a plain table, without a metatable (the host reads it directly when the game loads)");
    }
    MetaGame g("return { windows = { 'go' }, play = function() match.finish(1, 'done') end }\n",
               std::string("return { name = 'c', timing = { go = ") + looping + " }, go = function() end }\n");
    REQUIRE(g.errors.size() == 1);
    CHECK(g.errors[0].find("field 'timing.go' must be a plain table") != std::string::npos);
}

namespace {
// Game g's play() calls, on its line 6, an iterator `made_by` made while the file loaded: every
// match, on a fresh and on a reused host alike, fails there refusing it.
void expect_load_time_iterator_refused(MetaGame& g, const std::string& made_by) {
    REQUIRE(g.loaded);
    for (int match = 0; match < 2; ++match) {
        const std::string error = g.play();
        INFO(error);
        CHECK(error.find("scripts/meta/game.lua:6:") == 0);
        CHECK(error.find("a " + made_by + " iterator made while its file loaded cannot be used in a match") != std::string::npos);
    }
}
}  // namespace

TEST_CASE("a string.gmatch iterator made as a file loads works while it loads and is refused in a match",
          "[robustness][sandbox][determinism]") {
    // It keeps its position in C, where the host cannot put it back: the first match read "a",
    // the next one on the same host "b" (and bench results changed with the number of workers).
    MetaGame g(R"(local words = {}
for w in ("x y z"):gmatch("%a") do words[#words + 1] = w end   -- at load: fine
local next_letter = ("a b c"):gmatch("%a")
return { windows = { 'go' }, play = function()
  assert(#words == 3)
  match.finish(1, next_letter())
end }
)");
    expect_load_time_iterator_refused(g, "string.gmatch");
    MetaGame inside(R"(return { windows = { 'go' }, play = function()
  local it = ("a b c"):gmatch("%a")
  it()
  match.finish(1, it())
end }
)");
    std::string reason;
    CHECK(inside.play(&reason) == "");
    CHECK(reason == "b");   // an iterator made in the match works as ever
}

TEST_CASE("an error at a card file's top level with no place of its own is named with its line", "[robustness][sandbox]") {
    // Found by a red-team audit (2026-11-30): "cards/meta/card.lua: 12345" named the file only.
    const std::string game = "return { windows = { 'go' }, play = function() match.finish(1, 'done') end }\n";
    for (const char* raise : {"error(12345)", "error('top', 0)", "error('far', 40)"}) {
        MetaGame g(game, std::string("local x = 1\n") + raise + "\nreturn { name = 'c' }\n");
        INFO(raise);
        REQUIRE(g.errors.size() == 1);
        CHECK(g.errors[0].rfind("cards/meta/card.lua:2: ", 0) == 0);
    }
}

TEST_CASE("a pairs iterator made as a file loads works while it loads and is refused in a match",
          "[robustness][sandbox][determinism]") {
    // Found by a red-team audit (2026-11-30): pairs' step kept its place in a C upvalue, so a
    // file-level `local step, state = pairs(t)` read "a" in the first match on a host, then "b",
    // "c", nil: bench results changed with the number of workers.
    MetaGame g(R"(local keys = {}
for k in pairs({x = 1, y = 2}) do keys[#keys + 1] = k end   -- at load: fine
local step, state = pairs({a = 1, b = 2, c = 3})
return { windows = { 'go' }, play = function()
  assert(#keys == 2)
  match.finish(1, step(state))
end }
)");
    expect_load_time_iterator_refused(g, "pairs");
    MetaGame inside(R"(return { windows = { 'go' }, play = function()
  local step, state = pairs({a = 1, b = 2, c = 3})
  local k = step(state)
  match.finish(1, step(state, k))
end }
)");
    std::string reason;
    CHECK(inside.play(&reason) == "");
    CHECK(reason == "b");   // an iterator made in the match works as ever
}

TEST_CASE("globals of a chunk load() gave at a file's top level cannot carry from one match to the next",
          "[robustness][sandbox][determinism]") {
    // Only a file's own environment was frozen once it had run: the chunk's counted 1, 2, 3 ...
    // across matches on one host, so bench results changed with the number of workers.
    MetaGame g(R"(local bump = load("n = (n or 0) + 1 return n")
return { windows = { 'go' }, play = function()
  match.finish(1, tostring(bump()))
end }
)");
    REQUIRE(g.loaded);
    for (int match = 0; match < 2; ++match) {
        const std::string error = g.play();
        INFO(error);
        CHECK(error.find("cannot set global 'n' once its file has loaded") != std::string::npos);
    }
}

TEST_CASE("a question never names to its chooser a card the rules hide from them", "[robustness][sandbox][hidden]") {
    // decide{entities = <the other's hand>} labelled each option with the card's name: a "blind"
    // pick told the chooser every card (and the log said "Ada chooses Dash").
    const RunResult r = run_snippet(R"(local theirs = zone.create("hand", 2, "owner")
local mine = zone.create("hand", 1, "owner")
local hidden = entity.create{zone = theirs, name = "Dash", owner = 2}
local own = entity.create{zone = mine, name = "Grasp", owner = 1}
local pick = decide{player = 1, id = "blind", entities = {hidden, own}}
print(pick[1]))");
    INFO(r.error);
    REQUIRE(r.finished());
    const auto asked = r.of_type("decision");
    REQUIRE(asked.size() == 1);
    CHECK(r.data(*asked[0], 0)["answer"] == "a hidden card");   // the first option, as the chooser read it
    for (const Event& e : r.events())
        for (PlayerIndex viewer : {0, EventLog::kObserver})
            if (e.type == "decision") CHECK(r.narrate(e, viewer).find("Dash") == std::string::npos);
    CHECK(r.printed() == std::vector<std::string>{"1"});
}

TEST_CASE("table.concat on a table whose __index answers charges every element it reads to the budget",
          "[robustness][sandbox]") {
    // Each missing element came from the metamethod in C: no instruction, no memory, no end.
    CHECK(error_of("table.concat(setmetatable({}, {__index = function() return '' end}), '', 1, math.maxinteger)")
              .rfind("snippet:1: instruction budget of", 0) == 0);
    CHECK(error_of("assert(table.concat(setmetatable({}, {__index = function(_, i) return tostring(i) end}), ',', 1, 3) "
                   "== '1,2,3')\nassert(table.concat({'a', 'b'}) == 'ab')") == "(no error: finished)");
}

TEST_CASE("a derived sum stays at the integer bound, and a floor above the cap is refused", "[robustness][sandbox]") {
    // The sum wrapped (signed overflow): math.maxinteger + 1 read as math.mininteger.
    CHECK(error_of(R"(local z = zone.create("pile")
entity.create{zone = z, name = "a", props = {n = math.maxinteger}}
entity.create{zone = z, name = "b", props = {n = 1}}
local id = derived.define{name = "total", zones = {z}, prop = "n"}
assert(derived.get(id) == math.maxinteger, tostring(derived.get(id))))") == "(no error: finished)");
    CHECK(error_of("derived.define{name = 'x', zones = {zone.create('pile')}, prop = 'n', floor = 10, cap = 1}")
              .find("floor 10 is above cap 1") != std::string::npos);
}

TEST_CASE("a file the rules read must lie inside the game's folders: a symbolic link out of them is refused",
          "[robustness][loader]") {
    // board.load("mod:<name>/x.json") or a game's maps/ followed a link to any file the process
    // could read, and its error message quoted what it found there.
    MetaGame g("return { windows = { 'go' }, play = function() board.load('maps/out.json') match.finish(1, 'done') end }\n");
    REQUIRE(g.loaded);
    const TempDir outside("modder_probe_outside");
    outside.write("secret.json", "{\"secret\": \"the answer\"}");
    std::filesystem::create_directories(g.dir.root() / "maps");
    std::filesystem::create_symlink(outside.root() / "secret.json", g.dir.root() / "maps/out.json");
    const std::string error = g.play();
    CHECK(error.find("maps/out.json: path leaves the game's folders") != std::string::npos);
    CHECK(error.find("the answer") == std::string::npos);
}

TEST_CASE("work inside one operation that the instruction budget cannot count stops at the wall-clock limit",
          "[robustness][sandbox]") {
    // `a == b` on two distinct equal 4 MB strings is one instruction doing ~0.3 ms of memcmp: the
    // hook's count (one look every 10,000 instructions) made a loop of them last for hours under
    // a budget of 50 million. limits.wall_clock_ms stops the call, and pcall cannot keep it going.
    Scenario s = snippet_scenario(R"(local a, b = string.rep("x", 4000000), string.rep("x", 4000000)   -- long strings: two objects
assert(a == b)
while true do pcall(function() while true do local _ = a == b end end) end)");
    s.limits.wall_clock_ms = 300;
    const RunResult r = run_scenario(s);
    INFO(r.error);
    CHECK(r.error.rfind("snippet:3: the call ran for more than 300 ms of wall-clock time (limits.wall_clock_ms;", 0) == 0);
}

TEST_CASE("a match of short resumes, each under every per-call limit, stops at the match's wall-clock limit",
          "[robustness][sandbox]") {
    // Each resume between two questions is timed alone: a loop asking 20,000 questions (the
    // questions' limit), each after work just under the per-call limits, ran for about an hour.
    // limits.match_wall_clock_ms bounds the rules' time over the whole match.
    Scenario s = snippet_scenario(R"(local a, b = string.rep("x", 4000000), string.rep("x", 4000000)
local asked = 0
while true do
  for _ = 1, 20 do local _ = a == b end                  -- a few ms of work the budget cannot count
  decide{player = 1, id = "again", options = {"on", "on too"}}
  asked = asked + 1
end)");
    s.limits.match_wall_clock_ms = 300;
    const RunResult r = run_scenario(s);
    INFO(r.error);
    CHECK(r.error.rfind("snippet:", 0) == 0);
    CHECK(r.error.find("the match's rules ran for more than 300 ms of wall-clock time in all "
                       "(limits.match_wall_clock_ms; time spent waiting for an answer is not counted)") !=
          std::string::npos);
    // Stopped by the match's limit, long before the questions' limit (20,000) would have.
    CHECK(r.runner->match().log().count("decision") < 5'000);
}

TEST_CASE("an error the VM raises inside a library function names the script line that called it", "[robustness][sandbox]") {
    // "attempt to compare number with nil" raised inside math.min or table.sort had no place at
    // all (Lua adds one only when a Lua function is running): a mod's broken card read
    // "attempt to compare number with nil [card ..., window hit]", naming no line.
    CHECK(error_of("local t = {3, 'x', 1}\ntable.sort(t)").rfind("snippet:2: attempt to compare ", 0) == 0);
    CHECK(error_of("local function f(x) return math.min(1, x) end\nlocal y = {}\nf(y)") ==
          "snippet:1: attempt to compare table with number");   // math.min compares without checking types
    CHECK(error_of("local y = {}\nlocal z = math.max(y)\nz = math.floor(y)") ==
          "snippet:3: bad argument #1 to 'math.floor' (number expected, got table)");   // argument errors had a place already
    CHECK(error_of("local a = {}\nlocal b = a < 1") == "snippet:2: attempt to compare table with number");
}

TEST_CASE("a metatable given __mode after setmetatable fails the match, naming the line that set it",
          "[robustness][sandbox]") {
    // setmetatable refuses __mode, but `mt.__mode = "k"` afterwards made the table weak all the
    // same: its entries vanished when the collector ran, which depends on what the host ran
    // before, so a match's log differed with the worker count.
    MetaGame during("return { windows = { 'go' }, play = function()\n"
                    "  local mt = {}\n"
                    "  local cache = setmetatable({}, mt)\n"
                    "  mt.__mode = 'k'\n"
                    "  cache[{}] = 1\n"
                    "  match.finish(1, 'done')\n"
                    "end }\n");
    REQUIRE(during.loaded);
    CHECK(during.play().rfind("scripts/meta/game.lua:3: setmetatable: this metatable was given __mode after it was set", 0) == 0);
    // A metatable set while the file loaded, given __mode in a match.
    MetaGame loaded("local MT = {}\nlocal CACHE = setmetatable({}, MT)\n"
                    "return { windows = { 'go' }, play = function()\n"
                    "  MT.__mode = 'v'\n"
                    "  CACHE[1] = {}\n"
                    "  match.finish(1, 'done')\n"
                    "end }\n");
    REQUIRE(loaded.loaded);
    CHECK(loaded.play().rfind("scripts/meta/game.lua:2: setmetatable: this metatable was given __mode", 0) == 0);
    // Metatables left alone are fine, match after match.
    MetaGame plain("local MT = {__index = function() return 7 end}\nlocal T = setmetatable({}, MT)\n"
                   "return { windows = { 'go' }, play = function()\n"
                   "  local o = setmetatable({}, {__index = T})\n"
                   "  match.finish(o.x == 7 and 1 or nil, 'done')\n"
                   "end }\n");
    REQUIRE(plain.loaded);
    std::string reason;
    CHECK(plain.play(&reason).empty());
    CHECK(plain.play(&reason).empty());
}
