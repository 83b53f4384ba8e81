// frozen_view_test.cpp - readonly_view_push(..., frozen = true), alone on a bare Lua state: a
// frozen view reads from a mirror made once (nested tables as their own views), so reads are
// the VM's table look-ups; it still refuses writes at every depth, measures and iterates as
// the table; it shows the table as it was when the view was made; and a table with a
// metatable of its own keeps its metamethods (the view falls back to the C __index).
#include <catch2/catch.hpp>

#include <lua.hpp>
#include <string>

#include "lua/readonly_view.h"

using namespace duelbox;

namespace {

struct Bare {
    lua_State* L = luaL_newstate();
    Bare() { luaL_openlibs(L); }
    ~Bare() { lua_close(L); }
    // Runs `code` as a chunk taking the view as `...`; returns its string result or the error.
    std::string run(const char* code) {
        if (luaL_loadstring(L, code) != LUA_OK) return lua_tostring(L, -1);
        lua_pushvalue(L, 1);   // the view
        if (lua_pcall(L, 1, 1, 0) != LUA_OK) return std::string("error: ") + lua_tostring(L, -1);
        std::string out = luaL_tolstring(L, -1, nullptr);
        lua_pop(L, 2);
        return out;
    }
};

// Leaves on the stack at 1 the frozen view of the table `code` returns (the table itself is
// kept in global T so a test can change it behind the view's back).
void push_frozen(Bare& b, const char* code) {
    REQUIRE(luaL_dostring(b.L, code) == LUA_OK);
    lua_pushvalue(b.L, -1);
    lua_setglobal(b.L, "T");
    readonly_view_push(b.L, -1, "definitions are read-only", "def", true);
    lua_remove(b.L, -2);
    REQUIRE(lua_gettop(b.L) == 1);
    REQUIRE(readonly_view_is(b.L, 1));
}

}  // namespace

TEST_CASE("a frozen view reads, measures and iterates as its table, nested tables as views", "[lua_api][views]") {
    Bare b;
    push_frozen(b, "local shared = {9} return { name = 'Ping', props = { power = 3 }, list = { 'a', 'b', 'c' }, "
                   "x = shared, y = shared, [7] = 'seven' }");
    CHECK(b.run("local d = ... return d.name .. d.props.power .. d[7] .. tostring(d.nothing)") == "Ping3sevennil");
    CHECK(b.run("local d = ... return #d.list .. table.concat(d.list) .. select('#', table.unpack(d.list))") == "3abc3");
    CHECK(b.run("local d = ... local s = '' for i, v in ipairs(d.list) do s = s .. i .. v end return s") == "1a2b3c");
    CHECK(b.run("local d = ... local n = 0 for k, v in pairs(d) do n = n + 1 end return n") == "6");
    CHECK(b.run("local d = ... return tostring(d.x == d.y and d.props == d.props and d.x[1] == 9)") == "true");
    CHECK(b.run("local d = ... return tostring(rawget(d, 'name')) .. rawlen(d) .. getmetatable(d)") == "nil0locked");
    // Nested tables handed out are views too: the mirror is never reachable.
    CHECK(b.run("local d = ... return tostring(rawget(d.props, 'power'))") == "nil");
}

TEST_CASE("a frozen view refuses writes at every depth, naming the place", "[lua_api][views]") {
    Bare b;
    push_frozen(b, "return { props = { power = 3 }, list = { 'a' } }");
    CHECK(b.run("local d = ... d.name = 'x'").find("definitions are read-only (def.name)") != std::string::npos);
    CHECK(b.run("local d = ... d.props.power = 9").find("definitions are read-only (def.props.power)") != std::string::npos);
    CHECK(b.run("local d = ... table.insert(d.list, 'b')").find("(def.list[2])") != std::string::npos);
    CHECK(b.run("local d = ... setmetatable(d, {})").find("protected metatable") != std::string::npos);
    CHECK(b.run("local d = ... return d.props.power .. #d.list") == "31");
}

TEST_CASE("a frozen view shows its table as it was when the view was made", "[lua_api][views]") {
    Bare b;
    push_frozen(b, "return { props = { power = 3 }, list = { 'a' } }");
    REQUIRE(luaL_dostring(b.L, "T.props.power = 9; T.extra = 1; T.list[2] = 'b'") == LUA_OK);
    CHECK(b.run("local d = ... return d.props.power .. tostring(d.extra) .. #d.list") == "3nil1");
    CHECK(b.run("local d = ... local n, m = 0, 0 for k in pairs(d) do n = n + 1 end for k in pairs(d.list) do m = m + 1 end return n .. m") == "21");
    // C code that unwraps a view (a binding reading it raw) sees the same table, its nested
    // tables as views.
    readonly_view_unwrap(b.L, 1);
    CHECK(b.run("local t = ... return #t.list .. tostring(rawget(t, 'extra')) .. rawget(t, 'props').power") == "1nil3");
}

TEST_CASE("a frozen view of a table with a metatable still reads through its metamethods", "[lua_api][views]") {
    Bare b;
    push_frozen(b, "local base = { power = 2, school = 'light' } "
                   "return setmetatable({ power = 5 }, { __index = base })");
    CHECK(b.run("local d = ... return d.power .. d.school") == "5light");
    CHECK(b.run("local d = ... d.school = 'dark'").find("read-only (def.school)") != std::string::npos);
}

TEST_CASE("a frozen view of a table nested 100,000 deep is made without exhausting the C stack", "[lua_api][views]") {
    // A hostile card definition can nest tables without end; past 64 levels the view is an
    // ordinary one, made when read: reads below that depth still work and writes are refused.
    Bare b;
    push_frozen(b, "local t = { bottom = 'here' } for i = 1, 100000 do t = { t } end return { deep = t }");
    CHECK(b.run("local d = ... local t = d.deep for i = 1, 200 do t = t[1] end return type(t[1])") == "table");
    CHECK(b.run("local d = ... local t = d.deep for i = 1, 200 do t = t[1] end t.x = 1").find("read-only") !=
          std::string::npos);
}
