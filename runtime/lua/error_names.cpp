// error_names.cpp - see error_names.h.
#include "error_names.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "host.h"

namespace duelbox {

namespace {

const char* const kNamesKey = "duelbox.function_names";   // registry: C function -> "module.name"

// Pushes the names table, creating it on first use.
void push_names(lua_State* L) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, kNamesKey) == LUA_TTABLE) return;
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, kNamesKey);
}

// `text` found in `msg` where Lua puts it: at the start, or right after luaL_where's "file:line: ".
const char* find_at_start(const char* msg, const char* text) {
    const char* p = std::strstr(msg, text);
    if (!p) return nullptr;
    if (p == msg || (p - msg >= 2 && p[-2] == ':' && p[-1] == ' ')) return p;
    return nullptr;
}

bool same(const char* p, const char* end, const char* name) {
    return std::strlen(name) == static_cast<std::size_t>(end - p) && std::strncmp(p, name, end - p) == 0;
}

// Does the quoted name at `p` (up to the next ') match what Lua printed for this function?
// Called from C (pcall(zone.move, ...)) there is no call-site name, and Lua printed '?' or
// found the function in a loaded library ('string.rep', the qualified name already).
const char* match_name(const char* p, const char* lua_name, const char* qualified) {
    const char* end = std::strchr(p, '\'');
    if (!end) return nullptr;
    if (lua_name ? !same(p, end, lua_name) : !same(p, end, "?") && !same(p, end, qualified)) return nullptr;
    return end;
}

// Pushes the rewritten message, or returns false (nothing pushed) when `msg` is not Lua's
// bad-argument message for a function Lua called `lua_name`.
bool push_qualified(lua_State* L, const char* msg, const char* lua_name, bool method, const char* qualified) {
    if (const char* p = find_at_start(msg, "bad argument #")) {
        const char* q = p + std::strlen("bad argument #");
        int n = 0;
        while (*q >= '0' && *q <= '9' && n < 100000) n = n * 10 + (*q++ - '0');
        if (n == 0 || std::strncmp(q, " to '", 5) != 0) return false;
        const char* end = match_name(q + 5, lua_name, qualified);
        if (!end || std::strncmp(end, "' (", 3) != 0) return false;
        lua_pushlstring(L, msg, p - msg);
        // Lua does not count self in a method call; the qualified name takes it as argument #1.
        lua_pushfstring(L, "bad argument #%d to '%s'", method ? n + 1 : n, qualified);
        lua_pushstring(L, end + 1);
        lua_concat(L, 3);
        return true;
    }
    if (!method) return false;
    if (const char* p = find_at_start(msg, "calling '")) {
        const char* end = match_name(p + std::strlen("calling '"), lua_name, qualified);
        if (!end || std::strncmp(end, "' on bad self (", 15) != 0) return false;
        lua_pushlstring(L, msg, p - msg);
        lua_pushfstring(L, "bad argument #1 to '%s' ", qualified);
        lua_pushstring(L, end + std::strlen("' on bad self "));
        lua_pushliteral(L, " (a ':' call passes the value before ':' as argument #1)");
        lua_concat(L, 4);
        return true;
    }
    return false;
}

// An error the VM raised while a C function ran ("attempt to compare number with nil" inside
// math.min or table.sort): Lua gives such a message a place only when the running function is
// a Lua one, so it names no line at all.
bool placeless_vm_error(const char* msg) {
    return std::strncmp(msg, "attempt to ", 11) == 0 || std::strncmp(msg, "number has no integer representation", 36) == 0;
}

}  // namespace

std::string lua_place(lua_State* L, int level) {
    lua_Debug ar;
    constexpr int kLevelsLookedAt = 16;   // a C caller or two, never a deep walk
    for (int at = level; at < level + kLevelsLookedAt && lua_getstack(L, at, &ar); ++at)
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0)
            return std::string(ar.short_src) + ":" + std::to_string(ar.currentline) + ": ";
    return {};
}

