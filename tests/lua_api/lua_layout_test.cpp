// lua_layout_test.cpp - images of tables and upvalues read where Lua keeps them
// (runtime/lua/lua_layout.h), and the restore of file-level locals that uses them
// (runtime/lua/file_locals.h): every change a script can make is seen, a table or upvalue
// holding a long string is left to the slow way, and a restore after a restore still puts
// everything back (the images are taken again after each look).
#include <catch2/catch.hpp>

#include <string>

#include "lua/file_locals.h"
#include "lua/lua_layout.h"

using namespace duelbox;
using namespace duelbox::lua_layout;

namespace {

struct State {
    lua_State* L = luaL_newstate();
    State() { luaL_openlibs(L); }
    ~State() { lua_close(L); }
};

// Runs `code` and leaves its one result on the stack.
void eval(lua_State* L, const std::string& code) {
    REQUIRE(luaL_loadbuffer(L, code.data(), code.size(), "=test") == LUA_OK);
    if (lua_pcall(L, 0, 1, 0) != LUA_OK) FAIL(lua_tostring(L, -1));
}

// Calls global function `name` with no arguments.
void call(lua_State* L, const char* name) {
    lua_getglobal(L, name);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) FAIL(lua_tostring(L, -1));
}

// Evaluates `expression` (a Lua expression over the globals) as a string.
std::string value_of(lua_State* L, const std::string& expression) {
    eval(L, "return tostring(" + expression + ")");
    std::string s = lua_tostring(L, -1);
    lua_pop(L, 1);
    return s;
}

}  // namespace

TEST_CASE("the layout self-test passes on the Lua this project builds with", "[lua_api][file_locals]") {
    State s;
    // Debian 12's Lua 5.4: without this the restore keeps to the public API (slower, still right).
    CHECK(layout_ok(s.L));
}

TEST_CASE("a table image sees every change a script can make to the table", "[lua_api][file_locals]") {
    State s;
    REQUIRE(layout_ok(s.L));
    eval(s.L, "T = {1, 2, 3, name = 'a', on = false, sub = {}} return T");
    const void* t = lua_topointer(s.L, -1);
    TableImage image;
    image.take(t);
    REQUIRE(image.table == t);
    CHECK(image.unchanged());
    const char* changes[][2] = {
        {"T[2] = 20", "T[2] = 2"},                       // an array slot, same type
        {"T.name = 'b'", "T.name = 'a'"},                // a short string for another
        {"T.on = true", nullptr},                        // true for false (a boolean is its tag alone:
                                                         // put back, its other bytes may differ)
        {"T.sub = {}", nullptr},                         // another table in its place
        {"T.name = nil", nullptr},                       // an entry removed
        {"T.extra = 1", nullptr},                        // an entry added
        {"setmetatable(T, {})", nullptr},                // a metatable given
        {"for i = 4, 100 do T[i] = i end", nullptr},     // grown: the array part moved
    };
    for (const auto& change : changes) {
        INFO(change[0]);
        image.take(t);
        eval(s.L, std::string(change[0]) + " return 0");
        lua_pop(s.L, 1);
        CHECK_FALSE(image.unchanged());
        if (change[1]) {   // put back as it was: the same bytes again
            eval(s.L, std::string(change[1]) + " return 0");
            lua_pop(s.L, 1);
            CHECK(image.unchanged());
        }
    }
}

TEST_CASE("a table holding a long string keeps no image unless its values are kept alive", "[lua_api][file_locals]") {
    State s;
    REQUIRE(layout_ok(s.L));
    eval(s.L, "return {text = string.rep('x', 60)}");
    const int t = lua_gettop(s.L);
    TableImage image;
    image.take(lua_topointer(s.L, t));
    CHECK(image.table == nullptr);
    CHECK_FALSE(image.unchanged());   // so the caller compares it the slow way
    // The caller keeps every value alive (the record, or right after putting its values back):
    // the string cannot be freed, so its address names it while the image lives.
    TableImage kept;
    kept.take(lua_topointer(s.L, t), true);
    CHECK(kept.table != nullptr);
    CHECK(kept.unchanged());
    lua_pushstring(s.L, std::string(60, 'x').c_str());   // the same text, another object
    lua_setfield(s.L, t, "text");
    CHECK_FALSE(kept.unchanged());                        // other bytes: compared the slow way
}

