// error_names.h - bad-argument errors that name the function as a script author calls it.
//
// Lua's luaL_argerror names a C function by the word at the call site: `board.advance(x)`
// gives "bad argument #2 to 'advance'", `local mv = zone.move; mv(1)` gives 'mv'. Script
// authors read errors against the API reference, so Duelbox says 'board.advance' instead
// (STYLE.md section 4). Lua forms that message inside the C function, and no binding need
// change: the host records each registered C function's qualified name, and every place
// where a message becomes visible while the raising function is still on the stack
// rewrites it:
//  - ScriptCall::pcall (loading files) and the sandbox's pcall/xpcall and log.within_rule
//    pass error_name_handler as their message handler (it runs before the stack unwinds);
//  - ScriptCall::resume reads the dead coroutine, whose stack is intact (level 0).
//
// Contracts
//  - Only a string that is exactly Lua's message for the function at that level is
//    rewritten ("[where: ]bad argument #N to 'short' (...)" or "calling 'short' on bad
//    self"), so a message passed on by another function is left as it is.
//  - A method call (`s:rep("x")`, `board:line(5)`) counts `self` like any argument, so the
//    number agrees with the qualified name: "bad argument #2 to 'string.rep'"; a bad self
//    becomes "bad argument #1 to 'board.line' (...) (called with ':' ...)".
//  - Recording costs nothing per call; the lookup happens only when an error is raised.
#pragma once
#include <lua.hpp>

#include <string>

namespace duelbox {

// Records every C function field of the table at `table` as "<prefix>.<key>" ("<key>" when
// prefix is empty). Keys are visited in sorted order and a function keeps the first name it
// got, so a function reachable under two names (unpack, table.unpack) is named the same on
// every run.
void name_functions(lua_State* L, int table, const char* prefix);

// The qualified name recorded for the C function at `idx` ("zone.count"), or "" when it has
// none. Stack-neutral; for tools that name functions (the script profile), not for errors.
std::string recorded_function_name(lua_State* L, int idx);

// Rewrites the error message at the top of the stack when it is Lua's bad-argument message
// for the recorded C function running at `level`, or, when the VM raised it while that C
// function ran ("attempt to compare number with nil" inside math.min, which Lua leaves
// without a place), prefixes the line of the nearest Lua function above it. Stack-neutral.
void qualify_error(lua_State* L, int level);

// "file:line: " of the nearest Lua function at or above stack `level` that is at a line, or
// "" (looks at most 16 levels: a C caller or two, never a deep walk).
std::string lua_place(lua_State* L, int level);

// A message handler (lua_pcall's msgh): qualify_error at level 1, returns the message.
int error_name_handler(lua_State* L);

}  // namespace duelbox
