// lua_decide.cpp - `decide` and `decide_all`: the only way a rule asks a player anything.
//
// Both validate the request, hand it to the match runner (the DecisionSink) and yield the
// rules coroutine. The runner asks the seat's agent (scripted, random, first-legal, a human)
// and resumes the coroutine with the answer, which becomes decide's return value.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "host.h"
#include "kernel/decision.h"
#include "kernel/utf8.h"
#include "lua_modules.h"
#include "lua_util.h"
#include "readonly_view.h"

namespace duelbox {

namespace {

// A request's fields, in the order push_request_fields pushes them.
enum RequestField {
    kPlayer, kKind, kId, kPrompt, kSecret, kUnannounced, kOptions, kEntities, kSpaces, kUnavailable, kMin, kMax, kSingle,
    kRequestFields
};
constexpr std::string_view kRequestFieldNames[kRequestFields] = {
    "player", "kind", "id", "prompt", "secret", "unannounced", "options", "entities", "spaces", "unavailable", "min", "max", "single"};

// Pushes the fields of the request table at `t`, kRequestFields values (nil where absent), and
// returns the slot of the first. decide and decide_all hold the field names as their upvalues
// 1..kRequestFields, strings Lua has interned already, so a plain table's field is one raw
// look-up (no walk over its entries, no name compared in C++); a table with a metatable of its
// own is read by name, so its __index answers too.
int push_request_fields(lua_State* L, int t) {
    luaL_checkstack(L, kRequestFields + 4, "decide");
    const int base = lua_gettop(L) + 1;
    if (lua_getmetatable(L, t)) {
        lua_pop(L, 1);
        for (int f = 0; f < kRequestFields; ++f) lua_getfield(L, t, kRequestFieldNames[f].data());   // literals: NUL-terminated
        return base;
    }
    for (int f = 0; f < kRequestFields; ++f) {
        lua_pushvalue(L, lua_upvalueindex(f + 1));
        lua_rawget(L, t);
    }
    return base;
}

// An option table's fields ({label=, value=, entity=, space=}), read the same way: their names
// are the upvalues after the request's.
enum OptionField { kLabel, kValue, kEntity, kSpace, kOptionFields };
constexpr std::string_view kOptionFieldNames[kOptionFields] = {"label", "value", "entity", "space"};
constexpr int kFieldNames = static_cast<int>(kRequestFields) + static_cast<int>(kOptionFields);   // decide's and decide_all's upvalues

// Pushes the request's field names in RequestField order, then an option's in OptionField
// order: decide's and decide_all's upvalues.
void push_field_names(lua_State* L) {
    for (int f = 0; f < kRequestFields; ++f) lua_pushlstring(L, kRequestFieldNames[f].data(), kRequestFieldNames[f].size());
    for (int f = 0; f < kOptionFields; ++f) lua_pushlstring(L, kOptionFieldNames[f].data(), kOptionFieldNames[f].size());
}

// Pushes field f of the option table at `ot` and returns its type: a raw look-up by the upvalue
// key for a plain table, by name (its __index answering too) for one with a metatable.
int push_option_field(lua_State* L, int ot, bool plain, OptionField f) {
    if (!plain) return lua_getfield(L, ot, kOptionFieldNames[f].data());   // literals: NUL-terminated
    lua_pushvalue(L, lua_upvalueindex(static_cast<int>(kRequestFields) + static_cast<int>(f) + 1));
    return lua_rawget(L, ot);
}

// Hands out a request's options in order, reusing those a former question left in the list
// (its labels keep their storage: no allocation for a label that fits), and drops the rest at
// finish(). Elements past `used` are stale until then; nothing reads them.
struct OptionCursor {
    std::vector<Option>& list;
    std::size_t used = 0;
    Option& next() {
        if (used < list.size()) {
            Option& o = list[used++];
            o.label.clear();
            o.entity = kNoEntity;
            o.space = kNoSpace;
            return o;
        }
        ++used;
        return list.emplace_back();
    }
    // Room for n more, at most kReserveAtMost at once: `n` comes from luaL_len, which a list's
    // __len may make anything; reading stops at its first missing entry, and reserving what it
    // claims would throw out through Lua's frames.
    void reserve_more(lua_Integer n) {
        constexpr lua_Integer kReserveAtMost = 4096;
        if (n > 0) list.reserve(used + static_cast<std::size_t>(std::min(n, kReserveAtMost)));
    }
    void finish() { list.resize(used); }
};

// A request a former question left, made ready to be read again: every field as a new one
// has it, its strings and lists keeping their storage (check_request refills them).
void reset_request(DecisionRequest& r) {
    r.player = kNoPlayer;
    r.kind = DecisionKind::Choose;
    r.id.clear();
    r.prompt.clear();
    r.min = r.max = 1;
    r.secret = r.unannounced = r.single = false;
    r.unavailable.clear();
    // r.options: reused element by element (OptionCursor)
}

// Request i of the list (0-based, asked in order), ready to be read: one a former question left
// is reset, else it is made. Those beyond the last asked for are dropped before the list is
// handed on (reqs.resize), not before: a list a script claims is huge fails at its first bad
// entry, having made no more than it read.
DecisionRequest& request_at(std::vector<DecisionRequest>& reqs, std::size_t i) {
    if (i < reqs.size()) {
        reset_request(reqs[i]);
        return reqs[i];
    }
    return reqs.emplace_back();
}

// The bytes an option takes in the kernel besides its label's text: the Option (std::string
// label, entity, space) and a share of the vector holding it. An estimate, like the kernel's
// other charges (memory_account.h).
constexpr std::size_t kOptionBytes = sizeof(Option) + 32;

// A question lives in the kernel, outside Lua's heap, until it is answered, and what it copies
// there can be far more than the Lua it was read from: a list of a million entity ids (16 MB in
// Lua) became about 80 MB of options, and one 100 KB string listed 5,000 times as labels (or as
// the `why` of 5,000 unavailable entries) 500 MB. None of it is charged (nothing of it outlives
// the answer), but a decide or decide_all whose copies would pass the room left under the memory
// cap is refused as they are made, as a memory-cap error the sandbox's pcall does not swallow.
struct QuestionRoom {
    std::size_t held = 0;   // bytes copied (or about to be) for this decide's questions so far
    std::size_t room;       // what the cap leaves: SIZE_MAX when it is not enforced

