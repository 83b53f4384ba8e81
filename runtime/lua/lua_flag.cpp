// lua_flag.cpp - module `flag`: per-period scratch values that steer the rules (scratch.h).
//
// "Moved this beat", "was hit", "this advantage was used": state a later effect reads, but
// no news to a reader of the log. A flag appends no event; copies, snapshots and replays
// keep it all the same. Use entity.set for anything a player or a teacher should read.
#include <cstring>

#include "host.h"
#include "lua_modules.h"
#include "lua_util.h"

namespace duelbox {

namespace {

// What one scratch entry costs beyond its key and period text (an estimate, as for props).
constexpr std::size_t kScratchEntryBytes = 64;

// true -> 1, false/nil -> 0, an integer as it is.
std::int64_t check_flag_value(lua_State* L, int arg) {
    switch (lua_type(L, arg)) {
        case LUA_TNONE:
        case LUA_TNIL: return 0;
        case LUA_TBOOLEAN: return lua_toboolean(L, arg) ? 1 : 0;
        default: break;
    }
    if (lua_isinteger(L, arg)) return lua_tointeger(L, arg);
    return luaL_typeerror(L, arg, "boolean, integer or nil");
}

// The key argument as a view of the Lua string. A key is interned (scratch.h) when it is set,
// a new one charged to the match (Match::intern_charged); reads only look it up (find_symbol),
// so reading made-up keys adds nothing. intern() may throw at the process's bound on distinct
// texts, so it runs inside kernel_call, and every argument check (a longjmp, which must not
// cross kernel_call's try block) comes before. A Lua string reaches intern() from the same
// address every time, which its front cache answers without hashing. An empty key reads 0
// (set refuses it).
std::string_view key_arg(lua_State* L, int arg) {
    std::size_t len = 0;
    const char* key = luaL_checklstring(L, arg, &len);
    return {key, len};
}

/// flag.get(e, key) -> integer
/// Scratch value `key` of entity `e`: 0 when unset (true was stored as 1).
int flag_get(lua_State* L) {
    const Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    const std::string_view key_text = key_arg(L, 2);
    return kernel_call(L, [&] {
        lua_pushinteger(L, m.scratch().get(e, find_symbol(key_text)));   // a key never set reads 0: nothing is added
        return 1;
    });
}

/// flag.is(e, key) -> boolean
/// Whether scratch value `key` of entity `e` is set (not 0).
int flag_is(lua_State* L) {
    const Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    const std::string_view key_text = key_arg(L, 2);
    return kernel_call(L, [&] {
        lua_pushboolean(L, m.scratch().get(e, find_symbol(key_text)) != 0);
        return 1;
    });
}

/// flag.set(e, key, value [, period])
/// Sets scratch value `key` of entity `e`: true is 1, false and nil clear it, or an integer.
/// It lasts until match.end_period(period) (default: until set again). Appends no event.
int flag_set(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    const std::string_view key_text = key_arg(L, 2);
    if (key_text.empty()) return luaL_argerror(L, 2, "an empty key");
    // (Checked where a key is made, not where one is read: a read of such a key finds nothing.)
    if (std::memchr(key_text.data(), '\0', key_text.size())) return luaL_argerror(L, 2, "a name may not hold a NUL byte (\\0)");
    const std::int64_t value = check_flag_value(L, 3);
    std::size_t period_len = 0;
    const char* period = luaL_optlstring(L, 4, "", &period_len);
    std::size_t shifted = 0;   // a key stored or erased shifts the values after it (one sorted list)
    kernel_call(L, [&] {
        // Clearing a key no script ever set changes nothing and adds no text to the process.
        if (value == 0 && find_symbol(key_text) == 0) return 0;
        const Sym key = m.intern_charged(key_text);
        // A new key is memory the kernel holds for the script (#16.7): charged before it is stored.
        if (value != 0 && m.scratch().get(e, key) == 0) m.charge(kScratchEntryBytes + key_text.size() + period_len);
        shifted = m.scratch().set(e, key, value, m.intern_charged(std::string_view(period, period_len)));
        return 0;
    });
    charge_work(L, shifted);
    return 0;
}

/// flag.clear(e) -> integer
/// Clears every scratch value of entity `e`; returns how many there were.
int flag_clear(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    charge_work(L, m.scratch().entries().size());
    lua_pushinteger(L, m.scratch().clear_entity(e));
    return 1;
}

const luaL_Reg flag_module[] = {{"get", flag_get},     {"is", flag_is},     {"set", flag_set},
                                {"clear", flag_clear}, {nullptr, nullptr}};

}  // namespace

void open_flag_module(lua_State* L, int env) { register_module(L, env, "flag", flag_module); }

}  // namespace duelbox
