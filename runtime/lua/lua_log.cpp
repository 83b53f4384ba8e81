// lua_log.cpp - module `log`: the rules' own events and narration.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>
#include <new>
#include <type_traits>

#include "error_names.h"
#include "host.h"
#include "lua_modules.h"
#include "lua_util.h"
#include "readonly_view.h"
#include "script_call.h"

namespace duelbox {

namespace {

// "all", a player, or a list of players at stack slot `idx` -> a mask. Errors name
// argument `arg` and `what` (the options field).
PlayerMask check_players(lua_State* L, int idx, int arg, const char* what, Match& m) {
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) == LUA_TSTRING && std::string_view(lua_tostring(L, idx)) == "all") return kEveryone;
    if (lua_isinteger(L, idx)) return mask_of(check_player_at(L, idx, arg, what, m));
    if (!lua_istable(L, idx))
        luaL_argerror(L, arg, lua_pushfstring(L, "%s: \"all\", a player or a list of players expected, got %s", what,
                                              luaL_typename(L, idx)));
    PlayerMask mask = kNobody;
    readonly_view_unwrap(L, idx);   // raw reads below
    const lua_Integer n = luaL_len(L, idx);
    charge_list(L, idx);
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, idx, i);
        mask |= mask_of(check_player_at(L, -1, arg, what, m));
        lua_pop(L, 1);
    }
    return mask;
}

// A field value read from slot `idx` as a view: a string stays in Lua (the fields table keeps
// it alive for the call), so nothing is copied and nothing on the C++ heap can leak if a later
// check raises.
FieldValue to_field_value(lua_State* L, int idx) {
    switch (lua_type(L, idx)) {
        case LUA_TSTRING: {
            std::size_t len = 0;
            const char* s = lua_tolstring(L, idx, &len);
            return std::string_view(s, len);
        }
        case LUA_TBOOLEAN: return lua_toboolean(L, idx) != 0;
        case LUA_TNUMBER:   // an integer directly, with no Value made and dropped; a float goes the long way
            if (lua_isinteger(L, idx)) return static_cast<std::int64_t>(lua_tointeger(L, idx));
            break;
        default: break;
    }
    const Value v = to_value(L, idx);   // nil, boolean, integer; raises for anything else
    if (const auto* b = std::get_if<bool>(&v)) return *b;
    if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
    return Nil{};
}

// At most this many fields per script event: the fields are read into a plain array on the C
// stack (views and integers, nothing to free if a check raises).
constexpr int kMaxEventFields = 64;

// Room for an event's fields on the C stack, left unconstructed: building 65 FieldIn (a variant
// each) on every call cost more than the rest of emitting an event.
union FieldSlots {
    FieldSlots() {}
    FieldIn at[kMaxEventFields + 1];
};

const FieldKey& rule_key() {
    static const FieldKey key{"rule"};
    return key;
}

