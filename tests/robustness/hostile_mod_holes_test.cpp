// Holes a second hostile-modder probe found (2026-11-29, session 33): each test is named after
// the hole and fails on the commit before its fix (there a script's pcall caught the budget, a
// log differed between two runs of one seed, or a call ran for hours past its limits).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "../support/lua_harness.h"
#include "kernel/event.h"
#include "lua/host.h"
#include "scenario/scenario.h"

using namespace duelbox;
using namespace duelbox::test;

TEST_CASE("a __close that asks a question while the budget error unwinds cannot let a pcall catch it",
          "[robustness][sandbox]") {
    // The question yielded; the next resume started with a fresh budget and cleared the error's
    // flags, so the pcall below returned false and the loop went on (three times, then finished).
    Scenario s = snippet_scenario(R"(local caught = 0
for i = 1, 3 do
  local ok = pcall(function()
    local x <close> = setmetatable({}, { __close = function() decide{player = 1, id = "close", options = {"a", "b"}} end })
    while true do end
  end)
  if not ok then caught = caught + 1 end
end
log.event("caught", "caught {n}", {n = caught}))");
    s.limits.instructions = 2'000'000;
    const RunResult r = run_scenario(s);
    INFO(r.error);
    CHECK(r.state == RunState::Failed);
    CHECK(r.error.find("instruction budget of 2000000 exceeded") != std::string::npos);
    CHECK(r.of_type("caught").empty());
    CHECK(r.of_type("decision").empty());
}

TEST_CASE("nothing happens in a match after match.finish, not even in a __close the unwinding runs",
          "[robustness][sandbox]") {
    // The __close logged an event and changed a counter after the result, and the rules went on
    // after the pcall.
    const RunResult r = run_snippet(R"(counter.define(match.player_entity(2), "score", 0)
pcall(function()
  local x <close> = setmetatable({}, { __close = function()
    log.event("after", "an event after the end", {})
    counter.add(match.player_entity(2), "score", 5)
  end })
  match.finish(1, "done")
end)
log.event("after2", "after the pcall", {}))");
    INFO(r.error);
    CHECK(r.finished());
    CHECK(r.of_type("after").empty());
    CHECK(r.of_type("after2").empty());
    CHECK(r.runner->match().counters().get(r.runner->match().player(1).entity, "score") == 0);
}

TEST_CASE("an error message never shows a table's address: a script could steer on it, and two runs would differ",
          "[robustness][sandbox][determinism]") {
    for (const char* code : {"local t = {}\nstring[t] = 1", "local t = {}\nlocal _ = io[t]",
                             "local t = {}\nentity.create{kind = 'x', zone = zone.create('z'), where = t}"}) {
        INFO(code);
        const std::string e = error_of(code);
        CHECK(e.rfind("snippet:2: ", 0) == 0);
        CHECK(e.find("0x") == std::string::npos);
        CHECK(e.find("table") != std::string::npos);   // the key is named by its type
    }
}

TEST_CASE("table.sort is stable, and stops at the budget or the wall clock whatever its comparator",
          "[robustness][sandbox][determinism]") {
    // Lua's quicksort picked pivots from clock() on lopsided splits of large arrays: 1,000 records
    // with three keys came out in another order in every run. Ties now keep their order.
    const RunResult stable = run_snippet(R"(local t = {}
for i = 1, 1000 do t[i] = {k = (i * 7) % 3, i = i} end
table.sort(t, function(a, b) return a.k < b.k end)
for i = 2, #t do
  assert(t[i - 1].k < t[i].k or (t[i - 1].k == t[i].k and t[i - 1].i < t[i].i), "not stable at " .. i)
end
local words = {"pear", "fig", "apple", "fig", "kiwi"}
table.sort(words)
print(table.concat(words, " ")))");
    INFO(stable.error);
    CHECK(stable.finished());
    CHECK(stable.printed() == std::vector<std::string>{"apple fig fig kiwi pear"});
    // A proxy claiming 2^31 - 2 elements with a C comparator ran in C for ever: the elements are
    // charged before the sort begins.
    CHECK_THAT(error_of("table.sort(setmetatable({}, {__len = function() return 2^31 - 2 end}), getmetatable)"),
               Catch::StartsWith("snippet:1: instruction budget of ") && Catch::Contains(" exceeded"));
    // Comparing long strings is work the budget cannot count: the wall clock stops the sort.
    Scenario s = snippet_scenario(R"(local big = string.rep("x", 4000000)
local t = {}
for i = 1, 4000 do t[i] = big end
table.sort(t))");
    s.limits.wall_clock_ms = 300;
    const RunResult slow = run_scenario(s);
    INFO(slow.error);
    CHECK(slow.error.find("the call ran for more than 300 ms of wall-clock time") != std::string::npos);
}

TEST_CASE("a narration line is cut at 16 KB: a template naming a long field thousands of times rendered gigabytes",
          "[robustness][sandbox]") {
    const RunResult r = run_snippet(R"(log.event("bomb", string.rep("{a}", 20000), {a = string.rep("y", 60000)}))");
    INFO(r.error);
    REQUIRE(r.of_type("bomb").size() == 1);
    const std::string line = r.narrate(*r.of_type("bomb")[0]);
    CHECK(line.size() <= EventLog::kMaxNarration + 64);
    CHECK_THAT(line, Catch::EndsWith("[...: narration cut at 16 KB]"));
    // Cut between characters: two one-byte characters, then three-byte ones ("€"), put the 16 KB
    // limit inside a character; the line stays UTF-8 (a broken byte ended it before).
    const RunResult u = run_snippet(R"(log.event("wide", "xy{a}", {a = string.rep("\u{20AC}", 8000)}))");
    REQUIRE(u.of_type("wide").size() == 1);
    const std::string cut = u.narrate(*u.of_type("wide")[0]);
    const std::string kept = cut.substr(0, cut.find(" [...: narration cut at 16 KB]"));
    CHECK(kept.size() % 3 == 2);   // "xy" and whole characters only
    CHECK(kept.size() > EventLog::kMaxNarration - 3);
}

