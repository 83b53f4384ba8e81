#include "sandbox.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "bounded_library.h"
#include "error_names.h"
#include "host.h"
#include "kernel/match.h"
#include "kernel/printable.h"
#include "lua_util.h"
#include "metatable_watch.h"
#include "readonly_view.h"
#include "script_call.h"
#include "sorted_pairs.h"

namespace duelbox {

namespace {

const char* const kBaseKey = "duelbox.base";
const char* const kEnvMetaKey = "duelbox.envmeta";

// Base functions a script may use as they are. Left out on purpose: dofile, loadfile
// (file access), collectgarbage (lets a script stall or inspect the collector), rawset
// (would write through our read-only proxies), require/load/pcall/xpcall/print/tostring/pairs
// (replaced; pairs walks in a fixed order, sorted_pairs.h).
// next is replaced too: it walks read-only views (readonly_view.h) in pairs' order.
const char* const kSafeBase[] = {"assert",   "error",  "getmetatable", "ipairs", "rawequal",
                                 "rawget",   "rawlen", "select",       "tonumber", "type",
                                 "_VERSION"};

// setmetatable without finalizers or weak modes: a __gc runs whenever the collector decides, possibly
// outside any budgeted call, where an endless loop could not be stopped. (Lua marks an
// object for finalization only if __gc is present when the metatable is set.)
int sandbox_setmetatable(lua_State* L) {
    // As the base library's setmetatable, so errors name the script's line.
    const int t = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL) return luaL_error(L, "cannot change a protected metatable");
    if (t == LUA_TTABLE && lua_getfield(L, 2, "__gc") != LUA_TNIL)
        return luaL_error(L, "setmetatable: __gc metamethods are not allowed in scripts (finalizers run outside "
                             "the instruction budget)");
    // A weak table loses entries when the collector runs, which depends on everything the
    // host allocated before (a reused host differs from a fresh one): not deterministic.
    if (t == LUA_TTABLE && lua_getfield(L, 2, "__mode") != LUA_TNIL)
        return luaL_error(L, "setmetatable: __mode (weak tables) is not allowed in scripts (entries vanish when the "
                             "collector runs, which differs between runs)");
    if (t == LUA_TTABLE) track_metatable(L, 2);
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}
// -- what is missing on purpose, with an error that says so ----------------------------

// Libraries a script might reach for out of habit; each is a table that refuses every use.
const char* const kForbiddenLibs[] = {"io", "os", "debug", "package", "coroutine", "utf8"};
// Base functions left out; each is a function that refuses.
const char* const kForbiddenFunctions[] = {"dofile", "loadfile", "collectgarbage", "rawset", "loadstring", "module"};

int forbidden_lib_index(lua_State* L) {
    const char* lib = lua_tostring(L, lua_upvalueindex(1));
    const char* key = push_plain(L, 2);
    return luaL_error(L, "%s.%s is not available: scripts run in a sandbox with no file, OS, debug or coroutine access "
                         "(base, string, table and math only)", lib, key);
}

int forbidden_function(lua_State* L) {
    return luaL_error(L, "%s is not available: scripts run in a sandbox (no file access, no garbage-collector "
                         "control, no raw writes to shared tables)", lua_tostring(L, lua_upvalueindex(1)));
}

void add_forbidden(lua_State* L, int base) {
    for (const char* lib : kForbiddenLibs) {
        lua_newtable(L);
        lua_createtable(L, 0, 2);
        lua_pushstring(L, lib);
        lua_pushcclosure(L, forbidden_lib_index, 1);
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, "__index");
        lua_setfield(L, -2, "__newindex");
        lua_pushliteral(L, "locked");
        lua_setfield(L, -2, "__metatable");
        lua_setmetatable(L, -2);
        lua_setfield(L, base, lib);
    }
    for (const char* fn : kForbiddenFunctions) {
        lua_pushstring(L, fn);
        lua_pushcclosure(L, forbidden_function, 1);
        lua_setfield(L, base, fn);
    }
}

