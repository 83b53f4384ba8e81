// scenario_fields.cpp - see scenario_fields.h.
#include "scenario_fields.h"

#include <algorithm>
#include <optional>
#include <regex>

#include "raw_field.h"
#include "kernel/json_text.h"

namespace duelbox {

namespace {

// One declared field (see the header): what a scenario may set it to.
struct Declared {
    std::string name;
    std::string type = "any";
    std::string of = "any";                      // element type of a list
    std::optional<double> min, max;
    std::vector<nlohmann::json> values;          // allowed values; empty = any
    lua_Integer index = 0;                       // position in the game's list when a table (read_details)
};

// The value at the top of the stack as JSON, for the declaration's `values` (strings, numbers,
// booleans only).
nlohmann::json top_as_json(lua_State* L) {
    switch (lua_type(L, -1)) {
        case LUA_TSTRING: return lua_tostring(L, -1);
        case LUA_TBOOLEAN: return lua_toboolean(L, -1) != 0;
        case LUA_TNUMBER:
            if (lua_isinteger(L, -1)) return static_cast<std::int64_t>(lua_tointeger(L, -1));
            return lua_tonumber(L, -1);
        default: return nullptr;
    }
}

std::optional<double> number_field(lua_State* L, int t, const char* key) {
    std::optional<double> out;
    if (raw_field(L, t, key) == LUA_TNUMBER) out = lua_tonumber(L, -1);
    lua_pop(L, 1);
    return out;
}

std::string string_field(lua_State* L, int t, const char* key, const std::string& fallback) {
    std::string out = fallback;
    if (raw_field(L, t, key) == LUA_TSTRING) out = lua_tostring(L, -1);
    lua_pop(L, 1);
    return out;
}

// The declarations listed in the game table's field `key` (a list of names, or of tables):
// names only. The details of one are read when a scenario sets that field (read_details), so
// a match whose scenario sets few fields pays for few (this runs before every match).
std::vector<Declared> game_list(lua_State* L, int game, const char* key) {
    std::vector<Declared> out;
    if (raw_field(L, game, key) == LUA_TTABLE) {
        const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
        for (lua_Integer i = 1; i <= n; ++i) {
            const int t = lua_rawgeti(L, -1, i);
            if (t == LUA_TSTRING) {
                out.emplace_back().name = lua_tostring(L, -1);
            } else if (t == LUA_TTABLE && raw_field(L, -1, "name") == LUA_TSTRING) {
                out.emplace_back().name = lua_tostring(L, -1);
                out.back().index = i;
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

// Fills d's type, bounds and values from its table (game[key][d.index]); a plain name keeps "any".
Declared read_details(lua_State* L, int game, const char* key, Declared d) {
    if (d.index == 0) return d;
    const int top = lua_gettop(L);
    raw_field(L, game, key);
    lua_rawgeti(L, -1, d.index);
    const int decl = lua_gettop(L);
    std::string inferred = "any";
    switch (raw_field(L, decl, "default")) {   // an option's type follows its default
        case LUA_TBOOLEAN: inferred = "boolean"; break;
        case LUA_TSTRING: inferred = "string"; break;
        case LUA_TNUMBER: inferred = lua_isinteger(L, -1) ? "integer" : "number"; break;
        default: break;
    }
    lua_pop(L, 1);
    d.type = string_field(L, decl, "type", inferred);
    d.of = string_field(L, decl, "of", "any");
    d.min = number_field(L, decl, "min");
    d.max = number_field(L, decl, "max");
    if (raw_field(L, decl, "values") == LUA_TTABLE) {
        const lua_Integer m = static_cast<lua_Integer>(lua_rawlen(L, -1));
        for (lua_Integer j = 1; j <= m; ++j) {
            lua_rawgeti(L, -1, j);
            d.values.push_back(top_as_json(L));
            lua_pop(L, 1);
        }
    }
    lua_settop(L, top);
    return d;
}

const Declared* find_declared(const std::vector<Declared>& list, const std::string& name) {
    for (const Declared& d : list)
        if (d.name == name) return &d;
    return nullptr;
}

std::vector<std::string> names_of(const std::vector<Declared>& list) {
    std::vector<std::string> out;
    for (const Declared& d : list) out.push_back(d.name);
    return out;
}

std::string shown(const nlohmann::json& v) {
    return json_text(v);
}

std::string bound_text(double b) {
    const auto i = static_cast<long long>(b);
    return static_cast<double>(i) == b ? std::to_string(i) : nlohmann::json(b).dump();
}

// "" when `v` has type `type` within d's bounds; else what is wrong (without the field path).
std::string value_error(const Declared& d, const std::string& type, const nlohmann::json& v) {
    if (type == "any") return "";
    if (type == "integer" && !v.is_number_integer()) return "expected a whole number, got " + shown(v);
    if (type == "number" && !v.is_number()) return "expected a number, got " + shown(v);
    if (type == "string" && !v.is_string()) return "expected a string, got " + shown(v);
    if (type == "boolean" && !v.is_boolean()) return "expected true or false, got " + shown(v);
    if (type == "integer" || type == "number") {
        const double x = v.get<double>();
        if (d.min && x < *d.min) return shown(v) + " is below the minimum " + bound_text(*d.min);
        if (d.max && x > *d.max) return shown(v) + " is above the maximum " + bound_text(*d.max);
    }
    if (!d.values.empty() && std::find(d.values.begin(), d.values.end(), v) == d.values.end()) {
        std::string allowed;
        for (const auto& a : d.values) allowed += (allowed.empty() ? "" : ", ") + shown(a);
        return shown(v) + " is not one of " + allowed;
    }
    return "";
}

// Checks `v` against declaration d; "" or "<path>: what is wrong".
std::string check_value(const Declared& d, const std::string& path, const nlohmann::json& v) {
    if (d.type == "list") {
        if (!v.is_array()) return path + ": expected a list, got " + shown(v);
        for (std::size_t i = 0; i < v.size(); ++i)
            if (std::string e = value_error(d, d.of, v[i]); !e.empty()) return path + "[" + std::to_string(i) + "]: " + e;
        return "";
    }
    if (std::string e = value_error(d, d.type, v); !e.empty()) return path + ": " + e;
    return "";
}

// `parent.key`, or `parent["key"]` escaped as JSON when the key is not a plain name: a key
// holding a NUL or a newline must not reach a terminal raw.
std::string field(const char* parent, const std::string& key) {
    bool plain = !key.empty();
    for (char c : key)
        plain = plain && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_');
    if (plain) return std::string(parent) + "." + key;
    return std::string(parent) + "[" + json_quoted(key) + "]";
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
    const auto options = game_list(L, game, "options");
    for (const auto& [k, v] : scenario.options.items()) {
        if (!err.empty()) break;
        if (const Declared* d = find_declared(options, k))
            err = check_value(read_details(L, game, "options", *d), field("options", k), v);
        else err = field("options", k) + ": unknown rule option of game " + scenario.game + " (options: " +
                   joined(names_of(options)) + ")";
    }
    if (err.empty() && raw_field(L, game, "setup_keys") == LUA_TTABLE) {
        lua_pop(L, 1);
        const auto keys = game_list(L, game, "setup_keys");
        for (const auto& [k, v] : scenario.setup.items()) {
            if (!err.empty()) break;
            if (const Declared* d = find_declared(keys, k))
                err = check_value(read_details(L, game, "setup_keys", *d), field("setup", k), v);
            else err = field("setup", k) + ": unknown setup field of game " + scenario.game + " (fields: " +
                       joined(names_of(keys)) + ")";
        }
    }
    lua_settop(L, game);
    if (err.empty() && raw_field(L, game, "seat_keys") == LUA_TTABLE) {
        lua_pop(L, 1);
        const auto keys = game_list(L, game, "seat_keys");
        for (std::size_t i = 0; i < scenario.seats.size() && err.empty(); ++i)
            for (const auto& [k, v] : scenario.seats[i].setup.items()) {
                if (!err.empty()) break;
                const std::string path = field(("players[" + std::to_string(i) + "].setup").c_str(), k);
                if (const Declared* d = find_declared(keys, k))
                    err = check_value(read_details(L, game, "seat_keys", *d), path, v);
                else err = path + ": unknown player setup field of game " + scenario.game + " (fields: " +
                           joined(names_of(keys)) + ")";
            }
    }
    lua_settop(L, top);
    return err;
}

bool names_scenario_field(std::string_view error) {
    static const std::regex field(R"(^(players|setup|options)(\[[0-9]+\])?(\.[A-Za-z_][A-Za-z0-9_]*|\[[0-9]+\])*: )");
    return std::regex_search(error.begin(), error.end(), field);
}

}  // namespace duelbox