TEST_CASE("an upvalue image sees a changed value and keeps none while open or for a long string",
          "[lua_api][file_locals]") {
    State s;
    REQUIRE(layout_ok(s.L));
    eval(s.L, "local n, name = 1, 'a' return function(k) if k then n, name = k, 'b' end return n, name end");
    const int f = lua_gettop(s.L);
    UpvalueImage n, name;
    REQUIRE(n.take(lua_upvalueid(s.L, f, 1)));
    REQUIRE(name.take(lua_upvalueid(s.L, f, 2)));
    CHECK(n.unchanged());
    CHECK(name.unchanged());
    lua_pushvalue(s.L, f);
    lua_pushinteger(s.L, 2);
    REQUIRE(lua_pcall(s.L, 1, 0, 0) == LUA_OK);
    CHECK_FALSE(n.unchanged());
    CHECK_FALSE(name.unchanged());
    eval(s.L, "local long = string.rep('y', 60) return function() return long end");
    UpvalueImage long_text;
    CHECK_FALSE(long_text.take(lua_upvalueid(s.L, -1, 1)));
    CHECK_FALSE(long_text.unchanged());
    UpvalueImage kept;   // its value kept alive by the caller: an image is kept
    CHECK(kept.take(lua_upvalueid(s.L, -1, 1), true));
    CHECK(kept.unchanged());
}

TEST_CASE("#16.8 file-level locals and their tables are put back match after match", "[lua_api][file_locals]") {
    State s;
    // A file's locals (a counter, a cache table, a constant list, a long string) and a function
    // that changes them all, as a card's handler might.
    eval(s.L, R"(
        local count, label = 0, "start"
        local cache, list = {}, {10, 20, 30}
        local long = string.rep("z", 50)
        local meta_target = {}
        function touch(k)
          count = count + 1
          label = "touched"
          cache[#cache + 1] = count
          cache.name = label
          list[2] = list[2] + 1
          long = long .. "!"
          setmetatable(meta_target, {})
        end
        function read()
          return count .. " " .. label .. " " .. #cache .. " " .. tostring(cache.name) .. " " ..
            list[2] .. " " .. #long .. " " .. tostring(getmetatable(meta_target) ~= nil)
        end
        return {touch = touch, read = read}
    )");
    const int roots[] = {lua_gettop(s.L)};
    lua_newtable(s.L);   // no module cache
    file_locals_record(s.L, roots, 1, lua_gettop(s.L));
    lua_settop(s.L, 0);
    const std::string fresh = "0 start 0 nil 20 50 false";
    REQUIRE(value_of(s.L, "read()") == fresh);
    for (int round = 0; round < 3; ++round) {   // each restore takes the images again
        INFO("round " << round);
        call(s.L, "touch");
        call(s.L, "touch");
        CHECK(value_of(s.L, "read()") == "2 touched 2 touched 22 52 true");
        CHECK(file_locals_restore(s.L) > 0);
        CHECK(value_of(s.L, "read()") == fresh);
        CHECK(file_locals_restore(s.L) == 0);   // nothing changed since: nothing put back
        CHECK(value_of(s.L, "read()") == fresh);
    }
}

TEST_CASE("#16.8 a long string in a file-level table or local is put back, whatever object replaced it",
          "[lua_api][file_locals]") {
    State s;
    // Images are kept of tables and upvalues holding long strings while their values are the
    // record's own: a different text is put back; an equal text in another object is confirmed
    // equal the slow way (and its image dropped, as that object is not the record's).
    eval(s.L, R"(
        local text = {body = string.rep("a", 50)}
        local note = string.rep("n", 50)
        function edit(kind)
          if kind == "other" then
            text.body, note = string.rep("b", 50), string.rep("m", 50)
          else
            text.body, note = string.rep("a", 49) .. "a", string.rep("n", 49) .. "n"
          end
          collectgarbage()
        end
        function read() return text.body:sub(1, 1) .. #text.body .. note:sub(1, 1) .. #note end
        return {edit = edit, read = read}
    )");
    const int roots[] = {lua_gettop(s.L)};
    lua_newtable(s.L);
    file_locals_record(s.L, roots, 1, lua_gettop(s.L));
    lua_settop(s.L, 0);
    const std::string fresh = "a50n50";
    for (const char* kind : {"other", "same", "other", "same", "same", "other"}) {
        INFO(kind);
        lua_getglobal(s.L, "edit");
        lua_pushstring(s.L, kind);
        REQUIRE(lua_pcall(s.L, 1, 0, 0) == LUA_OK);
        const bool other = std::string(kind) == "other";
        CHECK(value_of(s.L, "read()") == (other ? "b50m50" : fresh));
        CHECK(file_locals_restore(s.L) == (other ? 2 : 0));
        CHECK(value_of(s.L, "read()") == fresh);
        CHECK(file_locals_restore(s.L) == 0);
        CHECK(value_of(s.L, "read()") == fresh);
    }
}