// -- read-only proxies -----------------------------------------------------------------

int readonly_newindex(lua_State* L) {
    return luaL_error(L, "attempt to change a shared library table (field '%s'); keep your own copy instead",
                      push_plain(L, 2));
}

// The iterator keeps the hidden table as its upvalue and walks it whatever state it is given:
// pairs() must not return the table itself, or `local _, raw = pairs(string)` could write it.
int readonly_next(lua_State* L) {
    lua_settop(L, 2);
    return lua_next(L, lua_upvalueindex(1)) ? 2 : (lua_pushnil(L), 1);
}

int readonly_len(lua_State* L) {
    lua_getmetatable(L, 1);
    lua_getfield(L, -1, "__index");
    lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, -1)));
    return 1;
}

int readonly_pairs(lua_State* L) {
    lua_getmetatable(L, 1);
    lua_getfield(L, -1, "__index");
    lua_pushcclosure(L, readonly_next, 1);
    lua_pushvalue(L, 1);                   // the state is the proxy, not the table behind it
    lua_pushnil(L);
    return 3;
}

// -- load: text only, always sandboxed -----------------------------------------------------

int sandbox_load_fn(lua_State* L) {
    std::size_t len = 0;
    const char* text = lua_tolstring(L, 1, &len);
    if (!text) return luaL_argerror(L, 1, "string expected (loading from a function is not supported)");
    const char* name = luaL_optstring(L, 2, "=(load)");
    const char* mode = luaL_optstring(L, 3, "t");
    if (!std::strchr(mode, 't')) return luaL_argerror(L, 3, "only text chunks may be loaded (mode 't')");
    lua_settop(L, 4);   // the env argument stays at 4 whatever is pushed next
    // A name's control bytes are written out: a newline in it would put a forged place
    // ("cards/x.lua:5:") at the start of a line of every error the chunk raises.
    if (const std::string shown = printable_name(name); shown != name) name = lua_pushstring(L, shown.c_str());
    // A chunk named as a file ("@cards/x/y.lua", "=scripts/...", "=mod:m/cards/...") would make its
    // errors and the events it logs name that file, another card's: a name Lua would show as a
    // file (a leading @, or a leading = with a path's / : or . in it) is shown as "(load) ..."
    // instead. A plain "=name" ("=snippet", a drill's) stays as it is.
    const bool file_like = name[0] == '@' || (name[0] == '=' && std::strpbrk(name + 1, "/:.\\") != nullptr &&
                                              std::strncmp(name, "=(load)", 7) != 0);
    if (file_like) name = lua_pushfstring(L, "=(load) %s", name + 1);
    if (luaL_loadbufferx(L, text, len, name, "t") != LUA_OK) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    if (!lua_isnoneornil(L, 4)) lua_pushvalue(L, 4);
    else sandbox_new_env(L);
    lua_setupvalue(L, -2, 1);
    return 1;
}

// -- tostring without addresses ------------------------------------------------------------

// Lua shows a table as "table: 0x55d0c3a1e2f0", which differs between runs: a log line, or a
// decision keyed on it, would too (#16.14). A value with __tostring is shown by it; any other
// table, function, userdata or thread shows its __name or its type alone.
const char* push_shown(lua_State* L, int idx) {
    idx = lua_absindex(L, idx);
    const int t = lua_type(L, idx);
    const bool addressed = t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TUSERDATA || t == LUA_TTHREAD ||
                           t == LUA_TLIGHTUSERDATA;
    if (!addressed) return luaL_tolstring(L, idx, nullptr);
    if (luaL_getmetafield(L, idx, "__tostring") != LUA_TNIL) {
        lua_pop(L, 1);
        return luaL_tolstring(L, idx, nullptr);
    }
    const int name = luaL_getmetafield(L, idx, "__name");
    if (name == LUA_TSTRING) return lua_tostring(L, -1);
    if (name != LUA_TNIL) lua_pop(L, 1);
    lua_pushstring(L, luaL_typename(L, idx));
    return lua_tostring(L, -1);
}

