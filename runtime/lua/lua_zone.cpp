// lua_zone.cpp - module `zone`: ordered containers (decks, hands, piles, board spaces).
#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "host.h"
#include "kernel/decision.h"
#include "kernel/utf8.h"
#include "lua_modules.h"
#include "lua_util.h"
#include "readonly_view.h"
#include "readonly_view.h"

namespace duelbox {

namespace {

/// zone.create(name [, owner [, visibility [, opts]]]) -> zone
/// A new zone. owner is a player or nil (shared); visibility is "public", "owner" (the
/// owner sees the contents, others the count) or "hidden" (nobody sees the contents).
/// opts.secret_kinds = true: a card here that a player cannot see tells them nothing of its
/// kind either (a deck or hand of mixed kinds); a search's copy of the match then re-deals
/// such cards across kinds, not only within each kind (docs/ai.md). Leave it off where the
/// rules fix the kinds a zone holds (a face-down pair of one style and one base).
/// opts.secret_owners = true: a card here that a player cannot see tells them nothing of whose
/// it is (a shared pile of cards whose backs are alike); a search's copy then re-deals such
/// cards across owners, each taking its owner along. Off (the default), whose card is which is
/// as public as a card's back: the copies keep each unseen card's owner where it lies.
int zone_create(lua_State* L) {
    Match& m = match_of(L);
    const char* name = luaL_checkstring(L, 1);
    const PlayerIndex owner = opt_player(L, 2, m);
    const char* vis = luaL_optstring(L, 3, "public");
    Visibility v;
    if (!parse_visibility(vis, v))
        return luaL_argerror(L, 3, lua_pushfstring(L, "expected \"public\", \"owner\" or \"hidden\"; got \"%s\"", vis));
    bool secret_kinds = false, secret_owners = false;
    if (!lua_isnoneornil(L, 4)) {
        luaL_checktype(L, 4, LUA_TTABLE);
        readonly_view_unwrap(L, 4);   // raw reads below
        lua_pushnil(L);
        while (lua_next(L, 4)) {      // every field known: a misspelt one would be silently ignored
            const std::string_view key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
            if (key != "secret_kinds" && key != "secret_owners")
                return luaL_argerror(L, 4, "unknown field (known: secret_kinds, secret_owners)");
            lua_pop(L, 1);
        }
        lua_pushliteral(L, "secret_kinds");
        secret_kinds = lua_rawget(L, 4) != LUA_TNIL && lua_toboolean(L, -1);
        lua_pop(L, 1);
        lua_pushliteral(L, "secret_owners");
        secret_owners = lua_rawget(L, 4) != LUA_TNIL && lua_toboolean(L, -1);
        lua_pop(L, 1);
    }
    charge_work(L, static_cast<std::size_t>(m.zone_count()));   // sorted into the zones' index by (owner, name): those after it shift
    return kernel_call(L, [&] {
        stamp_source(L, m);
        lua_pushinteger(L, m.create_zone(name, owner, v, secret_kinds, secret_owners));
        return 1;
    });
}

// The zone called `name` (a Lua string of `len` bytes, alive for the call) owned by `owner`.
// Rules ask for the same few zones hundreds of times a turn, by the same Lua strings (a
// script's constants keep them alive at one address). A slot keyed by that address and the
// owner answers without the sorted search; it is confirmed against the zone itself, since
// (name, owner) names one zone for good and a freed address may come back as another string
// or another match.
ZoneId find_zone_named(const Match& m, const char* name, std::size_t len, PlayerIndex owner) {
    struct Slot {
        const Match* match = nullptr;
        const char* name = nullptr;
        PlayerIndex owner = kNoPlayer;
        ZoneId zone = kNoZone;
    };
    thread_local std::array<Slot, 256> slots;
    const auto a = reinterpret_cast<std::uintptr_t>(name);
    Slot& slot = slots[((a >> 4) ^ (a >> 12) ^ static_cast<std::uintptr_t>(owner) * 0x9e37) & 255];
    if (slot.match == &m && slot.name == name && slot.owner == owner &&
        slot.zone <= static_cast<ZoneId>(m.zone_count())) {
        const Zone& hit = m.zone(slot.zone);
        if (hit.owner == owner && std::string_view(hit.name) == std::string_view(name, len)) return slot.zone;
    }
    const ZoneId z = m.find_zone(std::string_view(name, len), owner);
    if (z != kNoZone) slot = {&m, name, owner, z};
    return z;
}

/// zone.find(name [, owner]) -> zone|nil
/// The zone with that name and owner (nil owner = shared), or nil.
int zone_find(lua_State* L) {
    Match& m = match_of(L);
    std::size_t len = 0;
    const char* name = luaL_checklstring(L, 1, &len);
    const PlayerIndex owner = opt_player(L, 2, m);
    const ZoneId z = find_zone_named(m, name, len, owner);
    if (z == kNoZone) lua_pushnil(L);
    else lua_pushinteger(L, z);
    return 1;
}

// The optional filter of zone.items and zone.count: arguments `first` (kind) and first + 1
// (name), each nil for "any". Compared in C++, so a script never pushes a name to compare it.
// Which entities a zone query keeps: a kind or one of a few kinds, and/or a display name. The
// texts are Lua strings on the caller's stack (arguments, or the entries of a kinds list the
// caller holds): alive for the call, nothing copied.
struct EntityFilter {
    static constexpr int kMaxKinds = 8;
    const char* kinds[kMaxKinds] = {};
    int kind_count = 0;
    const char* name = nullptr;
    bool any() const { return kind_count == 0 && !name; }
    bool operator()(const Entity& e) const {
        if (name && e.name != name) return false;
        if (kind_count == 0) return true;
        for (int i = 0; i < kind_count; ++i)
            if (e.kind == kinds[i]) return true;
        return false;
    }
};

// Arguments `first` (kind: a string, a list of up to 8 strings, or nil) and `first + 1` (name).
EntityFilter check_filter(lua_State* L, int first) {
    EntityFilter f;
    if (lua_istable(L, first)) {
        readonly_view_unwrap(L, first);   // a module's constant list reads like the list
        const auto n = static_cast<int>(lua_rawlen(L, first));
        if (n == 0 || n > EntityFilter::kMaxKinds) luaL_argerror(L, first, "a list of 1 to 8 kinds expected");
        for (int i = 1; i <= n; ++i) {
            if (lua_rawgeti(L, first, i) != LUA_TSTRING)
                luaL_argerror(L, first, lua_pushfstring(L, "kinds[%d]: a kind name expected", i));
            f.kinds[f.kind_count++] = lua_tostring(L, -1);   // the list keeps the string alive
            lua_pop(L, 1);
        }
    } else if (!lua_isnoneornil(L, first)) {
        f.kinds[f.kind_count++] = luaL_checkstring(L, first);
    }
    if (!lua_isnoneornil(L, first + 1)) f.name = luaL_checkstring(L, first + 1);
    return f;
}

// The list a query answers into, pushed: the caller's table at argument `arg` when given (a
// plain table: a read-only view would be written through), else a new one.
int begin_list(lua_State* L, int arg, int size_hint) {
    if (lua_isnoneornil(L, arg)) {
        lua_createtable(L, size_hint, 0);
        return lua_gettop(L);
    }
    luaL_checktype(L, arg, LUA_TTABLE);
    if (lua_getmetatable(L, arg)) luaL_argerror(L, arg, "a plain table to fill expected (it has a metatable)");
    lua_pushvalue(L, arg);
    return lua_gettop(L);
}

// Ends the list at stack slot `t` after `n` entries: what a reused list held past them is cleared.
void end_list(lua_State* L, int t, lua_Integer n) {
    for (auto i = static_cast<lua_Integer>(lua_rawlen(L, t)); i > n; --i) {
        lua_pushnil(L);
        lua_rawseti(L, t, i);
    }
}

/// zone.items(z [, kind [, name [, into]]]) -> {entity...}
/// The zone's entities, top first; with `kind`, only the entities of that kind (a hand's
/// styles), or of one of the kinds a list names ({"style", "base"}); with `name`, only those
/// of that display name (kind may be nil: any kind), e.g.
/// `zone.items(pool, "counter", "frost")`. Rules code sees everything; what a player sees is
/// decided by the zone's visibility when the log and agents show it. With `into` (a plain
/// table) the list is written into it and it is returned, cleared past the list's end: a rule
/// that keeps one list for a query it makes every turn makes no table per call (a new table
/// costs about as much as the call itself).
int zone_items(lua_State* L) {
    Match& m = match_of(L);
    const Zone& z = m.zone(check_zone(L, 1, m));
    const EntityFilter keep = check_filter(L, 2);
    charge_work(L, z.items.size());
    const int t = begin_list(L, 4, static_cast<int>(z.items.size()));
    const bool all = keep.any();
    lua_Integer n = 0;
    for (EntityId e : z.items)
        if (all || keep(m.entity(e))) {
            lua_pushinteger(L, e);
            lua_rawseti(L, t, ++n);
        }
    end_list(L, t, n);
    return 1;
}

/// zone.tagged(tag, owner, zones [, into]) -> {entity...}
/// The entities carrying tag `tag` in the listed zones, zone by zone in the list's order and
/// top first within a zone. An entry is a zone id (an error when no zone has it), or a zone
/// name: the zone of `owner` (nil: the shared zones) called so, skipped when there is none. One call for "which of my cards
/// here can do X?", where a rule would otherwise find each zone and look at each entity in
/// Lua; a rule that asks every turn keeps the zones' ids (a zone keeps its id for the match)
/// and finds no name. Rules code sees everything, as with zone.items; `into` as there.
int zone_tagged(lua_State* L) {
    Match& m = match_of(L);
    std::size_t tag_len = 0;
    const char* tag = luaL_checklstring(L, 1, &tag_len);
    const PlayerIndex owner = opt_player(L, 2, m);
    luaL_checktype(L, 3, LUA_TTABLE);
    readonly_view_unwrap(L, 3);   // a module's constant list reads like the list
    lua_settop(L, 4);
    const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, 3));
    charge_list(L, 3);   // each entry looked up (a name by a search of the zones)
    const int t = begin_list(L, 4, 4);
    const lua_Integer zones = static_cast<lua_Integer>(m.zone_count());
    lua_Integer found = 0;
    std::size_t scanned = 0;
    for (lua_Integer i = 1; i <= n; ++i) {
        ZoneId z = kNoZone;
        lua_Integer id = 0;
        int whole = 0;
        const int type = lua_rawgeti(L, 3, i);
        if (type == LUA_TNUMBER && (id = lua_tointegerx(L, -1, &whole), whole) && id >= 1 && id <= zones) {
            z = static_cast<ZoneId>(id);   // (3.0 reads as 3, as zone ids do elsewhere)
        } else if (type == LUA_TSTRING) {
            std::size_t len = 0;
            const char* name = lua_tolstring(L, -1, &len);
            z = find_zone_named(m, name, len, owner);   // the list holds the string: its address stays
        } else {
            return luaL_argerror(L, 3, lua_pushfstring(L, "zones[%d]: a zone id or a zone name expected, got %s",
                                                       static_cast<int>(i), type == LUA_TNUMBER ? "no such zone" : luaL_typename(L, -1)));
        }
        lua_pop(L, 1);
        if (z == kNoZone) continue;
        scanned += m.zone(z).items.size();   // (the list itself: charge_list above)
        for (EntityId e : m.zone(z).items)
            if (m.entity(e).has_tag(std::string_view(tag, tag_len))) {
                lua_pushinteger(L, e);
                lua_rawseti(L, t, ++found);
            }
    }
    end_list(L, t, found);
    charge_work(L, scanned);
    return 1;
}