// Reads fields (table at slot `fi`) and options (table at slot `oi`) into an event, then
// emits it. Slots are the script's argument numbers, so errors name the right argument.
int emit_event(lua_State* L, Match& m, const char* type, const char* text, int fi, int oi) {
    lua_settop(L, oi);   // missing arguments read as nil, as before; what is pushed goes above them
    static_assert(std::is_trivially_destructible_v<FieldIn>, "a raise (longjmp) must leave nothing to destroy");
    FieldSlots slots;
    FieldIn* const fields = slots.at;
    int n = 0;
    if (lua_istable(L, fi)) {
        readonly_view_unwrap(L, fi);   // a card definition's table reads like the table
        lua_pushnil(L);
        while (lua_next(L, fi)) {
            if (lua_type(L, -2) != LUA_TSTRING) return luaL_argerror(L, fi, "field names must be strings");
            if (n == kMaxEventFields) return luaL_argerror(L, fi, "more than 64 fields");
            std::size_t len = 0;
            const char* key = lua_tolstring(L, -2, &len);
            // A bad value or name: the one whose name sorts first, named (not lua_next's first,
            // which follows Lua's per-process hash seed).
            if (std::memchr(key, '\0', len) || !storable(L, -1)) {
                lua_pop(L, 2);
                raise_first_bad_field(L, fi);
            }
            new (&fields[n++]) FieldIn{std::string_view(key, len), to_field_value(L, -1), kEveryone};
            lua_pop(L, 1);
        }
    } else if (!lua_isnoneornil(L, fi)) {
        return luaL_typeerror(L, fi, "table of fields");
    }
    PlayerMask audience = kEveryone;
    if (lua_istable(L, oi)) {
        if (lua_getfield(L, oi, "to") != LUA_TNIL) audience = check_players(L, -1, oi, "field 'to'", m);
        lua_pop(L, 1);
        // hidden = {field = players}: only those players see that field's value.
        if (lua_getfield(L, oi, "hidden") == LUA_TTABLE) {
            const int hidden = lua_gettop(L);
            for (int i = 0; i < n; ++i) {
                FieldIn& f = fields[i];
                if (lua_getfield(L, hidden, f.key.data()) != LUA_TNIL) {   // a Lua string: NUL-terminated
                    const char* what = lua_pushfstring(L, "field 'hidden.%s'", f.key.data());
                    f.visible_to = check_players(L, -2, oi, what, m);
                    lua_pop(L, 1);
                }
                lua_pop(L, 1);
            }
        }
        lua_pop(L, 1);
        // The rule's text stays on the stack (pushed by push_field_string) until the event is made.
        const char* rule = push_field_string(L, oi, "rule", nullptr);
        if (rule) new (&fields[n++]) FieldIn{rule_key().text, std::string_view(rule), kEveryone, rule_key().sym};
    } else if (!lua_isnoneornil(L, oi)) {
        return luaL_typeerror(L, oi, "table of options");
    }
    return kernel_call(L, [&] {
        stamp_source(L, m);
        lua_pushinteger(L, m.emit_script(type, text, std::span<const FieldIn>(fields, static_cast<std::size_t>(n)), audience));
        return 1;
    });
}

/// log.event(type [, text [, fields [, {to=, hidden={field=players}, rule=}]]]) -> seq
/// Appends an event. `text` is narration with placeholders: {key} a field, {e:key} an
/// entity's name, {p:key} a player, {s:key} a space, {z:key} a zone. `to` limits who learns
/// of the event ("all" by default); `hidden` limits who sees a field's value (others read
/// "a hidden card"); `rule` names the rule section the step implements (teaching mode).
/// A field the text names as an entity ({e:key}) is shown only to the players who can see
/// that entity when the event is logged, whatever `hidden` says: a card in a hand reads "a
/// hidden card" to the other players.
int log_event(lua_State* L) {
    Match& m = match_of(L);
    const char* type = check_text(L, 1);
    const char* text = lua_isnoneornil(L, 2) ? "" : check_text(L, 2);
    return emit_event(L, m, type, text, 3, 4);
}

// -- Declared event kinds (log.kind): what every event of a kind shares, worked out once ----

// A kind's type and narration interned, its field names in argument order and its rule. The
// views an event's fields hold point into these strings, which live as long as the kind.
struct EventKind {
    Sym type = 0, text = 0;
    std::vector<std::string> keys;
    std::vector<Sym> key_syms;   // keys[i] interned
    std::string rule;            // "" = the rule context
};

// kind(value, value, ...): one event of the kind, values in the order its fields were declared.
int emit_kind(lua_State* L) {
    Match& m = match_of(L);
    const EventKind& kind = *static_cast<const EventKind*>(lua_touserdata(L, lua_upvalueindex(1)));
    const int given = lua_gettop(L);
    const int declared = static_cast<int>(kind.keys.size());
    if (given > declared)
        return luaL_error(L, "event '%s': %d values for %d declared field%s", symbol(kind.type).data(), given, declared,
                          declared == 1 ? "" : "s");
    FieldSlots slots;   // left unconstructed: nothing to destroy on a raise
    FieldIn* const fields = slots.at;
    int n = 0;
    for (int i = 0; i < given; ++i)
        if (!lua_isnil(L, i + 1))
            new (&fields[n++]) FieldIn{kind.keys[i], to_field_value(L, i + 1), kEveryone, kind.key_syms[i]};
    if (!kind.rule.empty())
        new (&fields[n++]) FieldIn{rule_key().text, std::string_view(kind.rule), kEveryone, rule_key().sym};
    return kernel_call(L, [&] {
        stamp_source(L, m);
        lua_pushinteger(L, m.emit_script(kind.type, kind.text, std::span<const FieldIn>(fields, static_cast<std::size_t>(n))));
        return 1;
    });
}