int sandbox_tostring(lua_State* L) {
    luaL_checkany(L, 1);
    push_shown(L, 1);
    return 1;
}

// string.format with the same rule: "%s" of such a value shows no address, "%p" is refused.
// Lua's own format (upvalue 1) does the rest.
int sandbox_format(lua_State* L) {
    std::size_t lf = 0;
    const char* f = lua_type(L, 1) == LUA_TSTRING ? lua_tolstring(L, 1, &lf) : nullptr;
    int arg = 1;
    for (std::size_t i = 0; f && i < lf; ++i) {
        if (f[i] != '%') continue;
        if (++i < lf && f[i] == '%') continue;
        ++arg;
        while (i < lf && std::strchr("-+ #0123456789.", f[i])) ++i;
        if (i < lf && f[i] == 'p') return luaL_argerror(L, arg, "'%p' shows an address, which differs between runs");
        if (i < lf && f[i] == 's' && arg <= lua_gettop(L) && lua_type(L, arg) != LUA_TSTRING &&
            lua_type(L, arg) != LUA_TNUMBER) {
            push_shown(L, arg);
            lua_replace(L, arg);
        }
    }
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

// -- print: goes to the event log, so it shows in the CLI, the editor and replays ---------

int sandbox_print(lua_State* L) {
    // The text is joined in a Lua buffer: a __tostring that raises must not leak a std::string.
    const int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; ++i) {
        if (i > 1) luaL_addchar(&b, '\t');
        push_shown(L, i);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    // The log keeps every line outside the Lua heap, where the memory cap does not count it
    // (#16.7): one line may not be a megabyte.
    constexpr std::size_t kMaxPrint = 16 * 1024;
    if (lua_rawlen(L, -1) > kMaxPrint)
        return luaL_error(L, "print: a line of %I bytes is longer than %I (the match log keeps every line)",
                          static_cast<lua_Integer>(lua_rawlen(L, -1)), static_cast<lua_Integer>(kMaxPrint));
    const char* text = lua_tostring(L, -1);   // (cut at a NUL byte, as before)
    LuaHost& host = host_of(L);
    Match* m = host.match();
    if (!m) {
        // While files load, or a tool runs scripts with no match: to stderr, up to a bound, so a
        // card printing in a loop at its top level cannot write gigabytes (every bench worker
        // and `check` load the files).
        switch (host.take_unattached_print(std::strlen(text) + 1)) {
            case LuaHost::PrintRoom::Yes: std::fprintf(stderr, "[script print, no match running] %s\n", text); break;
            case LuaHost::PrintRoom::Last:
                std::fprintf(stderr, "[script print, no match running] (further lines dropped: %zu KB printed)\n",
                             LuaHost::kUnattachedPrintBytes >> 10);
                break;
            case LuaHost::PrintRoom::No: break;
        }
        return 0;
    }
    if (host.unwinding()) (void)match_of(L);   // raises that error again (host.h, unwinding())
    return kernel_call(L, [&] {
        stamp_source(L, *m);
        m->emit_news("script.print", "{text}", {FieldIn{"text", std::string_view(text), kEveryone}});
        return 0;
    });
}

// -- math.random from the match's RNG ------------------------------------------------------

int sandbox_random(lua_State* L) {
    Match& m = match_of(L);
    std::int64_t lo = 1, hi = 0;
    switch (lua_gettop(L)) {
        case 0: {
            const double r = static_cast<double>(m.rng().next() >> 11) * (1.0 / 9007199254740992.0);
            lua_pushnumber(L, r);
            return 1;
        }
        case 1: hi = luaL_checkinteger(L, 1); break;
        case 2:
            lo = luaL_checkinteger(L, 1);
            hi = luaL_checkinteger(L, 2);
            break;
        default: return luaL_error(L, "wrong number of arguments to 'math.random'");
    }
    luaL_argcheck(L, lo <= hi, lua_gettop(L), "interval is empty");
    lua_pushinteger(L, m.rng().uniform(lo, hi));
    return 1;
}

int sandbox_randomseed(lua_State* L) {
    return luaL_error(L, "math.randomseed is not available: the match's seed decides every random draw");
}

// -- require: only the game's own folders -----------------------------------------------

bool valid_module_name(const std::string& name) {
    if (name.empty() || name.front() == '.' || name.back() == '.') return false;
    char prev = 0;
    for (char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
        if (!ok || (c == '.' && prev == '.')) return false;
        prev = c;
    }
    return true;
}

// Pushes the file path of module `name` ("scripts/core/x.lua"), or returns false (nothing
// pushed) when `name` is outside the game's folders.
bool push_module_path(lua_State* L, const std::string& name, const std::string& game) {
    std::string path;
    auto starts = [&](const std::string& prefix) { return name.rfind(prefix, 0) == 0 && name.size() > prefix.size(); };
    if (valid_module_name(name)) {
        if (starts("core.")) path = "scripts/core/" + name.substr(5);
        else if (!game.empty() && starts(game + ".")) path = "scripts/" + game + "/" + name.substr(game.size() + 1);
        else if (!game.empty() && starts("cards." + game + "."))
            path = "cards/" + game + "/" + name.substr(game.size() + 7);
    }
    if (path.empty()) return false;
    for (char& c : path)
        if (c == '.') c = '/';
    path += ".lua";
    lua_pushlstring(L, path.data(), path.size());
    return true;
}

// Every script that requires a module shares it, so it is handed out read-only: a card
// replacing verbs.take_damage would change every later match on the host. Module functions
// are looked up in every beat, so the front is a shallow proxy whose __index is a table (Lua's
// fast path, no C call) holding the module's fields as they were when it finished loading;
// its table fields are read-only views at every depth (readonly_view.h).
void push_module_front(lua_State* L, int module, const char* name) {
    module = lua_absindex(L, module);
    lua_newtable(L);
    const int front = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, module)) {
        if (lua_istable(L, -1)) {
            if (lua_type(L, -2) == LUA_TSTRING) lua_pushfstring(L, "require('%s').%s", name, lua_tostring(L, -2));
            else lua_pushfstring(L, "require('%s')[...]", name);
            readonly_view_push(L, -2, "modules are shared by every script and every match; they are read-only",
                               lua_tostring(L, -1));
            lua_replace(L, -3);
            lua_pop(L, 1);
        }
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, front);
    }
    sandbox_push_readonly(L, front);
    lua_remove(L, front);
}