    explicit QuestionRoom(lua_State* L) : room(host_of(L).memory_room()) {}

    // Counts `bytes` more; raises once they pass the room.
    void take(lua_State* L, const char* fn, std::size_t bytes) {
        held += bytes;
        if (held > room) refuse(L, fn);
    }

    [[noreturn]] void refuse(lua_State* L, const char* fn) const {
        LuaHost& host = host_of(L);
        host.set_memory_error_in_flight(true);
        const int cap_mb = static_cast<int>(host.limits().memory_bytes >> 20);
        if (host.over_memory_cap())   // over before this question: what the match holds is the cause
            luaL_error(L, "memory cap of %d MB exceeded (Lua holds %d MB; this match's events, props, entities, zones, "
                          "counters and effects %d MB)%s", cap_mb, static_cast<int>(host.memory_used() >> 20),
                       static_cast<int>(host.kernel_memory_used() >> 20), host.context_suffix().c_str());
        luaL_error(L, "memory cap of %d MB exceeded (%s: the question's texts and options would take more than the %d MB left)%s",
                   cap_mb, fn, static_cast<int>(room >> 20), host.context_suffix().c_str());
        std::abort();   // (luaL_error does not return)
    }
};

// Appends an option per id in the list at stack slot `idx`, field `field` ("entities" or
// "spaces") of a request.
// Entities are labelled with what the chooser may call them (Match::entity_name_for).
void add_listed_options(lua_State* L, int idx, int arg, Match& m, const char* fn, const char* field, PlayerIndex chooser,
                        OptionCursor& options, QuestionRoom& room) {
    const bool entities = field[0] == 'e';
    const int type = lua_type(L, idx);
    if (type == LUA_TNIL) return;
    if (type != LUA_TTABLE) luaL_error(L, "%s: field '%s' must be a list of %s", fn, field, entities ? "entities" : "spaces");
    readonly_view_unwrap(L, idx);
    const lua_Integer n = luaL_len(L, idx);
    room.take(L, fn, charge_list(L, idx) * kOptionBytes);
    options.reserve_more(n);
    const lua_Integer last = entities ? static_cast<lua_Integer>(m.entity_count()) : m.board().space_count();
    for (lua_Integer i = 1; i <= n; ++i) {
        // An id in range is taken at once; anything else goes through the check that names it.
        lua_Integer id = 0;
        lua_rawgeti(L, idx, i);
        const bool quick = integer_in(L, -1, 1, last, id);
        Option& o = options.next();   // owned with the request: the checks below may raise
        if (entities) {
            o.entity = quick ? static_cast<EntityId>(id) : check_entity_at(L, -1, arg, "field 'entities'", m);
            o.label = m.entity_name_for(o.entity, chooser);
        } else {
            o.space = quick ? static_cast<SpaceId>(id) : check_space_at(L, -1, arg, "field 'spaces'", m);
            o.label = m.board().space(o.space).name;
        }
        room.take(L, fn, o.label.size());   // a name copied per option: one entity listed a million times
        lua_pop(L, 1);
    }
}

// Reads the request table at `t` into `r` (made with push_owned: a Lua error raised here
// may leave it half filled); raises a Lua error naming the bad field. Stack-neutral.
void check_request(lua_State* L, int t, int arg, Match& m, const char* fn, DecisionRequest& r, QuestionRoom& room) {
    t = lua_absindex(L, t);
    if (!lua_istable(L, t)) luaL_error(L, "%s: the request must be a table {player=, kind=, options=, ...}", fn);
    readonly_view_unwrap(L, t);   // a module's constant request reads like the table
    const int top = lua_gettop(L);
    const int f = push_request_fields(L, t);
    if (lua_isnil(L, f + kPlayer)) luaL_error(L, "%s: field 'player' is required", fn);
    r.player = check_player_at(L, f + kPlayer, arg, "field 'player'", m);
    const int kind_type = lua_type(L, f + kKind);
    if (kind_type != LUA_TNIL && kind_type != LUA_TSTRING)
        luaL_error(L, "field 'kind' must be a string (got %s)", lua_typename(L, kind_type));
    const char* kind = kind_type == LUA_TNIL ? "choose" : lua_tostring(L, f + kKind);
    if (!parse_decision_kind(kind, r.kind))
        luaL_error(L, "%s: field 'kind' must be \"choose\", \"order\", \"number\" or \"yesno\" (got \"%s\")", fn, kind);
    room.take(L, fn, lua_rawlen(L, f + kId) + lua_rawlen(L, f + kPrompt));   // copied below, as labels are
    string_at(L, f + kId, "id", r.id);
    // A replay matches its scripted answers by this id, read back from JSON, where bytes that
    // are not UTF-8 become U+FFFD: such an id could never be answered again (utf8.h).
    if (const std::size_t bad = utf8_error_at(r.id); bad != std::string_view::npos)
        luaL_error(L, "%s: field 'id' must be UTF-8 text (its byte %d is not): a replay matches answers by it", fn,
                   static_cast<int>(bad + 1));
    string_at(L, f + kPrompt, "prompt", r.prompt);
    r.secret = lua_toboolean(L, f + kSecret);
    r.unannounced = lua_toboolean(L, f + kUnannounced);
    r.single = lua_toboolean(L, f + kSingle);
    if (r.single && r.kind != DecisionKind::Choose)
        luaL_error(L, "%s: 'single' is for a choose question (got kind \"%s\")", fn, kind);
    const int opts = f + kOptions;
    OptionCursor options{r.options};
    if (lua_type(L, opts) == LUA_TTABLE) {
        readonly_view_unwrap(L, opts);   // raw reads below
        const lua_Integer n = luaL_len(L, opts);
        room.take(L, fn, charge_list(L, opts) * kOptionBytes);
        options.reserve_more(n);   // one allocation, no moves
        for (lua_Integer i = 1; i <= n; ++i) {
            Option& o = options.next();   // filled in place: owned with r
            const int type = lua_rawgeti(L, opts, i);
            if (type == LUA_TSTRING) {
                std::size_t len = 0;
                const char* label = lua_tolstring(L, -1, &len);
                room.take(L, fn, len);   // before the copy: one string may be listed many times
                o.label.assign(label, len);
            } else if (type == LUA_TTABLE) {
                const int ot = lua_gettop(L);
                bool plain = true;
                if (lua_getmetatable(L, ot)) {
                    lua_pop(L, 1);
                    plain = false;
                }
                push_option_field(L, ot, plain, kLabel);
                const bool labelled = string_at(L, -1, "label", o.label);
                lua_pop(L, 1);
                room.take(L, fn, o.label.size());
                if (!labelled) luaL_error(L, "%s: options[%d] needs a 'label'", fn, (int)i);
                push_option_field(L, ot, plain, kValue);
                check_storable(L, -1);   // a value the kernel could store, though decide returns numbers
                lua_pop(L, 1);
                if (push_option_field(L, ot, plain, kEntity) != LUA_TNIL) o.entity = check_entity_at(L, -1, arg, "option entity", m);
                lua_pop(L, 1);
                if (push_option_field(L, ot, plain, kSpace) != LUA_TNIL) o.space = check_space_at(L, -1, arg, "option space", m);
                lua_pop(L, 1);
            } else {
                luaL_error(L, "%s: options[%d] must be a label or a table {label=, value=, entity=, space=}", fn, (int)i);
            }
            lua_pop(L, 1);
        }
    } else if (!lua_isnil(L, opts)) {
        luaL_error(L, "%s: field 'options' must be a list", fn);
    }
    // Entities and spaces offered as they are (a zone's cards, board.reach's spaces): one
    // option each after `options`, labelled with its name by the kernel, so a script builds
    // no table per option.
    add_listed_options(L, f + kEntities, arg, m, fn, "entities", r.player, options, room);
    add_listed_options(L, f + kSpaces, arg, m, fn, "spaces", r.player, options, room);
    options.finish();
    // What is not offered, and why: {{label=, why=}, ...}, shown to a person who asks.
    const int list = f + kUnavailable;
    if (lua_type(L, list) == LUA_TTABLE) {
        readonly_view_unwrap(L, list);
        const lua_Integer n = luaL_len(L, list);
        charge_list(L, list);
        for (lua_Integer i = 1; i <= n; ++i) {
            if (lua_rawgeti(L, list, i) != LUA_TTABLE)
                luaL_error(L, "%s: unavailable[%d] must be a table {label=, why=}", fn, (int)i);
            Unavailable& u = r.unavailable.emplace_back();
            if (!get_field_string(L, -1, "label", u.label) || !get_field_string(L, -1, "why", u.why))
                luaL_error(L, "%s: unavailable[%d] needs a 'label' and a 'why' (strings)", fn, (int)i);
            room.take(L, fn, sizeof(Unavailable) + u.label.size() + u.why.size());
            lua_pop(L, 1);
        }
    } else if (!lua_isnil(L, list)) {
        luaL_error(L, "%s: field 'unavailable' must be a list of {label=, why=}", fn);
    }
    const auto count = static_cast<std::int64_t>(r.options.size());
    switch (r.kind) {
        case DecisionKind::Choose:
            r.min = r.max = 1;
            int_at(L, f + kMin, "min", r.min);
            int_at(L, f + kMax, "max", r.max);
            if (r.single && r.max != 1)
                luaL_error(L, "%s: a 'single' question picks at most one option (max = %I)", fn, (LUAI_UACINT)r.max);
            if (r.min < 0 || r.min > r.max)
                luaL_error(L, "%s: min (%I) and max (%I) must satisfy 0 <= min <= max", fn, (LUAI_UACINT)r.min, (LUAI_UACINT)r.max);
            if (r.min > count)
                luaL_error(L, "%s: asks for at least %I of %I options ('%s')", fn, (LUAI_UACINT)r.min, (LUAI_UACINT)count, r.id.c_str());
            if (r.max > count) r.max = count;
            break;
        case DecisionKind::Order:
            if (count == 0) luaL_error(L, "%s: an order question needs options", fn);
            break;
        case DecisionKind::Number:
            if (!int_at(L, f + kMin, "min", r.min) || !int_at(L, f + kMax, "max", r.max))
                luaL_error(L, "%s: a number question needs 'min' and 'max'", fn);
            if (r.min > r.max) luaL_error(L, "%s: min (%I) is greater than max (%I)", fn, (LUAI_UACINT)r.min, (LUAI_UACINT)r.max);
            break;
        case DecisionKind::YesNo:
            break;
    }
    lua_settop(L, top);
}

SourceLoc caller_location(lua_State* L, Match& m) {
    // The decision event is emitted later, by the runner; it carries this line as its source.
    return host_of(L).call_sites().locate(L, m.log());
}

// The bytes a question's record is charged beyond its id: the runner's entry for it
// (ScriptedDecision: player, id, picks) and its decision event's index, header and fields.
constexpr std::size_t kDecisionRecordBytes = 192;

// `requests` is the host's list (LuaHost::take_requests) or owned by Lua (push_owned): the
// error below and the yield both longjmp, so the host's list is handed back before either.
// `k` (with `ctx`) continues the C function that asked once the answer is in (lua_yieldk): the
// answer is then on the top of its stack. Without one, the answer is what the function returns.
int ask_and_yield(lua_State* L, std::vector<DecisionRequest>& requests, bool grouped, const char* fn,
                  lua_KContext ctx = 0, lua_KFunction k = nullptr) {
    LuaHost& host = host_of(L);
    Match& m = match_of(L);
    if (!host.decisions() || !lua_isyieldable(L)) {
        host.give_back_requests(&requests);
        return luaL_error(L, "%s: no match is waiting for decisions here (called while loading, or inside a "
                             "metamethod, a sort comparator or a condition the kernel calls, such as an offer's `can`?)", fn);
    }
    // An endless loop of questions: each resume is short, so the instruction budget never stops
    // it, and with thinking seats (a search a question) the memory cap would take days.
    const std::int64_t limit = host.limits().decisions;
    if (host.decisions()->answered() + static_cast<std::int64_t>(requests.size()) > limit) {
        host.give_back_requests(&requests);
        return luaL_error(L, "%s: the match has asked %I questions, its limit (limits.decisions in the scenario): "
                             "an endless loop of questions? A game that needs more raises the limit", fn,
                          static_cast<LUAI_UACINT>(limit));
    }
    // What each question leaves for the rest of the match (the answer the runner records for
    // replays, its decision event) is charged here, where the memory cap is enforced: the runner
    // records and logs outside the scripts' protection, so a loop of questions that allocates
    // nothing in Lua would otherwise grow the host without bound and never end (measured:
    // about 180 MB a second, past 3 GB in 20 s).
    bool refused = false;
    {   // (the message's C++ copy is freed at this block's end, before lua_error's longjmp)
        std::string why;
        try {
            for (const DecisionRequest& r : requests) m.charge(kDecisionRecordBytes + r.id.size());
        } catch (const KernelError& e) {
            why = e.what();
        }
        if (!why.empty()) {
            host.give_back_requests(&requests);
            luaL_where(L, 1);
            lua_pushlstring(L, why.data(), why.size());
            lua_concat(L, 2);
            refused = true;
        }
    }
    if (refused) return lua_error(L);
    host.decisions()->ask(requests, grouped, caller_location(L, m));
    host.give_back_requests(&requests);
    return lua_yieldk(L, 0, ctx, k);
}

// The list a decide reads its requests into: the host's while it is free, else one of its own
// that Lua frees (push_owned), e.g. for a decide called from inside another's read.
std::vector<DecisionRequest>& request_list(lua_State* L) {
    std::vector<DecisionRequest>* kept = host_of(L).take_requests();
    return kept ? *kept : push_owned<std::vector<DecisionRequest>>(L);
}

/// decide{player=, kind=, id=, prompt=, options={...}, entities=, spaces=, min=, max=, single=, secret=, unannounced=, unavailable=} -> answer
/// Asks player `player` one question and waits for the answer. kind: "choose" (pick min..max
/// options; default 1) returns a list of option numbers, or with `single = true` (at most one
/// pick: max 1) the picked option's number itself (nil when min = 0 and none was picked), so
/// no list is made: `local i = decide{player = p, options = OPTS, single = true}`; "order" returns the options' order
/// as a list of option numbers; "number" (min..max) returns an integer; "yesno" a boolean.
/// An option is a label or {label=, value=, entity=, space=} (`value`, a storable value, is
/// for the script's own reading: the answer is option numbers). `entities = {e...}` and
/// `spaces = {s...}` add one option per entity or space after `options`, labelled with its
/// name (no table per option: `decide{player = p, options = {"stay"}, spaces = board.reach(f, 2)}`
/// answers 1 for "stay", k + 1 for the k-th space); an entity the chooser cannot see
/// (entity.sees) is labelled "a hidden card", so a blind pick names nothing to anyone. `id` (UTF-8 text) names the question for scripted
/// answers; `secret` hides the answer from the other players in the log; `unannounced` hides
/// the question itself (its decision event is the chooser's alone): for a question put only
/// when the player can do something, which would otherwise tell the others what they hold.
/// `unavailable = {{label=, why=}, ...}` lists choices the player might expect that the rules
/// do not offer, with the reason: a person asking "why Fortify?" reads it. Never logged;
/// build it only when match.asks_person(player) is true, so agents' matches pay nothing.
int decide_one(lua_State* L) {
    Match& m = match_of(L);
    lua_settop(L, 1);
    auto& reqs = request_list(L);
    QuestionRoom room(L);
    check_request(L, 1, 1, m, "decide", request_at(reqs, 0), room);
    reqs.resize(1);
    return ask_and_yield(L, reqs, false, "decide");
}

/// decide_all{request, request, ...} -> {answer, answer, ...}
/// Asks several players at once, hidden and simultaneous: every answer is given before any
/// is revealed (e.g. both players set their attack pairs). Answers come back in order, each
/// as decide returns it (a number for a `single` request).
int decide_all(lua_State* L) {
    Match& m = match_of(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    readonly_view_unwrap(L, 1);   // raw reads below
    const lua_Integer n = luaL_len(L, 1);
    if (n == 0) return luaL_error(L, "decide_all: needs at least one request");
    charge_list(L, 1);
    lua_settop(L, 1);
    auto& reqs = request_list(L);
    QuestionRoom room(L);   // the copies of every request read so far
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, 1, i);
        check_request(L, -1, 1, m, "decide_all", request_at(reqs, static_cast<std::size_t>(i - 1)), room);
        lua_pop(L, 1);
    }
    reqs.resize(static_cast<std::size_t>(n));
    return ask_and_yield(L, reqs, true, "decide_all");
}

}  // namespace