/// log.kind(type, text, fields [, {rule=}]) -> fn
/// Declares an event kind once (at load, into a local) and returns `fn`, which appends one
/// event of it per call, `fn(value, ...) -> seq`: `local PASS = log.kind("pass", "{p:player}
/// passes", {"player"}, {rule = "§3.3"})`, then `PASS(turn)`. `fields` lists the field names;
/// the call passes their values in that order (a nil value leaves the field out, extra values
/// are an error). The event is
/// the one log.event(type, text, {player = turn}, {rule = "§3.3"}) appends, for less: no
/// table per event and no text to look up. For events that limit who sees them (`to`,
/// `hidden`), use log.event.
int log_kind(lua_State* L) {
    const char* type = check_text(L, 1);
    const char* text = check_text(L, 2);
    if (*type == '\0') return luaL_argerror(L, 1, "an empty event type");
    luaL_checktype(L, 3, LUA_TTABLE);
    readonly_view_unwrap(L, 3);   // a module's constant list reads like the list
    lua_settop(L, 4);
    // Every check first, on the Lua strings: nothing is copied into C++ memory for a call that
    // raises (a red team, 2026-11-30: 64 long names copied, then a bad option refused, in a
    // pcall loop, held copies the collector freed too late to keep under the memory cap).
    const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, 3));
    if (n > kMaxEventFields) return luaL_argerror(L, 3, "more than 64 fields");
    std::size_t bytes = std::strlen(type) + std::strlen(text) + 64;
    for (lua_Integer i = 1; i <= n; ++i) {
        if (lua_rawgeti(L, 3, i) != LUA_TSTRING || lua_rawlen(L, -1) == 0)
            return luaL_argerror(L, 3, lua_pushfstring(L, "fields[%d]: a field name expected", static_cast<int>(i)));
        for (lua_Integer j = 1; j < i; ++j) {
            lua_rawgeti(L, 3, j);
            const bool twice = lua_rawequal(L, -1, -2);
            lua_pop(L, 1);
            if (twice) return luaL_argerror(L, 3, lua_pushfstring(L, "field '%s' is named twice", lua_tostring(L, -1)));
        }
        bytes += lua_rawlen(L, -1) + 64;
        lua_pop(L, 1);
    }
    const char* rule = nullptr;
    if (lua_istable(L, 4)) {
        readonly_view_unwrap(L, 4);
        for (const char* unsupported : {"to", "hidden"}) {
            if (lua_getfield(L, 4, unsupported) != LUA_TNIL)
                return luaL_argerror(L, 4, lua_pushfstring(L, "'%s' is not an option of an event kind: use log.event", unsupported));
            lua_pop(L, 1);
        }
        rule = push_field_string(L, 4, "rule", nullptr);   // slot 5 keeps it alive
        if (rule) bytes += std::strlen(rule);
    } else if (!lua_isnil(L, 4)) {
        return luaL_typeerror(L, 4, "table of options");
    }
    lua_settop(L, 5);
    room_for_copy(L, 0, bytes, "log.kind");
    auto& kind = push_owned<EventKind>(L);   // slot 6: freed by the collector if a later step raises
    if (rule) kind.rule = rule;
    kind.keys.reserve(static_cast<std::size_t>(n));
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, 3, i);
        kind.keys.emplace_back(lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    // Interned for the life of the process (symbols.h). A kind declared while a match plays
    // charges that match for its texts and keys (kept by the kind, and interned), as log.event
    // charges a new type or template: a script declaring kinds in a loop meets the memory cap.
    LuaHost& host = host_of(L);
    Match* m = host.match();
    kernel_call(L, [&] {
        // During a match, new texts also count against its bound on new texts (4 MB), as
        // log.event's do: kinds declared in a loop added 8 MB a match past it. While a game
        // loads, against the load's own bound (a mod's card filled the process's texts in a
        // loop at load, and every later match and game of the process failed).
        const auto intern_text = [m, &host](std::string_view t) { return m ? m->intern_charged(t) : host.intern_loading(t); };
        if (m) m->charge(bytes);
        kind.type = intern_text(type);
        kind.text = intern_text(text);
        kind.key_syms.reserve(kind.keys.size());
        for (const std::string& key : kind.keys) kind.key_syms.push_back(intern_text(key));
        return 0;
    });
    lua_pushcclosure(L, emit_kind, 1);
    return 1;
}

