// lua_offers.cpp - module `offers`: a round of optional plays, listed and asked by the kernel.
//
// Many games have a step where the players take turns to use one of the plays open to them
// or pass, until everyone passes: paid boosts ("pay 2 force: +1 power this beat, once") and
// the plays cards offer ("[Advantage] spend 1 force: ..."). Which plays are open is the same
// work in every turn of every match: costs against a counter, spent-this-period flags, whether
// the value a boost raises can change at all, which cards in which zones offer something and
// whether their condition holds. A script that works it out crosses into the kernel some
// thirty times a turn; here one call lists the plays and, when there is more than "pass", asks
// the question with the list it made (no Lua table per option), so a turn costs a few calls.
// What a play does once picked stays with the script: the kernel only lists and asks.
//
// The handle offers.prepare returns belongs to one match (its entities, zones and derived
// values): make it during the match, keep it in a file-level table (emptied before each match).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "host.h"
#include "kernel/decision.h"
#include "kernel/utf8.h"
#include "lua_modules.h"
#include "lua_util.h"
#include "readonly_view.h"

namespace duelbox {

namespace {

// Why a play is not open now (offers.list's `why` entries name these).
enum class Refusal { None, Used, Fixed, NoneValue, Blocked, Cost, Once, Condition };
const char* refusal_code(Refusal r) {
    switch (r) {
        case Refusal::None: return "";
        case Refusal::Used: return "used";
        case Refusal::Fixed: return "fixed";
        case Refusal::NoneValue: return "none";
        case Refusal::Blocked: return "blocked";
        case Refusal::Cost: return "cost";
        case Refusal::Once: return "once";
        case Refusal::Condition: return "condition";
    }
    return "";
}

// A paid boost of one seat: `cost` from the seat's payer, once per period (the `used` flag on
// the seat's entity), raising derived value `stat`.
struct Boost {
    std::string label;
    std::int64_t cost = 0;
    std::string used_text;
    Sym used = 0;                         // spent while this flag of the seat's entity is set
    DerivedId stat = 0;                   // 0: raises no derived value (no fixed/none test)
    std::vector<DerivedId> blocked_by;    // not open while one of these values is above 0
    std::vector<std::string> blocked_by_effects;   // ... or the seat entity's effect stat of that name
};

struct Seat {
    bool set = false;
    EntityId entity = kNoEntity;          // carries the boosts' flags and effect stats
    EntityId payer = kNoEntity;           // pays every cost (its counter `counter`)
    std::vector<ZoneId> zones;            // where cards' offers are looked for, in this order
    std::vector<Boost> boosts;
};

// One definition's offer (its field `field`), read the first time an entity of it is listed.
struct CardOffer {
    std::string label;                    // unless `labelled`: the entity's name
    bool labelled = false;
    bool once = false;                    // spent while the card carries the round's once flag
    bool for_opponent = false;            // open to the card's opponents, not its owner
    std::int64_t cost = 0;
    int can = 0;                          // the condition's slot in the handle's function list; 0 = none
};

// A listed play: pass (boost 0, no card), a boost (1-based) or a card's offer.
struct Play {
    int boost = 0;
    EntityId card = kNoEntity;
    int offer = -1;                       // index in OfferRound::offers for a card
    Refusal why = Refusal::None;          // for a refused play (offers.list's `why`)
    EntityId because = kNoEntity;         // the card that fixes or nones a boost's value
};

struct OfferRound {
    std::string tag;                      // entities with this tag may offer
    std::string field = "offer";          // their definition's field holding the offer
    std::string cost_field = "cost";      // the offer's field holding its cost
    std::string counter;                  // costs are paid from this counter of the payer
    std::string once_flag_text;
    Sym once_flag = 0;
    bool once_for_opponent = false;       // an offer for the opponent is once-only too
    bool unannounced = false;             // the question is its asker's alone (decide's unannounced)
    std::string id, prompt, pass = "pass";
    // The highest entity, zone and derived value id the spec names: a match with fewer is not the
    // one the handle was made for (offers.list refuses it rather than read past its lists).
    std::size_t max_entity = 0, max_zone = 0, max_derived = 0;
    std::vector<Seat> seats;              // by player, 0-based
    // By entity id - 1: kUnread, kNoOffer (its definition offers nothing, whatever its tags), or
    // the index of its definition's offer in `offers`. Grown to the match's entities as needed.
    static constexpr std::int32_t kUnread = -2, kNoOffer = -1;
    std::vector<std::int32_t> offer_of;
    std::vector<CardOffer> offers;
    std::size_t offer_bytes = 0;          // labels copied, per card (room_for_copy: 4 MB on 60 cards took 249 MB)
    int functions = 0;                    // conditions kept in the handle's user value
    std::vector<Play> listed;             // the last listing, pass first
    PlayerIndex listed_for = 0;           // whose plays they are
    std::vector<Play> refused;
    // A card's condition may list the plays again (a rule asking "what could I do?"): each depth
    // lists into its own pair of lists, kept between calls, and the listing that ends last is
    // the one offers.entry reads.
    static constexpr int kMaxDepth = 8;
    int depth = 0;
    std::vector<Play> work[kMaxDepth], work_refused[kMaxDepth];
};

// The registry key of the handle's metatable (by address).
const char kRoundMeta = 0;

// The handle's finalizer. Its metatable is locked (`__metatable`), so only the collector calls
// it; the metatable is taken off as well, so a finalized handle is no handle any more (check_round
// refuses it) even if it is reached again (an object resurrected by another finalizer).
int round_gc(lua_State* L) {
    if (!lua_getmetatable(L, 1)) return 0;
    lua_pop(L, 1);
    static_cast<OfferRound*>(lua_touserdata(L, 1))->~OfferRound();
    lua_pushnil(L);
    lua_setmetatable(L, 1);
    return 0;
}

OfferRound& check_round(lua_State* L, int arg) {
    void* p = lua_touserdata(L, arg);
    if (p && lua_getmetatable(L, arg)) {
        lua_rawgetp(L, LUA_REGISTRYINDEX, &kRoundMeta);
        const bool ok = lua_rawequal(L, -1, -2);
        lua_pop(L, 2);
        if (ok) return *static_cast<OfferRound*>(p);
    }
    luaL_typeerror(L, arg, "offers handle (offers.prepare)");
    std::abort();   // (luaL_typeerror does not return)
}

// -- Reading the spec ------------------------------------------------------------------------

// Copies the string at `idx` into `out` (kept by the handle), charging the match first: one
// Lua string named by many fields of a spec would otherwise be copied many times uncounted.
void copy_text(lua_State* L, Match& m, int idx, std::string& out) {
    std::size_t len = 0;
    const char* s = lua_tolstring(L, idx, &len);
    kernel_call(L, [&] {
        m.charge(len + sizeof(std::string));
        return 0;
    });
    out.assign(s, len);
}

// Where a value of the spec sits ("seats[1].boosts[2].cost"), written out only when an error
// names it: a match prepares its round once, and formatting every field's path up front cost
// more than reading the fields (40 snprintf a match).
struct SpecPath {
    int seat = 0;                // seats[seat]. (0: the spec's top level)
    int boost = 0;               // boosts[boost]. (0: none)
    const char* field = "";
    int index = 0;               // [index] after the field (0: none)

