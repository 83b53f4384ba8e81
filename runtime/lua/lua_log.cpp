// lua_log.cpp - module `log`: the rules' own events and narration.
#include <algorithm>

#include "host.h"
#include "lua_modules.h"
#include "lua_util.h"

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
    const lua_Integer n = luaL_len(L, idx);
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, idx, i);
        mask |= mask_of(check_player_at(L, -1, arg, what, m));
        lua_pop(L, 1);
    }
    return mask;
}

// Reads fields (table at slot `fi`) and options (table at slot `oi`) into an event, then
// emits it. Slots are the script's argument numbers, so errors name the right argument.
int emit_event(lua_State* L, Match& m, const char* type, const char* text, int fi, int oi) {
    std::vector<Field> fields;
    if (lua_istable(L, fi)) {
        lua_pushnil(L);
        while (lua_next(L, fi)) {
            if (lua_type(L, -2) != LUA_TSTRING) return luaL_argerror(L, fi, "field names must be strings");
            fields.push_back(Field{lua_tostring(L, -2), to_value(L, -1), kEveryone});
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
            for (Field& f : fields) {
                if (lua_getfield(L, hidden, f.key.c_str()) != LUA_TNIL) {
                    const std::string what = "field 'hidden." + f.key + "'";
                    f.visible_to = check_players(L, -1, oi, what.c_str(), m);
                }
                lua_pop(L, 1);
            }
        }
        lua_pop(L, 1);
        std::string rule;
        if (get_field_string(L, oi, "rule", rule)) fields.push_back(Field{"rule", Value{rule}, kEveryone});
    } else if (!lua_isnoneornil(L, oi)) {
        return luaL_typeerror(L, oi, "table of options");
    }
    return kernel_call(L, [&] {
        stamp_source(L, m);
        lua_pushinteger(L, m.emit(type, text, std::move(fields), audience));
        return 1;
    });
}

/// log.event(type [, text [, fields [, {to=, hidden={field=players}, rule=}]]]) -> seq
/// Appends an event. `text` is narration with placeholders: {key} a field, {e:key} an
/// entity's name, {p:key} a player, {s:key} a space, {z:key} a zone. `to` limits who learns
/// of the event ("all" by default); `hidden` limits who sees a field's value (others read
/// "a hidden card"); `rule` names the rule section the step implements (teaching mode).
int log_event(lua_State* L) {
    Match& m = match_of(L);
    const char* type = luaL_checkstring(L, 1);
    const char* text = luaL_optstring(L, 2, "");
    return emit_event(L, m, type, text, 3, 4);
}

/// log.say(text [, fields [, options]]) -> seq
/// A narration step of the rules: log.event("say", text, fields, options).
int log_say(lua_State* L) {
    Match& m = match_of(L);
    const char* text = luaL_checkstring(L, 1);
    return emit_event(L, m, "say", text, 2, 3);
}

const luaL_Reg log_module[] = {{"event", log_event}, {"say", log_say}, {nullptr, nullptr}};

}  // namespace

void open_log_module(lua_State* L, int env) { register_module(L, env, "log", log_module); }

}  // namespace duelbox
