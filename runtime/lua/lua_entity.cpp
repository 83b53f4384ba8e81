// lua_entity.cpp - module `entity`: cards, figures, tokens and markers as records.
#include <algorithm>

#include "host.h"
#include "lua_modules.h"
#include "lua_util.h"
#include "readonly_view.h"

namespace duelbox {

namespace {

// The value at slot `idx` (from argument `arg`; `what` names the field, or "").
Where check_where(lua_State* L, int idx, int arg, const char* what, std::size_t slots) {
    if (lua_isnoneornil(L, idx)) return Where::top();
    if (lua_isinteger(L, idx)) {
        const lua_Integer pos = lua_tointeger(L, idx);
        if (pos < 1 || pos > static_cast<lua_Integer>(slots))
            luaL_argerror(L, arg, lua_pushfstring(L, "%sposition %I is outside 1..%I", what, (LUAI_UACINT)pos,
                                                  (LUAI_UACINT)slots));
        return Where::at(static_cast<int>(pos) - 1);
    }
    const bool quote = lua_type(L, idx) == LUA_TSTRING;   // (lua_tostring would turn a number into a string)
    const char* s = quote ? lua_tostring(L, idx) : nullptr;
    if (s && std::string_view(s) == "top") return Where::top();
    if (s && std::string_view(s) == "bottom") return Where::bottom();
    luaL_argerror(L, arg, lua_pushfstring(L, "%sexpected \"top\", \"bottom\" or a position (1 = top); got %s%s%s", what,
                                          quote ? "\"" : "", push_plain(L, idx), quote ? "\"" : ""));
    return Where::top();
}

}  // namespace

// Shared with lua_zone.cpp and lua_cards.cpp.
Where lua_check_where(lua_State* L, int arg, std::size_t slots) { return check_where(L, arg, arg, "", slots); }

namespace {

/// entity.create{kind=, name=, def=, owner=, zone=, where=, props={...}, tags={...}} -> entity
/// Creates an entity (a card, figure, token, marker...) in `zone`. Only zone is required;
/// kind defaults to "token". props values are nil, booleans, integers or strings.
int entity_create(lua_State* L) {
    Match& m = match_of(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    // Strings stay on the Lua stack and props/tags live in Lua memory (push_owned): a check
    // below, or kernel_call, may raise.
    const char* kind = push_field_string(L, 1, "kind", "token");
    const char* name = push_field_string(L, 1, "name", "");
    const char* def = push_field_string(L, 1, "def", "");
    lua_getfield(L, 1, "owner");
    const PlayerIndex owner = lua_isnil(L, -1) ? kNoPlayer : check_player_at(L, -1, 1, "field 'owner'", m);
    lua_pop(L, 1);
    if (lua_getfield(L, 1, "zone") == LUA_TNIL) return luaL_error(L, "entity.create: field 'zone' is required");
    const ZoneId zone = check_zone_at(L, -1, 1, "field 'zone'", m);
    lua_pop(L, 1);
    lua_getfield(L, 1, "where");
    const Where where = lua_isnil(L, -1) ? Where::bottom() : check_where(L, -1, 1, "field 'where': ", m.zone(zone).items.size() + 1);
    lua_pop(L, 1);
    auto& props = push_owned<std::vector<std::pair<std::string, Value>>>(L);
    get_props_field(L, 1, props);
    auto& tags = push_owned<std::vector<std::string>>(L);
    get_tags_field(L, 1, tags);
    // Put on top or at a position, it shifts the zone's entities; in a zone not everyone sees, the
    // kernel also reads them (who knew their places: Match::note_knowledge_after_create); its
    // props and tags are sorted in.
    const bool reads_zone = where.kind != Where::Bottom || m.zone(zone).visibility != Visibility::Public;
    charge_work(L, (reads_zone ? m.zone(zone).items.size() : 0) + props.size() + tags.size());
    return kernel_call(L, [&] {
        stamp_source(L, m);
        const EntityId e = m.create_entity(kind, def, name, owner, zone, where, props, tags);
        lua_pushinteger(L, e);
        return 1;
    });
}

/// entity.get(e, key) -> value
/// Property `key` of entity `e` (nil when absent).
int entity_get(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    std::size_t len = 0;
    const char* key = luaL_checklstring(L, 2, &len);   // with its length: no strlen per read
    push_value(L, m.entity(e).prop(std::string_view(key, len)));
    return 1;
}

/// entity.set(e, key, value)
/// Sets property `key` (nil removes it). Logged as an "entity.prop" event.
int entity_set(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    const char* key = check_text(L, 2);
    check_storable(L, 3);   // raises before any C++ object exists: the value is made inside kernel_call
    std::size_t shifted = 0;   // a new or removed key shifts the sorted props after it
    kernel_call(L, [&] {
        stamp_source(L, m);
        shifted = m.set_prop(e, key, stored_value(L, 3));
        return 0;
    });
    charge_work(L, shifted);
    return 0;
}

/// entity.has_tag(e, tag) -> boolean
int entity_has_tag(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    lua_pushboolean(L, m.entity(e).has_tag(luaL_checkstring(L, 2)));
    return 1;
}

/// entity.add_tag(e, tag)
int entity_add_tag(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    const char* tag = check_text(L, 2);
    std::size_t shifted = 0;   // the sorted tags after it shift
    kernel_call(L, [&] {
        stamp_source(L, m);
        shifted = m.add_tag(e, tag);
        return 0;
    });
    charge_work(L, shifted);
    return 0;
}

/// entity.remove_tag(e, tag)
int entity_remove_tag(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    const char* tag = check_text(L, 2);
    std::size_t shifted = 0;   // the sorted tags after it shift
    kernel_call(L, [&] {
        stamp_source(L, m);
        shifted = m.remove_tag(e, tag);
        return 0;
    });
    charge_work(L, shifted);
    return 0;
}

/// entity.info(e) -> {id=, kind=, def=, name=, owner=, zone=}
/// A snapshot of the entity's record (owner is a player number or nil).
int entity_info(lua_State* L) {
    Match& m = match_of(L);
    const Entity& ent = m.entity(check_entity(L, 1, m));
    lua_createtable(L, 0, 6);
    lua_pushinteger(L, ent.id);
    lua_setfield(L, -2, "id");
    lua_pushstring(L, ent.kind.c_str());
    lua_setfield(L, -2, "kind");
    lua_pushstring(L, ent.def.c_str());
    lua_setfield(L, -2, "def");
    lua_pushstring(L, ent.name.c_str());
    lua_setfield(L, -2, "name");
    push_player(L, ent.owner);
    lua_setfield(L, -2, "owner");
    lua_pushinteger(L, ent.zone);
    lua_setfield(L, -2, "zone");
    return 1;
}

/// entity.name(e) -> string
int entity_name(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    // Match::entity_name's answer, pushed from where the entity keeps it: no resolver built and
    // no copy made (a name is read about a dozen times a beat). lua_pushstring: Lua's cache of
    // recently pushed C strings answers a name it saw before without hashing it again.
    const Entity& ent = m.entity(e);
    if (!ent.name.empty()) lua_pushstring(L, ent.name.c_str());
    else if (!ent.def.empty()) lua_pushstring(L, ent.def.c_str());
    else lua_pushfstring(L, "entity %d", static_cast<int>(e));
    return 1;
}

/// entity.owner(e) -> integer|nil
int entity_owner(lua_State* L) {
    Match& m = match_of(L);
    push_player(L, m.entity(check_entity(L, 1, m)).owner);
    return 1;
}

/// entity.def(e) -> string
/// The definition key ("game/card") the entity was created from, or "".
int entity_def(lua_State* L) {
    Match& m = match_of(L);
    lua_pushstring(L, m.entity(check_entity(L, 1, m)).def.c_str());
    return 1;
}

/// entity.kind(e) -> string
int entity_kind(lua_State* L) {
    Match& m = match_of(L);
    lua_pushstring(L, m.entity(check_entity(L, 1, m)).kind.c_str());
    return 1;
}

/// entity.sees(p, e) -> boolean
/// Whether player `p` may see entity `e`'s face under the rules of its zone and reveals.
int entity_sees(lua_State* L) {
    Match& m = match_of(L);
    const PlayerIndex p = check_player(L, 1, m);
    lua_pushboolean(L, m.can_see(p, check_entity(L, 2, m)));
    return 1;
}

// Whether prop value `v` equals the Lua value at `idx`: nil (an unset prop), a boolean, an
// integer or a string; any other value equals no prop.
bool prop_equals(const Value& v, lua_State* L, int idx) {
    switch (lua_type(L, idx)) {
        case LUA_TNONE:
        case LUA_TNIL: return std::holds_alternative<Nil>(v);
        case LUA_TBOOLEAN: return std::holds_alternative<bool>(v) && std::get<bool>(v) == (lua_toboolean(L, idx) != 0);
        case LUA_TNUMBER: {
            int whole = 0;
            const lua_Integer i = lua_tointegerx(L, idx, &whole);
            return whole && std::holds_alternative<std::int64_t>(v) && std::get<std::int64_t>(v) == i;
        }
        case LUA_TSTRING: {
            if (!std::holds_alternative<std::string>(v)) return false;
            std::size_t len = 0;
            const char* s = lua_tolstring(L, idx, &len);
            return std::get<std::string>(v) == std::string_view(s, len);
        }
        default: return false;
    }
}

// entity.with / entity.without: the entities of list 1 whose prop (arg 2) does / does not equal
// arg 3, appended to the list at arg 4 (after its last entry) or to a new one.
int filter_by_prop(lua_State* L, bool equal) {
    const Match& m = match_of(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    readonly_view_unwrap(L, 1);
    std::size_t len = 0;
    const char* key = luaL_checklstring(L, 2, &len);
    lua_settop(L, 4);
    if (lua_isnil(L, 4)) {
        lua_createtable(L, static_cast<int>(std::min<std::size_t>(lua_rawlen(L, 1), 16)), 0);
        lua_replace(L, 4);
    } else {
        luaL_checktype(L, 4, LUA_TTABLE);
        if (lua_getmetatable(L, 4)) luaL_argerror(L, 4, "a plain table to fill expected (it has a metatable)");
    }
    const auto n = static_cast<lua_Integer>(charge_list(L, 1));
    auto out = static_cast<lua_Integer>(lua_rawlen(L, 4));
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, 1, i);
        const EntityId e = check_entity_at(L, -1, 1, "list", m);
        lua_pop(L, 1);
        if (prop_equals(m.entity(e).prop(std::string_view(key, len)), L, 3) == equal) {
            lua_pushinteger(L, e);
            lua_rawseti(L, 4, ++out);
        }
    }
    return 1;
}

/// entity.with(list, key, value [, into]) -> list
/// The entities of `list` whose prop `key` equals `value` (nil: the prop is unset), in list
/// order, appended to `into` (after its last entry; default a new list), which is returned: one
/// call instead of an entity.get per entity. entity.with(zone.items(hand), "type", "scheme").
int entity_with(lua_State* L) { return filter_by_prop(L, true); }

/// entity.without(list, key, value [, into]) -> list
/// The entities of `list` whose prop `key` does not equal `value`, as entity.with gives them:
/// entity.without(fighters, "defeated", true) keeps those still in the game.
int entity_without(lua_State* L) { return filter_by_prop(L, false); }

const luaL_Reg entity_module[] = {
    {"create", entity_create},   {"get", entity_get},     {"set", entity_set},     {"has_tag", entity_has_tag},
    {"add_tag", entity_add_tag}, {"remove_tag", entity_remove_tag}, {"info", entity_info},
    {"name", entity_name},       {"owner", entity_owner}, {"def", entity_def},     {"kind", entity_kind},
    {"sees", entity_sees},       {"with", entity_with},   {"without", entity_without}, {nullptr, nullptr}};

}  // namespace

void open_entity_module(lua_State* L, int env) { register_module(L, env, "entity", entity_module); }

}  // namespace duelbox
