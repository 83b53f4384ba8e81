// card_templates.cpp - parsing each definition once, under lua_pcall, so a malformed one
// records its error instead of raising at load.
#include "card_templates.h"

#include <algorithm>
#include <unordered_map>

#include "host.h"
#include "lua_util.h"

namespace duelbox {

namespace {

using Templates = std::unordered_map<std::string, CardTemplate>;

const char kTemplatesKey = 0;   // its address keys the registry's userdata holding Templates

// The registry's Templates, made on first use (a userdata: freed with the Lua state).
Templates& templates(lua_State* L) { return registry_object<Templates>(L, &kTemplatesKey); }

// lua_pcall'd: (definition, template lightuserdata). The entity fields, as cards.create read
// them: kind, name, props, tags, in that order (the first error is the one raised).
int parse_entity_fields(lua_State* L) {
    auto& t = *static_cast<CardTemplate*>(lua_touserdata(L, 2));
    const char* key = lua_tostring(L, lua_upvalueindex(1));
    t.kind = push_field_string(L, 1, "kind", "card");
    t.name = push_field_string(L, 1, "name", key);
    get_props_field(L, 1, t.props);
    get_tags_field(L, 1, t.tags);
    return 0;
}

// lua_pcall'd: (definition, template lightuserdata, windows lightuserdata). Each function named
// after a window, with its timing, as cards.activate read them.
int parse_hooks(lua_State* L) {
    auto& t = *static_cast<CardTemplate*>(lua_touserdata(L, 2));
    const auto& windows = *static_cast<const std::vector<std::string>*>(lua_touserdata(L, 3));
    const char* key = lua_tostring(L, lua_upvalueindex(1));
    for (const std::string& w : windows) {
        const bool fn = lua_getfield(L, 1, w.c_str()) == LUA_TFUNCTION;
        lua_pop(L, 1);
        if (!fn) continue;
        t.hooks_error_at = t.hooks.size();   // a timing field that raises below is raised here
        CardTemplate::Hook& hook = t.hooks.emplace_back();
        hook.proto.window = w;
        if (lua_getfield(L, 1, "timing") == LUA_TTABLE) {
            if (lua_getfield(L, -1, w.c_str()) == LUA_TTABLE) {
                const int at = lua_gettop(L);
                std::int64_t v = 0;
                if (get_field_int(L, at, "priority", v)) hook.proto.priority = static_cast<int>(std::clamp<std::int64_t>(v, -1000000, 1000000));
                if (get_field_int(L, at, "limit", v)) hook.proto.limit = static_cast<int>(std::clamp<std::int64_t>(v, 0, 1000000));
                get_field_string(L, at, "period", hook.proto.period);
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        if (hook.proto.limit > 0 && hook.proto.period.empty()) {
            lua_pushfstring(L, "card %s: timing.%s has a limit but no period (e.g. period = \"turn\")", key, w.c_str());
            hook.error = lua_tostring(L, -1);
            lua_pop(L, 1);
        }
    }
    t.hooks_error_at = static_cast<std::size_t>(-1);
    return 0;
}

// Runs `parse` on the definition at `def` for `key`; returns its error text or "".
std::string run_parse(lua_State* L, lua_CFunction parse, int def, const std::string& key, CardTemplate& t,
                      const std::vector<std::string>& windows) {
    lua_pushstring(L, key.c_str());
    lua_pushcclosure(L, parse, 1);
    lua_pushvalue(L, def);
    lua_pushlightuserdata(L, &t);
    lua_pushlightuserdata(L, const_cast<std::vector<std::string>*>(&windows));
    if (lua_pcall(L, 3, 0, 0) == LUA_OK) return "";
    std::string error = lua_isstring(L, -1) ? lua_tostring(L, -1) : "error in the card definition";
    lua_pop(L, 1);
    return error;
}

}  // namespace

void build_card_templates(lua_State* L, const std::vector<CardDef>& cards, const std::vector<std::string>& windows) {
    Templates& all = templates(L);
    all.clear();
    const int top = lua_gettop(L);
    lua_getfield(L, LUA_REGISTRYINDEX, "duelbox.cards");
    for (const CardDef& card : cards) {
        const std::string& key = card.key;
        if (lua_getfield(L, top + 1, key.c_str()) != LUA_TTABLE) {
            lua_settop(L, top + 1);
            continue;
        }
        CardTemplate& t = all[key];
        t.error = run_parse(L, parse_entity_fields, top + 2, key, t, windows);
        t.hooks_error = run_parse(L, parse_hooks, top + 2, key, t, windows);
        if (t.hooks_error.empty()) t.hooks_error_at = static_cast<std::size_t>(-1);
        else if (t.hooks_error_at == static_cast<std::size_t>(-1)) t.hooks_error_at = t.hooks.size();
        else t.hooks.resize(t.hooks_error_at);   // the hook whose timing raised is not registered
        lua_settop(L, top + 1);
    }
    lua_settop(L, top);
}

const CardTemplate* card_template(lua_State* L, const std::string& key) {
    Templates& all = templates(L);
    auto it = all.find(key);
    return it == all.end() ? nullptr : &it->second;
}

}  // namespace duelbox
