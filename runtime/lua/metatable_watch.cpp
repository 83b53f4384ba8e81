// metatable_watch.cpp - metatables a script set, watched for a __mode given afterwards.
//
// The sandbox's setmetatable (sandbox.cpp) refuses __mode when a metatable is set; but
// `mt.__mode = "k"` afterwards makes the table weak all the same (Lua reads __mode whenever the
// collector walks the table). So every
// metatable a script sets is kept with the line that set it, and the runner looks at them after
// each run of the rules (match_runner.cpp): a match that gave one __mode fails, the same way in
// every run, naming that line. Kept strongly, so a weak table cannot be made, watched and
// dropped unseen; those set during a match are let go when it ends, those set while files load
// are kept for the life of the host (few, and reachable by the game's files).
#include "metatable_watch.h"

#include "host.h"
#include "lua_util.h"

namespace duelbox {

namespace {

const char* const kLoadMetatablesKey = "duelbox.metatables.load";
const char* const kMatchMetatablesKey = "duelbox.metatables.match";

}  // namespace

void track_metatable(lua_State* L, int mt) {
    LuaHost& host = host_of(L);
    const char* key = host.match() ? kMatchMetatablesKey : kLoadMetatablesKey;
    if (lua_getfield(L, LUA_REGISTRYINDEX, key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, key);
    }
    lua_pushvalue(L, mt);
    if (lua_rawget(L, -2) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_pushvalue(L, mt);
        luaL_where(L, 1);   // "file:line: " of the setmetatable call
        lua_rawset(L, -3);
        host.note_tracked_metatables();
    } else {
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

std::string sandbox_weak_metatable(lua_State* L) {
    std::string found;
    for (const char* key : {kLoadMetatablesKey, kMatchMetatablesKey}) {
        if (lua_getfield(L, LUA_REGISTRYINDEX, key) != LUA_TTABLE) {
            lua_pop(L, 1);
            continue;
        }
        lua_pushnil(L);
        while (lua_next(L, -2)) {   // value: where; key: the metatable
            lua_pushliteral(L, "__mode");
            const bool weak = lua_rawget(L, -3) != LUA_TNIL;
            lua_pop(L, 1);
            // The first line in text order, whatever order the walk took (it follows addresses).
            if (weak) {
                std::string where = lua_tostring(L, -1);
                if (found.empty() || where < found) found = std::move(where);
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    if (found.empty()) return found;
    return found + "setmetatable: this metatable was given __mode after it was set (weak tables are not allowed in "
                   "scripts: entries vanish when the collector runs, which differs between runs)";
}

void sandbox_forget_match_metatables(lua_State* L) {
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, kMatchMetatablesKey);
}

}  // namespace duelbox
