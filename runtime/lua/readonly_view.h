// readonly_view.h - a deep read-only view of a table that many matches share.
//
// A host loads a game's card definitions once and plays many matches with them, so a
// script that changed one (cards.get(k).props.power = 9) would change every later match on
// that host, and a replay would no longer replay. cards.get and cards.of hand out views:
// reading, pairs, ipairs, # and next see the table as it is; every write, at any depth,
// raises an error naming the script line and the place:
//   cards/duel/spark.lua:7: card definitions are read-only (cards.get('duel/strike').props.power)
//
// Contracts
//  - One view per table (cached, weakly keyed by the table): cards.get(k) == cards.of(e),
//    and cards.get(k).props == cards.get(k).props. The path in a message is that of the
//    first view made of a table (a table shared by two definitions names the first).
//  - A nested table read through a view is a view; other values pass as they are.
//  - Reads go through the table's own metamethods (lua_gettable, lua_len); pairs and next
//    visit its raw entries in lua_next order, exactly as pairs on the table itself.
//  - rawget, rawlen and rawequal see the (empty) view; C code that reads tables raw calls
//    readonly_view_unwrap first, so a view passed to a binding reads like the table.
#pragma once
#include <lua.hpp>

namespace duelbox {

// Pushes the view of the table at `idx`. `refusal` starts the error ("card definitions are
// read-only"); `path` is how a script reaches the table ("cards.get('duel/strike')").
// `frozen`: the table and every table in it never change again (card definitions once
// loaded). Its view then reads from a mirror made once, the entries with nested tables
// replaced by their views, set as the view's __index: a read costs a table look-up in the
// VM rather than a C call (about 10x less). Reads, #, pairs, next and readonly_view_unwrap all
// show the mirror: the table as it was when the view was made. A table with a metatable of its
// own is viewed the ordinary way, so its metamethods still apply, and so is a table nested more
// than 64 deep (the mirror is made eagerly, one C call per level). Writes are refused alike.
void readonly_view_push(lua_State* L, int idx, const char* refusal, const char* path, bool frozen = false);

// Pushes the view already made of the table at `idx` and returns true; false (nothing pushed)
// when there is none yet. Saves building the path on every read.
bool readonly_view_push_made(lua_State* L, int idx);

// True when the value at `idx` is a view made by readonly_view_push.
bool readonly_view_is(lua_State* L, int idx);

// Replaces a view at stack slot `idx` by the table it shows (for C code that only reads it
// raw); any other value is left as it is. Stack-neutral.
void readonly_view_unwrap(lua_State* L, int idx);

}  // namespace duelbox
