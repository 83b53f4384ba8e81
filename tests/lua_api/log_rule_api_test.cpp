// log_rule_api_test.cpp - the rule context of module `log` (runtime/lua/lua_log.cpp):
// log.set_rule, log.rule and log.within_rule stamp every event appended meanwhile, the
// kernel's own included, with the rule section it implements.
#include <catch2/catch.hpp>

#include "../support/lua_harness.h"

using namespace duelbox;
using namespace duelbox::test;
using nlohmann::json;
using Strings = std::vector<std::string>;

namespace {
json rule_of(const RunResult& r, const Event& e) {
    const json d = r.data(e);
    return d.contains("rule") ? d["rule"] : json();
}
}  // namespace

TEST_CASE("log.set_rule stamps the kernel's events too, returns the old context, and nil clears it",
          "[lua_api][log]") {
    const RunResult r = run_snippet(R"(print(log.rule(), log.set_rule("§2 S9"))
local a = zone.create("a", nil, "public")
local b = zone.create("b", nil, "public")
local card = entity.create{zone = a, name = "Ace"}
zone.move(card, b)
print(log.rule())
print(log.set_rule(nil), log.rule())
entity.set(card, "live", true))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"nil\tnil", "§2 S9", "§2 S9\tnil"});
    CHECK(rule_of(r, *r.first("entity.create")) == json());   // the players', before any context
    CHECK(rule_of(r, *r.of_type("entity.create").back()) == "§2 S9");
    CHECK(rule_of(r, *r.first("zone.move")) == "§2 S9");
    const auto prints = r.of_type("script.print");
    CHECK(rule_of(r, *prints[0]) == "§2 S9");   // print runs after its arguments set the context
    CHECK(rule_of(r, *prints[1]) == "§2 S9");
    CHECK(rule_of(r, *prints[2]) == json());
    CHECK(rule_of(r, *r.first("entity.prop")) == json());
}

TEST_CASE("log.within_rule nests, returns fn's results and restores the context; an event's own rule wins",
          "[lua_api][log]") {
    const RunResult r = run_snippet(R"(local x, y = log.within_rule("§3", function(a, b)
  log.event("outer")
  log.within_rule("§3.11", function() log.event("inner") end)
  log.event("own", "", {}, {rule = "§3.11 step 4"})
  log.event("back")
  return a + b, log.rule()
end, 2, 3)
print(x, y, log.rule())
log.event("after"))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"5\t§3\tnil"});
    CHECK(rule_of(r, *r.first("outer")) == "§3");
    CHECK(rule_of(r, *r.first("inner")) == "§3.11");
    CHECK(rule_of(r, *r.first("own")) == "§3.11 step 4");
    CHECK(rule_of(r, *r.first("back")) == "§3");
    CHECK(rule_of(r, *r.first("after")) == json());
}

TEST_CASE("log.within_rule puts the context back when fn raises an error, and the error goes on",
          "[lua_api][log]") {
    const RunResult r = run_snippet(R"(log.set_rule("§1")
local ok, err = pcall(log.within_rule, "§9", function()
  log.within_rule("§9.1", function() error("boom", 0) end)
end)
print(ok, err, log.rule()))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"false\tboom\t§1"});
    CHECK(error_of(R"(log.within_rule("§9", function() error("stop here") end))") == "snippet:1: stop here");
}

TEST_CASE("xpcall and a nested pcall give back the rule context an error left, and pass results through",
          "[lua_api][log]") {
    // within_rule has no pcall of its own (2026-11-30): the catching pcall puts the context back.
    const RunResult r = run_snippet(R"(log.set_rule("§1")
local ok, err = xpcall(log.within_rule, function(m) return "handled " .. m end, "§9", function()
  log.within_rule("§9.1", function()
    local caught, why = pcall(log.within_rule, "§9.2", function() error("inner", 0) end)
    print(caught, why, log.rule())
    error("outer", 0)
  end)
end)
print(ok, err, log.rule())
print(xpcall(log.within_rule, print, "§2", function(a, b) return a + b, log.rule() end, 2, 3))
local all = table.pack(pcall(function(...) return ... end, 1, nil, 3))
print(all.n, all[1], all[2], all[3], all[4], log.rule()))");
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"false\tinner\t§9.1", "false\thandled outer\t§1", "true\t5\t§2", "4\ttrue\t1\tnil\t3\t§1"});
}

TEST_CASE("log.within_rule lets fn ask decisions: the decision event carries the rule", "[lua_api][log]") {
    const RunResult r = run_snippet(R"(local pick = log.within_rule("§3.2 SET1", function()
  return decide{player = 2, id = "set", options = {"left", "right"}}[1]
end)
print(pick, log.rule()))",
                                    2, {pick(2, {2}, "set")});
    REQUIRE(r.finished());
    CHECK(r.printed() == Strings{"2\tnil"});
    const Event* d = r.first("decision");
    REQUIRE(d);
    CHECK(r.data(*d) == json{{"answer", "right"}, {"id", "set"}, {"player", 2}, {"rule", "§3.2 SET1"}});
}

TEST_CASE("log.set_rule and log.within_rule reject bad arguments", "[lua_api][log]") {
    CHECK(error_of("log.set_rule(5)") == "snippet:1: bad argument #1 to 'log.set_rule' (string or nil expected, got number)");
    CHECK(error_of("log.within_rule({}, print)") ==
          "snippet:1: bad argument #1 to 'log.within_rule' (string or nil expected, got table)");
    CHECK(error_of("log.within_rule('§1')") ==
          "snippet:1: bad argument #2 to 'log.within_rule' (function expected, got no value)");
}

TEST_CASE("log.within_rule lets the instruction budget through: a pcall around it cannot swallow it",
          "[lua_api][log]") {
    const std::string error = error_of(R"(print(pcall(log.within_rule, "§1", function() while true do end end))
print("not reached"))");
    CHECK_THAT(error, Catch::Matchers::Contains("instruction budget of"));
}
