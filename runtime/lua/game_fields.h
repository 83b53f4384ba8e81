// game_fields.h - what a field of the loaded game table holds, read without running script code.
#pragma once
#include "host.h"

namespace duelbox {

// The Lua type of game.<name> on `host` (raw: a metatable is ignored); LUA_TNIL when absent or
// before a game is loaded.
int game_field_type(LuaHost& host, const char* name);

}  // namespace duelbox