// No C++ string lives across a raise or the module's body (lua_call): the name and path
// stay on the Lua stack, the file's bytes end with the block that loads them.
int sandbox_require(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    lua_settop(L, 1);
    LuaHost& host = host_of(L);
    const char* game = host.game().c_str();
    if (!push_module_path(L, name, host.game()))
        return luaL_error(L, "require '%s': only modules under 'core.', '%s.' or 'cards.%s.' may be required", name,
                          game, game);
    // A mod may provide the module (host.h, mods): read it from there. The path is a string
    // the host keeps, so nothing C++ owns is alive when pushing it might raise.
    if (const std::string* resolved = host.mod_script(lua_tostring(L, 2))) {
        lua_pushlstring(L, resolved->data(), resolved->size());
        lua_replace(L, 2);
    }
    const char* path = lua_tostring(L, 2);

    lua_getfield(L, LUA_REGISTRYINDEX, "duelbox.loaded");   // slot 3
    lua_getfield(L, -1, name);
    if (lua_toboolean(L, -1)) {
        if (lua_type(L, -1) == LUA_TLIGHTUSERDATA)
            return luaL_error(L, "require '%s': circular require (it is still loading)", name);
        return 1;
    }
    lua_pop(L, 1);
    bool unreadable = false;
    int status = LUA_OK;
    {
        std::string bytes;
        const std::string err = host.read_file(path, bytes);
        if (!err.empty()) {
            luaL_where(L, 1);   // the message luaL_error would make
            lua_pushfstring(L, "require '%s': %s", name, err.c_str());
            lua_concat(L, 2);
            unreadable = true;
        } else {
            lua_pushlightuserdata(L, &host);   // "loading" marker
            lua_setfield(L, 3, name);
            status = sandbox_load(L, bytes, std::string("@") + path);
        }
    }
    if (unreadable || status != LUA_OK) return lua_error(L);
    lua_getupvalue(L, 4, 1);   // the module's environment, frozen once it has run
    lua_insert(L, 4);
    lua_call(L, 0, 1);
    sandbox_freeze_env(L, 4);
    lua_remove(L, 4);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    if (lua_istable(L, -1)) {
        push_module_front(L, -1, name);
        lua_replace(L, -2);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, 3, name);
    return 1;
}

