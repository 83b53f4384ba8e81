// file_locals.h - file-level locals start every match as they were when the files loaded (#16.8).
//
// A file's top-level `local count = 0` becomes an upvalue of the functions that file defines;
// a handler that assigns it (`count = count + 1`) would carry a value from one match to the
// next on a reused host, so the same scenario and seed would log differently on a fresh host
// and on a reused one. File-level globals are frozen after load (sandbox_freeze_env); locals
// cannot be frozen (Lua has no hook on an upvalue write), so instead:
//  - after the game has loaded, file_locals_record walks every Lua function reachable from
//    the game table, the card definitions and the required modules (through tables,
//    metatables, upvalues and file environments) and keeps each distinct upvalue (but _ENV)
//    with the value it holds then;
//  - before every match, file_locals_restore puts back every upvalue whose value is no longer
//    the same (rawequal): a number, string or boolean counted up, a table or function put in
//    its place (`cache = {}`). A match thus starts as on a fresh host.
// Not covered: writes *into* a table a file-level local holds (`seen[k] = true`) are kept,
// because module-level caches of immutable definition data are a documented pattern
// (docs/performance.md); such a table must hold no match state. Functions loaded during a
// match (a require first made inside a handler) are not recorded.
// Cost: the walk once per load; per match one comparison per recorded upvalue, with no
// per-call cost in bindings or handlers.
#pragma once
#include <lua.hpp>

namespace duelbox {

// Records the upvalues reachable from the values at the given absolute stack slots, replacing
// an earlier record. Returns how many it keeps.
int file_locals_record(lua_State* L, const int* roots, int nroots);

// Puts back every recorded upvalue whose value changed since the record. Returns how many.
int file_locals_restore(lua_State* L);

}  // namespace duelbox
