#include "lua_util.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "error_names.h"
#include "host.h"
#include "readonly_view.h"
#include "sandbox.h"

namespace duelbox {

LuaHost& host_of(lua_State* L) { return **static_cast<LuaHost**>(lua_getextraspace(L)); }

namespace {
// A kernel call made while an error no script may catch unwinds (host.h, unwinding()): from a
// to-be-closed variable's __close. It raises that error again.
[[noreturn]] void raise_unwinding(lua_State* L) {
    const LuaHost& host = host_of(L);
    if (host.unwinding_message().empty())
        luaL_error(L, "memory cap of %d MB exceeded (a kernel call while the error unwinds)",
                   static_cast<int>(host.limits().memory_bytes >> 20));
    lua_pushstring(L, host.unwinding_message().c_str());
    lua_error(L);
    std::abort();   // (lua_error does not return)
}
}  // namespace

void refuse_while_unwinding(lua_State* L) {
    if (host_of(L).unwinding()) raise_unwinding(L);
}

Match& match_of(lua_State* L) {
    LuaHost& host = host_of(L);
    if (host.unwinding()) raise_unwinding(L);
    Match* m = host.match();
    if (!m) luaL_error(L, "no match is running (this call is only allowed while a match plays)");
    return *m;
}

void stamp_source(lua_State* L, Match& m) {
    // The nearest Lua frame is the script line that asked for the change.
    m.set_source(host_of(L).call_sites().locate(L, m.log()));
}

const char* push_plain(lua_State* L, int idx) {
    idx = lua_absindex(L, idx);
    switch (lua_type(L, idx)) {
        case LUA_TSTRING: lua_pushvalue(L, idx); return lua_tostring(L, -1);
        case LUA_TNUMBER:
            if (lua_isinteger(L, idx)) return lua_pushfstring(L, "%I", static_cast<LUAI_UACINT>(lua_tointeger(L, idx)));
            return lua_pushfstring(L, "%f", lua_tonumber(L, idx));
        case LUA_TBOOLEAN: return lua_pushstring(L, lua_toboolean(L, idx) ? "true" : "false");
        default: return lua_pushstring(L, luaL_typename(L, idx));
    }
}

const char* check_text(lua_State* L, int arg) {
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, arg, &len);
    if (std::memchr(s, '\0', len)) luaL_argerror(L, arg, "a name may not hold a NUL byte (\\0)");
    return s;
}

std::int64_t check_int(lua_State* L, int arg) { return luaL_checkinteger(L, arg); }

std::string check_string(lua_State* L, int arg) {
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, arg, &len);
    if (len >= kCopyCollectAt) {   // (see string_at)
        room_for_copy(L, 0, len, lua_pushfstring(L, "argument #%d", arg));
        lua_pop(L, 1);
    }
    return std::string(s, len);
}

namespace {

// Pushes and returns "field 'zone': " or "", the prefix that says which part of argument
// `arg` is wrong. It lives on the Lua stack, not in a std::string: luaL_argerror longjmps,
// which would skip the string's destructor (a leak ASan reports).
const char* push_prefix(lua_State* L, const char* what) {
    return what ? lua_pushfstring(L, "%s: ", what) : lua_pushstring(L, "");
}

lua_Integer check_int_at(lua_State* L, int idx, int arg, const char* what) {
    idx = lua_absindex(L, idx);   // push_prefix moves the top
    int ok = 0;
    const lua_Integer v = lua_tointegerx(L, idx, &ok);
    if (!ok)
        luaL_argerror(L, arg, lua_pushfstring(L, "%sinteger expected, got %s", push_prefix(L, what),
                                              luaL_typename(L, idx)));
    return v;
}

}  // namespace

EntityId check_entity_at(lua_State* L, int idx, int arg, const char* what, const Match& m) {
    const lua_Integer e = check_int_at(L, idx, arg, what);
    if (e < 1 || e > m.entity_count())
        luaL_argerror(L, arg, lua_pushfstring(L, "%sentity %I does not exist", push_prefix(L, what), (LUAI_UACINT)e));
    return static_cast<EntityId>(e);
}

ZoneId check_zone_at(lua_State* L, int idx, int arg, const char* what, const Match& m) {
    const lua_Integer z = check_int_at(L, idx, arg, what);
    if (z < 1 || z > m.zone_count())
        luaL_argerror(L, arg, lua_pushfstring(L, "%szone %I does not exist", push_prefix(L, what), (LUAI_UACINT)z));
    return static_cast<ZoneId>(z);
}

