// lua_layout.h - a table's entries and a closed upvalue's value, read where Lua 5.4 keeps them.
//
// Why: before every match the host confirms that each file-level local and each table a script
// can write into still holds what it held at load (file_locals.h). Through the public API that
// is a lua_next, two lua_rawgeti and two lua_rawequal per entry: about 300 instructions an entry
// and 3.4% of a bench duel's match. Read where Lua keeps them, an unchanged table is one memcmp of
// its array and node parts against a copy taken earlier, and an unchanged upvalue a 9-byte
// compare.
//
// Why a byte copy can be trusted: equal bytes mean equal entries (keys, values, their types and
// the chains between them), and a collectable value's bytes are its address, which names the
// same object as long as that object lives (the caller keeps the values it compares with alive).
// The opposite need not hold: a table with the same entries may differ in bytes (a length hint
// moved, a rehash to the same size, a boolean whose unused value bytes differ: Lua keeps a
// boolean in its type tag) and is then confirmed the slow way; so a wrong answer costs
// speed, never a wrong restore. A long string is the one value the API calls equal to another
// object (same text), so a table confirmed equal the slow way may hold one the caller does not
// keep alive (freed, its address could come back with another text): an image is taken of a
// table or upvalue holding a long string only when the caller says it keeps every value there
// alive (`kept_alive`: at the record, and right after putting its own values back); otherwise
// it keeps no image and is compared the slow way.
//
// The fields read (lobject.h: Table, Node, UpVal, TValue) are not public API but are laid out
// alike in every 5.4 release. layout_ok() checks once per process, on a table and a closure it
// makes, that what is read there is what the API says; if not (another Lua), it answers false
// and the caller keeps to the public API.
#pragma once
#include <lua.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace duelbox::lua_layout {

// Whether the reads below match this Lua (checked once, on L, the first time). Thread-safe.
bool layout_ok(lua_State* L);

// A table's parts: where its entries are and how many, and its metatable.
struct TableShape {
    const void* array = nullptr;
    const void* node = nullptr;
    const void* meta = nullptr;
    std::uint32_t alimit = 0;
    std::uint8_t flags_ras = 0;     // the flag saying alimit is only a hint of the array's size
    std::uint8_t lsizenode = 0;
    bool operator==(const TableShape&) const = default;
};

// The shape of the table lua_topointer gave.
TableShape shape_of(const void* table);

// A table's shape and the bytes of its entries, to tell later whether it is unchanged.
struct TableImage {
    const void* table = nullptr;    // nullptr: no image (compare the slow way)
    TableShape shape;
    std::vector<unsigned char> bytes;

    // An image of the table lua_topointer gave; none (table stays nullptr) when it holds a long
    // string, unless `kept_alive` (the caller keeps every value in it alive). unchanged(): the
    // image's table has the same shape and bytes (false without one).
    void take(const void* t, bool kept_alive = false);
    bool unchanged() const;
};

// A closed upvalue's value (its 8 bytes and its type tag), to tell later whether it changed.
struct UpvalueImage {
    const void* upvalue = nullptr;  // lua_upvalueid's answer; nullptr: no image
    unsigned char bytes[9] = {};

    // False (no image kept) when the upvalue is still open (its function's frame is live) or
    // holds a long string, unless `kept_alive` (the caller keeps its value alive).
    bool take(const void* id, bool kept_alive = false);
    bool unchanged() const;
};

}  // namespace duelbox::lua_layout