/// log.say(text [, fields [, options]]) -> seq
/// A narration step of the rules: log.event("say", text, fields, options).
int log_say(lua_State* L) {
    Match& m = match_of(L);
    const char* text = luaL_checkstring(L, 1);
    return emit_event(L, m, "say", text, 2, 3);
}

// -- The rule context (Match::set_rule): what every event appended now implements ----------

void push_rule(lua_State* L, std::string_view rule) {
    if (rule.empty()) lua_pushnil(L);
    else lua_pushlstring(L, rule.data(), rule.size());
}

// Argument `arg` as a rule text: a string, or nil / "" for none. (A pointer into the Lua
// string, not a std::string: a later check in the caller may raise.)
const char* check_rule(lua_State* L, int arg) {
    if (lua_isnoneornil(L, arg)) return "";
    if (lua_type(L, arg) != LUA_TSTRING) luaL_typeerror(L, arg, "string or nil");   // does not return
    return lua_tostring(L, arg);
}

/// log.set_rule(text) -> previous|nil
/// Sets the rule context: every event appended from now on without a `rule` of its own,
/// including the kernel's (moves, counters, props, decisions, prints), gets rule = text.
/// A nil or "" text clears it. Returns the context it replaced (nil when none). Prefer
/// log.within_rule, which cannot forget to put the old context back.
int log_set_rule(lua_State* L) {
    Match& m = match_of(L);
    const char* rule = check_rule(L, 1);
    Sym previous = 0;
    kernel_call(L, [&] {   // a new text is charged to the match, and may meet the memory cap
        previous = m.set_rule_symbol(m.intern_charged(rule));
        return 0;
    });
    push_rule(L, symbol(previous));
    return 1;
}

/// log.rule() -> text|nil
/// The current rule context (nil when none).
int log_rule(lua_State* L) {
    push_rule(L, match_of(L).rule());
    return 1;
}

// Puts the context saved in slot 1 back and ends log.within_rule with fn's results. Only a
// return gets here: an error raised inside passes straight on, and whoever catches it puts the
// context back as it was when they started (the sandbox's pcall and xpcall, ScriptCall::pcall;
// a match whose rules fail ends). No pcall of its own: a scope is entered about a dozen times a
// beat, and a protected call with its message handler cost as much again as the scope.
int within_rule_finish(lua_State* L, int, lua_KContext) {
    match_of(L).set_rule_symbol(static_cast<Sym>(lua_tointeger(L, 1)));
    return lua_gettop(L) - 1;
}

/// log.within_rule(text, fn, ...) -> fn's results
/// Calls fn(...) with the rule context set to text, then puts the previous context back,
/// also when fn raises an error (the error goes on; a pcall that catches it finds the context
/// it started in). Scopes nest; fn may ask decisions. The
/// way to say "everything this step does implements §3.11":
/// log.within_rule("§3.11 Recycle", function() ... end). Rule texts are kept for the life of the
/// process: a text seen for the first time is charged to the match (use fixed texts).
int log_within_rule(lua_State* L) {
    Match& m = match_of(L);
    const char* rule = check_rule(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    Sym previous = 0;
    kernel_call(L, [&] {   // a new text is charged to the match, and may meet the memory cap
        previous = m.set_rule_symbol(m.intern_charged(rule));
        return 0;
    });
    lua_pushinteger(L, previous);
    lua_replace(L, 1);   // slot 1 now keeps the previous context (its symbol) for within_rule_finish
    lua_callk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, within_rule_finish);
    return within_rule_finish(L, LUA_OK, 0);
}

const luaL_Reg log_module[] = {{"event", log_event},       {"say", log_say},   {"set_rule", log_set_rule},
                               {"rule", log_rule},         {"within_rule", log_within_rule},
                               {"kind", log_kind},
                               {nullptr, nullptr}};

}  // namespace

void open_log_module(lua_State* L, int env) { register_module(L, env, "log", log_module); }

lua_CFunction log_kind_function() { return emit_kind; }

}  // namespace duelbox