/// zone.count(z [, kind [, name]]) -> integer
/// How many entities the zone holds; with `kind` (a kind or a list of kinds) and/or `name`
/// (nil = any), how many match,
/// without building a list: `zone.count(pool, nil, "frost")` counts a fighter's frost tokens.
int zone_count(lua_State* L) {
    Match& m = match_of(L);
    const Zone& z = m.zone(check_zone(L, 1, m));
    const EntityFilter keep = check_filter(L, 2);
    if (keep.any()) {
        lua_pushinteger(L, static_cast<lua_Integer>(z.items.size()));
        return 1;
    }
    charge_work(L, z.items.size());
    lua_Integer n = 0;
    for (EntityId e : z.items) n += keep(m.entity(e)) ? 1 : 0;
    lua_pushinteger(L, n);
    return 1;
}

/// zone.top(z) -> entity|nil
/// The top entity of the zone, or nil when it is empty.
int zone_top(lua_State* L) {
    Match& m = match_of(L);
    const Zone& z = m.zone(check_zone(L, 1, m));
    if (z.items.empty()) lua_pushnil(L);
    else lua_pushinteger(L, z.items.front());
    return 1;
}

/// zone.at(z, i) -> entity|nil
/// The entity at position `i` of the zone (1 = top), or nil past either end: one entity
/// without building the list zone.items makes.
int zone_at(lua_State* L) {
    Match& m = match_of(L);
    const Zone& z = m.zone(check_zone(L, 1, m));
    const lua_Integer i = luaL_checkinteger(L, 2);
    if (i < 1 || static_cast<std::size_t>(i) > z.items.size()) lua_pushnil(L);
    else lua_pushinteger(L, z.items[static_cast<std::size_t>(i) - 1]);
    return 1;
}