TEST_CASE("print with no match running is bounded: a card printing in a loop as it loads wrote gigabytes",
          "[robustness][sandbox]") {
    LuaHost host;
    std::size_t yes = 0;
    while (host.take_unattached_print(100) == LuaHost::PrintRoom::Yes) ++yes;
    CHECK(yes == LuaHost::kUnattachedPrintBytes / 100);
    CHECK(host.take_unattached_print(100) == LuaHost::PrintRoom::No);   // "Last" came once, above
}

TEST_CASE("a chunk load() names cannot pass for a file: errors and events name it as loaded",
          "[robustness][sandbox]") {
    CHECK(error_of("local f = load('error(\"boom\")', '=mod:m/cards/battlecon/x.lua')\nf()")
              .rfind("(load) mod:m/cards/battlecon/x.lua:1: boom", 0) == 0);
    CHECK(error_of("local f = load('error(\"boom\")', '@scripts/battlecon/beat.lua')\nf()")
              .rfind("(load) scripts/battlecon/beat.lua:1: boom", 0) == 0);
}

TEST_CASE("a name with a NUL byte is refused: the kernel would have kept only the text before it",
          "[robustness][sandbox]") {
    // entity.set(e, "hp\0x", 7) stored "hp": a read of "hp" saw 7 and one of "hp\0x" nil.
    CHECK(error_of("entity.set(match.player_entity(1), 'hp\\0x', 7)") ==
          "snippet:1: bad argument #2 to 'entity.set' (a name may not hold a NUL byte (\\0))");
    CHECK_THAT(error_of("counter.define(match.player_entity(1), 'a\\0b', 0)"), Catch::Contains("a name may not hold a NUL byte"));
    CHECK_THAT(error_of("flag.set(match.player_entity(1), 'f\\0one', 1)"), Catch::Contains("a name may not hold a NUL byte"));
    CHECK_THAT(error_of("log.event('x\\0y', 'text', {})"), Catch::Contains("a name may not hold a NUL byte"));
    CHECK_THAT(error_of("log.event('x', 'text', {['k\\0v'] = 1})"), Catch::Contains("a field name may not hold a NUL byte"));
}

TEST_CASE("a scenario's setup, options and seat setups are refused when their Lua tables would pass the memory cap",
          "[robustness][loader]") {
    // A 9 MB list of empty lists became 730 MB of Lua tables before any script ran, outside the
    // cap (with a lower address-space limit the process aborted).
    nlohmann::json j = {{"game", "snippet"}, {"players", {{{"name", "A"}}}}, {"limits", {{"memory_mb", 16}}}};
    nlohmann::json lists = nlohmann::json::array();
    for (int i = 0; i < 300'000; ++i) lists.push_back(nlohmann::json::array());
    j["setup"] = {{"code", ""}, {"lists", lists}};
    CHECK_THROWS_WITH(parse_scenario(j, "big.json", DUELBOX_TEST_SUPPORT),
                      Catch::Contains("big.json: setup: takes about ") && Catch::Contains("over the memory cap of 16 MB"));
    j["setup"] = {{"code", ""}};
    j["players"][0]["setup"] = {{"lists", lists}};
    CHECK_THROWS_WITH(parse_scenario(j, "big.json", DUELBOX_TEST_SUPPORT), Catch::Contains("players[0].setup: takes about "));
}

TEST_CASE("a player's name holds no control or bidirectional-text character: narration would say something else",
          "[robustness][loader]") {
    nlohmann::json j = {{"game", "snippet"}, {"players", {{{"name", "Ann\u001b[2J"}}}}};
    CHECK_THROWS_WITH(parse_scenario(j, "n.json", DUELBOX_TEST_SUPPORT),
                      Catch::Contains("players[0].name: a control character (byte 27)"));
    j["players"][0]["name"] = "Ann\u202Enoitcan";
    CHECK_THROWS_WITH(parse_scenario(j, "n.json", DUELBOX_TEST_SUPPORT),
                      Catch::Contains("players[0].name: a bidirectional-text control character"));
    j["players"][0]["name"] = "Анна ★";
    CHECK_NOTHROW(parse_scenario(j, "n.json", DUELBOX_TEST_SUPPORT));
}

TEST_CASE("a scripted answer that does not fit is told in full only to the asked player and the observer",
          "[robustness][hidden]") {
    // `duelbox run --as 1` printed "Match failed: decisions[0].choose: no option ... (options: ...)"
    // listing player 2's hidden hand (audit of session 33).
    ScriptedDecision wrong;
    wrong.player = 1;
    wrong.labels = {"XYZ"};
    Scenario s = snippet_scenario(R"(decide{player = 2, id = "deploy", prompt = "play a card from your hand",
  options = {"Blue Depot", "Red Depot"}})", 2, {wrong});
    const RunResult r = run_scenario(s);
    REQUIRE(r.state == RunState::Failed);
    const std::string full = r.runner->error_for(EventLog::kObserver);
    CHECK_THAT(full, Catch::Contains("Blue Depot"));
    CHECK(r.runner->error_for(1) == full);
    for (PlayerIndex viewer : {PlayerIndex{0}, EventLog::kSpectator}) {
        const std::string shown = r.runner->error_for(viewer);
        CHECK(shown.find("Depot") == std::string::npos);
        CHECK(shown.find("play a card") == std::string::npos);
        CHECK_THAT(shown, Catch::StartsWith("decisions[0].choose: a scripted decision does not fit player 2's question"));
    }
}
