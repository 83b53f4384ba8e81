// card_checks.cpp - see card_checks.h.
#include "card_checks.h"

#include <lua.hpp>

#include "host.h"
#include "raw_field.h"
#include "script_call.h"

namespace duelbox {

namespace {

// Pushes game.check_card and returns true, or pushes nothing and returns false (no such field).
bool push_check_card(LuaHost& host, lua_State* L) {
    const int top = lua_gettop(L);
    host.push_game(L);
    if (lua_istable(L, -1) && raw_field(L, -1, "check_card") == LUA_TFUNCTION) {
        lua_remove(L, -2);
        return true;
    }
    lua_settop(L, top);
    return false;
}

// check_card (at `check`) of one definition: each message goes to `out` behind `where`; an error
// the check raised goes as it is (its own file:line).
void check_one(LuaHost& host, lua_State* L, int check, const CardDef& c, const std::string& where,
               std::vector<std::string>& out) {
    lua_pushvalue(L, check);
    lua_pushstring(L, c.key.c_str());
    ScriptCall call(host, L);
    if (call.pcall(1, 1) != LUA_OK) {
        out.push_back(call.error());
        lua_settop(L, check);
        return;
    }
    if (lua_type(L, -1) == LUA_TSTRING) {
        out.push_back(where + lua_tostring(L, -1));
    } else if (lua_istable(L, -1)) {
        const auto n = static_cast<lua_Integer>(lua_rawlen(L, -1));
        for (lua_Integer i = 1; i <= n; ++i) {
            if (lua_rawgeti(L, -1, i) == LUA_TSTRING) out.push_back(where + lua_tostring(L, -1));
            lua_pop(L, 1);
        }
    } else if (!lua_isnil(L, -1)) {
        out.push_back(where + "check_card returned a " + luaL_typename(L, -1) + " (expected nil or a message)");
    }
    lua_settop(L, check);
}

}  // namespace

std::vector<std::string> run_card_checks(LuaHost& host) {
    std::vector<std::string> out;
    lua_State* L = host.state();
    const int top = lua_gettop(L);
    if (!push_check_card(host, L)) return out;
    const int check = lua_gettop(L);
    for (const CardDef& c : host.cards()) check_one(host, L, check, c, c.file + ": " + c.key + ": ", out);
    lua_settop(L, top);
    return out;
}

std::vector<std::string> check_patched_cards(LuaHost& host, const std::map<std::string, std::vector<PatchMark>>& marks) {
    std::vector<std::string> out;
    if (marks.empty()) return out;
    lua_State* L = host.state();
    const int top = lua_gettop(L);
    if (!push_check_card(host, L)) return out;
    const int check = lua_gettop(L);
    for (const CardDef& c : host.cards()) {
        const auto it = marks.find(c.key);
        if (it == marks.end()) continue;
        std::vector<std::string> messages;
        check_one(host, L, check, c, "", messages);
        for (const std::string& message : messages) {
            // The patch whose field the message names ("props.health: ..."), else the card's first.
            const PatchMark* blamed = &it->second.front();
            for (const PatchMark& mark : it->second)
                if (message.find(mark.field) != std::string::npos) {
                    blamed = &mark;
                    break;
                }
            out.push_back(blamed->where + ": " + c.key + " (patched; " + c.file + "): " + message);
        }
    }
    lua_settop(L, top);
    return out;
}

}  // namespace duelbox
