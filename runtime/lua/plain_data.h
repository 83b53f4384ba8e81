// plain_data.h - a Lua value of plain data kept outside any Lua state, and put back as new tables.
//
// Why: a checkpoint (checkpoint.h) keeps what a game's rules need to go on from there, and a
// search resumes many copies from it, on a host that may not be the one that saved it. Lua
// values cannot leave their state, so the value is encoded into bytes and each copy decodes a
// fresh, unshared tree of tables.
//
// Plain data: nil, booleans, integers, floats, strings, and tables of those with integer or
// string keys, without metatables, each table reached once (a tree: no table shared between
// two places, no cycle). Anything else is refused, naming the path ("data.chars[2].f: a
// function cannot be saved").
//
// Contracts
//  - decode(encode(v)) has the same keys and values as v at every depth, as new tables.
//  - The bytes depend on the value only: table entries are written integer keys first
//    (ascending), then string keys (byte order), whatever order `next` visited them in.
//  - encode never raises a Lua error (it reads with lua_next and lua_rawlen only) and never
//    changes the stack; decode may raise a memory error, with no C++ object alive.
#pragma once
#include <lua.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace duelbox {

struct PlainDataLimits {
    int depth = 64;                    // nested tables
    std::size_t entries = 1'000'000;   // table entries in all
    std::size_t bytes = 16u << 20;     // encoded size (outside the Lua memory cap: kept small)
};

// Encodes the value at `idx` into `out`. "" on success, else why not, starting with `path`
// (the name the message gives the value: "data").
std::string plain_data_encode(lua_State* L, int idx, std::string& out, const std::string& path = "data",
                              const PlainDataLimits& limits = {});

// Pushes the value `bytes` encode (bytes from plain_data_encode). Returns false, pushing
// nothing, when the bytes are not such an encoding.
bool plain_data_push(lua_State* L, std::string_view bytes);

}  // namespace duelbox