SpaceId check_space_at(lua_State* L, int idx, int arg, const char* what, const Match& m) {
    const lua_Integer s = check_int_at(L, idx, arg, what);
    if (s < 1 || s > m.board().space_count())
        luaL_argerror(L, arg, lua_pushfstring(L, "%sspace %I is not on the board (1..%d)", push_prefix(L, what),
                                              (LUAI_UACINT)s, m.board().space_count()));
    return static_cast<SpaceId>(s);
}

PlayerIndex check_player_at(lua_State* L, int idx, int arg, const char* what, const Match& m) {
    const lua_Integer p = check_int_at(L, idx, arg, what);
    if (p < 1 || p > m.player_count())
        luaL_argerror(L, arg, lua_pushfstring(L, "%splayer %I does not exist (players 1..%d)", push_prefix(L, what),
                                              (LUAI_UACINT)p, m.player_count()));
    return static_cast<PlayerIndex>(p - 1);
}

// The argument checks every binding makes (about a thousand a turn of a card game): one
// conversion and one range test when the argument is good; only a bad one takes the slow
// path, which raises the same messages as before ("number expected", "entity 9 does not exist").
namespace {
template <class Id>
bool fast_id(lua_State* L, int arg, lua_Integer lo, lua_Integer hi, Id& out) {
    int ok = 0;
    const lua_Integer v = lua_tointegerx(L, arg, &ok);
    if (!ok || v < lo || v > hi) return false;
    out = static_cast<Id>(v);
    return true;
}
}  // namespace

EntityId check_entity(lua_State* L, int arg, const Match& m) {
    EntityId e = kNoEntity;
    if (fast_id(L, arg, 1, m.entity_count(), e)) return e;
    luaL_checkinteger(L, arg);
    return check_entity_at(L, arg, arg, nullptr, m);
}
ZoneId check_zone(lua_State* L, int arg, const Match& m) {
    ZoneId z = kNoZone;
    if (fast_id(L, arg, 1, m.zone_count(), z)) return z;
    luaL_checkinteger(L, arg);
    return check_zone_at(L, arg, arg, nullptr, m);
}
SpaceId check_space(lua_State* L, int arg, const Match& m) {
    SpaceId s = kNoSpace;
    if (fast_id(L, arg, 1, m.board().space_count(), s)) return s;
    luaL_checkinteger(L, arg);
    return check_space_at(L, arg, arg, nullptr, m);
}
PlayerIndex check_player(lua_State* L, int arg, const Match& m) {
    PlayerIndex p = kNoPlayer;
    if (fast_id(L, arg, 1, m.player_count(), p)) return p - 1;
    luaL_checkinteger(L, arg);
    return check_player_at(L, arg, arg, nullptr, m);
}

bool to_id(lua_State* L, int arg, std::uint32_t& out) {
    const lua_Integer v = luaL_checkinteger(L, arg);
    if (v < 1 || v > static_cast<lua_Integer>(UINT32_MAX)) return false;
    out = static_cast<std::uint32_t>(v);
    return true;
}

PlayerIndex check_player_entry(lua_State* L, int arg, const Match& m) {
    int ok = 0;
    const lua_Integer p = lua_tointegerx(L, -1, &ok);
    if (!ok || p < 1 || p > m.player_count())
        luaL_argerror(L, arg,
                      lua_pushfstring(L, "list entry %s is not a player (players 1..%d)", push_plain(L, -1),
                                      m.player_count()));
    return static_cast<PlayerIndex>(p - 1);
}

PlayerIndex opt_player(lua_State* L, int arg, const Match& m) {
    if (lua_isnoneornil(L, arg)) return kNoPlayer;
    return check_player(L, arg, m);
}

bool storable(lua_State* L, int idx) {
    switch (lua_type(L, idx)) {
        case LUA_TNIL:
        case LUA_TNONE:
        case LUA_TBOOLEAN:
        case LUA_TSTRING: return true;
        case LUA_TNUMBER: {
            if (lua_isinteger(L, idx)) return true;
            const lua_Number n = lua_tonumber(L, idx);
            lua_Integer i = 0;
            return lua_numbertointeger(n, &i) && static_cast<lua_Number>(i) == n;
        }
        default: return false;
    }
}

void check_storable(lua_State* L, int idx) {
    if (storable(L, idx)) return;
    if (lua_type(L, idx) == LUA_TNUMBER)
        luaL_error(L, "value %f is not a whole number (the kernel stores integers only)", lua_tonumber(L, idx));
    luaL_error(L, "a %s cannot be stored (nil, boolean, integer or string expected)", luaL_typename(L, idx));
}

namespace {
// check_storable run protected on its argument, for raise_first_bad_field to put the field's
// name in front of what it says.
int storable_check(lua_State* L) {
    check_storable(L, 1);
    return 0;
}
}  // namespace

