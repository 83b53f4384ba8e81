// lua_util.h - what every binding shares: finding the host, checking arguments the same
// way everywhere, stamping the script's file:line on the events it causes, and turning
// a KernelError into a Lua error outside of any C++ catch block.
#pragma once
#include <lua.hpp>

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "kernel/ids.h"
#include "kernel/match.h"
#include "kernel/value.h"

namespace duelbox {

class LuaHost;

// The host lives in the state's extra space, which every coroutine inherits.
LuaHost& host_of(lua_State* L);
// The running match, or a Lua error saying none is running (e.g. while cards load).
Match& match_of(lua_State* L);
// Raises again the error no script may catch that is on its way up (host.h, unwinding()), if
// one is: what starts new script work (pcall, xpcall) calls it, so a to-be-closed variable's
// __close cannot turn the unwinding into fresh protected calls.
void refuse_while_unwinding(lua_State* L);
// Stamps the calling script line (level 1) as the source of the next kernel events.
void stamp_source(lua_State* L, Match& m);
// Pushes and returns value `idx` as plain text for an error message: a string or a number as it
// is, true, false or nil, any other value by its type alone ("table"). No metamethod runs (a
// broken __tostring must not fail the message) and no address shows: Lua's "table: 0x55..."
// differs between runs, and a script that caught the message could steer on it.
const char* push_plain(lua_State* L, int idx);
// luaL_checkstring for a text the kernel keeps as a name (a prop, tag, counter or flag key, an
// event type or template): a NUL byte inside is refused, where it would silently end the name
// ("hp\0x" set "hp").
const char* check_text(lua_State* L, int arg);

// Kernel work a call does in proportion to what the match holds (the entities of a zone it
// scans or shifts, an entity's props or tags, the match's scratch values, effects or handlers)
// is charged to the instruction budget, one unit an element: the hook counts Lua's own
// instructions only, and a one-line loop over such a call on a zone of 100,000 entities ran
// for minutes under a budget of 50 million. A call that touches at most kFreeWork elements pays
// nothing, so the small lists of real rules never do. Raises the budget error as the hook does,
// naming the caller's line: call it before kernel_call, with no C++ object alive in the frame.
constexpr std::size_t kFreeWork = 64;
void charge_instructions(lua_State* L, std::int64_t units);   // script_call.h
inline void charge_work(lua_State* L, std::size_t elements) {
    if (elements > kFreeWork) charge_instructions(L, static_cast<std::int64_t>(std::min<std::size_t>(elements, INT64_MAX)));
}
// The same for the list (a table) at stack slot `idx` that the binding reads: a list made once
// and passed again and again costs the script nothing more each time, so its reading is
// charged. By its raw length, what is stored: a __len that claims billions is not believed.
// Returns that raw length.
inline std::size_t charge_list(lua_State* L, int idx) {
    const std::size_t n = lua_rawlen(L, idx);
    charge_work(L, n);
    return n;
}

// Argument checks, in Lua's own message format; the host names the function as the API
// reference does (error_names.h): "bad argument #2 to 'zone.move' (...)".
EntityId check_entity(lua_State* L, int arg, const Match& m);
ZoneId check_zone(lua_State* L, int arg, const Match& m);
SpaceId check_space(lua_State* L, int arg, const Match& m);
PlayerIndex check_player(lua_State* L, int arg, const Match& m);       // 1-based in Lua
// The same checks for a value at stack slot `idx` that came from argument `arg` (a field of
// an options table, an entry of a list): errors name argument `arg` and `what` ("field 'zone'").
EntityId check_entity_at(lua_State* L, int idx, int arg, const char* what, const Match& m);
ZoneId check_zone_at(lua_State* L, int idx, int arg, const char* what, const Match& m);
SpaceId check_space_at(lua_State* L, int idx, int arg, const char* what, const Match& m);
PlayerIndex check_player_at(lua_State* L, int idx, int arg, const char* what, const Match& m);
// The quick path of the *_at checks: true, with the id in `out`, when the value at `idx` is an
// integer (a Lua integer, not a float or a string) in [lo, hi]; anything else is left to the
// check that names the problem.
inline bool integer_in(lua_State* L, int idx, lua_Integer lo, lua_Integer hi, lua_Integer& out) {
    if (!lua_isinteger(L, idx)) return false;
    out = lua_tointeger(L, idx);
    return out >= lo && out <= hi;
}
// A 32-bit id (handler, effect) from an integer argument; false when out of range (no such id).
bool to_id(lua_State* L, int arg, std::uint32_t& out);
PlayerIndex opt_player(lua_State* L, int arg, const Match& m);         // nil -> kNoPlayer
// The player at the top of the stack, an entry of the list passed as argument `arg`.
PlayerIndex check_player_entry(lua_State* L, int arg, const Match& m);
std::int64_t check_int(lua_State* L, int arg);
std::string check_string(lua_State* L, int arg);
// A string field of table `t` that must be one of `valid` (listed in the error).
Value to_value(lua_State* L, int idx);                                // nil/boolean/integer/string; else error
// to_value in two steps, for a binding that keeps no C++ object across a raise: check_storable
// raises what to_value would (and makes nothing); stored_value then never raises, so it may run
// inside kernel_call, whose C++ exceptions unwind the Value it made.
void check_storable(lua_State* L, int idx);
Value stored_value(lua_State* L, int idx);                            // after check_storable(L, idx)
// Whether check_storable(L, idx) would pass (raises nothing).
bool storable(lua_State* L, int idx);
// For a table of named values (an event's fields, props) in which a walk met a bad entry: raises
// for the bad entry whose name sorts first, naming it ("field 'alpha': a table cannot be stored"),
// so the message does not follow lua_next's order, which Lua's per-process hash seed changes.
// A key that is not a string (or holds a NUL) sorts before every name. `t` is absolute.
[[noreturn]] void raise_first_bad_field(lua_State* L, int t);
void push_value(lua_State* L, const Value& v);
void push_player(lua_State* L, PlayerIndex p);                        // 1-based, or nil

// A position in a zone: nil/"top", "bottom", or an integer 1..slots (1 = top), where `slots`
// is how many positions the entity could take there.
Where lua_check_where(lua_State* L, int arg, std::size_t slots);

// Before a binding copies `more` bytes of script text into C++ memory, having copied `copied`
// in this call: raises the memory cap's error, naming `what`, when the call's copies would pass
// what the cap leaves, and returns copied + more. The copies live in an object the collector
// frees (push_owned), whose heap Lua's accounting never sees: one string a list names a
// thousand times is a thousand copies (a red team, 2026-11-30: 1 GB under a 64 MB cap), and a
// call that fails after copying leaves them as garbage. So once a call has copied kCopyCollectAt
// it first runs a full collection, freeing what earlier calls left (a review: a pcall loop of
// such calls held 634 MB).
std::size_t room_for_copy(lua_State* L, std::size_t copied, std::size_t more, const char* what);
inline constexpr std::size_t kCopyCollectAt = std::size_t{1} << 20;

// Reads table field `props` ({key = value}) sorted by key (pairs() order varies between runs)
// and field `tags` (a list of strings) of the table at `t`; raises on bad entries.
std::vector<std::pair<std::string, Value>> get_props_field(lua_State* L, int t);
std::vector<std::string> get_tags_field(lua_State* L, int t);
// The same, read into `out` (cleared first): a binding passes an object it made with
// push_owned, so what was read is freed if a later check raises.
void get_props_field(lua_State* L, int t, std::vector<std::pair<std::string, Value>>& out);
void get_tags_field(lua_State* L, int t, std::vector<std::string>& out);
// Pushes a list of integer ids (entities, spaces, handlers) as a Lua sequence.
template <class Id>
void push_id_list(lua_State* L, const std::vector<Id>& ids) {
    lua_createtable(L, static_cast<int>(ids.size()), 0);
    for (std::size_t i = 0; i < ids.size(); ++i) {
        lua_pushinteger(L, static_cast<lua_Integer>(ids[i]));
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
}

// The string / integer at stack slot `idx`, named `key` in the error, into `out`; false when it
// is nil. A value of another type raises "field 'key' must be a string (got ...)".
bool string_at(lua_State* L, int idx, const char* key, std::string& out);
bool int_at(lua_State* L, int idx, const char* key, std::int64_t& out);
// Field helpers for option tables ({kind = "x", limit = 1}): string_at / int_at of field `key`.
bool get_field_int(lua_State* L, int t, const char* key, std::int64_t& out);
bool get_field_string(lua_State* L, int t, const char* key, std::string& out);
// String field `key` of the table at `t` (an absolute index), or `def` when it is nil; errors
// as get_field_string. Pushes the field's value, which keeps the string alive: nothing on the
// C++ heap, so a later check may raise. The caller pops it.
const char* push_field_string(lua_State* L, int t, const char* key, const char* def);

// -- C++ objects and Lua errors ----------------------------------------------------------
// Lua is compiled as C: lua_error, luaL_error, luaL_argerror, a failed luaL_check* and
// lua_yield leave a binding by longjmp, which skips the destructor of every C++ object in
// the frames it leaves. A std::string or std::vector alive at that moment leaks its memory.
// So a binding keeps no heap-owning C++ object in its own frame across anything that can
// raise (an argument check, kernel_call, a call into Lua). Two ways:
//  - an object it fills while still checking (the options of a decide, the fields of an
//    event) is made with push_owned: it lives in Lua memory and the collector destroys it,
//    whether the binding returns, raises or yields;
//  - a message built in C++ is pushed on the Lua stack inside a block that ends before the
//    raise (kernel_call below is the model).

namespace detail {
template <class T>
int owned_gc(lua_State* L) {
    static_cast<T*>(lua_touserdata(L, 1))->~T();
    return 0;
}
template <class T>
inline char owned_meta_key = 0;   // its address keys T's metatable in the registry
}  // namespace detail

// Pushes a full userdata holding a value-initialised T and returns the T; its destructor
// runs when the collector frees the userdata. Call it after lua_settop(L, <the binding's
// last argument>) once the checks that tell a missing argument ("no value") from nil are
// done, so it never stands in an argument's slot.
template <class T>
T& push_owned(lua_State* L) {
    static_assert(alignof(T) <= alignof(void*) || alignof(T) <= alignof(lua_Number), "Lua aligns userdata for these only");
    T* object = new (lua_newuserdatauv(L, sizeof(T), 0)) T();
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &detail::owned_meta_key<T>) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_createtable(L, 0, 2);
        lua_pushcfunction(L, detail::owned_gc<T>);
        lua_setfield(L, -2, "__gc");
        lua_pushliteral(L, "locked");   // no script reaches the finalizer (see lua_offers.cpp's handle)
        lua_setfield(L, -2, "__metatable");
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &detail::owned_meta_key<T>);
    }
    lua_setmetatable(L, -2);
    return *object;
}

