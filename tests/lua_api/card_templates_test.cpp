// card_templates_test.cpp - cards.create and cards.activate read each definition's template,
// parsed once at load (runtime/lua/card_templates.h): a malformed definition still loads and
// raises, with the same text, at the create or activate that meets it; activate registers
// the handlers before the faulty one, as it did when it read the table each time; what a
// card is made of is the definition as loaded, whatever a script later does to the table.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "../support/lua_harness.h"
#include "../support/temp_dir.h"

using namespace duelbox;
using namespace duelbox::test;
using Strings = std::vector<std::string>;

namespace {

// A game whose rules are setup.code (as tests/support's snippet) with the cards below.
struct TemplateGame {
    TempDir dir{"card_templates"};
    TemplateGame() {
        dir.write("scripts/tmpl/game.lua", R"lua(return {
  name = "Templates (test fixture)", windows = { "go", "react", "after" }, setup_keys = { "code" },
  play = function(ctx)
    local chunk, err = load(ctx.setup.code or "", "=snippet", "t", setmetatable({ ctx = ctx }, { __index = _G }))
    if not chunk then error(err, 0) end
    chunk(ctx)
    if not match.finished() then match.finish(nil, "done") end
  end,
})lua");
        dir.write("cards/tmpl/cards.lua", R"lua(local keep = { key = "tmpl/kept", name = "Kept", props = { power = 3 }, tags = { "a" } }
function keep.go() keep.props.power = 9; keep.tags[2] = "b"; keep.react = function() end end
return {
  keep,
  { key = "tmpl/two", name = "Two", kind = "style", props = { power = 2, school = "light" }, tags = { "x", "y" },
    go = function() end, after = function() end, timing = { after = { priority = 5, limit = 1, period = "beat" } } },
  { key = "tmpl/bad_props", name = "Bad props", props = { [1] = 2 } },
  { key = "tmpl/plain", name = "Plain" },
  { key = "tmpl/bad_tags", name = "Bad tags", tags = "x" },
  { key = "tmpl/no_period", name = "No period", go = function() end, react = function() end,
    timing = { react = { limit = 1 } } },
  { key = "tmpl/bad_priority", name = "Bad priority", go = function() end, react = function() end,
    timing = { react = { priority = "high" } } },
})lua");
    }
    RunResult run(const std::string& code) {
        Scenario s = snippet_scenario(code);
        s.game = "tmpl";
        s.root = dir.root().string();
        return run_scenario(std::move(s));
    }
};

Strings printed(const RunResult& r) {
    Strings out;
    for (const Event* e : r.of_type("script.print")) out.push_back(std::get<std::string>(e->get("text")));
    return out;
}

}  // namespace

TEST_CASE("cards.create makes an entity from the definition's kind, name, props and tags", "[lua_api][cards]") {
    TemplateGame g;
    const RunResult r = g.run(R"(local e = cards.create("tmpl/two", 1, 1)
print(entity.kind(e), entity.name(e), entity.get(e, "power"), entity.get(e, "school"), entity.has_tag(e, "y"))
print(cards.activate(e), window.listens("go"), window.listens("after"), window.listens("react")))");
    REQUIRE(r.finished());
    CHECK(printed(r) == Strings{"style\tTwo\t2\tlight\ttrue", "2\t1\t1\t0"});
}

TEST_CASE("a malformed definition loads and raises its error at the cards.create that meets it", "[lua_api][cards]") {
    TemplateGame g;
        CHECK(printed(g.run(R"(print(pcall(cards.create, "tmpl/bad_props", 1, 1)))")) ==
          Strings{"false\tprops keys must be strings"});
    CHECK(printed(g.run(R"(print(pcall(cards.create, "tmpl/bad_tags", 1, 1)))")) ==
          Strings{"false\tfield 'tags' must be a list of strings"});
    CHECK(printed(g.run(R"(print(pcall(cards.create, "tmpl/none", 1, 1)))")) ==
          Strings{"false\tbad argument #1 to 'cards.create' (no card is defined with key 'tmpl/none')"});
}

TEST_CASE("cards.activate registers the handlers before a faulty timing, then raises its error", "[lua_api][cards]") {
    TemplateGame g;
    const RunResult r = g.run(R"(local e = cards.create("tmpl/no_period", 1, 1)
print(pcall(cards.activate, e))
print(window.listens("go"), window.listens("react"))
local f = cards.create("tmpl/bad_priority", 1, 1)
print(pcall(cards.activate, f)))");
    REQUIRE(r.finished());
    CHECK(printed(r) == Strings{
                            "false\tcard tmpl/no_period: timing.react has a limit but no period (e.g. period = \"turn\")",
                            "1\t0",   // go registered, react (the faulty one) not
                            "false\tfield 'priority' must be an integer (got string)",
                        });
}

TEST_CASE("cards.activate(e, true) adds nothing for an entity made from no definition; false raises", "[lua_api][cards]") {
    TemplateGame g;
    const RunResult r = g.run(R"(local m = entity.create { kind = "marker", name = "Mark", zone = 1 }
print(cards.activate(m, true), window.listens("go"))
print(pcall(cards.activate, m))
print(pcall(cards.activate, m, false))
local p = cards.create("tmpl/plain", 1, 1)
print(cards.activate(p), cards.activate(p, true))
local t = cards.create("tmpl/two", 1, 1)
print(cards.activate(t, true), window.listens("go"), window.listens("after")))");
    REQUIRE(r.finished());
    CHECK(printed(r) == Strings{
                            "0\t0",
                            // (entities 1 and 2 are the players')
                            "false\tbad argument #1 to 'cards.activate' (entity 3 was not made from a card definition)",
                            "false\tbad argument #1 to 'cards.activate' (entity 3 was not made from a card definition)",
                            "0\t0",   // a definition with no window function registers nothing
                            "2\t1\t1",
                        });
}

TEST_CASE("a card is made of its definition as loaded, whatever a script does to the table", "[lua_api][cards]") {
    TemplateGame g;
    // The card file keeps its own table in a local; a match that reaches it cannot change what
    // cards.create makes, in that match or the next one on the host.
    const RunResult r = g.run(R"(local first = cards.create("tmpl/kept", 1, 1)
cards.activate(first)
for _, h in ipairs(window.collect("go")) do window.begin(h)({}); window.finish(h) end   -- its go changes its table
local e = cards.create("tmpl/kept", 1, 1)
print(entity.get(e, "power"), entity.has_tag(e, "b"), cards.activate(e), window.listens("react"), window.listens("go"))
print(cards.get("tmpl/kept").props.power, #cards.get("tmpl/kept").tags))");
    REQUIRE(r.finished());
    CHECK(printed(r) == Strings{"3\tfalse\t1\t0\t2", "3\t1"});
}