    SpecPath at(const char* f, int i = 0) const { return SpecPath{seat, boost, f, i}; }
    // The path into `out` (at most n bytes).
    const char* write(char* out, std::size_t n) const {
        int used = 0;
        if (seat) used = std::snprintf(out, n, "seats[%d].", seat);
        if (boost && used >= 0 && static_cast<std::size_t>(used) < n) used += std::snprintf(out + used, n - used, "boosts[%d].", boost);
        if (used >= 0 && static_cast<std::size_t>(used) < n) used += std::snprintf(out + used, n - used, "%s", field);
        if (index && used >= 0 && static_cast<std::size_t>(used) < n) std::snprintf(out + used, n - used, "[%d]", index);
        return out;
    }
};

// Field `key` of the table at `t` as a string into `out` (left as it is when absent and not
// `required`). `in`: the table's own place in the spec.
void spec_string(lua_State* L, Match& m, int t, const char* key, const SpecPath& in, std::string& out, bool required) {
    const int type = lua_getfield(L, t, key);
    if (type == LUA_TSTRING) {
        copy_text(L, m, -1, out);
    } else if (type != LUA_TNIL || required) {
        char what[128];
        luaL_error(L, "offers.prepare: %s must be a string (got %s)", in.at(key).write(what, sizeof what), luaL_typename(L, -1));
    }
    lua_pop(L, 1);
}

std::int64_t spec_integer(lua_State* L, int idx, const SpecPath& at) {
    int whole = 0;
    const lua_Integer v = lua_tointegerx(L, idx, &whole);
    if (!whole) {
        char what[128];
        luaL_error(L, "offers.prepare: %s must be an integer (got %s)", at.write(what, sizeof what), luaL_typename(L, idx));
    }
    return v;
}

EntityId spec_entity(lua_State* L, int idx, const Match& m, const SpecPath& at) {
    const std::int64_t e = spec_integer(L, idx, at);
    if (!m.valid_entity(static_cast<EntityId>(e)) || e < 1) {
        char what[128];
        luaL_error(L, "offers.prepare: %s: entity %I does not exist", at.write(what, sizeof what), (LUAI_UACINT)e);
    }
    return static_cast<EntityId>(e);
}

DerivedId spec_derived(lua_State* L, int idx, const Match& m, const SpecPath& at) {
    const std::int64_t id = spec_integer(L, idx, at);
    if (id < 1 || static_cast<std::size_t>(id) > m.derived_values().size()) {
        char what[128];
        luaL_error(L, "offers.prepare: %s: no derived value %I", at.write(what, sizeof what), (LUAI_UACINT)id);
    }
    return static_cast<DerivedId>(id);
}

// Field `field` of the table at `t`, a list (optional): calls each(i) with entry i on the stack
// top (and pops it after), or raises naming the field when it is not a table. `expected` says
// what the list holds, for that message.
template <class Each>
void read_list(lua_State* L, int t, const char* field, const SpecPath& in, const char* expected, Each each) {
    if (lua_getfield(L, t, field) != LUA_TNIL) {
        if (!lua_istable(L, -1)) {
            char what[128];
            luaL_error(L, "offers.prepare: %s must be a list of %s", in.at(field).write(what, sizeof what), expected);
        }
        readonly_view_unwrap(L, -1);
        const auto n = static_cast<lua_Integer>(charge_list(L, -1));
        for (lua_Integer i = 1; i <= n; ++i) {
            lua_rawgeti(L, -1, i);
            each(static_cast<int>(i));
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

void read_boost(lua_State* L, int t, Match& m, Boost& b, const SpecPath& in) {
    spec_string(L, m, t, "label", in, b.label, true);
    lua_getfield(L, t, "cost");
    b.cost = lua_isnil(L, -1) ? 0 : spec_integer(L, -1, in.at("cost"));
    lua_pop(L, 1);
    spec_string(L, m, t, "used", in, b.used_text, true);
    if (b.used_text.empty()) {
        char what[128];
        luaL_error(L, "offers.prepare: %s must name a flag", in.at("used").write(what, sizeof what));
    }
    if (lua_getfield(L, t, "stat") != LUA_TNIL) b.stat = spec_derived(L, -1, m, in.at("stat"));
    lua_pop(L, 1);
    read_list(L, t, "blocked_by", in, "derived value ids",
              [&](int i) { b.blocked_by.push_back(spec_derived(L, -1, m, in.at("blocked_by", i))); });
    read_list(L, t, "blocked_by_effects", in, "stat names", [&](int i) {
        if (lua_type(L, -1) != LUA_TSTRING) {
            char what[128];
            luaL_error(L, "offers.prepare: %s must be a stat name", in.at("blocked_by_effects", i).write(what, sizeof what));
        }
        copy_text(L, m, -1, b.blocked_by_effects.emplace_back());
    });
    // The flag's text is interned last: every check that can raise comes before (intern may throw).
    kernel_call(L, [&] {
        b.used = m.intern_charged(b.used_text);
        return 0;
    });
}

void read_seat(lua_State* L, int t, Match& m, Seat& s, int p) {
    const SpecPath seat{p, 0, "", 0};
    lua_getfield(L, t, "entity");
    s.entity = spec_entity(L, -1, m, seat.at("entity"));
    lua_pop(L, 1);
    s.payer = lua_getfield(L, t, "payer") == LUA_TNIL ? s.entity : spec_entity(L, -1, m, seat.at("payer"));
    lua_pop(L, 1);
    read_list(L, t, "zones", seat, "zone ids", [&](int i) {
        const std::int64_t z = spec_integer(L, -1, seat.at("zones", i));
        if (z < 1 || z > m.zone_count()) {
            char what[128];
            luaL_error(L, "offers.prepare: %s: zone %I does not exist", seat.at("zones", i).write(what, sizeof what),
                       (LUAI_UACINT)z);
        }
        s.zones.push_back(static_cast<ZoneId>(z));
    });
    read_list(L, t, "boosts", seat, "boosts {label=, cost=, used=, stat=}", [&](int i) {
        if (!lua_istable(L, -1)) {
            char what[128];
            luaL_error(L, "offers.prepare: %s must be a table {label=, cost=, used=, stat=}",
                       seat.at("boosts", i).write(what, sizeof what));
        }
        read_boost(L, lua_gettop(L), m, s.boosts.emplace_back(), SpecPath{p, i, "", 0});
    });
    s.set = true;
}

/// offers.prepare{tag=, field=, cost_field=, counter=, once_flag=, once_for_opponent=, id=, prompt=, pass=, unannounced=, seats={[p]={entity=, payer=, zones={z...}, boosts={{label=, cost=, used=, stat=, blocked_by={id...}, blocked_by_effects={stat...}}, ...}}}} -> handle
/// Prepares a round of optional plays for this match (offers.choose asks its turns). Each seat
/// `p` (a player) has an `entity` (its boosts' flags live there), a `payer` (default: the
/// entity) whose counter `counter` pays every cost, the `zones` (ids, in order) where cards
/// offer plays, and its paid `boosts`: `label`, `cost`, `used` (a flag of the seat's entity
/// set while the boost is spent: the script sets it, with its period, when it applies the
/// boost), `stat` (a derived value id: not open while that value is fixed or none, derived.marks),
/// `blocked_by` (derived value ids: not open while one is above 0) and `blocked_by_effects`
/// (stat names: not open while the seat entity's effect.stat of one is above 0).
/// A card offers a play when it carries tag `tag` and its definition has a table in field
/// `field` (default "offer"): `label` (default: the card's name), `once` (spent while the card
/// carries flag `once_flag`), `for_opponent` (open to the card's opponents instead of its
/// owner; once-only as well when `once_for_opponent`), a cost in field `cost_field` (default
/// "cost") and `can = function(player, card) -> boolean`, a condition that must not ask
/// anything. `id` and `prompt` name the question; `pass` labels the first option (default
/// "pass"); `unannounced = true` makes the question its asker's alone (decide's `unannounced`):
/// since a turn with nothing but pass open is not asked, whether a question was put tells the
/// others what the player could do, which may depend on hidden cards. The handle is this
/// match's: keep it in a file-level table (emptied before each match).
int offers_prepare(lua_State* L) {
    Match& m = match_of(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    readonly_view_unwrap(L, 1);
    lua_settop(L, 1);
    auto* r = new (lua_newuserdatauv(L, sizeof(OfferRound), 1)) OfferRound();   // slot 2
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &kRoundMeta) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_createtable(L, 0, 3);
        lua_pushcfunction(L, round_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushliteral(L, "offers handle");
        lua_setfield(L, -2, "__name");
        // getmetatable(handle) must not hand a script the finalizer: calling it twice freed the
        // handle twice (a hostile mod's crash), and replacing it ran script code unbudgeted.
        lua_pushliteral(L, "locked");
        lua_setfield(L, -2, "__metatable");
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &kRoundMeta);
    }
    lua_setmetatable(L, 2);
    lua_newtable(L);                      // the conditions of card offers, by slot
    lua_setiuservalue(L, 2, 1);
    spec_string(L, m, 1, "tag", SpecPath{}, r->tag, true);
    spec_string(L, m, 1, "field", SpecPath{}, r->field, false);
    spec_string(L, m, 1, "cost_field", SpecPath{}, r->cost_field, false);
    spec_string(L, m, 1, "counter", SpecPath{}, r->counter, true);
    spec_string(L, m, 1, "id", SpecPath{}, r->id, true);
    spec_string(L, m, 1, "prompt", SpecPath{}, r->prompt, false);
    spec_string(L, m, 1, "pass", SpecPath{}, r->pass, false);
    spec_string(L, m, 1, "once_flag", SpecPath{}, r->once_flag_text, true);
    if (r->once_flag_text.empty() || r->tag.empty() || r->counter.empty())
        luaL_error(L, "offers.prepare: tag, counter and once_flag must not be empty");
    lua_getfield(L, 1, "once_for_opponent");
    r->once_for_opponent = lua_toboolean(L, -1);
    lua_getfield(L, 1, "unannounced");
    r->unannounced = lua_toboolean(L, -1);
    lua_pop(L, 2);
    if (lua_getfield(L, 1, "seats") != LUA_TTABLE) luaL_error(L, "offers.prepare: seats must be a table {[player] = {...}}");
    readonly_view_unwrap(L, -1);
    const int players = m.player_count();
    r->seats.resize(static_cast<std::size_t>(players));
    for (int p = 1; p <= players; ++p) {
        const int type = lua_rawgeti(L, -1, p);
        if (type == LUA_TTABLE) {
            readonly_view_unwrap(L, -1);
            read_seat(L, lua_gettop(L), m, r->seats[static_cast<std::size_t>(p - 1)], p);
        }
        else if (type != LUA_TNIL) luaL_error(L, "offers.prepare: seats[%d] must be a table", p);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    // What the handle holds is charged to the match (its texts as they were copied, the rest here).
    std::size_t bytes = sizeof(OfferRound);
    for (const Seat& s : r->seats) {
        bytes += sizeof(Seat) + s.zones.size() * sizeof(ZoneId);
        r->max_entity = std::max({r->max_entity, static_cast<std::size_t>(s.entity), static_cast<std::size_t>(s.payer)});
        for (ZoneId z : s.zones) r->max_zone = std::max(r->max_zone, static_cast<std::size_t>(z));
        for (const Boost& b : s.boosts) {
            bytes += sizeof(Boost) + b.blocked_by.size() * sizeof(DerivedId);
            r->max_derived = std::max(r->max_derived, static_cast<std::size_t>(b.stat));
            for (DerivedId id : b.blocked_by) r->max_derived = std::max(r->max_derived, static_cast<std::size_t>(id));
        }
    }
    // The id's checks as decide makes them: a replay matches answers by it (utf8.h).
    if (const std::size_t bad = utf8_error_at(r->id); bad != std::string_view::npos)
        luaL_error(L, "offers.prepare: id must be UTF-8 text (its byte %d is not): a replay matches answers by it",
                   static_cast<int>(bad + 1));
    kernel_call(L, [&] {
        r->once_flag = m.intern_charged(r->once_flag_text);
        m.charge(bytes);
        return 0;
    });
    return 1;
}

// -- Listing ---------------------------------------------------------------------------------

// The offer entity `e` makes (an index in r.offers), or -1: read from its definition the first
// time e is listed. Leaves the stack as it found it; raises (a bad offer table) naming the card.
int offer_of(lua_State* L, int h, OfferRound& r, const Match& m, EntityId e) {
    if (r.offer_of.size() < e) r.offer_of.resize(static_cast<std::size_t>(m.entity_count()), OfferRound::kUnread);
    if (r.offer_of[e - 1] != OfferRound::kUnread) return r.offer_of[e - 1];
    const Entity& ent = m.entity(e);
    int index = -1;
    if (!ent.def.empty() && push_card_definition(L, ent.def.c_str())) {
        if (lua_getfield(L, -1, r.field.c_str()) == LUA_TTABLE) {
            const int o = lua_gettop(L);
            // Filled in place (the handle owns it): a bad field raises with no C++ object in this frame.
            CardOffer& c = r.offers.emplace_back();
            if (lua_getfield(L, o, "label") == LUA_TSTRING) {
                r.offer_bytes = room_for_copy(L, r.offer_bytes, lua_rawlen(L, -1) + sizeof(CardOffer), "an offer's label");
                c.label = lua_tostring(L, -1);
                c.labelled = true;
            }
            lua_pop(L, 1);
            lua_getfield(L, o, "once");
            c.once = lua_toboolean(L, -1);
            lua_pop(L, 1);
            lua_getfield(L, o, "for_opponent");
            c.for_opponent = lua_toboolean(L, -1);
            lua_pop(L, 1);
            if (lua_getfield(L, o, r.cost_field.c_str()) != LUA_TNIL) {
                int whole = 0;
                c.cost = lua_tointegerx(L, -1, &whole);
                if (!whole)
                    luaL_error(L, "offers: card '%s': %s.%s must be an integer", ent.def.c_str(), r.field.c_str(),
                               r.cost_field.c_str());
            }
            lua_pop(L, 1);
            if (lua_getfield(L, o, "can") == LUA_TFUNCTION) {
                lua_getiuservalue(L, h, 1);
                lua_pushvalue(L, -2);
                lua_rawseti(L, -2, ++r.functions);
                lua_pop(L, 1);
                c.can = r.functions;
            }
            lua_pop(L, 1);
            index = static_cast<int>(r.offers.size()) - 1;
        }
        lua_pop(L, 2);
    }
    if (r.offer_of.size() < e) r.offer_of.resize(static_cast<std::size_t>(m.entity_count()), OfferRound::kUnread);
    r.offer_of[e - 1] = index;   // (sized again: a definition's metatable could have run a script in between)
    return index;
}

// Whether value `id` is above 0 (none reads 0).
bool above_zero(const Match& m, DerivedId id) {
    const DerivedValue v = m.derived(id);
    return !v.none && v.value > 0;
}

// Lists player p's plays into r.listed (pass first, then open boosts, then open card offers
// in zone order) and, with `explain`, what is not open into r.refused. The zones are the
// seat's, or those of the list at stack slot `zones_at` (0 = none). Calls card conditions.
void list_plays(lua_State* L, int h, OfferRound& r, Match& m, PlayerIndex p, bool explain, int zones_at) {
    if (static_cast<std::size_t>(p) >= r.seats.size() || !r.seats[static_cast<std::size_t>(p)].set)
        luaL_error(L, "offers: player %d has no seat in this round (offers.prepare's seats)", static_cast<int>(p + 1));
    if (static_cast<std::size_t>(m.entity_count()) < r.max_entity || static_cast<std::size_t>(m.zone_count()) < r.max_zone ||
        m.derived_values().size() < r.max_derived)
        luaL_error(L, "offers: this handle was prepared in another match (make it again in this one)");
    if (r.depth >= OfferRound::kMaxDepth)
        luaL_error(L, "offers: card conditions list the plays again %d deep: a condition that lists itself?", r.depth);
    const int d = r.depth;
    std::vector<Play>& out = r.work[d];
    std::vector<Play>& refused = r.work_refused[d];
    out.clear();
    refused.clear();
    out.push_back(Play{});
    const Seat& seat = r.seats[static_cast<std::size_t>(p)];
    const std::int64_t budget = m.counter(seat.payer, r.counter);
    const auto refuse = [&](Play play, Refusal why) {
        if (!explain) return;
        play.why = why;
        refused.push_back(play);
    };
    for (std::size_t i = 0; i < seat.boosts.size(); ++i) {
        const Boost& b = seat.boosts[i];
        Play play;
        play.boost = static_cast<int>(i + 1);
        if (budget < b.cost) {
            refuse(play, Refusal::Cost);
            continue;
        }
        if (m.scratch().get(seat.entity, b.used) != 0) {
            refuse(play, Refusal::Used);
            continue;
        }
        if (b.stat) {
            const DerivedMarks marks = m.derived_marks(b.stat);
            if (marks.fixed_by != kNoEntity || marks.none_by != kNoEntity) {
                play.because = marks.fixed_by != kNoEntity ? marks.fixed_by : marks.none_by;
                refuse(play, marks.fixed_by != kNoEntity ? Refusal::Fixed : Refusal::NoneValue);
                continue;
            }
        }
        bool blocked = false;
        for (DerivedId id : b.blocked_by) blocked = blocked || above_zero(m, id);
        for (const std::string& stat : b.blocked_by_effects) blocked = blocked || m.stat(seat.entity, stat, 0) > 0;
        if (blocked) {
            refuse(play, Refusal::Blocked);
            continue;
        }
        out.push_back(play);
    }
    std::size_t scanned = 0;
    const std::size_t nzones = zones_at ? lua_rawlen(L, zones_at) : seat.zones.size();
    for (std::size_t zi = 0; zi < nzones; ++zi) {
        ZoneId z = kNoZone;
        if (zones_at) {
            lua_rawgeti(L, zones_at, static_cast<lua_Integer>(zi + 1));
            z = check_zone_at(L, -1, 4, "zones", m);
            lua_pop(L, 1);
        } else {
            z = seat.zones[zi];
        }
        // Read by index, the zone's list again after a condition ran: it should change nothing, but may.
        const std::vector<EntityId>* items = &m.zone(z).items;
        for (std::size_t k = 0; k < items->size(); ++k) {
            ++scanned;
            const EntityId e = (*items)[k];
            if (e <= r.offer_of.size() && r.offer_of[e - 1] == OfferRound::kNoOffer) continue;   // offers nothing, tagged or not
            if (!m.entity(e).has_tag(r.tag)) continue;
            const int index = offer_of(L, h, r, m, e);
            if (index < 0) continue;
            // Copied out: a condition that lists again may grow r.offers.
            const CardOffer& c = r.offers[static_cast<std::size_t>(index)];
            const bool once = c.once || (c.for_opponent && r.once_for_opponent);
            const std::int64_t cost = c.cost;
            const int can = c.can;
            if (c.for_opponent == (m.entity(e).owner == p)) continue;              // not p's to use at all
            Play play;
            play.card = e;
            play.offer = index;
            if (once && m.scratch().get(e, r.once_flag) != 0) {
                refuse(play, Refusal::Once);
                continue;
            }
            if (budget < cost) {
                refuse(play, Refusal::Cost);
                continue;
            }
            if (can) {
                lua_getiuservalue(L, h, 1);
                lua_rawgeti(L, -1, can);
                lua_remove(L, -2);
                lua_pushinteger(L, static_cast<lua_Integer>(p) + 1);
                lua_pushinteger(L, e);
                // Protected, so the depth is given back whatever the condition does; its error
                // goes on as it came. A condition asks nothing: a yield in it is an error.
                ++r.depth;
                const int status = lua_pcall(L, 2, 1, 0);
                --r.depth;
                if (status != LUA_OK) lua_error(L);
                items = &m.zone(z).items;
                const bool holds = lua_toboolean(L, -1);
                lua_pop(L, 1);
                if (!holds) {
                    refuse(play, Refusal::Condition);
                    continue;
                }
            }
            out.push_back(play);
        }
    }
    charge_work(L, scanned);
    r.listed = out;
    r.refused = refused;
    r.listed_for = p;
}

// The label of a listed play (for the question and offers.entry).
const std::string& play_label(const OfferRound& r, const Match& m, const Play& play, PlayerIndex p) {
    if (play.boost) return r.seats[static_cast<std::size_t>(p)].boosts[static_cast<std::size_t>(play.boost - 1)].label;
    if (play.card != kNoEntity) {
        const CardOffer& c = r.offers[static_cast<std::size_t>(play.offer)];
        return c.labelled ? c.label : m.entity(play.card).name;
    }
    return r.pass;
}

// Pushes a play's boost number (or nil) and card (or nil).
void push_play(lua_State* L, const Play& play) {
    if (play.boost) lua_pushinteger(L, play.boost);
    else lua_pushnil(L);
    if (play.card != kNoEntity) lua_pushinteger(L, play.card);
    else lua_pushnil(L);
}

/// offers.list(handle, p [, why [, zones]]) -> n
/// Lists what player p may do now: "pass" first, then each open boost of p's seat in order,
/// then each open card offer in the seat's zones (or the zone ids of `zones`), each zone from
/// the top. Returns how many (at least 1: pass); read them with offers.entry. With `why` (a
/// list), appends to it each play not open now as {label=, why=, boost=, card=, because=}: why is
/// "cost", "used", "fixed", "none" (the boost's value is fixed or none; `because` is the card
/// that makes it so), "blocked", "once" or "condition" (the card's `can` said no).
int offers_list(lua_State* L) {
    Match& m = match_of(L);
    OfferRound& r = check_round(L, 1);
    const PlayerIndex p = check_player(L, 2, m);
    const bool explain = !lua_isnoneornil(L, 3);
    if (explain) luaL_checktype(L, 3, LUA_TTABLE);
    int zones_at = 0;
    if (!lua_isnoneornil(L, 4)) {
        luaL_checktype(L, 4, LUA_TTABLE);
        readonly_view_unwrap(L, 4);
        charge_list(L, 4);
        zones_at = 4;
    }
    list_plays(L, 1, r, m, p, explain, zones_at);
    if (explain) {
        lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, 3));
        for (const Play& play : r.refused) {
            lua_createtable(L, 0, 5);
            const std::string& label = play_label(r, m, play, p);
            lua_pushlstring(L, label.data(), label.size());
            lua_setfield(L, -2, "label");
            lua_pushstring(L, refusal_code(play.why));
            lua_setfield(L, -2, "why");
            push_play(L, play);
            lua_setfield(L, -3, "card");
            lua_setfield(L, -2, "boost");
            if (play.because != kNoEntity) {
                lua_pushinteger(L, play.because);
                lua_setfield(L, -2, "because");
            }
            lua_rawseti(L, 3, ++n);
        }
    }
    lua_pushinteger(L, static_cast<lua_Integer>(r.listed.size()));
    return 1;
}

/// offers.entry(handle, i) -> label, boost, card
/// Play `i` of the last listing (offers.list or offers.choose): its label, the number of its
/// boost in the seat's `boosts` (or nil) and its card (or nil). Play 1 is always pass.
int offers_entry(lua_State* L) {
    const Match& m = match_of(L);
    const OfferRound& r = check_round(L, 1);
    const lua_Integer i = luaL_checkinteger(L, 2);
    if (i < 1 || static_cast<std::size_t>(i) > r.listed.size())
        return luaL_argerror(L, 2, lua_pushfstring(L, "no play %I in the last listing (1..%d)", (LUAI_UACINT)i,
                                                   static_cast<int>(r.listed.size())));
    const Play& play = r.listed[static_cast<std::size_t>(i - 1)];
    const std::string& label = play_label(r, m, play, r.listed_for);
    lua_pushlstring(L, label.data(), label.size());
    push_play(L, play);
    return 3;
}

// offers.choose after the answer: the picked play's number, boost and card.
int choose_answered(lua_State* L, int status, lua_KContext ctx) {
    (void)status;
    (void)ctx;
    const OfferRound& r = check_round(L, 1);
    const lua_Integer pick = lua_tointeger(L, -1);   // decide's answer to a single question
    if (pick < 1 || static_cast<std::size_t>(pick) > r.listed.size())
        return luaL_error(L, "offers.choose: the answer %I is not one of the %d plays", (LUAI_UACINT)pick,
                          static_cast<int>(r.listed.size()));
    lua_pushinteger(L, pick);
    push_play(L, r.listed[static_cast<std::size_t>(pick - 1)]);
    return 3;
}

/// offers.choose(handle, p) -> pick, boost, card
/// One turn of the round for player p: lists p's plays (offers.list) and, when there is more
/// than pass, asks p which (the question's `id` and `prompt` from offers.prepare, the plays'
/// labels as its options, one pick); returns the picked play's number (1 = pass, also when
/// nothing but pass was open and nothing was asked), its boost's number or nil and its card or
/// nil. The script then does what the play does. Not for a person who may ask why a play is
/// missing: list with offers.list(handle, p, why) and ask with decide's `unavailable`.
int offers_choose(lua_State* L) {
    Match& m = match_of(L);
    OfferRound& r = check_round(L, 1);
    const PlayerIndex p = check_player(L, 2, m);
    lua_settop(L, 2);
    list_plays(L, 1, r, m, p, false, 0);
    if (r.listed.size() == 1) {
        lua_pushinteger(L, 1);
        push_play(L, r.listed[0]);
        return 3;
    }
    std::vector<DecisionRequest>& reqs = single_choice_request(L, p, r.id, r.prompt);
    DecisionRequest& q = reqs[0];
    q.unannounced = r.unannounced;
    q.options.resize(r.listed.size());
    for (std::size_t i = 0; i < r.listed.size(); ++i) {
        Option& o = q.options[i];
        o.label = play_label(r, m, r.listed[i], p);
        o.entity = kNoEntity;   // labels only, as a script's list of labels would ask it
        o.space = kNoSpace;
    }
    return decision_ask_and_yield(L, reqs, false, "offers.choose", 0, choose_answered);
}

const luaL_Reg offers_module[] = {{"prepare", offers_prepare}, {"list", offers_list}, {"entry", offers_entry},
                                  {"choose", offers_choose}, {nullptr, nullptr}};

}  // namespace

void open_offers_module(lua_State* L, int env) { register_module(L, env, "offers", offers_module); }

}  // namespace duelbox