// The object of type T the registry keeps under `key` (an address), made (push_owned) on first
// use: host-wide data a binding keeps with the Lua state and that is freed with it.
template <class T>
T& registry_object(lua_State* L, const void* key) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) == LUA_TUSERDATA) {
        auto* object = static_cast<T*>(lua_touserdata(L, -1));
        lua_pop(L, 1);
        return *object;
    }
    lua_pop(L, 1);
    T& object = push_owned<T>(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, key);
    return object;
}

// Runs `fn`; a KernelError becomes a Lua error carrying the script's file:line. The
// message is pushed inside a block that ends before lua_error, so its C++ copy is freed
// (and no catch block is left by longjmp). Objects `fn` makes are unwound by the C++
// exception; the caller's own objects must be push_owned (see above).
template <class Fn>
int kernel_call(lua_State* L, Fn&& fn) {
    int results = 0;
    bool failed = false;
    {
        std::string error;
        try {
            results = fn();
        } catch (const KernelError& e) {
            error = e.what();
        } catch (const std::exception& e) {
            error = std::string("internal error: ") + e.what();
        }
        if (!error.empty()) {
            luaL_where(L, 1);
            lua_pushlstring(L, error.data(), error.size());
            lua_concat(L, 2);
            failed = true;
        }
    }
    return failed ? lua_error(L) : results;
}

// Debug builds check that a block leaves the Lua stack as it found it.
class StackGuard {
public:
    explicit StackGuard(lua_State* L, int expected_change = 0) : L_(L), top_(lua_gettop(L)), change_(expected_change) {}
    ~StackGuard() { assert(lua_gettop(L_) == top_ + change_ && "Lua stack unbalanced - a push or pop is missing"); }
    StackGuard(const StackGuard&) = delete;
    StackGuard& operator=(const StackGuard&) = delete;

private:
    // (Read only by the assert: unused when NDEBUG removes it.)
    [[maybe_unused]] lua_State* L_;
    [[maybe_unused]] int top_;
    [[maybe_unused]] int change_;
};

// Registers a module table as a global of the sandbox base environment at index `env`.
void register_module(lua_State* L, int env, const char* name, const luaL_Reg* funcs);

}  // namespace duelbox