/// zone.move(e, z [, where])
/// Moves entity `e` into zone `z`; where = "top" (default), "bottom" or a position (1 = top).
int zone_move(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    const ZoneId z = check_zone(L, 2, m);
    const Where where = lua_check_where(L, 3, m.zone(z).items.size() + (m.entity(e).zone == z ? 0 : 1));
    charge_work(L, m.zone(m.entity(e).zone).items.size() + m.zone(z).items.size());   // found, shifted out, shifted in
    return kernel_call(L, [&] {
        stamp_source(L, m);
        m.move(e, z, where);
        return 0;
    });
}

/// zone.move_all(from, to [, where [, kind [, name]]]) -> integer
/// Moves every entity of zone `from` into zone `to`, top first, each as zone.move(e, to, where)
/// would (where = "top", the default, or "bottom"), and returns how many moved. `kind` (a kind
/// or a list of kinds) and `name` keep only the entities that match, as in zone.items: one
/// call for "put the discard pile's styles and bases back into the hand". Without a filter the
/// whole zone goes, so a card a player knew to be in `from` they know to be in `to` (a search
/// deals accordingly); zone.move one by one makes them forget which card an unseen one was.
int zone_move_all(lua_State* L) {
    Match& m = match_of(L);
    const ZoneId from = check_zone(L, 1, m);
    const ZoneId to = check_zone(L, 2, m);
    if (from == to) return luaL_argerror(L, 2, "the entities are in that zone already");
    const char* place = luaL_optstring(L, 3, "top");
    const bool bottom = std::strcmp(place, "bottom") == 0;
    if (!bottom && std::strcmp(place, "top") != 0) return luaL_argerror(L, 3, "\"top\" or \"bottom\" expected");
    const EntityFilter keep = check_filter(L, 4);
    // Each entity leaves `from` and enters `to` as zone.move would: a shift of both, per entity.
    const std::size_t from_size = m.zone(from).items.size();
    charge_work(L, from_size * (from_size + m.zone(to).items.size()));
    std::size_t moved = 0;
    kernel_call(L, [&] {
        stamp_source(L, m);
        const Where where = bottom ? Where::bottom() : Where::top();
        std::vector<EntityId> moving;   // a copy: the zone changes as they leave it
        for (EntityId e : m.zone(from).items)
            if (keep(m.entity(e))) moving.push_back(e);
        // The whole zone: the kernel's move_all, which keeps what players knew was in it. A part
        // of it (a filter) moves one by one: which ones went may be hidden.
        if (moving.size() == m.zone(from).items.size()) {
            moved = m.move_all(from, to, where);
        } else {
            for (EntityId e : moving) m.move(e, to, where);
            moved = moving.size();
        }
        return 0;
    });
    lua_pushinteger(L, static_cast<lua_Integer>(moved));
    return 1;
}

