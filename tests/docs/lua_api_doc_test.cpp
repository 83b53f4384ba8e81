// lua_api_doc_test.cpp - the Lua API reference is complete and current.
//
// Fails when a function a script can reach has no `///` doc block (or one that names it
// wrongly), and when docs/lua-api.md or docs/lua/duelbox/*.d.lua differ from what the sources
// render. To refresh both files after changing a binding:
//     DUELBOX_UPDATE_DOCS=1 duelbox_tests "[docs]"
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "../support/read_text.h"
#include "generated_file.h"
#include "lua_api_doc.h"

using namespace duelbox::docs;
using duelbox::test::read_text;
namespace fs = std::filesystem;

namespace {

const Reference& source_reference() {
    static const Reference ref = read_reference(DUELBOX_SOURCE_ROOT);
    return ref;
}


const char* const kZoneSample = R"(// lua_zone.cpp - module `zone`: ordered containers.
namespace {

/// zone.move(e, z [, where])
/// Moves `e` into `z`.
int zone_move(lua_State* L) { return 0; }

int zone_count(lua_State* L) { return 0; }

/// zone.shufle(z)
int zone_shuffle(lua_State* L) { return 0; }

/// zone.helper()
int helper(lua_State* L) { return 0; }

const luaL_Reg zone_module[] = {
    {"move", zone_move}, {"count", zone_count},
    {"shuffle", zone_shuffle}, {nullptr, nullptr}};
}
void open_zone_module(lua_State* L, int env) { register_module(L, env, "zone", zone_module); }
)";

}  // namespace

TEST_CASE("every function a script can reach has a doc block", "[docs]") {
    const Reference& ref = source_reference();
    std::vector<std::string> found;
    for (const Module& m : ref.api.modules) found.push_back(m.name);
    for (const std::string& name : kModuleOrder) {
        INFO("modules found: " << found.size());
        CHECK(std::find(found.begin(), found.end(), name) != found.end());
    }
    std::string list;
    for (const auto& p : ref.api.problems) list += "\n  " + p;
    if (!list.empty()) FAIL(ref.api.problems.size() << " Lua API problem(s):" << list);
}

TEST_CASE("docs/lua-api.md and docs/lua/duelbox/*.d.lua are generated from the current sources", "[docs]") {
    const Reference& ref = source_reference();
    check_generated("docs/lua-api.md", render_markdown(ref));
    const auto stubs = render_stubs(ref);
    for (const auto& [path, text] : stubs) check_generated(path, text);
    check_no_stale(fs::path(DUELBOX_SOURCE_ROOT) / "docs" / "lua" / "duelbox", "docs/lua/duelbox/", stubs);
    // The single file these stubs were split from (835 lines) must not linger beside them.
    check_no_stale(fs::path(DUELBOX_SOURCE_ROOT) / "docs" / "lua", "docs/lua/", stubs, ".d.lua");
}

TEST_CASE("the doc check names each undocumented or misnamed function with its file:line", "[docs]") {
    const BindingFile f = parse_binding(kZoneSample, "runtime/lua/lua_zone.cpp");
    CHECK(f.module == "zone");
    CHECK(f.summary.front() == "Ordered containers.");
    REQUIRE(f.registered.size() == 3);
    CHECK(f.registered[0].lua_name == "move");
    CHECK(f.registered[0].line == 17);
    const Api api = build_api({f});
    REQUIRE(api.problems.size() == 3);
    CHECK(api.problems[0].find("runtime/lua/lua_zone.cpp:10: the doc block above zone_shuffle starts with 'zone.shufle'") == 0);
    CHECK(api.problems[1].find("runtime/lua/lua_zone.cpp:13: 'zone.helper()' documents helper, which no luaL_Reg table") == 0);
    CHECK(api.problems[2].find("runtime/lua/lua_zone.cpp:17: zone.count (C function zone_count) has no doc block") == 0);
    REQUIRE(api.modules.size() == 1);
    CHECK(api.modules[0].functions.front().signature == "zone.move(e, z [, where])");
}

namespace {
// A `decide` binding whose registration is `registration`: found as the global "decide",
// documented, with no problem reported.
void check_decide_global(const std::string& registration) {
    const BindingFile f = parse_binding("// lua_decide.cpp - `decide`: asking.\n/// decide{player=} -> answer\n/// Asks.\n"
                                        "int decide_one(lua_State* L) { return 0; }\n"
                                        "void open_decide_module(lua_State* L, int env) {\n" + registration + "}\n",
                                        "runtime/lua/lua_decide.cpp");
    CHECK(f.globals);
    const Api api = build_api({f});
    CHECK(api.problems.empty());
    REQUIRE(api.modules.at(0).functions.size() == 1);
    CHECK(api.modules[0].functions[0].name == "decide");
}
}  // namespace

TEST_CASE("functions registered by hand are globals", "[docs]") {
    check_decide_global("    lua_pushcfunction(L, decide_one);\n    lua_setfield(L, env, \"decide\");\n");
}

TEST_CASE("a global registered as a closure (a function with upvalues) is found too", "[docs]") {
    check_decide_global("    push_field_names(L);\n    lua_pushcclosure(L, decide_one, kRequestFields);\n"
                        "    lua_setfield(L, env, \"decide\");\n");
}

TEST_CASE("stubs declare each function with its parameters, optional ones marked", "[docs]") {
    Reference ref;
    ref.api = build_api({parse_binding(kZoneSample, "runtime/lua/lua_zone.cpp")});
    Module extra{"window", "runtime/lua/lua_window.cpp", false, {"Windows."}, {}};
    extra.functions.push_back({"window.on", "window.on(name, fn [, {source=, player=}]) -> handler", {"Registers."}});
    extra.functions.push_back({"window.info", "window.info(handler) -> {id=}|nil", {}});
    ref.api.modules.push_back(extra);
    const auto files = render_stubs(ref);
    REQUIRE(files.count("docs/lua/duelbox/zone.d.lua"));
    CHECK(files.at("docs/lua/duelbox/zone.d.lua").rfind("---@meta", 0) == 0);
    std::string stubs;
    for (const auto& [path, text] : files) stubs += text;
    CHECK(stubs.find("zone = {}") != std::string::npos);
    CHECK(stubs.find("---@param where? any\nfunction zone.move(e, z, where) end") != std::string::npos);
    CHECK(stubs.find("---@param opts? any\n---@return integer handler\nfunction window.on(name, fn, opts) end") !=
          std::string::npos);
    CHECK(stubs.find("---@return table|nil\nfunction window.info(handler) end") != std::string::npos);
    CHECK(stubs.find("function zone.count(...) end") != std::string::npos);
}

TEST_CASE("core helpers are read from their --- comments", "[docs]") {
    const HelperModule h = parse_helper(R"(-- core.ask: small conveniences over decide().

local M = {}

---Asks a yes/no question.
---@param player integer
---@return boolean
function M.yes(player, id, prompt)
  return decide { player = player, kind = "yesno", id = id, prompt = prompt }
end

return M
)", "scripts/core/ask.lua");
    CHECK(h.require_name == "core.ask");
    CHECK(h.summary.at(0) == "Small conveniences over decide().");
    REQUIRE(h.functions.size() == 1);
    CHECK(h.functions[0].name == "ask.yes");
    CHECK(h.functions[0].params == "player, id, prompt");
    CHECK(h.functions[0].text == std::vector<std::string>{"Asks a yes/no question."});
    CHECK(h.functions[0].tags == std::vector<std::string>{"@param player integer", "@return boolean"});
}