std::vector<DecisionRequest>& decision_request_list(lua_State* L) { return request_list(L); }

std::vector<DecisionRequest>& single_choice_request(lua_State* L, int chooser, std::string_view id, std::string_view prompt) {
    std::vector<DecisionRequest>& reqs = request_list(L);
    DecisionRequest& q = request_at(reqs, 0);
    q.player = chooser;
    q.kind = DecisionKind::Choose;
    q.id = id;
    q.prompt = prompt;
    q.single = true;
    q.min = q.max = 1;
    reqs.resize(1);
    return reqs;
}

void decision_check_room(lua_State* L, const char* fn, std::size_t bytes) {
    QuestionRoom room(L);
    room.take(L, fn, bytes);
}

DecisionRequest& decision_request_at(std::vector<DecisionRequest>& reqs, std::size_t i) { return request_at(reqs, i); }

int decision_ask_and_yield(lua_State* L, std::vector<DecisionRequest>& requests, bool grouped, const char* fn,
                           lua_KContext ctx, lua_KFunction k) {
    return ask_and_yield(L, requests, grouped, fn, ctx, k);
}

void push_decision_answer(lua_State* L, const DecisionRequest& request, const Answer& answer) {
    if (request.single) {   // the option's number, no list made (nil: min = 0 and nothing picked)
        if (answer.picks.empty()) lua_pushnil(L);
        else lua_pushinteger(L, answer.picks[0] + 1);
        return;
    }
    switch (request.kind) {
        case DecisionKind::Choose:
        case DecisionKind::Order:
            lua_createtable(L, static_cast<int>(answer.picks.size()), 0);
            for (std::size_t i = 0; i < answer.picks.size(); ++i) {
                lua_pushinteger(L, answer.picks[i] + 1);
                lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
            }
            return;
        case DecisionKind::Number: lua_pushinteger(L, answer.picks.empty() ? 0 : answer.picks[0]); return;
        case DecisionKind::YesNo: lua_pushboolean(L, !answer.picks.empty() && answer.picks[0] != 0); return;
    }
}

// The registry's key for `decide` (push_decide_function): no script reaches the registry.
constexpr const char* kDecideKey = "duelbox.decide";

void push_decide_function(lua_State* L) { lua_getfield(L, LUA_REGISTRYINDEX, kDecideKey); }

void open_decide_module(lua_State* L, int env) {
    env = lua_absindex(L, env);
    // Each holds the request's field names as its upvalues (push_request_fields reads them).
    luaL_checkstack(L, kFieldNames + 1, "decide");
    push_field_names(L);
    lua_pushcclosure(L, decide_one, kFieldNames);
    lua_setfield(L, env, "decide");
    lua_getfield(L, env, "decide");
    lua_setfield(L, LUA_REGISTRYINDEX, kDecideKey);
    push_field_names(L);
    lua_pushcclosure(L, decide_all, kFieldNames);
    lua_setfield(L, env, "decide_all");
}

}  // namespace duelbox