// Copies every field of the table at `src` except `skip` into a new table left on the stack.
void copy_table(lua_State* L, int src, const char* skip) {
    src = lua_absindex(L, src);
    lua_newtable(L);
    lua_pushnil(L);
    while (lua_next(L, src)) {
        if (lua_type(L, -2) == LUA_TSTRING && skip && std::strcmp(lua_tostring(L, -2), skip) == 0) {
            lua_pop(L, 1);
            continue;
        }
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_settable(L, -4);
    }
}

int frozen_global_newindex(lua_State* L) {
    return luaL_error(L, "cannot set global '%s' once its file has loaded: it would carry from one match to the next "
                         "on this host (keep match state in counters, flags or props; use a local for a helper)",
                      push_plain(L, 2));
}

}  // namespace

bool sandbox_refuses_writes(lua_CFunction f) {
    return f != nullptr && (f == readonly_newindex || f == frozen_global_newindex || f == forbidden_lib_index);
}

void sandbox_freeze_env(lua_State* L, int env) {
    env = lua_absindex(L, env);
    // The globals the file defined move behind the environment, so that assigning one of them
    // again reaches __newindex like a new one; _G (the environment itself) stays.
    lua_newtable(L);
    const int globals = lua_gettop(L);
    bool any = false;
    lua_pushnil(L);
    while (lua_next(L, env)) {
        if (lua_type(L, -2) == LUA_TSTRING && std::strcmp(lua_tostring(L, -2), "_G") == 0) {
            lua_pop(L, 1);
            continue;
        }
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, globals);
        any = true;
    }
    lua_pushnil(L);
    while (lua_next(L, globals)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, env);
    }
    lua_createtable(L, 0, 3);
    if (any) {   // reads: the file's globals, then the base (one more lookup only for such files)
        lua_getfield(L, LUA_REGISTRYINDEX, kEnvMetaKey);
        lua_setmetatable(L, globals);
        lua_pushvalue(L, globals);
    } else {
        sandbox_push_base(L);
    }
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, frozen_global_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, env);
    lua_settop(L, globals - 1);
}

void sandbox_push_readonly(lua_State* L, int idx) {
    idx = lua_absindex(L, idx);
    lua_newtable(L);                       // the proxy
    lua_createtable(L, 0, 5);              // its metatable
    lua_pushvalue(L, idx);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, readonly_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushcfunction(L, readonly_pairs);
    lua_setfield(L, -2, "__pairs");
    lua_pushcfunction(L, readonly_len);    // a module may be a list
    lua_setfield(L, -2, "__len");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
}