/// zone.shuffle(z)
/// Shuffles the zone with the match's seeded RNG.
int zone_shuffle(lua_State* L) {
    Match& m = match_of(L);
    const ZoneId z = check_zone(L, 1, m);
    charge_work(L, 4 * m.zone(z).items.size());   // a draw, a swap and who still sees it, per entity
    return kernel_call(L, [&] {
        stamp_source(L, m);
        m.shuffle(z);
        return 0;
    });
}

/// zone.reveal(e, who)
/// Shows entity `e` to `who` ("all", a player, or a list of players) until it next moves, or
/// until a move or a new card that a shown player cannot follow shifts its zone (they saw it
/// where it lay, not where it is then).
int zone_reveal(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    PlayerMask mask = kNobody;
    if (lua_type(L, 2) == LUA_TSTRING && std::string_view(lua_tostring(L, 2)) == "all") mask = kEveryone;
    else if (lua_isinteger(L, 2)) mask = mask_of(check_player(L, 2, m));
    else if (lua_istable(L, 2)) {
        readonly_view_unwrap(L, 2);   // raw reads below
        const lua_Integer n = luaL_len(L, 2);
        charge_list(L, 2);
        for (lua_Integer i = 1; i <= n; ++i) {
            lua_rawgeti(L, 2, i);
            mask |= mask_of(check_player_entry(L, 2, m));
            lua_pop(L, 1);
        }
    } else return luaL_typeerror(L, 2, "\"all\", a player or a list of players");
    return kernel_call(L, [&] {
        stamp_source(L, m);
        m.reveal(e, mask);
        return 0;
    });
}

