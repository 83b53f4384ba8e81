// file_locals.h - file-level locals start every match as they were when the files loaded (#16.8).
//
// A file's top-level `local count = 0` becomes an upvalue of the functions that file defines;
// a handler that assigns it (`count = count + 1`) would carry a value from one match to the
// next on a reused host, so the same scenario and seed would log differently on a fresh host
// and on a reused one. File-level globals are frozen after load (sandbox_freeze_env); locals
// cannot be frozen (Lua has no hook on an upvalue write), so instead:
//  - after the game has loaded, file_locals_record walks every Lua function and table reachable
//    from the game table, the card definitions and the required modules (through tables,
//    metatables, upvalues and file environments) and keeps each distinct upvalue (a file's
//    _ENV too: a handler may rebind it) with the value it holds then, and each table a script can write into (reached from an
//    upvalue, a file's globals or the module cache, never through a protected metatable: the
//    card definitions and libraries are read-only views) with an image of its entries and
//    metatable;
//  - before every match, file_locals_restore puts back every upvalue whose value is no longer
//    the same (rawequal): a number, string or boolean counted up, a table or function put in
//    its place (`cache = {}`); and gives every table whose entries or metatable changed its
//    image back (`seen[k] = true`, `M.count = M.count + 1`, a table filled towards the memory
//    cap). A match thus starts as on a fresh host, and a full host does not stay full.
// Module-level caches of definition data still work: they are emptied before each match and
// refill. A module first required during a match leaves the module cache with the rest and
// loads again in the next match. Scripts cannot make coroutines or userdata, the only other
// places state could hide.
// Cost: the walk once per load; per match, where this Lua's layout is known (lua_layout.h), a
// 9-byte compare per recorded upvalue and a memcmp per recorded table against an image taken at
// the record or after the last look; only what differs in bytes is compared through the API,
// one comparison per upvalue and two per table entry read from a flat plan in record order
// (file_locals.cpp, kRecordKey: no hash look-up while a table is unchanged). No per-call cost in
// bindings or handlers.
#pragma once
#include <lua.hpp>

namespace duelbox {

// Records the upvalues reachable from the values at the given absolute stack slots, and the
// tables a script can write into (reached from those upvalues, and the module cache at
// `module_cache`), replacing an earlier record. Returns how many upvalues it keeps.
int file_locals_record(lua_State* L, const int* roots, int nroots, int module_cache);

// Puts back every recorded upvalue whose value changed since the record. Returns how many.
int file_locals_restore(lua_State* L);

}  // namespace duelbox
