// metatable_watch.h - catching a weak table made after setmetatable (not deterministic).
#pragma once
#include <lua.hpp>

#include <string>

namespace duelbox {

// Keeps the metatable at stack slot `mt` (one a script passes to setmetatable) with the
// "file:line: " of the call, for sandbox_weak_metatable. Runs in a protected call.
void track_metatable(lua_State* L, int mt);

// "file:line: setmetatable: ... __mode ..." when a metatable a script set has been given __mode
// since (a weak table, not deterministic), else "". Only worth calling once
// LuaHost::tracked_metatables() is true.
std::string sandbox_weak_metatable(lua_State* L);

// Lets go of the metatables set during the match that ended (the runner calls it).
void sandbox_forget_match_metatables(lua_State* L);

}  // namespace duelbox
