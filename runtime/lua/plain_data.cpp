// plain_data.cpp - encoding plain Lua data into bytes and back (plain_data.h).
//
// Format, one value: a tag byte, then
//   'f' false, 't' true, 'z' nil (a top-level nil only),
//   'i' 8 bytes little-endian integer, 'd' 8 bytes IEEE double,
//   's' 4 bytes length + the bytes,
//   'T' 4 bytes entry count, then per entry its key (an 'i' or 's' value) and its value.
#include "plain_data.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

namespace duelbox {

namespace {

void put_u32(std::string& out, std::uint32_t v) {
    char b[4];
    for (int i = 0; i < 4; ++i) b[i] = static_cast<char>((v >> (8 * i)) & 0xFF);
    out.append(b, 4);
}

void put_u64(std::string& out, std::uint64_t v) {
    char b[8];
    for (int i = 0; i < 8; ++i) b[i] = static_cast<char>((v >> (8 * i)) & 0xFF);
    out.append(b, 8);
}

void put_string(std::string& out, const char* s, std::size_t n) {
    out.push_back('s');
    put_u32(out, static_cast<std::uint32_t>(n));
    out.append(s, n);
}

// The path segment of the key at `key`: "[3]" or ".name".
std::string key_segment(lua_State* L, int key) {
    if (lua_type(L, key) == LUA_TNUMBER && lua_isinteger(L, key)) return "[" + std::to_string(lua_tointeger(L, key)) + "]";
    if (lua_type(L, key) == LUA_TSTRING) return std::string(".") + lua_tostring(L, key);
    return std::string("[") + luaL_typename(L, key) + " key]";
}

// Encodes one value. On failure, `why()` says what, and `where()` the path below the value
// encode was given (built only then, while the failure unwinds: a save of a few hundred
// entries makes no path strings). A table's entries are encoded into a buffer of its depth
// (kept across tables, so a save makes almost no allocations) and copied out in key order.
// Tables met twice are found after the walk from a list of identities; only then, or when
// the walk went too deep (a cycle does), is the value walked again checking each table as it
// is met, to name where.
class Encoder {
public:
    Encoder(lua_State* L, const PlainDataLimits& limits, bool check_identity_now)
        : L_(L), limits_(limits), check_now_(check_identity_now), buffers_(static_cast<std::size_t>(limits.depth) + 1) {}

    bool value(int idx, int depth, std::string& out) {
        switch (lua_type(L_, idx)) {
            case LUA_TNIL: out.push_back('z'); return true;
            case LUA_TBOOLEAN: out.push_back(lua_toboolean(L_, idx) ? 't' : 'f'); return true;
            case LUA_TNUMBER:
                if (lua_isinteger(L_, idx)) {
                    out.push_back('i');
                    put_u64(out, static_cast<std::uint64_t>(lua_tointeger(L_, idx)));
                } else {
                    const double d = lua_tonumber(L_, idx);
                    std::uint64_t bits = 0;
                    std::memcpy(&bits, &d, sizeof bits);
                    out.push_back('d');
                    put_u64(out, bits);
                }
                return true;
            case LUA_TSTRING: {
                std::size_t n = 0;
                const char* s = lua_tolstring(L_, idx, &n);
                if (n > limits_.bytes) return fail("a string longer than the saved data may be");
                put_string(out, s, n);
                return true;
            }
            case LUA_TTABLE: return table(idx, depth, out);
            default:
                return fail(std::string("a ") + luaL_typename(L_, idx) +
                            " cannot be saved (plain data only: nil, booleans, numbers, strings, tables)");
        }
    }

    // After a successful walk: whether some table was met twice (then walk again checking now).
    bool met_a_table_twice() {
        std::sort(tables_.begin(), tables_.end());
        return std::adjacent_find(tables_.begin(), tables_.end()) != tables_.end();
    }
    bool went_too_deep() const { return too_deep_; }
    const std::string& why() const { return why_; }
    const std::string& where() const { return where_; }

private:
    struct Slot {
        bool integer = false;
        lua_Integer i = 0;
        const char* s = nullptr;   // a string key's bytes (the table keeps the string alive)
        std::size_t n = 0;
        std::size_t begin = 0, end = 0;   // its key and value in the depth's buffer
    };
    struct Buffer {
        std::string bytes;
        std::vector<Slot> slots;
    };

    bool fail(std::string why) {
        why_ = std::move(why);
        return false;
    }

