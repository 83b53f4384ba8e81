// lua_cards.cpp - module `cards`: the definitions loaded from cards/<game>/ and the
// entities made from them.
#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "card_templates.h"
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

// cards.keys' answers by query (prefix, kind, prop), as positions in the host's card list.
// Definitions do not change while a host keeps them, and a game asks the same questions in
// every match (a roster, each fighter's deck: 5% of one game's bench before this memo),
// so each query walks the list once per load. Emptied whenever the definitions are frozen
// anew (a load, a reload). A userdata in the registry: freed with the Lua state.
using KeysMemo = std::unordered_map<std::string, std::vector<std::size_t>>;
const char kKeysMemoKey = 0;

KeysMemo& keys_memo(lua_State* L) { return registry_object<KeysMemo>(L, &kKeysMemoKey); }
}  // namespace

namespace {
// What make_card_views works on, and the card it was at when it stopped (for the message).
struct ViewJob {
    const std::vector<CardDef>* cards = nullptr;
    const CardDef* at = nullptr;
};

// Called under protection (ScriptCall::pcall, memory cap enforced): (job lightuserdata). Makes
// every definition's frozen view and keeps the table of them in the registry, at the end only,
// so a failure leaves the views the host had.
int make_card_views(lua_State* L) {
    auto& job = *static_cast<ViewJob*>(lua_touserdata(L, 1));
    lua_settop(L, 0);
    lua_getfield(L, LUA_REGISTRYINDEX, "duelbox.cards");                       // 1
    lua_createtable(L, 0, static_cast<int>(job.cards->size()));               // 2
    for (const CardDef& c : *job.cards) {
        job.at = &c;
        if (lua_getfield(L, 1, c.key.c_str()) == LUA_TTABLE) {
            lua_pushfstring(L, "cards.get('%s')", c.key.c_str());
            readonly_view_push(L, -2, "card definitions are read-only", lua_tostring(L, -1), true);
            lua_setfield(L, 2, c.key.c_str());
        }
        lua_settop(L, 2);
    }
    job.at = nullptr;
    lua_rawsetp(L, LUA_REGISTRYINDEX, &kCardViewsKey);
    return 0;
}
}  // namespace