void name_functions(lua_State* L, int table, const char* prefix) {
    table = lua_absindex(L, table);
    std::vector<std::string> keys;
    lua_pushnil(L);
    while (lua_next(L, table)) {
        if (lua_type(L, -2) == LUA_TSTRING && lua_iscfunction(L, -1)) keys.emplace_back(lua_tostring(L, -2));
        lua_pop(L, 1);
    }
    std::sort(keys.begin(), keys.end());   // lua_next order varies between runs
    push_names(L);
    const int names = lua_gettop(L);
    for (const std::string& key : keys) {
        lua_getfield(L, table, key.c_str());
        lua_pushvalue(L, -1);
        if (lua_rawget(L, names) != LUA_TNIL) {   // already named: the first name stays
            lua_pop(L, 2);
            continue;
        }
        lua_pop(L, 1);
        const std::string qualified = prefix && *prefix ? std::string(prefix) + "." + key : key;
        lua_pushstring(L, qualified.c_str());
        lua_rawset(L, names);
    }
    lua_pop(L, 1);
}

std::string recorded_function_name(lua_State* L, int idx) {
    idx = lua_absindex(L, idx);
    std::string name;
    if (lua_getfield(L, LUA_REGISTRYINDEX, kNamesKey) == LUA_TTABLE) {
        lua_pushvalue(L, idx);
        if (lua_rawget(L, -2) == LUA_TSTRING) name = lua_tostring(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return name;
}

void qualify_error(lua_State* L, int level) {
    // match.finish ending the rules is not an error anyone reads: no names, no stack (a
    // traceback a match cost 300 k instructions, 4% of a bench of short matches).
    if (lua_type(L, -1) != LUA_TSTRING) return;
    if (const LuaHost* h = *static_cast<LuaHost**>(lua_getextraspace(L)); h && h->finish_in_flight()) return;
    // Lua's own "C stack overflow" carries no place: a script's pcall that catches it would read
    // where nothing says (the runner names the line for an uncaught one: script_call.cpp).
    if (std::strcmp(lua_tostring(L, -1), "C stack overflow") == 0) {
        LuaHost* host = *static_cast<LuaHost**>(lua_getextraspace(L));
        const bool capped = host && host->memory_cap_enforced();
        if (host) host->enforce_memory_cap(false);   // (as below: no refused allocation here)
        {
            const std::string place = lua_place(L, level);
            if (!place.empty()) {
                lua_pushstring(L, place.c_str());
                lua_insert(L, -2);
                lua_concat(L, 2);
            }
        }
        if (host) host->enforce_memory_cap(capped);
        return;
    }
    lua_Debug ar;
    if (!lua_getstack(L, level, &ar) || !lua_getinfo(L, "nf", &ar)) return;
    if (!lua_iscfunction(L, -1)) {   // a Lua function's errors are not argument checks
        lua_pop(L, 1);
        return;
    }
    if (placeless_vm_error(lua_tostring(L, -2))) {   // name the line that called the C function, as luaL_error would
        LuaHost* host = *static_cast<LuaHost**>(lua_getextraspace(L));
        const bool capped = host && host->memory_cap_enforced();
        if (host) host->enforce_memory_cap(false);   // (as below: no refused allocation here)
        {
            const std::string place = lua_place(L, level + 1);
            if (!place.empty()) {
                lua_pushstring(L, place.c_str());
                lua_pushvalue(L, -3);
                lua_concat(L, 2);
                lua_replace(L, -3);
            }
        }
        if (host) host->enforce_memory_cap(capped);
        lua_pop(L, 1);
        return;
    }
    if (lua_getfield(L, LUA_REGISTRYINDEX, kNamesKey) != LUA_TTABLE) {
        lua_pop(L, 2);
        return;
    }
    lua_pushvalue(L, -2);
    lua_rawget(L, -2);                                  // msg fn names qualified
    const char* qualified = lua_tostring(L, -1);
    const bool method = ar.namewhat && std::strcmp(ar.namewhat, "method") == 0;
    // The message may be rewritten right at the memory cap: a refused allocation here would
    // turn the script's error into "error in error handling".
    LuaHost* host = *static_cast<LuaHost**>(lua_getextraspace(L));
    const bool capped = host && host->memory_cap_enforced();
    if (host) host->enforce_memory_cap(false);
    if (qualified && push_qualified(L, lua_tostring(L, -4), ar.name, method, qualified)) lua_replace(L, -5);
    if (host) host->enforce_memory_cap(capped);
    lua_pop(L, 3);
}

int error_name_handler(lua_State* L) {
    qualify_error(L, 1);   // level 0 is this handler; level 1 raised the error
    return 1;
}

}  // namespace duelbox
