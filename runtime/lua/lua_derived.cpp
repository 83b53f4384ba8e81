// lua_derived.cpp - module `derived`: values the kernel sums, modifies, clamps and caches
// (derived.h). Define once per match, read in any window for the price of one call.
#include "host.h"
#include "lua_modules.h"
#include "lua_util.h"

namespace duelbox {

namespace {

// A list of strings at field `key` of table `t` (argument 1).
void get_string_list(lua_State* L, int t, const char* key, std::vector<std::string>& out) {
    const int type = lua_getfield(L, t, key);
    if (type == LUA_TTABLE) {
        const lua_Integer n = luaL_len(L, -1);
        charge_list(L, -1);
        std::size_t copied = 0;
        for (lua_Integer i = 1; i <= n; ++i) {
            if (lua_geti(L, -1, i) != LUA_TSTRING)
                luaL_argerror(L, 1, lua_pushfstring(L, "field '%s': a list of strings expected", key));
            copied = room_for_copy(L, copied, lua_rawlen(L, -1) + sizeof(std::string), "derived.define's list");
            out.emplace_back(lua_tostring(L, -1));
            lua_pop(L, 1);
        }
    } else if (type != LUA_TNIL) {
        luaL_argerror(L, 1, lua_pushfstring(L, "field '%s': a list of strings expected", key));
    }
    lua_pop(L, 1);
}

DerivedId check_derived(lua_State* L, int arg, const Match& m) {
    const lua_Integer id = luaL_checkinteger(L, arg);
    if (id < 1 || static_cast<std::size_t>(id) > m.derived_values().size())
        luaL_argerror(L, arg, lua_pushfstring(L, "no derived value %I (defined: 1..%d)", (LUAI_UACINT)id,
                                              static_cast<int>(m.derived_values().size())));
    return static_cast<DerivedId>(id);
}

// Charges the script for what checking or recomputing cached values looked at (plus `more`):
// reading a value over a huge zone after every change is that much work a read (charge_work).
void charge_derived(lua_State* L, const Match& m, std::size_t more = 0) {
    charge_work(L, m.derived_values().take_work() + more);
}

// Pushes derived value `id` now: an integer, or the definition's `none` string.
int push_derived(lua_State* L, const Match& m, DerivedId id) {
    const DerivedValue v = m.derived(id);
    if (v.none) lua_pushstring(L, m.derived_values().spec(id)->none_value.c_str());
    else lua_pushinteger(L, v.value);
    charge_derived(L, m);
    return 1;
}

/// derived.define{name=, zones={z...}, entities={e...}, prop=, kinds=, alone=, none=, fixed=, target=, stat=, override=, unnone=, floor=, cap=} -> id
/// Defines a value the kernel computes: the sum of prop `prop` over the entities listed in
/// `entities` (wherever they are: a unit's own printed value) and those in `zones`
/// (top first; with `kinds`, only the first entity of each kind; an entity of kind `alone`
/// counts alone), plus the modifiers of (`target`, `stat`), clamped to `floor`..`cap`. A
/// source whose `fixed` prop is true gives its own value, unmodified. A prop equal to the
/// string `none` makes the value none (unless modifiers of (`target`, `unnone`) add up to anything but 0);
/// modifiers of (`target`, `override`), when any exist, replace the value. Read it with
/// derived.get; it is recomputed only after the match changed. Part of the match (snapshots
/// keep it); define it during setup.
int derived_define(lua_State* L) {
    Match& m = match_of(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    auto& s = push_owned<DerivedSpec>(L);   // its strings must survive a check raising
    get_field_string(L, 1, "name", s.name);
    get_field_string(L, 1, "prop", s.prop);
    if (s.prop.empty()) return luaL_argerror(L, 1, "field 'prop' (the prop summed) is required");
    const int zones_type = lua_getfield(L, 1, "zones");
    if (zones_type != LUA_TTABLE && zones_type != LUA_TNIL)
        return luaL_argerror(L, 1, "field 'zones': a list of zones expected");
    const lua_Integer zone_count = zones_type == LUA_TTABLE ? luaL_len(L, -1) : 0;
    if (zones_type == LUA_TTABLE) charge_list(L, -1);
    for (lua_Integer i = 1; i <= zone_count; ++i) {
        lua_geti(L, -1, i);
        s.zones.push_back(check_zone_at(L, -1, 1, "field 'zones'", m));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    const int entities_type = lua_getfield(L, 1, "entities");
    if (entities_type != LUA_TTABLE && entities_type != LUA_TNIL)
        return luaL_argerror(L, 1, "field 'entities': a list of entities expected");
    const lua_Integer entity_count = entities_type == LUA_TTABLE ? luaL_len(L, -1) : 0;
    if (entities_type == LUA_TTABLE) charge_list(L, -1);
    for (lua_Integer i = 1; i <= entity_count; ++i) {
        lua_geti(L, -1, i);
        s.entities.push_back(check_entity_at(L, -1, 1, "field 'entities'", m));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (zones_type == LUA_TNIL && entities_type == LUA_TNIL)
        return luaL_argerror(L, 1, "field 'zones' or 'entities' is required (where the sources are)");
    get_string_list(L, 1, "kinds", s.kinds);
    get_field_string(L, 1, "alone", s.alone_kind);
    get_field_string(L, 1, "none", s.none_value);
    get_field_string(L, 1, "fixed", s.fixed_prop);
    if (lua_getfield(L, 1, "target") != LUA_TNIL) s.target = check_entity_at(L, -1, 1, "field 'target'", m);
    lua_pop(L, 1);
    get_field_string(L, 1, "stat", s.stat);
    get_field_string(L, 1, "override", s.override_stat);
    get_field_string(L, 1, "unnone", s.unnone_stat);
    std::int64_t v = 0;
    if (get_field_int(L, 1, "floor", v)) s.floor = v;
    if (get_field_int(L, 1, "cap", v)) s.cap = v;
    if (s.floor && s.cap && *s.floor > *s.cap)
        return luaL_argerror(L, 1, lua_pushfstring(L, "floor %I is above cap %I", static_cast<LUAI_UACINT>(*s.floor),
                                                   static_cast<LUAI_UACINT>(*s.cap)));
    if ((!s.stat.empty() || !s.override_stat.empty() || !s.unnone_stat.empty()) && s.target == kNoEntity)
        return luaL_argerror(L, 1, "field 'target' is required with stat, override or unnone");
    charge_work(L, m.derived_values().size());   // compared with each definition (one that selects alike shares its list)
    return kernel_call(L, [&] {
        lua_pushinteger(L, m.define_derived(std::move(s)));
        return 1;
    });
}

/// derived.get(id) -> integer|string
/// The value now: an integer, or the definition's `none` string when the value is none.
int derived_get(lua_State* L) {
    const Match& m = match_of(L);
    return push_derived(L, m, check_derived(L, 1, m));
}

/// derived.of(name, target) -> integer|string
/// derived.get of the value defined with that name and target (derived.find + derived.get in
/// one call); an error when there is none.
int derived_of(lua_State* L) {
    const Match& m = match_of(L);
    const char* name = luaL_checkstring(L, 1);
    const EntityId target = check_entity(L, 2, m);
    charge_work(L, m.derived_values().size());   // the definitions, looked through by name
    const DerivedId id = m.derived_values().find(name, target);
    if (id == 0) return luaL_error(L, "no derived value '%s' is defined for entity %d", name, static_cast<int>(target));
    return push_derived(L, m, id);
}

/// derived.sources(id) -> e...
/// The entities the value is summed over now (step 1 of the definition), as several results.
int derived_sources(lua_State* L) {
    const Match& m = match_of(L);
    const std::vector<EntityId>& list = m.derived_sources(check_derived(L, 1, m));   // the cache's: nothing to free
    charge_derived(L, m, list.size());
    luaL_checkstack(L, static_cast<int>(list.size()), "too many sources");
    for (EntityId e : list) lua_pushinteger(L, e);
    return static_cast<int>(list.size());
}

// Whether prop value v equals the Lua value at idx (a boolean, an integer or a string), read in
// place: no C++ copy of a string that a raise could leak.
bool equals_lua(lua_State* L, int idx, const Value& v) {
    switch (lua_type(L, idx)) {
        case LUA_TBOOLEAN: return v == Value{lua_toboolean(L, idx) != 0};
        case LUA_TSTRING: {
            const auto* s = std::get_if<std::string>(&v);
            std::size_t len = 0;
            const char* text = lua_tolstring(L, idx, &len);
            return s && std::string_view(*s) == std::string_view(text, len);
        }
        default: {
            const auto* i = std::get_if<std::int64_t>(&v);
            int whole = 0;
            const lua_Integer n = lua_tointegerx(L, idx, &whole);
            return i && whole && *i == n;
        }
    }
}

/// derived.source_with(id, prop [, value]) -> entity, value | nil
/// The first of the value's sources (derived.sources order) whose prop `prop` is set (not nil
/// or false), or equals `value` when one is given, and that prop's value; nil when none has it.
/// One call for "is one of the attack cards marked X?", where a rule would otherwise list the
/// sources and read each one's prop.
int derived_source_with(lua_State* L) {
    const Match& m = match_of(L);
    const DerivedId id = check_derived(L, 1, m);
    std::size_t len = 0;
    const char* prop = luaL_checklstring(L, 2, &len);
    const bool match_value = !lua_isnoneornil(L, 3);
    if (match_value) check_storable(L, 3);   // the comparison reads the Lua value in place
    charge_derived(L, m, m.derived_sources(id).size());
    for (EntityId e : m.derived_sources(id)) {
        const Value& v = m.entity(e).prop(std::string_view(prop, len));
        if (match_value ? !equals_lua(L, 3, v) : (is_nil(v) || v == Value{false})) continue;
        lua_pushinteger(L, e);
        push_value(L, v);
        return 2;
    }
    lua_pushnil(L);
    return 1;
}

/// derived.marks(id) -> fixed_by|nil, none_by|nil
/// Which of the value's sources made it what it is: `fixed_by`, the first whose `fixed` prop is
/// set (the value is that card's own, modifiers ignored); `none_by`, when none fixes it, the
/// first whose prop is the definition's `none` string (even when unnoned to 0). Worked out
/// with the value and cached with it: one call for "is this value a card's own, or none?"
/// (a rule asking whether a bonus to such a value would change anything: it would not).
int derived_marks(lua_State* L) {
    const Match& m = match_of(L);
    const DerivedMarks marks = m.derived_marks(check_derived(L, 1, m));
    charge_derived(L, m);
    if (marks.fixed_by != kNoEntity) lua_pushinteger(L, marks.fixed_by);
    else lua_pushnil(L);
    if (marks.none_by != kNoEntity) lua_pushinteger(L, marks.none_by);
    else lua_pushnil(L);
    return 2;
}

/// derived.find(name, target) -> id|nil
/// The derived value defined with that name and target, or nil.
int derived_find(lua_State* L) {
    const Match& m = match_of(L);
    const char* name = luaL_checkstring(L, 1);
    const EntityId target = lua_isnoneornil(L, 2) ? kNoEntity : check_entity(L, 2, m);
    charge_work(L, m.derived_values().size());   // the definitions, looked through by name
    const DerivedId id = m.derived_values().find(name, target);
    if (id == 0) lua_pushnil(L);
    else lua_pushinteger(L, id);
    return 1;
}

const luaL_Reg derived_module[] = {{"define", derived_define}, {"get", derived_get},   {"sources", derived_sources},
                                   {"find", derived_find},     {"of", derived_of},      {"source_with", derived_source_with},
                                   {"marks", derived_marks},
                                   {nullptr, nullptr}};

}  // namespace

void open_derived_module(lua_State* L, int env) { register_module(L, env, "derived", derived_module); }

}  // namespace duelbox
