// scenario_fields.cpp - see scenario_fields.h.
#include "scenario_fields.h"

#include <algorithm>

#include "raw_field.h"

namespace duelbox {

namespace {

// The names listed in the game table's field `key` (a list of strings, or of {name=...}).
std::vector<std::string> game_list(lua_State* L, int game, const char* key) {
    std::vector<std::string> out;
    if (raw_field(L, game, key) == LUA_TTABLE) {
        const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
        for (lua_Integer i = 1; i <= n; ++i) {
            const int t = lua_rawgeti(L, -1, i);
            if (t == LUA_TSTRING) out.push_back(lua_tostring(L, -1));
            else if (t == LUA_TTABLE && raw_field(L, -1, "name") == LUA_TSTRING) {
                out.push_back(lua_tostring(L, -1));
                lua_pop(L, 1);
            } else if (t == LUA_TTABLE) {
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    return out;
}

// `parent.key`, or `parent["key"]` escaped as JSON when the key is not a plain name: a key
// holding a NUL or a newline must not reach a terminal raw.
std::string field(const char* parent, const std::string& key) {
    bool plain = !key.empty();
    for (char c : key)
        plain = plain && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_');
    if (plain) return std::string(parent) + "." + key;
    return std::string(parent) + "[" + nlohmann::json(key).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "]";
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
    return s.empty() ? "none" : s;
}

}  // namespace

std::string scenario_fields_error(LuaHost& host, const Scenario& scenario) {
    lua_State* L = host.state();
    const int top = lua_gettop(L);
    host.push_game(L);
    if (!lua_istable(L, -1)) {
        lua_settop(L, top);
        return "";
    }
    const int game = lua_gettop(L);
    std::string err;
    // Rule options: the game lists them (with defaults); a scenario may set only those.
    const auto option_names = game_list(L, game, "options");
    for (const auto& [k, v] : scenario.options.items())
        if (err.empty() && std::find(option_names.begin(), option_names.end(), k) == option_names.end())
            err = field("options", k) + ": unknown rule option of game " + scenario.game + " (options: " +
                  joined(option_names) + ")";
    if (err.empty() && raw_field(L, game, "setup_keys") == LUA_TTABLE) {
        const auto keys = game_list(L, game, "setup_keys");
        for (const auto& [k, v] : scenario.setup.items())
            if (err.empty() && std::find(keys.begin(), keys.end(), k) == keys.end())
                err = field("setup", k) + ": unknown setup field of game " + scenario.game + " (fields: " + joined(keys) + ")";
    }
    lua_settop(L, game);
    if (err.empty() && raw_field(L, game, "seat_keys") == LUA_TTABLE) {
        const auto keys = game_list(L, game, "seat_keys");
        for (std::size_t i = 0; i < scenario.seats.size(); ++i)
            for (const auto& [k, v] : scenario.seats[i].setup.items())
                if (err.empty() && std::find(keys.begin(), keys.end(), k) == keys.end())
                    err = field(("players[" + std::to_string(i) + "].setup").c_str(), k) + ": unknown player setup field of game " +
                          scenario.game + " (fields: " + joined(keys) + ")";
    }
    lua_settop(L, top);
    return err;
}

}  // namespace duelbox