void sandbox_open(lua_State* L) {
    luaL_requiref(L, "_G", luaopen_base, 1);
    lua_pop(L, 1);
    luaL_requiref(L, "string", luaopen_string, 0);
    luaL_requiref(L, "table", luaopen_table, 0);
    luaL_requiref(L, "math", luaopen_math, 0);
    const int math = lua_gettop(L), table = math - 1, string = math - 2;

    lua_newtable(L);                       // the base environment
    const int base = lua_gettop(L);
    lua_pushglobaltable(L);
    for (const char* name : kSafeBase) {
        lua_getfield(L, -1, name);
        lua_setfield(L, base, name);
    }
    lua_pushcfunction(L, sandbox_setmetatable);
    lua_setfield(L, base, "setmetatable");
    lua_pop(L, 1);
    const luaL_Reg replaced[] = {{"pcall", sandbox_pcall},   {"xpcall", sandbox_xpcall},   {"load", sandbox_load_fn},
                                 {"print", sandbox_print},   {"require", sandbox_require}, {"next", sorted_next},
                                 {"tostring", sandbox_tostring}, {"pairs", sorted_pairs},     {nullptr, nullptr}};
    lua_pushvalue(L, base);
    luaL_setfuncs(L, replaced, 0);
    lua_pop(L, 1);
    lua_getfield(L, table, "unpack");
    lua_setfield(L, base, "unpack");
    add_forbidden(L, base);

    // string: no dump (binary chunks); the string metatable is locked so no script can
    // change what ("x"):upper() means for another.
    copy_table(L, string, "dump");
    const int string_copy = lua_gettop(L);
    bound_string_library(L, string_copy);   // no single call may run for ever (bounded_library.h)
    lua_getfield(L, string_copy, "format");
    lua_pushcclosure(L, sandbox_format, 1);
    lua_setfield(L, string_copy, "format");
    name_functions(L, -1, "string");   // errors say 'string.x' (error_names.h)
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushvalue(L, string_copy);
    lua_setfield(L, -2, "__index");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);
    sandbox_push_readonly(L, string_copy);
    lua_setfield(L, base, "string");
    lua_pop(L, 1);

    copy_table(L, table, nullptr);
    bound_table_library(L, -1);
    name_functions(L, -1, "table");   // errors say 'table.x' (error_names.h)
    sandbox_push_readonly(L, -1);
    lua_setfield(L, base, "table");
    lua_pop(L, 1);

    copy_table(L, math, "randomseed");
    lua_pushcfunction(L, sandbox_random);
    lua_setfield(L, -2, "random");
    lua_pushcfunction(L, sandbox_randomseed);
    lua_setfield(L, -2, "randomseed");
    name_functions(L, -1, "math");   // errors say 'math.x' (error_names.h)
    sandbox_push_readonly(L, -1);
    lua_setfield(L, base, "math");
    lua_pop(L, 1);

    lua_pushvalue(L, base);
    lua_setfield(L, LUA_REGISTRYINDEX, kBaseKey);
    lua_createtable(L, 0, 2);              // metatable shared by every chunk environment
    lua_pushvalue(L, base);
    lua_setfield(L, -2, "__index");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_setfield(L, LUA_REGISTRYINDEX, kEnvMetaKey);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "duelbox.loaded");

    // The real global table is never any script's environment; empty it anyway so a
    // mistake elsewhere cannot hand out the unsandboxed functions.
    lua_pushglobaltable(L);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, -4);
    }
    lua_pop(L, 1);
    lua_settop(L, string - 1);
}

void sandbox_new_env(lua_State* L) {
    lua_createtable(L, 0, 4);
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, "_G");
    lua_getfield(L, LUA_REGISTRYINDEX, kEnvMetaKey);
    lua_setmetatable(L, -2);
}

void sandbox_push_base(lua_State* L) { lua_getfield(L, LUA_REGISTRYINDEX, kBaseKey); }

bool sandbox_env_unfrozen(lua_State* L, int idx) {
    if (!lua_istable(L, idx) || !lua_getmetatable(L, idx)) return false;
    lua_getfield(L, LUA_REGISTRYINDEX, kEnvMetaKey);
    const bool fresh = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    return fresh;
}

int sandbox_load(lua_State* L, const std::string& text, const std::string& chunkname) {
    const int status = luaL_loadbufferx(L, text.data(), text.size(), chunkname.c_str(), "t");
    if (status != LUA_OK) return status;
    sandbox_new_env(L);
    lua_setupvalue(L, -2, 1);
    return LUA_OK;
}

}  // namespace duelbox