/// zone.of(e) -> zone
/// The zone entity `e` is in (every entity is in exactly one).
int zone_of(lua_State* L) {
    Match& m = match_of(L);
    lua_pushinteger(L, m.entity(check_entity(L, 1, m)).zone);
    return 1;
}

/// zone.name(z) -> string
int zone_name(lua_State* L) {
    Match& m = match_of(L);
    lua_pushstring(L, m.zone(check_zone(L, 1, m)).name.c_str());
    return 1;
}

/// zone.owner(z) -> integer|nil
int zone_owner(lua_State* L) {
    Match& m = match_of(L);
    push_player(L, m.zone(check_zone(L, 1, m)).owner);
    return 1;
}

/// zone.position(e) -> integer
/// Where entity `e` lies in its zone (1 = top).
int zone_position(lua_State* L) {
    Match& m = match_of(L);
    const Entity& ent = m.entity(check_entity(L, 1, m));
    const auto& items = m.zone(ent.zone).items;
    charge_work(L, items.size());
    for (std::size_t i = 0; i < items.size(); ++i)
        if (items[i] == ent.id) {
            lua_pushinteger(L, static_cast<lua_Integer>(i + 1));
            return 1;
        }
    return luaL_error(L, "zone.position: entity %d is not in its zone (kernel invariant broken)", ent.id);
}

