// lua_util_test.cpp - helpers every binding shares (runtime/lua/lua_util.h): push_owned,
// which keeps a C++ object a binding fills in Lua memory so that a Lua error (a longjmp
// that skips C++ destructors) cannot leak it; and bindings that raise while they build
// C++ objects, caught by a script's pcall over and over, leaving the match usable.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "../support/lua_harness.h"
#include "lua/lua_util.h"

using namespace duelbox;
using namespace duelbox::test;
using Catch::Matchers::Contains;
using Strings = std::vector<std::string>;

namespace {

// Counts live instances; holds a string too long for the small-string buffer, as the
// vectors and strings of a real binding do.
struct Probe {
    static inline int live = 0;
    std::string text = std::string(64, 'x');
    Probe() { ++live; }
    ~Probe() { --live; }
    Probe(const Probe&) = delete;
    Probe& operator=(const Probe&) = delete;
};

int raise_after_owning(lua_State* L) {
    Probe& p = push_owned<Probe>(L);
    p.text += "filled";
    return luaL_error(L, "check failed after %s", "filling");
}

int return_after_owning(lua_State* L) {
    push_owned<Probe>(L);
    lua_pushinteger(L, 7);
    return 1;
}

int yield_after_owning(lua_State* L) {
    push_owned<Probe>(L);
    return lua_yield(L, 0);
}

struct State {
    lua_State* L = luaL_newstate();
    ~State() {
        if (L) lua_close(L);
    }
    void collect() const { lua_gc(L, LUA_GCCOLLECT); }
};

}  // namespace

TEST_CASE("push_owned: the object is destroyed by the collector after a Lua error", "[lua_api][owned]") {
    Probe::live = 0;
    State s;
    lua_pushcfunction(s.L, raise_after_owning);
    REQUIRE(lua_pcall(s.L, 0, 0, 0) == LUA_ERRRUN);
    CHECK(std::string(lua_tostring(s.L, -1)) == "check failed after filling");
    lua_pop(s.L, 1);
    s.collect();
    CHECK(Probe::live == 0);
}

TEST_CASE("push_owned: after a normal return, and when a yielded coroutine is dropped", "[lua_api][owned]") {
    Probe::live = 0;
    State s;
    lua_pushcfunction(s.L, return_after_owning);
    REQUIRE(lua_pcall(s.L, 0, 1, 0) == LUA_OK);
    CHECK(lua_tointeger(s.L, -1) == 7);   // the userdata is not among the results
    lua_pop(s.L, 1);
    s.collect();
    CHECK(Probe::live == 0);

    lua_State* co = lua_newthread(s.L);
    lua_pushcfunction(co, yield_after_owning);
    int nresults = 0;
    REQUIRE(lua_resume(co, s.L, 0, &nresults) == LUA_YIELD);
    s.collect();
    CHECK(Probe::live == 1);   // the suspended coroutine still holds it
    lua_pop(s.L, 1);           // drop the coroutine, never resumed
    s.collect();
    CHECK(Probe::live == 0);
}

TEST_CASE("push_owned: objects still on a stack are destroyed by lua_close", "[lua_api][owned]") {
    Probe::live = 0;
    {
        State s;
        push_owned<Probe>(s.L);
        push_owned<Probe>(s.L);
        s.collect();
        CHECK(Probe::live == 2);   // reachable: kept
        CHECK(lua_gettop(s.L) == 2);
        lua_getmetatable(s.L, 1);
        lua_getmetatable(s.L, 2);
        CHECK(lua_rawequal(s.L, -1, -2));   // one metatable per type, made once
        push_owned<std::vector<int>>(s.L);
        lua_getmetatable(s.L, -1);
        CHECK_FALSE(lua_rawequal(s.L, -1, -2));
    }
    CHECK(Probe::live == 0);
}

TEST_CASE("bindings that raise while building C++ objects stay usable when pcall catches them", "[lua_api][owned]") {
    // Each call raises part-way through the table it reads (after some C++ strings or
    // vectors were filled); a thousand of them, then the same calls done right.
    const RunResult r = run_snippet(R"(local z = zone.create("pile")
local errors = {}
local function try(f, ...)
  local ok, e = pcall(f, ...)
  if not ok and #errors < 6 then errors[#errors + 1] = e end
end
for i = 1, 1000 do
  try(log.event, "x", "text", {a_long_field_name_to_leave_the_small_buffer = 1, b = {}})
  try(decide, {player = 1, id = "a_long_question_id_beyond_sso", options = {"first option label", {}}})
  try(entity.create, {zone = z, kind = "a_long_kind_name_beyond_sso", props = {x = 1.5}})
  try(effect.modify, {target = 1, stat = "a_long_stat_name_beyond_sso", op = "twice", amount = 1})
  try(window.on, "no_such_window_with_a_long_name", function() end)
  try(match.finish, {1, 7}, "knockout")
end
for _, e in ipairs(errors) do print(e) end
log.event("x", "text", {a_long_field_name_to_leave_the_small_buffer = 1})
local e = entity.create{zone = z, kind = "a_long_kind_name_beyond_sso", props = {x = 1}}
print(entity.kind(e), entity.get(e, "x"), decide{player = 1, options = {"first option label", "second"}}[1]))");
    REQUIRE(r.finished());
    const auto printed = r.printed();
    REQUIRE(printed.size() == 7);
    CHECK_THAT(printed[0], Contains("a table cannot be stored"));
    CHECK_THAT(printed[1], Contains("decide: options[2] needs a 'label'"));
    CHECK_THAT(printed[2], Contains("value 1.5 is not a whole number"));
    CHECK_THAT(printed[3], Contains("field 'op' must be \"add\", \"set\", \"min\" or \"max\" (got \"twice\")"));
    CHECK_THAT(printed[4], Contains("unknown window 'no_such_window_with_a_long_name'"));
    CHECK_THAT(printed[5], Contains("list entry 7 is not a player"));
    CHECK(printed[6] == "a_long_kind_name_beyond_sso\t1\t1");
    CHECK(r.of_type("x").size() == 1);
}