std::string freeze_card_views(lua_State* L, const std::vector<CardDef>& cards) {
    ViewJob job{&cards, nullptr};
    {
        lua_pushcfunction(L, make_card_views);
        lua_pushlightuserdata(L, &job);
        ScriptCall call(host_of(L), L);
        if (call.pcall(1, 0) != LUA_OK) {
            std::string where = job.at ? job.at->file + ": card " + job.at->key + ": " : "";
            return where + call.error() + " (making the definition's read-only view)";
        }
    }
    build_card_templates(L, cards, host_of(L).windows());
    keys_memo(L).clear();
    return "";
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

// Registers, for entity `e`, each function of its definition named after a window (the
// template lists which, with their timing), in the game's window order. The definition is
// pushed only when a function is not pinned yet this match: the first activation of a card of
// that definition in a match, not every one.
int register_handlers(lua_State* L, Match& m, EntityId e, const CardTemplate& t) {
    LuaHost& host = host_of(L);
    const PlayerIndex owner = m.entity(e).owner;
    int added = 0;
    int def = 0;   // the definition's stack slot, once pushed
    for (std::size_t i = 0; i < t.hooks.size(); ++i) {
        if (i == t.hooks_error_at) luaL_error(L, "%s", t.hooks_error.c_str());
        const CardTemplate::Hook& hook = t.hooks[i];
        if (!hook.error.empty()) luaL_error(L, "%s", hook.error.c_str());
        int ref = hook.pinned_ref;
        if (hook.pinned_generation != host.function_generation()) {   // not pinned yet this match
            if (!def) {
                // (a template is made from a loaded definition: both come from the same load)
                if (!push_definition(L, m.entity(e).def.c_str()))
                    luaL_error(L, "entity %d: no loaded definition '%s' for its template", static_cast<int>(e),
                               m.entity(e).def.c_str());
                def = lua_gettop(L);
            }
            if (lua_getfield(L, def, hook.proto.window.c_str()) != LUA_TFUNCTION) {
                lua_pop(L, 1);
                continue;
            }
            // May raise (memory): before any C++ object exists. The origin lets a resumed copy pin it again.
            ref = host.ref_function(L, -1, m.entity(e).def.c_str(), hook.proto.window.c_str());
            lua_pop(L, 1);
            hook.pinned_ref = ref;
            hook.pinned_generation = host.function_generation();
        }
        Handler h = hook.proto;
        h.source = e;
        h.player = owner;
        h.script_ref = ref;
        m.windows().add(std::move(h));
        ++added;
    }
    if (t.hooks_error_at == t.hooks.size()) luaL_error(L, "%s", t.hooks_error.c_str());
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
    const CardTemplate* t = card_template(L, key);
    if (!t) return luaL_argerror(L, 1, lua_pushfstring(L, "no card is defined with key '%s'", key));
    if (!t->error.empty()) return luaL_error(L, "%s", t->error.c_str());
    const std::string &kind = t->kind, &name = t->name;
    const auto& props = t->props;
    const auto& tags = t->tags;
    // On top or at a position the zone shifts; in a zone not everyone sees, the kernel also reads
    // it (who knew its entities' places: Match::note_knowledge_after_create).
    charge_work(L, where.kind == Where::Bottom && m.zone(zone).visibility == Visibility::Public ? 0 : m.zone(zone).items.size());
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

/// cards.activate(e [, if_defined]) -> integer
/// Registers the handlers of entity `e`'s definition: each function named after a window
/// (source = e, player = its owner). def.timing[window] = {priority=, limit=, period=} sets
/// its options. window.off_source(e) silences them again. Returns how many were added.
/// An entity not made from a card definition is an error, or, with `if_defined` true, adds
/// nothing and returns 0 (one call where a rule activates whatever lies in a zone).
int cards_activate(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    const std::string& def = m.entity(e).def;   // the kernel's string, not a copy: the checks below may raise
    const CardTemplate* t = def.empty() ? nullptr : card_template(L, def);
    if (!t) {
        if (lua_toboolean(L, 2)) {
            lua_pushinteger(L, 0);
            return 1;
        }
        return luaL_argerror(L, 1, lua_pushfstring(L, "entity %d was not made from a card definition", (int)e));
    }
    if (t->hooks.empty()) {   // a definition with no window function: nothing to register
        lua_pushinteger(L, 0);
        return 1;
    }
    lua_pushinteger(L, register_handlers(L, m, e, *t));
    return 1;
}

/// cards.get(key) -> table|nil
/// The definition table of card `key`, read-only at every depth: every match on the host
/// shares it, so a write raises "card definitions are read-only (cards.get('k').props.x)".
/// Reading, pairs, ipairs, # and next work as on a table; they show the definition as it was
/// when the game loaded, and a field read is a table look-up (no C call).
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
/// tables are copied (a table reached twice is copied once), functions are shared. For a rule
/// that wants to change its copy; to read a definition, cards.get is as good (its view reads
/// at about a third of a plain table's speed, with no C call). The copy is the caller's:
/// changing it changes no definition and nothing another match sees. Metatables are not
/// copied. Costs the script's budget one instruction per entry copied.
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

/// cards.keys([prefix [, filter]]) -> {key...}
/// Every card key (in file order), or those starting with `prefix` ("game/fighter/").
/// `filter = {kind =, prop =}` keeps only the definitions of that kind (def.kind, "card" when
/// unset) and with that prop set (anything but nil and false): `cards.keys("game/", {kind =
/// "fighter", prop = "roster"})` lists a roster without reading a definition in Lua.
int cards_keys(lua_State* L) {
    std::size_t prefix_len = 0;
    const char* prefix = luaL_optlstring(L, 1, "", &prefix_len);
    if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TTABLE);
    lua_settop(L, 2);
    // Owned (push_owned): freed if a check below raises.
    struct Query {
        std::string kind, prop, text;   // text: prefix, kind and prop, each ended by a NUL
    };
    Query& q = push_owned<Query>(L);
    if (lua_istable(L, 2)) {
        readonly_view_unwrap(L, 2);
        get_field_string(L, 2, "kind", q.kind);
        get_field_string(L, 2, "prop", q.prop);
    }
    const std::string& kind = q.kind;
    const std::string& prop = q.prop;
    std::string& query = q.text;
    query.assign(prefix, prefix_len);
    query.push_back('\0');
    query.append(kind).push_back('\0');
    query.append(prop).push_back('\0');
    const auto& cards = host_of(L).cards();
    KeysMemo& memo = keys_memo(L);
    auto it = memo.find(query);
    if (it == memo.end()) {
        std::vector<std::size_t> found;
        const std::string_view want(prefix, prefix_len);
        for (std::size_t i = 0; i < cards.size(); ++i) {
            const CardDef& c = cards[i];
            if (c.key.compare(0, want.size(), want) != 0) continue;
            if (!kind.empty() || !prop.empty()) {
                const CardTemplate* t = card_template(L, c.key);
                if (!t || (!kind.empty() && t->kind != kind)) continue;
                if (!prop.empty()) {
                    const auto p = std::find_if(t->props.begin(), t->props.end(), [&](const auto& kv) { return kv.first == prop; });
                    if (p == t->props.end() || !truthy(p->second)) continue;
                }
            }
            found.push_back(i);
        }
        it = memo.emplace(query, std::move(found)).first;
    }
    const std::vector<std::size_t>& list = it->second;
    lua_createtable(L, static_cast<int>(list.size()), 0);
    for (std::size_t n = 0; n < list.size(); ++n) {
        const std::string& key = cards[list[n]].key;
        lua_pushlstring(L, key.data(), key.size());
        lua_rawseti(L, -2, static_cast<lua_Integer>(n + 1));
    }
    return 1;
}

const luaL_Reg cards_module[] = {
    {"create", cards_create}, {"activate", cards_activate}, {"get", cards_get}, {"of", cards_of}, {"copy", cards_copy}, {"keys", cards_keys}, {nullptr, nullptr}};

}  // namespace

void open_cards_module(lua_State* L, int env) { register_module(L, env, "cards", cards_module); }

}  // namespace duelbox
