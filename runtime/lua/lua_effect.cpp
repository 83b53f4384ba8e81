// lua_effect.cpp - module `effect`: modifiers to stats and prohibitions of actions.
#include "host.h"
#include "lua_modules.h"
#include "lua_util.h"

namespace duelbox {

namespace {

EntityId field_entity(lua_State* L, const char* key, Match& m, bool required) {
    if (lua_getfield(L, 1, key) == LUA_TNIL) {
        lua_pop(L, 1);
        if (required) luaL_error(L, "field '%s' (an entity) is required", key);
        return kNoEntity;
    }
    lua_Integer v = 0;
    if (integer_in(L, -1, 1, static_cast<lua_Integer>(m.entity_count()), v)) {   // taken at once (no message made)
        lua_pop(L, 1);
        return static_cast<EntityId>(v);
    }
    const char* what = lua_pushfstring(L, "field '%s'", key);   // a Lua string: the check may raise
    const EntityId e = check_entity_at(L, -2, 1, what, m);
    lua_pop(L, 2);
    return e;
}

/// effect.modify{target=, stat=, op="add"|"set"|"min"|"max", amount=, source=, expires=} -> id
/// Changes stat `stat` of `target`: "set" first (last wins), then "add" (summed), then "min"
/// (a floor) and "max" (a cap). `expires` names the period whose end removes it.
int effect_modify(lua_State* L) {
    Match& m = match_of(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    Modifier& mod = push_owned<Modifier>(L);   // its strings must survive a check raising
    mod.target = field_entity(L, "target", m, true);
    mod.source = field_entity(L, "source", m, false);
    if (!get_field_string(L, 1, "stat", mod.stat)) return luaL_error(L, "effect.modify: field 'stat' is required");
    const char* op = push_field_string(L, 1, "op", "add");
    if (!parse_mod_op(op, mod.op))
        return luaL_error(L, "effect.modify: field 'op' must be \"add\", \"set\", \"min\" or \"max\" (got \"%s\")", op);
    if (!get_field_int(L, 1, "amount", mod.amount)) return luaL_error(L, "effect.modify: field 'amount' is required");
    get_field_string(L, 1, "expires", mod.expires);
    return kernel_call(L, [&] {
        stamp_source(L, m);
        lua_pushinteger(L, m.add_modifier(std::move(mod)));
        return 1;
    });
}

/// effect.prohibit{target=, action=, source=, expires=} -> id
/// Forbids `action` for `target` ("move", "advance", "retreat", "be_pushed", "be_pulled",
/// or any word a game's scripts consult with effect.prohibited).
int effect_prohibit(lua_State* L) {
    Match& m = match_of(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    Prohibition& p = push_owned<Prohibition>(L);   // its strings must survive a check raising
    p.target = field_entity(L, "target", m, true);
    p.source = field_entity(L, "source", m, false);
    if (!get_field_string(L, 1, "action", p.action)) return luaL_error(L, "effect.prohibit: field 'action' is required");
    get_field_string(L, 1, "expires", p.expires);
    return kernel_call(L, [&] {
        stamp_source(L, m);
        lua_pushinteger(L, m.add_prohibition(std::move(p)));
        return 1;
    });
}

/// effect.remove(id) -> boolean
int effect_remove(lua_State* L) {
    Match& m = match_of(L);
    EffectId id = 0;
    if (!to_id(L, 1, id)) {
        lua_pushboolean(L, 0);
        return 1;
    }
    charge_work(L, m.effects().modifiers().size() + m.effects().prohibitions().size());
    return kernel_call(L, [&] {
        stamp_source(L, m);
        lua_pushboolean(L, m.remove_effect(id));
        return 1;
    });
}

/// effect.remove_source(source) -> integer
/// Ends every modifier and prohibition the entity `source` granted (its `source` field), oldest
/// first, each logged as effect.remove, and returns how many: what a card's effects do when it
/// leaves the game ("all its effects stop at once").
int effect_remove_source(lua_State* L) {
    Match& m = match_of(L);
    const EntityId source = check_entity(L, 1, m);
    charge_work(L, m.effects().modifiers().size() + m.effects().prohibitions().size());
    return kernel_call(L, [&] {
        stamp_source(L, m);
        lua_pushinteger(L, m.remove_effects_of(source));
        return 1;
    });
}

/// effect.stat(target, stat, base) -> integer
/// `base` after every live modifier of that target and stat.
int effect_stat(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    const char* stat = luaL_checkstring(L, 2);
    const std::int64_t base = luaL_checkinteger(L, 3);
    charge_work(L, m.effects().modifiers().size());
    lua_pushinteger(L, m.stat(e, stat, base));
    return 1;
}

/// effect.prohibited(target, action) -> boolean [, source]
/// Whether a live prohibition forbids `target` to do `action`; when one does and names the card
/// that set it, that card as a second result (what a rule tells a person asking why a move is
/// not offered).
int effect_prohibited(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    const char* action = luaL_checkstring(L, 2);
    charge_work(L, m.effects().prohibitions().size());
    const bool banned = m.prohibited(e, action);
    lua_pushboolean(L, banned);
    EntityId source = kNoEntity;
    if (banned)
        for (const Prohibition& p : m.effects().prohibitions())
            if (p.target == e && p.action == action) {
                source = p.source;
                break;
            }
    if (source == kNoEntity) return 1;   // one result, as before, unless a card is named
    lua_pushinteger(L, source);
    return 2;
}

const luaL_Reg effect_module[] = {{"modify", effect_modify},
                                  {"prohibit", effect_prohibit},
                                  {"remove", effect_remove},
                                  {"remove_source", effect_remove_source},
                                  {"stat", effect_stat},
                                  {"prohibited", effect_prohibited},
                                  {nullptr, nullptr}};

}  // namespace

void open_effect_module(lua_State* L, int env) { register_module(L, env, "effect", effect_module); }

}  // namespace duelbox
