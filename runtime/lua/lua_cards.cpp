// lua_cards.cpp - module `cards`: the definitions loaded from cards/<game>/ and the
// entities made from them.
#include <algorithm>

#include "host.h"
#include "lua_modules.h"
#include "lua_util.h"
#include "script_call.h"
#include "readonly_view.h"

namespace duelbox {

bool push_card_definition(lua_State* L, const char* key) {
    lua_getfield(L, LUA_REGISTRYINDEX, "duelbox.cards");
    if (lua_getfield(L, -1, key) == LUA_TTABLE) {
        lua_remove(L, -2);
        return true;
    }
    lua_pop(L, 2);
    return false;
}

namespace {
// Registry key (by address) of the table: definition key -> its frozen view.
const char kCardViewsKey = 0;
}  // namespace

void freeze_card_views(lua_State* L, const std::vector<CardDef>& cards) {
    const int top = lua_gettop(L);
    lua_getfield(L, LUA_REGISTRYINDEX, "duelbox.cards");
    lua_createtable(L, 0, static_cast<int>(cards.size()));
    for (const CardDef& c : cards) {
        if (lua_getfield(L, top + 1, c.key.c_str()) == LUA_TTABLE) {
            lua_pushfstring(L, "cards.get('%s')", c.key.c_str());
            readonly_view_push(L, -2, "card definitions are read-only", lua_tostring(L, -1), true);
            lua_setfield(L, top + 2, c.key.c_str());
        }
        lua_settop(L, top + 2);
    }
    lua_rawsetp(L, LUA_REGISTRYINDEX, &kCardViewsKey);
    lua_settop(L, top);
}

namespace {

// Pushes the view of the definition whose key is the string at `key` (a Lua string, so no
// C string is hashed again) and returns true; false, nothing pushed, when there is none.
bool push_view(lua_State* L, int key) {
    key = lua_absindex(L, key);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &kCardViewsKey) != LUA_TTABLE) {
        lua_pop(L, 1);
        return false;
    }
    lua_pushvalue(L, key);
    if (lua_rawget(L, -2) != LUA_TTABLE) {
        lua_pop(L, 2);
        return false;
    }
    lua_remove(L, -2);
    return true;
}

// Pushes the definition table of `key`, or returns false (nothing pushed).
bool push_definition(lua_State* L, const char* key) { return push_card_definition(L, key); }

