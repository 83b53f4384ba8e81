// lua_layout.cpp - see lua_layout.h.
#include "lua_layout.h"

#include <atomic>
#include <cstring>

namespace duelbox::lua_layout {

namespace {

// Lua 5.4's layout on a 64-bit build (lobject.h). A GC object starts with its `next` pointer
// and the bytes tt and marked (CommonHeader).
//   Table:  flags @10, lsizenode @11, alimit @12 (4 bytes), array @16, node @24, metatable @40
//   TValue: the value's 8 bytes @0, its type tag @8; 16 bytes an array slot
//   Node:   a TValue's value and tag @0/@8, the key's tag @9, next @12, the key's value @16; 24 bytes
//   UpVal:  v @16 (where the value is: its own u.value @24 once closed)
constexpr std::size_t kFlags = 10, kLsizenode = 11, kAlimit = 12, kArray = 16, kNode = 24, kMeta = 40;
constexpr std::size_t kSlotBytes = 16, kNodeBytes = 24;
constexpr std::size_t kUpvalWhere = 16, kUpvalOwn = 24;
constexpr std::uint8_t kBitRas = 1u << 7;   // BITRAS: alimit is not the array's real size

template <class T>
T read_at(const void* object, std::size_t offset) {
    T v;
    std::memcpy(&v, static_cast<const unsigned char*>(object) + offset, sizeof v);
    return v;
}

// luaH_realasize: the array part's size, alimit rounded up to a power of two when it is a hint.
std::size_t array_size(const TableShape& s) {
    std::size_t n = s.alimit;
    if (!(s.flags_ras & kBitRas) || (n & (n - 1)) == 0) return n;
    std::size_t p = 1;
    while (p < n) p <<= 1;
    return p;
}
std::size_t node_count(const TableShape& s) { return std::size_t{1} << s.lsizenode; }

// Type tags (lobject.h makevariant; ctb marks a collectable value's tag).
constexpr std::uint8_t kTagTable = 0x05, kTagInt = 0x03, kTagTrue = 0x11, kTagShortString = 0x44, kTagLongString = 0x54;

// The self-test's checks on a table {11, 22, 33, 44, k = 7, z = true} made by the API.
bool table_reads_right(lua_State* L, int t) {
    const void* p = lua_topointer(L, t);
    if (read_at<std::uint8_t>(p, 8) != kTagTable) return false;
    const TableShape s = shape_of(p);
    if (s.alimit != 4 || (s.flags_ras & kBitRas) || s.lsizenode != 1 || !s.array || !s.node || s.meta) return false;
    for (int i = 0; i < 4; ++i) {
        if (read_at<std::int64_t>(s.array, i * kSlotBytes) != 11 * (i + 1)) return false;
        if (read_at<std::uint8_t>(s.array, i * kSlotBytes + 8) != kTagInt) return false;
    }
    lua_pushstring(L, "k");
    const void* k = lua_topointer(L, -1);
    lua_pushstring(L, "z");
    const void* z = lua_topointer(L, -1);
    lua_pop(L, 2);
    bool found_k = false, found_z = false;
    for (std::size_t i = 0; i < node_count(s); ++i) {
        const std::size_t at = i * kNodeBytes;
        if (read_at<std::uint8_t>(s.node, at + 9) != kTagShortString) continue;
        const void* key = read_at<const void*>(s.node, at + 16);
        if (key == k) found_k = read_at<std::uint8_t>(s.node, at + 8) == kTagInt && read_at<std::int64_t>(s.node, at) == 7;
        if (key == z) found_z = read_at<std::uint8_t>(s.node, at + 8) == kTagTrue;
    }
    return found_k && found_z;
}

// Every change the images must see, made through the API on the test table at t.
bool images_see_changes(lua_State* L, int t) {
    TableImage image;
    image.take(lua_topointer(L, t));
    if (!image.unchanged()) return false;
    lua_pushinteger(L, 23);
    lua_rawseti(L, t, 2);                       // a value changed
    const bool saw_value = !image.unchanged();
    lua_pushinteger(L, 22);
    lua_rawseti(L, t, 2);
    if (!saw_value || !image.unchanged()) return false;
    lua_pushnil(L);
    lua_setfield(L, t, "k");                    // an entry removed
    const bool saw_removal = !image.unchanged();
    image.take(lua_topointer(L, t));
    lua_newtable(L);
    lua_setmetatable(L, t);                     // a metatable given
    const bool saw_meta = !image.unchanged();
    image.take(lua_topointer(L, t));
    for (int i = 0; i < 40; ++i) {              // grown: new parts
        lua_pushboolean(L, 1);
        lua_rawseti(L, t, 100 + i);
    }
    return saw_removal && saw_meta && !image.unchanged() && shape_of(lua_topointer(L, t)).meta != nullptr;
}

// A closure's closed upvalue reads as its value, and a change through the API is seen.
bool upvalue_reads_right(lua_State* L) {
    const char* chunk = "local x = 4242 return function() return x end";
    if (luaL_loadbuffer(L, chunk, std::strlen(chunk), "=layout self-test") != LUA_OK || lua_pcall(L, 0, 1, 0) != LUA_OK ||
        !lua_isfunction(L, -1))
        return false;
    const void* id = lua_upvalueid(L, -1, 1);
    if (!id || read_at<const void*>(id, kUpvalWhere) != static_cast<const unsigned char*>(id) + kUpvalOwn) return false;
    if (read_at<std::int64_t>(id, kUpvalOwn) != 4242 || read_at<std::uint8_t>(id, kUpvalOwn + 8) != kTagInt) return false;
    UpvalueImage image;
    if (!image.take(id) || !image.unchanged()) return false;
    lua_pushinteger(L, 99);
    lua_setupvalue(L, -2, 1);
    const bool saw = !image.unchanged() && read_at<std::int64_t>(id, kUpvalOwn) == 99;
    lua_pushinteger(L, 4242);
    lua_setupvalue(L, -2, 1);
    return saw && image.unchanged();
}

bool self_test(lua_State* L) {
    if (sizeof(void*) != 8 || !lua_checkstack(L, 8)) return false;
    const int top = lua_gettop(L);
    lua_createtable(L, 4, 2);
    const int t = lua_gettop(L);
    for (int i = 1; i <= 4; ++i) {
        lua_pushinteger(L, 11 * i);
        lua_rawseti(L, t, i);
    }
    lua_pushinteger(L, 7);
    lua_setfield(L, t, "k");
    lua_pushboolean(L, 1);
    lua_setfield(L, t, "z");
    const bool ok = table_reads_right(L, t) && images_see_changes(L, t) && upvalue_reads_right(L);
    lua_settop(L, top);
    return ok;
}

}  // namespace

bool layout_ok(lua_State* L) {
    static std::atomic<int> verdict{0};   // 0 not tested, 1 ok, 2 not this layout
    int v = verdict.load(std::memory_order_acquire);
    if (v == 0) {
        v = self_test(L) ? 1 : 2;         // the same answer whichever thread tests first
        verdict.store(v, std::memory_order_release);
    }
    return v == 1;
}

TableShape shape_of(const void* table) {
    TableShape s;
    s.array = read_at<const void*>(table, kArray);
    s.node = read_at<const void*>(table, kNode);
    s.meta = read_at<const void*>(table, kMeta);
    s.alimit = read_at<std::uint32_t>(table, kAlimit);
    s.flags_ras = read_at<std::uint8_t>(table, kFlags) & kBitRas;
    s.lsizenode = read_at<std::uint8_t>(table, kLsizenode);
    return s;
}

void TableImage::take(const void* t, bool kept_alive) {
    table = nullptr;
    shape = shape_of(t);
    const std::size_t slots = array_size(shape), nodes = node_count(shape);
    // A long string is equal to another of the same text (lua_rawequal), so the caller may leave
    // one in place that it does not keep alive; were it freed, another text could come at its
    // address. So a table holding one keeps no image, unless the caller keeps its values alive.
    if (!kept_alive) {
        for (std::size_t i = 0; i < slots; ++i)
            if (read_at<std::uint8_t>(shape.array, i * kSlotBytes + 8) == kTagLongString) return;
        for (std::size_t i = 0; i < nodes; ++i)
            if (read_at<std::uint8_t>(shape.node, i * kNodeBytes + 8) == kTagLongString ||
                read_at<std::uint8_t>(shape.node, i * kNodeBytes + 9) == kTagLongString)
                return;
    }
    const std::size_t array_bytes = slots * kSlotBytes, node_bytes = nodes * kNodeBytes;
    bytes.resize(array_bytes + node_bytes);
    if (array_bytes) std::memcpy(bytes.data(), shape.array, array_bytes);
    std::memcpy(bytes.data() + array_bytes, shape.node, node_bytes);
    table = t;
}

bool TableImage::unchanged() const {
    if (!table || !(shape_of(table) == shape)) return false;
    const std::size_t array_bytes = array_size(shape) * kSlotBytes;
    return (array_bytes == 0 || std::memcmp(bytes.data(), shape.array, array_bytes) == 0) &&
           std::memcmp(bytes.data() + array_bytes, shape.node, bytes.size() - array_bytes) == 0;
}

bool UpvalueImage::take(const void* id, bool kept_alive) {
    upvalue = nullptr;
    if (read_at<const void*>(id, kUpvalWhere) != static_cast<const unsigned char*>(id) + kUpvalOwn) return false;
    if (!kept_alive && read_at<std::uint8_t>(id, kUpvalOwn + 8) == kTagLongString) return false;   // as in TableImage::take
    std::memcpy(bytes, static_cast<const unsigned char*>(id) + kUpvalOwn, sizeof bytes);
    upvalue = id;
    return true;
}

bool UpvalueImage::unchanged() const {
    return upvalue && read_at<const void*>(upvalue, kUpvalWhere) == static_cast<const unsigned char*>(upvalue) + kUpvalOwn &&
           std::memcmp(bytes, static_cast<const unsigned char*>(upvalue) + kUpvalOwn, sizeof bytes) == 0;
}

}  // namespace duelbox::lua_layout
