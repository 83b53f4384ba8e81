// sandbox.h - what a script may touch.
//
// Scripts get: the safe base functions (no dofile/loadfile/collectgarbage; `load` takes
// text only), read-only `string`, `table` and `math` (math.random draws from the match's
// RNG), the Duelbox modules, `require` limited to the game's folders, and `print` that
// writes to the event log. No io, os, debug, package, coroutine, utf8 or binary chunks.
// The libraries are read-only proxies and the string metatable is locked, so one script
// cannot change what another sees.
#pragma once
#include <lua.hpp>

#include <string>

namespace duelbox {

// Builds the shared base environment (once per state) and stores it in the registry.
void sandbox_open(lua_State* L);
// Pushes a fresh environment for one chunk: its globals are its own, reads fall back to the base.
void sandbox_new_env(lua_State* L);
// Pushes the base environment table (to register modules on it).
void sandbox_push_base(lua_State* L);
// Pushes a read-only view of the table at `idx`: reads and pairs() pass through, writes raise
// an error, getmetatable() gives "locked".
void sandbox_push_readonly(lua_State* L, int idx);
// Makes the environment at `env` of a file that has finished loading refuse new or changed
// globals ("cannot set global 'x' once its file has loaded ..."): a file's globals would
// otherwise carry state from one match to the next on a host. Reads are unchanged.
void sandbox_freeze_env(lua_State* L, int env);
// Whether the table at `idx` is an environment sandbox_new_env made that nobody froze yet (a
// chunk's that load() gave, once its file has loaded): its globals could still change.
bool sandbox_env_unfrozen(lua_State* L, int idx);
// Whether `f` is one of the sandbox's own `__newindex` functions that refuse every write (a
// library's or module's read-only front, a frozen environment, a forbidden library): a table
// behind such a front cannot change. A script's own C `__newindex` (say `rawequal`) is not one.
bool sandbox_refuses_writes(lua_CFunction f);
// Loads `text` as a text chunk (binary chunks are refused) with a fresh sandbox environment.
// Returns the lua_load status; on success the function is on the stack, else the message.
int sandbox_load(lua_State* L, const std::string& text, const std::string& chunkname);

// The sandbox's pcall and xpcall (sandbox_pcall.cpp), installed in place of Lua's: errors a
// script may catch are caught; the budget, a wall clock, the memory cap and match.finish go on,
// none may start while such an error unwinds, and at most LuaHost::kMaxPcallDepth are open.
int sandbox_pcall(lua_State* L);
int sandbox_xpcall(lua_State* L);

}  // namespace duelbox