// Registers each function of the definition at `def` named after a window as a handler of
// that window for entity `e`, in the game's window order (never pairs() order).
int register_handlers(lua_State* L, Match& m, EntityId e, int def) {
    LuaHost& host = host_of(L);
    const PlayerIndex owner = m.entity(e).owner;
    int added = 0;
    Handler& h = push_owned<Handler>(L);   // the timing checks below may raise
    for (const std::string& w : host.windows()) {
        if (lua_getfield(L, def, w.c_str()) != LUA_TFUNCTION) {
            lua_pop(L, 1);
            continue;
        }
        h = Handler{};
        h.window = w;
        h.source = e;
        h.player = owner;
        if (lua_getfield(L, def, "timing") == LUA_TTABLE) {
            if (lua_getfield(L, -1, w.c_str()) == LUA_TTABLE) {
                const int t = lua_gettop(L);
                std::int64_t v = 0;
                if (get_field_int(L, t, "priority", v)) h.priority = static_cast<int>(std::clamp<std::int64_t>(v, -1000000, 1000000));
                if (get_field_int(L, t, "limit", v)) h.limit = static_cast<int>(std::clamp<std::int64_t>(v, 0, 1000000));
                get_field_string(L, t, "period", h.period);
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        if (h.limit > 0 && h.period.empty())
            luaL_error(L, "card %s: timing.%s has a limit but no period (e.g. period = \"beat\")",
                       m.entity(e).def.c_str(), w.c_str());
        h.script_ref = host.ref_function(L, -1);
        lua_pop(L, 1);
        m.windows().add(std::move(h));
        ++added;
    }
    lua_pop(L, 1);
    return added;
}

/// cards.create(key, owner, zone [, where]) -> entity
/// Makes an entity from card definition `key`: kind = def.kind or "card", name = def.name,
/// properties from def.props, tags from def.tags. Its handlers stay silent until
/// cards.activate(entity): a card in a deck or hand does not react to windows.
int cards_create(lua_State* L) {
    Match& m = match_of(L);
    const char* key = luaL_checkstring(L, 1);
    const PlayerIndex owner = opt_player(L, 2, m);
    const ZoneId zone = check_zone(L, 3, m);
    const Where where = lua_isnoneornil(L, 4) ? Where::bottom() : lua_check_where(L, 4, m.zone(zone).items.size() + 1);
    lua_settop(L, 4);
    if (!push_definition(L, key)) return luaL_argerror(L, 1, lua_pushfstring(L, "no card is defined with key '%s'", key));
    const int def = 5;
    // As in entity.create: strings stay on the Lua stack, props/tags live in Lua memory.
    const char* kind = push_field_string(L, def, "kind", "card");
    const char* name = push_field_string(L, def, "name", key);
    auto& props = push_owned<std::vector<std::pair<std::string, Value>>>(L);
    get_props_field(L, def, props);
    auto& tags = push_owned<std::vector<std::string>>(L);
    get_tags_field(L, def, tags);
    EntityId e = kNoEntity;
    const int created = kernel_call(L, [&] {
        stamp_source(L, m);
        e = m.create_entity(kind, key, name, owner, zone, where, props, tags);
        return 0;
    });
    (void)created;
    lua_pushinteger(L, e);
    return 1;
}

/// cards.activate(e) -> integer
/// Registers the handlers of entity `e`'s definition: each function named after a window
/// (source = e, player = its owner). def.timing[window] = {priority=, limit=, period=} sets
/// its options. window.off_source(e) silences them again. Returns how many were added.
int cards_activate(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    const std::string& def = m.entity(e).def;   // the kernel's string, not a copy: the checks below may raise
    if (def.empty() || !push_definition(L, def.c_str()))
        return luaL_argerror(L, 1, lua_pushfstring(L, "entity %d was not made from a card definition", (int)e));
    lua_pushinteger(L, register_handlers(L, m, e, lua_gettop(L)));
    return 1;
}

/// cards.get(key) -> table|nil
/// The definition table of card `key`, read-only at every depth: every match on the host
/// shares it, so a write raises "card definitions are read-only (cards.get('k').props.x)".
/// Reading, pairs, ipairs, # and next work as on a table.
int cards_get(lua_State* L) {
    luaL_checkstring(L, 1);   // a number becomes its text, as before
    if (!push_view(L, 1)) lua_pushnil(L);
    return 1;
}

/// cards.of(e) -> table|nil
/// The definition table entity `e` was created from (read-only, as cards.get gives it).
int cards_of(lua_State* L) {
    Match& m = match_of(L);
    const std::string& def = m.entity(check_entity(L, 1, m)).def;
    if (def.empty()) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushlstring(L, def.data(), def.size());
    if (!push_view(L, -1)) lua_pushnil(L);
    return 1;
}

// cards.copy: how deep a definition may nest (a C recursion per level).
constexpr int kMaxCopyDepth = 100;

// Pushes a plain copy of the table at `src` (absolute index). `seen` (absolute) maps each table
// copied so far to its copy: a table reached twice is copied once and a cycle stays a cycle.
// Keys that are tables are copied too, so no writable way into a definition leaves. Reads are
// raw: a metatable of the definition's tables is neither consulted nor copied.
void copy_plain(lua_State* L, int src, int seen, int depth, std::int64_t& entries) {
    if (depth > kMaxCopyDepth) luaL_error(L, "cards.copy: the definition nests tables more than %d deep", kMaxCopyDepth);
    luaL_checkstack(L, 8, "cards.copy");
    lua_pushvalue(L, src);
    if (lua_rawget(L, seen) == LUA_TTABLE) return;   // copied already: the same copy
    lua_pop(L, 1);
    lua_newtable(L);
    const int dst = lua_gettop(L);
    lua_pushvalue(L, src);
    lua_pushvalue(L, dst);
    lua_rawset(L, seen);
    lua_pushnil(L);
    while (lua_next(L, src)) {   // key, value
        ++entries;
        if (lua_type(L, -1) == LUA_TTABLE) {
            copy_plain(L, lua_absindex(L, -1), seen, depth + 1, entries);
            lua_replace(L, -2);
        }
        lua_pushvalue(L, -2);    // key, value, key (the original stays for lua_next)
        if (lua_type(L, -1) == LUA_TTABLE) {
            copy_plain(L, lua_absindex(L, -1), seen, depth + 1, entries);
            lua_replace(L, -2);
        }
        lua_insert(L, -2);       // key, key', value
        lua_rawset(L, dst);      // key
    }
}

/// cards.copy(key) -> table|nil
/// A plain, writable deep copy of card `key`'s definition (nil when there is none): nested
/// tables are copied (a table reached twice is copied once), functions are shared. For rules
/// that read a definition's fields every turn: a plain table reads at Lua's own speed, where
/// cards.get's read-only view calls a metamethod per field. The copy is the caller's: changing
/// it changes no definition and nothing another match sees. Metatables are not copied. Costs
/// the script's budget one instruction per entry copied.
int cards_copy(lua_State* L) {
    const char* key = luaL_checkstring(L, 1);
    if (!push_definition(L, key)) {
        lua_pushnil(L);
        return 1;
    }
    const int src = lua_gettop(L);
    lua_newtable(L);             // seen: definition table -> its copy
    std::int64_t entries = 0;
    copy_plain(L, src, src + 1, 1, entries);
    charge_instructions(L, entries);
    return 1;
}

/// cards.keys([prefix]) -> {key...}
/// Every card key (in file order), or those starting with `prefix` ("game/fighter/").
int cards_keys(lua_State* L) {
    const char* prefix = luaL_optstring(L, 1, "");
    const auto& cards = host_of(L).cards();
    lua_createtable(L, static_cast<int>(cards.size()), 0);
    lua_Integer n = 0;
    for (const CardDef& c : cards) {
        if (c.key.rfind(prefix, 0) != 0) continue;
        lua_pushstring(L, c.key.c_str());
        lua_rawseti(L, -2, ++n);
    }
    return 1;
}

const luaL_Reg cards_module[] = {
    {"create", cards_create}, {"activate", cards_activate}, {"get", cards_get}, {"of", cards_of}, {"copy", cards_copy}, {"keys", cards_keys}, {nullptr, nullptr}};

}  // namespace

void open_cards_module(lua_State* L, int env) { register_module(L, env, "cards", cards_module); }

}  // namespace duelbox