    bool table(int idx, int depth, std::string& out) {
        if (depth >= limits_.depth) {
            too_deep_ = true;
            return fail("nested deeper than " + std::to_string(limits_.depth) + " tables");
        }
        if (lua_getmetatable(L_, idx)) {
            lua_pop(L_, 1);
            return fail("a table with a metatable cannot be saved (a read-only view, an object?): save its plain fields");
        }
        // Identity only decides whether a table is met twice, never an order.
        const void* id = lua_topointer(L_, idx);
        if (check_now_ && std::find(tables_.begin(), tables_.end(), id) != tables_.end())
            return fail("this table is also saved at another place (or inside itself): saved data must be a tree");
        tables_.push_back(id);
        if (!lua_checkstack(L_, 3)) return fail("out of Lua stack");
        Buffer& buf = buffers_[static_cast<std::size_t>(depth)];
        buf.bytes.clear();
        buf.slots.clear();
        lua_pushnil(L_);
        while (lua_next(L_, idx) != 0) {
            const int key = lua_gettop(L_) - 1, val = key + 1;
            Slot slot;
            slot.begin = buf.bytes.size();
            const int kt = lua_type(L_, key);
            bool ok = true;
            if (kt == LUA_TNUMBER && lua_isinteger(L_, key)) {
                slot.integer = true;
                slot.i = lua_tointeger(L_, key);
                buf.bytes.push_back('i');
                put_u64(buf.bytes, static_cast<std::uint64_t>(slot.i));
            } else if (kt == LUA_TSTRING) {
                slot.s = lua_tolstring(L_, key, &slot.n);
                put_string(buf.bytes, slot.s, slot.n);
            } else {
                ok = fail("keys must be integers or strings");
            }
            if (ok && ++entries_ > limits_.entries)
                ok = fail("more than " + std::to_string(limits_.entries) + " entries in all");
            if (ok) ok = value(val, depth + 1, buf.bytes);
            if (!ok) {
                where_ = key_segment(L_, key) + where_;
                lua_pop(L_, 2);
                return false;
            }
            lua_pop(L_, 1);
            slot.end = buf.bytes.size();
            buf.slots.push_back(slot);
        }
        std::sort(buf.slots.begin(), buf.slots.end(), [](const Slot& a, const Slot& b) {
            if (a.integer != b.integer) return a.integer;
            if (a.integer) return a.i < b.i;
            const int c = std::memcmp(a.s, b.s, std::min(a.n, b.n));
            return c != 0 ? c < 0 : a.n < b.n;
        });
        out.push_back('T');
        put_u32(out, static_cast<std::uint32_t>(buf.slots.size()));
        for (const Slot& slot : buf.slots) out.append(buf.bytes, slot.begin, slot.end - slot.begin);
        if (out.size() > limits_.bytes) return fail("more than " + std::to_string(limits_.bytes) + " bytes saved");
        return true;
    }

    lua_State* L_;
    const PlainDataLimits& limits_;
    bool check_now_;
    std::vector<Buffer> buffers_;   // one per depth
    std::vector<const void*> tables_;
    std::size_t entries_ = 0;
    bool too_deep_ = false;
    std::string why_, where_;
};

// Decoding: reads from [p, end); every read checks the bounds first.
struct Reader {
    const char* p;
    const char* end;
    bool u32(std::uint32_t& v) {
        if (end - p < 4) return false;
        v = 0;
        for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(static_cast<unsigned char>(p[i])) << (8 * i);
        p += 4;
        return true;
    }
    bool u64(std::uint64_t& v) {
        if (end - p < 8) return false;
        v = 0;
        for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(static_cast<unsigned char>(p[i])) << (8 * i);
        p += 8;
        return true;
    }
};

// Pushes one value; false (with whatever it pushed left for the caller to drop) on bad bytes.
bool push_value(lua_State* L, Reader& r, int depth) {
    if (r.p >= r.end || depth > 256 || !lua_checkstack(L, 3)) return false;
    const char tag = *r.p++;
    switch (tag) {
        case 'z': lua_pushnil(L); return true;
        case 'f': lua_pushboolean(L, 0); return true;
        case 't': lua_pushboolean(L, 1); return true;
        case 'i': {
            std::uint64_t v = 0;
            if (!r.u64(v)) return false;
            lua_pushinteger(L, static_cast<lua_Integer>(v));
            return true;
        }
        case 'd': {
            std::uint64_t bits = 0;
            if (!r.u64(bits)) return false;
            double d = 0;
            std::memcpy(&d, &bits, sizeof d);
            lua_pushnumber(L, d);
            return true;
        }
        case 's': {
            std::uint32_t n = 0;
            if (!r.u32(n) || static_cast<std::size_t>(r.end - r.p) < n) return false;
            lua_pushlstring(L, r.p, n);
            r.p += n;
            return true;
        }
        case 'T': {
            std::uint32_t n = 0;
            if (!r.u32(n) || static_cast<std::size_t>(r.end - r.p) < static_cast<std::size_t>(n) * 2) return false;
            lua_createtable(L, 0, 0);
            for (std::uint32_t k = 0; k < n; ++k) {
                if (r.p >= r.end || (*r.p != 'i' && *r.p != 's')) return false;
                if (!push_value(L, r, depth + 1)) return false;
                if (!push_value(L, r, depth + 1)) return false;
                lua_rawset(L, -3);
            }
            return true;
        }
        default: return false;
    }
}

}  // namespace

std::string plain_data_encode(lua_State* L, int idx, std::string& out, const std::string& path, const PlainDataLimits& limits) {
    idx = lua_absindex(L, idx);
    const int top = lua_gettop(L);
    out.clear();
    {
        Encoder fast(L, limits, false);
        const bool ok = fast.value(idx, 0, out);
        lua_settop(L, top);
        if (ok && !fast.met_a_table_twice()) return "";
        if (!ok && !fast.went_too_deep()) {
            out.clear();
            return path + fast.where() + ": " + fast.why();
        }
    }
    // A table met twice, or a walk too deep (a cycle?): walk again, checking each table as it
    // is met, to say where.
    out.clear();
    Encoder careful(L, limits, true);
    const bool ok = careful.value(idx, 0, out);
    lua_settop(L, top);
    out.clear();
    if (ok) return path + ": a table is saved twice";   // not reached: the careful walk finds it
    return path + careful.where() + ": " + careful.why();
}

bool plain_data_push(lua_State* L, std::string_view bytes) {
    const int top = lua_gettop(L);
    Reader r{bytes.data(), bytes.data() + bytes.size()};
    if (!push_value(L, r, 0) || r.p != r.end) {
        lua_settop(L, top);
        return false;
    }
    return true;
}

}  // namespace duelbox
