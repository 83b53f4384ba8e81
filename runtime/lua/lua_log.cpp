// lua_log.cpp - module `log`: the rules' own events and narration.
#include <algorithm>

#include "host.h"
#include "lua_modules.h"
#include "lua_util.h"

namespace duelbox {

namespace {

// "all", a player, or a list of players -> a mask. `arg` is an absolute index.
PlayerMask check_players(lua_State* L, int arg, Match& m) {
    if (lua_type(L, arg) == LUA_TSTRING && std::string_view(lua_tostring(L, arg)) == "all") return kEveryone;
    if (lua_isinteger(L, arg)) return mask_of(check_player(L, arg, m));
    if (!lua_istable(L, arg)) luaL_typeerror(L, arg, "\"all\", a player or a list of players");
    PlayerMask mask = kNobody;
    const lua_Integer n = luaL_len(L, arg);
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, arg, i);
        mask |= mask_of(check_player(L, lua_gettop(L), m));
        lua_pop(L, 1);
    }
    return mask;
}

// Reads fields (table at 3) and options (table at 4) into an event, then emits it.
int emit_event(lua_State* L, Match& m, const char* type, const char* text) {
    std::vector<Field> fields;
    if (lua_istable(L, 3)) {
        lua_pushnil(L);
        while (lua_next(L, 3)) {
            if (lua_type(L, -2) != LUA_TSTRING) return luaL_error(L, "log: field names must be strings");
            fields.push_back(Field{lua_tostring(L, -2), to_value(L, -1), kEveryone});
            lua_pop(L, 1);
        }
    } else if (!lua_isnoneornil(L, 3)) {
        return luaL_typeerror(L, 3, "table of fields");
    }
    PlayerMask audience = kEveryone;
    if (lua_istable(L, 4)) {
        if (lua_getfield(L, 4, "to") != LUA_TNIL) audience = check_players(L, lua_gettop(L), m);
        lua_pop(L, 1);
        // hidden = {field = players}: only those players see that field's value.
        if (lua_getfield(L, 4, "hidden") == LUA_TTABLE) {
            const int hidden = lua_gettop(L);
            for (Field& f : fields) {
                if (lua_getfield(L, hidden, f.key.c_str()) != LUA_TNIL) f.visible_to = check_players(L, lua_gettop(L), m);
                lua_pop(L, 1);
            }
        }
        lua_pop(L, 1);
        std::string rule;
        if (get_field_string(L, 4, "rule", rule)) fields.push_back(Field{"rule", Value{rule}, kEveryone});
    } else if (!lua_isnoneornil(L, 4)) {
        return luaL_typeerror(L, 4, "table of options");
    }
    return kernel_call(L, [&] {
        stamp_source(L, m);
        lua_pushinteger(L, m.emit(type, text, std::move(fields), audience));
        return 1;
    });
}

/// log.event(type, text, fields [, {to=, hidden={field=players}, rule=}]) -> seq
/// Appends an event. `text` is narration with placeholders: {key} a field, {e:key} an
/// entity's name, {p:key} a player, {s:key} a space, {z:key} a zone. `to` limits who learns
/// of the event ("all" by default); `hidden` limits who sees a field's value (others read
/// "a hidden card"); `rule` names the rule section the step implements (teaching mode).
int log_event(lua_State* L) {
    Match& m = match_of(L);
    const char* type = luaL_checkstring(L, 1);
    const char* text = luaL_optstring(L, 2, "");
    return emit_event(L, m, type, text);
}

/// log.say(text [, fields [, options]]) -> seq
/// A narration step of the rules: log.event("say", text, fields, options).
int log_say(lua_State* L) {
    Match& m = match_of(L);
    const char* text = luaL_checkstring(L, 1);
    lua_pushliteral(L, "say");
    lua_insert(L, 1);   // now: "say", text, fields, options
    return emit_event(L, m, "say", text);
}

const luaL_Reg log_module[] = {{"event", log_event}, {"say", log_say}, {nullptr, nullptr}};

}  // namespace

void open_log_module(lua_State* L, int env) { register_module(L, env, "log", log_module); }

}  // namespace duelbox
