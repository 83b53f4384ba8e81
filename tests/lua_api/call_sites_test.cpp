// call_sites_test.cpp - the script line of a kernel call, kept per call site
// (runtime/lua/call_sites.h): the lines are the ones Lua gives, however often a site is
// reached, past the table's bound, through a C function, and from a string chunk; and a kept
// site's function stays alive until the sites are cleared.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "../support/lua_harness.h"
#include "lua/call_sites.h"
#include "lua/host.h"
#include "lua/lua_util.h"

using namespace duelbox;
using namespace duelbox::test;

namespace {

// where() -> line, file: the call site of its caller, as the events' sources see it.
EventLog* g_log = nullptr;
int where(lua_State* L) {
    const SourceLoc s = host_of(L).call_sites().locate(L, *g_log);
    lua_pushinteger(L, s.line);
    lua_pushstring(L, g_log->file(s.file).c_str());
    return 2;
}

// through(fn): calls fn from C and returns its results (a C function between script and binding).
int through(lua_State* L) {
    lua_settop(L, 1);
    lua_call(L, 0, LUA_MULTRET);
    return lua_gettop(L);
}

// Loads `code` as file chunk "@name" and calls it with `where` and `through`; leaves its
// results on the stack.
void run_file_chunk(lua_State* L, const std::string& code, const char* name, int results) {
    REQUIRE(luaL_loadbuffer(L, code.data(), code.size(), name) == LUA_OK);
    lua_pushcfunction(L, where);
    lua_pushcfunction(L, through);
    REQUIRE(lua_pcall(L, 2, results, 0) == LUA_OK);
}

// A host, the log its lines are interned in, and its state.
struct Sites {
    LuaHost host;
    EventLog log;
    lua_State* L = host.state();
    Sites() { g_log = &log; }
};

}  // namespace

TEST_CASE("the call-site self-test passes on the Lua this project builds against", "[lua_api][call_sites]") {
    LuaHost host;   // Debian's Lua 5.4: the kept lines are on (a different Lua would only be slower)
    CHECK(host.call_sites().enabled());
}

TEST_CASE("a call site reached again names its own line; another site names its own", "[lua_api][call_sites]") {
    Sites sites;
    lua_State* L = sites.L;
    run_file_chunk(L, R"(local where, through = ...
local out = {}
for i = 1, 3 do out[#out + 1] = where() end
out[#out + 1] = where()
local function deeper() return where() end
out[#out + 1] = deeper()
out[#out + 1] = deeper()
for i = 1, 2 do out[#out + 1] = through(where) end
out[#out + 1] = through(where)
return out)",
                   "@rules/sites.lua", 1);
    std::vector<lua_Integer> lines;
    for (lua_Integer i = 1; i <= static_cast<lua_Integer>(lua_rawlen(L, -1)); ++i) {
        lua_rawgeti(L, -1, i);
        lines.push_back(lua_tointeger(L, -1));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    CHECK(lines == std::vector<lua_Integer>{3, 3, 3, 4, 5, 5, 8, 8, 9});   // through C: the script's line
    lua_pushcfunction(L, where);   // called from C: no Lua frame calls it
    REQUIRE(lua_pcall(L, 0, 2, 0) == LUA_OK);
    CHECK(lua_tointeger(L, -2) == 0);
    lua_pop(L, 2);
}

TEST_CASE("more call sites than the table keeps: every line stays right, then and again", "[lua_api][call_sites]") {
    Sites sites;
    lua_State* L = sites.L;
    const int many = static_cast<int>(CallSites::kMaxSites) + 300;
    // Each function is its own pinned function: a site per line, in as many functions.
    std::string code = "local where = ...\nlocal t = {}\n";
    for (int i = 0; i < many; ++i) code += "t[#t + 1] = function() local l, f = where() return l, f end\n";
    code += "return t\n";
    run_file_chunk(L, code, "@rules/many.lua", 1);
    for (int round = 0; round < 2; ++round) {
        int wrong = 0;
        for (int i = 1; i <= many; ++i) {
            lua_rawgeti(L, -1, i);
            REQUIRE(lua_pcall(L, 0, 2, 0) == LUA_OK);
            if (lua_tointeger(L, -2) != i + 2 || std::string(lua_tostring(L, -1)) != "rules/many.lua") ++wrong;
            lua_pop(L, 2);
        }
        CHECK(wrong == 0);
    }
    lua_pop(L, 1);
}

TEST_CASE("a kept call site's function stays alive until the sites are cleared", "[lua_api][call_sites]") {
    Sites sites;
    lua_State* L = sites.L;
    run_file_chunk(L, "local where = ...\nreturn function() return where() end\n", "@rules/pinned.lua", 1);
    // A weak list sees whether the function is still alive.
    lua_newtable(L);
    lua_newtable(L);
    lua_pushstring(L, "v");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -2);
    lua_rawseti(L, -2, 1);          // weak[1] = the function
    lua_insert(L, -2);              // weak, function
    REQUIRE(lua_pcall(L, 0, 2, 0) == LUA_OK);   // its call site is kept now
    CHECK(lua_tointeger(L, -2) == 2);
    lua_pop(L, 2);                  // only the weak list holds it now, besides the pin
    lua_gc(L, LUA_GCCOLLECT, 0);
    lua_gc(L, LUA_GCCOLLECT, 0);
    CHECK(lua_rawgeti(L, -1, 1) == LUA_TFUNCTION);   // pinned: its code cannot be freed and reused
    lua_pop(L, 1);
    sites.host.call_sites().clear(L);
    lua_gc(L, LUA_GCCOLLECT, 0);
    lua_gc(L, LUA_GCCOLLECT, 0);
    CHECK(lua_rawgeti(L, -1, 1) == LUA_TNIL);
    lua_pop(L, 2);
}

TEST_CASE("events name the calling line through pcall and from a string chunk", "[lua_api][call_sites]") {
    const RunResult r = run_snippet(R"lua(for i = 1, 2 do log.say("loop") end
pcall(log.say, "through pcall")
local f = load("log.say('from a string')")
f()
f())lua");
    REQUIRE(r.finished());
    const auto said = r.of_type("say");
    REQUIRE(said.size() == 5);
    CHECK(r.where(*said[0]) == "snippet:1");
    CHECK(r.where(*said[1]) == "snippet:1");
    CHECK(r.where(*said[2]) == "snippet:2");
    CHECK(r.where(*said[3]) == "(load):1");   // the sandbox's load names a string chunk "(load)"
    CHECK(r.where(*said[4]) == r.where(*said[3]));
}