// zone.choose_all once answered: the picked entities. Slot 2 holds each request's entities as
// they were offered; the answers are the list on the top of the stack.
int choose_all_answered(lua_State* L, int status, lua_KContext ctx) {
    (void)status;
    (void)ctx;
    const auto& offered = *static_cast<const std::vector<std::vector<EntityId>>*>(lua_touserdata(L, 2));
    const int answers = lua_gettop(L);
    lua_createtable(L, static_cast<int>(offered.size()), 0);
    for (std::size_t i = 0; i < offered.size(); ++i) {
        lua_rawgeti(L, answers, static_cast<lua_Integer>(i + 1));
        const lua_Integer pick = lua_tointeger(L, -1);   // a single question's answer
        lua_pop(L, 1);
        if (pick < 1 || static_cast<std::size_t>(pick) > offered[i].size())
            return luaL_error(L, "zone.choose_all: answer %d (%I) is not one of the options", static_cast<int>(i + 1),
                              (LUAI_UACINT)pick);
        lua_pushinteger(L, offered[i][static_cast<std::size_t>(pick - 1)]);
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 1;
}

/// zone.choose_all{{player=, id=, prompt=, zone=, kind=, secret=}, ...} -> {entity, ...}
/// Each request's player picks one entity of zone `zone` (of kind `kind`, when given; top
/// first, labelled with their names, "a hidden card" for one its chooser cannot see), all at once: decide_all's simultaneous, hidden choice
/// (with `secret`, no other player reads the answer), with the options listed by the kernel,
/// so no list is made in Lua and none read back. Returns the picked entities in request order
/// (the rule moves them). A request whose zone holds no such entity is an error: check first.
/// `id` (UTF-8 text) names the question for scripted answers.
int zone_choose_all(lua_State* L) {
    Match& m = match_of(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    readonly_view_unwrap(L, 1);
    lua_settop(L, 1);
    const auto n = static_cast<std::size_t>(lua_rawlen(L, 1));
    if (n == 0) return luaL_error(L, "zone.choose_all: needs at least one request");
    charge_list(L, 1);
    auto& offered = push_owned<std::vector<std::vector<EntityId>>>(L);   // slot 2
    offered.resize(n);   // (rawlen: what the list holds, not what a __len claims)
    std::vector<DecisionRequest>& reqs = decision_request_list(L);
    const int base = lua_gettop(L);   // 2, or 3 with a request list Lua owns
    std::size_t held = 0, scanned = 0;
    constexpr int arg = 1;   // the argument errors name: the list of requests
    for (std::size_t i = 0; i < n; ++i) {
        if (lua_rawgeti(L, 1, static_cast<lua_Integer>(i + 1)) != LUA_TTABLE)
            luaL_error(L, "zone.choose_all: request %d must be a table {player=, zone=, kind=, ...}", static_cast<int>(i + 1));
        const int t = lua_gettop(L);
        readonly_view_unwrap(L, t);
        DecisionRequest& q = decision_request_at(reqs, i);
        lua_getfield(L, t, "player");
        q.player = check_player_at(L, -1, arg, "field 'player'", m);
        lua_getfield(L, t, "zone");
        const ZoneId z = check_zone_at(L, -1, arg, "field 'zone'", m);
        EntityFilter keep;
        if (lua_getfield(L, t, "kind") != LUA_TNIL) keep.kinds[keep.kind_count++] = luaL_checkstring(L, -1);   // (kept on the stack)
        if (lua_getfield(L, t, "id") != LUA_TNIL) {
            std::size_t len = 0;
            const char* id = lua_tolstring(L, -1, &len);
            if (!id) luaL_error(L, "zone.choose_all: field 'id' must be a string");
            q.id.assign(id, len);
            if (const std::size_t bad = utf8_error_at(q.id); bad != std::string_view::npos)
                luaL_error(L, "zone.choose_all: field 'id' must be UTF-8 text (its byte %d is not): a replay matches answers by it",
                           static_cast<int>(bad + 1));
        }
        if (lua_getfield(L, t, "prompt") != LUA_TNIL) {
            std::size_t len = 0;
            const char* prompt = lua_tolstring(L, -1, &len);
            if (!prompt) luaL_error(L, "zone.choose_all: field 'prompt' must be a string");
            q.prompt.assign(prompt, len);
        }
        lua_getfield(L, t, "secret");
        q.secret = lua_toboolean(L, -1);
        q.kind = DecisionKind::Choose;
        q.single = true;
        q.min = q.max = 1;
        std::vector<EntityId>& list = offered[i];
        list.clear();
        for (EntityId e : m.zone(z).items)
            if (keep(m.entity(e))) list.push_back(e);
        scanned += m.zone(z).items.size();
        if (list.empty())
            luaL_error(L, "zone.choose_all: request %d: zone %s holds no %s to choose", static_cast<int>(i + 1),
                       m.zone(z).name.c_str(), keep.kind_count ? keep.kinds[0] : "entity");
        q.options.resize(list.size());
        for (std::size_t k = 0; k < list.size(); ++k) {
            Option& o = q.options[k];
            o.label = m.entity_name_for(list[k], q.player);   // a card hidden from the chooser is not named
            o.entity = list[k];
            o.space = kNoSpace;
            held += o.label.size() + sizeof(Option);
        }
        decision_check_room(L, "zone.choose_all", held);   // the names copied so far, against the memory cap
        lua_settop(L, base);
    }
    charge_work(L, scanned);
    reqs.resize(n);
    return decision_ask_and_yield(L, reqs, true, "zone.choose_all", 0, choose_all_answered);
}

const luaL_Reg zone_module[] = {
    {"create", zone_create}, {"find", zone_find},       {"items", zone_items}, {"tagged", zone_tagged}, {"count", zone_count},
    {"top", zone_top},       {"move", zone_move},       {"move_all", zone_move_all}, {"shuffle", zone_shuffle},
    {"reveal", zone_reveal},
    {"of", zone_of},         {"name", zone_name},       {"owner", zone_owner}, {"position", zone_position},
    {"at", zone_at},         {"choose_all", zone_choose_all}, {nullptr, nullptr}};

}  // namespace

void open_zone_module(lua_State* L, int env) { register_module(L, env, "zone", zone_module); }

}  // namespace duelbox