void raise_first_bad_field(lua_State* L, int t) {
    // No C++ object lives here: every exit raises (longjmp). The first bad name so far is kept
    // on the stack (slot `first`, nil for none) and names are compared byte by byte.
    lua_pushnil(L);
    const int first = lua_gettop(L);
    bool bad_key = false, nul_key = false;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        if (lua_type(L, -2) != LUA_TSTRING) {
            bad_key = true;
        } else {
            std::size_t len = 0;
            const char* key = lua_tolstring(L, -2, &len);
            if (std::memchr(key, '\0', len)) {
                nul_key = true;
            } else if (!storable(L, -1)) {
                bool earlier = lua_isnil(L, first);
                if (!earlier) {
                    std::size_t flen = 0;
                    const char* f = lua_tolstring(L, first, &flen);
                    const int c = std::memcmp(key, f, std::min(len, flen));
                    earlier = c < 0 || (c == 0 && len < flen);
                }
                if (earlier) {
                    lua_pushvalue(L, -2);
                    lua_replace(L, first);
                }
            }
        }
        lua_pop(L, 1);
    }
    if (bad_key) luaL_error(L, "field names must be strings");
    if (nul_key) luaL_error(L, "a field name may not hold a NUL byte (\\0)");
    if (lua_isnil(L, first)) luaL_error(L, "a field changed while it was read");
    lua_pushfstring(L, "field '%s': ", lua_tostring(L, first));
    lua_pushcfunction(L, storable_check);
    lua_pushvalue(L, first);
    lua_rawget(L, t);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) {   // it raises: the message follows the name
        lua_concat(L, 2);
        lua_error(L);
    }
    luaL_error(L, "field '%s' cannot be stored", lua_tostring(L, first));
    std::abort();   // (luaL_error does not return)
}

Value to_value(lua_State* L, int idx) {
    check_storable(L, idx);
    return stored_value(L, idx);
}

Value stored_value(lua_State* L, int idx) {
    switch (lua_type(L, idx)) {
        case LUA_TBOOLEAN: return Value{lua_toboolean(L, idx) != 0};
        case LUA_TNUMBER: {
            if (lua_isinteger(L, idx)) return Value{static_cast<std::int64_t>(lua_tointeger(L, idx))};
            lua_Integer i = 0;
            lua_numbertointeger(lua_tonumber(L, idx), &i);   // whole: check_storable said so
            return Value{static_cast<std::int64_t>(i)};
        }
        case LUA_TSTRING: {
            std::size_t len = 0;
            const char* s = lua_tolstring(L, idx, &len);
            return Value{std::string(s, len)};
        }
        default: return Nil{};
    }
}

void push_value(lua_State* L, const Value& v) {
    if (std::holds_alternative<bool>(v)) lua_pushboolean(L, std::get<bool>(v));
    else if (std::holds_alternative<std::int64_t>(v)) lua_pushinteger(L, std::get<std::int64_t>(v));
    else if (std::holds_alternative<std::string>(v)) {
        const auto& s = std::get<std::string>(v);
        lua_pushlstring(L, s.data(), s.size());
    } else lua_pushnil(L);
}

void push_player(lua_State* L, PlayerIndex p) {
    if (p < 0) lua_pushnil(L);
    else lua_pushinteger(L, p + 1);
}

bool int_at(lua_State* L, int idx, const char* key, std::int64_t& out) {
    const int type = lua_type(L, idx);
    if (type == LUA_TNIL) return false;
    int ok = 0;
    const lua_Integer v = lua_tointegerx(L, idx, &ok);
    if (!ok) luaL_error(L, "field '%s' must be an integer (got %s)", key, lua_typename(L, type));
    out = v;
    return true;
}

bool string_at(lua_State* L, int idx, const char* key, std::string& out) {
    const int type = lua_type(L, idx);
    if (type == LUA_TNIL) return false;
    if (type != LUA_TSTRING) luaL_error(L, "field '%s' must be a string (got %s)", key, lua_typename(L, type));
    std::size_t len = 0;
    const char* text = lua_tolstring(L, idx, &len);
    // A long text: copies earlier calls left as garbage are collected first, and this one must
    // fit under the cap (a call that raises after copying, in a pcall loop, piles them up).
    if (len >= kCopyCollectAt) {
        room_for_copy(L, 0, len, lua_pushfstring(L, "field '%s'", key));
        lua_pop(L, 1);
    }
    out.assign(text, len);
    return true;
}

bool get_field_int(lua_State* L, int t, const char* key, std::int64_t& out) {
    lua_getfield(L, t, key);
    const bool found = int_at(L, -1, key, out);   // raises with the value still pushed: the stack is unwound
    lua_pop(L, 1);
    return found;
}

const char* push_field_string(lua_State* L, int t, const char* key, const char* def) {
    const int type = lua_getfield(L, t, key);
    if (type == LUA_TNIL) return def;
    if (type != LUA_TSTRING) luaL_error(L, "field '%s' must be a string (got %s)", key, lua_typename(L, type));
    return lua_tostring(L, -1);
}

bool get_field_string(lua_State* L, int t, const char* key, std::string& out) {
    lua_getfield(L, t, key);
    const bool found = string_at(L, -1, key, out);
    lua_pop(L, 1);
    return found;
}

std::size_t room_for_copy(lua_State* L, std::size_t copied, std::size_t more, const char* what) {
    const std::size_t bytes = copied + more;
    if (copied < kCopyCollectAt && bytes >= kCopyCollectAt) lua_gc(L, LUA_GCCOLLECT);
    LuaHost& host = host_of(L);
    const std::size_t room = host.memory_room();
    if (bytes <= room) return bytes;
    host.set_memory_error_in_flight(true);
    luaL_error(L, "memory cap of %d MB exceeded (%s would copy more than the %d MB left)%s",
               static_cast<int>(host.limits().memory_bytes >> 20), what, static_cast<int>(room >> 20),
               host.context_suffix().c_str());
    std::abort();   // (luaL_error does not return)
}

void get_props_field(lua_State* L, int t, std::vector<std::pair<std::string, Value>>& props) {
    t = lua_absindex(L, t);
    props.clear();
    std::size_t copied = 0;
    if (lua_getfield(L, t, "props") == LUA_TTABLE) {
        readonly_view_unwrap(L, -1);   // props = cards.get(k).props reads like the table
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            if (lua_type(L, -2) != LUA_TSTRING) luaL_error(L, "props keys must be strings");
            // A bad value: named, and the same one whatever order lua_next gives (props are sorted).
            if (!storable(L, -1)) {
                lua_pop(L, 2);
                raise_first_bad_field(L, lua_gettop(L));
            }
            const std::size_t text = lua_type(L, -1) == LUA_TSTRING ? lua_rawlen(L, -1) : 0;
            copied = room_for_copy(L, copied, lua_rawlen(L, -2) + text + sizeof(Value), "field 'props'");
            Value v = to_value(L, -1);   // before the key's std::string exists: to_value may raise
            props.emplace_back(lua_tostring(L, -2), std::move(v));
            lua_pop(L, 1);
        }
    } else if (!lua_isnil(L, -1)) {
        luaL_error(L, "field 'props' must be a table {key = value}");
    }
    lua_pop(L, 1);
    std::sort(props.begin(), props.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
}

void get_tags_field(lua_State* L, int t, std::vector<std::string>& tags) {
    t = lua_absindex(L, t);
    tags.clear();
    if (lua_getfield(L, t, "tags") == LUA_TTABLE) {
        readonly_view_unwrap(L, -1);   // tags = cards.get(k).tags reads like the table
        const lua_Integer n = luaL_len(L, -1);
        std::size_t copied = 0;
        for (lua_Integer i = 1; i <= n; ++i) {
            if (lua_rawgeti(L, -1, i) != LUA_TSTRING) luaL_error(L, "tags[%d] must be a string", static_cast<int>(i));
            copied = room_for_copy(L, copied, lua_rawlen(L, -1) + sizeof(std::string), "field 'tags'");
            tags.push_back(lua_tostring(L, -1));
            lua_pop(L, 1);
        }
    } else if (!lua_isnil(L, -1)) {
        luaL_error(L, "field 'tags' must be a list of strings");
    }
    lua_pop(L, 1);
}

std::vector<std::pair<std::string, Value>> get_props_field(lua_State* L, int t) {
    t = lua_absindex(L, t);
    auto& props = push_owned<std::vector<std::pair<std::string, Value>>>(L);
    get_props_field(L, t, props);
    auto out = std::move(props);
    lua_pop(L, 1);
    return out;
}

std::vector<std::string> get_tags_field(lua_State* L, int t) {
    t = lua_absindex(L, t);
    auto& tags = push_owned<std::vector<std::string>>(L);
    get_tags_field(L, t, tags);
    auto out = std::move(tags);
    lua_pop(L, 1);
    return out;
}

void register_module(lua_State* L, int env, const char* name, const luaL_Reg* funcs) {
    env = lua_absindex(L, env);
    lua_newtable(L);
    luaL_setfuncs(L, funcs, 0);
    name_functions(L, -1, name);    // errors say 'board.advance', not 'advance' (error_names.h)
    sandbox_push_readonly(L, -1);   // scripts share modules, so none may change one
    lua_setfield(L, env, name);
    lua_pop(L, 1);
}

}  // namespace duelbox
