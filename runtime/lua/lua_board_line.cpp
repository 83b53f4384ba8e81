// lua_board_line.cpp - board.ask_line and board.line_outcomes: the legal line moves of an effect,
// asked as one question or listed.
//
// A line game's movement effect ("advance 1-2", "push or pull 1") offers every word and
// distance that would move a figure, and asks which one when there is more than one. Listed in
// Lua, each call made a dry board.move per outcome, a table per outcome, an options table and a
// decide request read field by field; here the kernel lists the outcomes and builds the
// question from them, and the rules read back the one picked.
#include "lua_board_line.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "host.h"
#include "kernel/decision.h"
#include "kernel/utf8.h"
#include "lua_modules.h"
#include "lua_util.h"
#include "readonly_view.h"

namespace duelbox {

namespace {

struct LineOutcome {
    LineWord word = LineWord::Advance;
    std::int32_t n = 0;
    SpaceId to = kNoSpace;
    std::int32_t other = 0;   // 1-based index into the call's others
};

// A move left out, and why, as board.move's dry run says it (ok: legal but it would not move).
struct LineRefusal {
    LineWord word = LineWord::Advance;
    std::int32_t n = 0;
    std::int32_t other = 0;
    bool ok = false;
    const char* why = "";   // one of the kernel's static texts
};

// Everything one call reads and lists (push_owned: freed whatever raises; the outcomes are
// read again by the continuation after the question).
struct LineAsk {
    std::vector<EntityId> others;
    std::vector<LineWord> words;
    std::vector<std::int32_t> amounts;
    std::vector<LineOutcome> outcomes;
    std::vector<LineRefusal> refusals;   // kept only when someone will read them
    std::vector<Unavailable> unavailable;   // ask.explain's words for them (board.ask_line)
};

constexpr const char* kFn = "board.ask_line";
// The stack slots this binding keeps across the question (after its six arguments): the ask
// table, its names, label, id and prompt, then the LineAsk.
constexpr int kAskSlot = 7, kNamesSlot = 8, kLabelSlot = 9, kOwnedSlot = 12;

std::int32_t check_amount(lua_State* L, int idx, int arg, const Match& m) {
    if (!lua_isinteger(L, idx))
        luaL_argerror(L, arg, lua_pushfstring(L, "a distance must be an integer (got %s)", luaL_typename(L, idx)));
    return line_distance(L, lua_tointeger(L, idx), arg, m);
}

// Argument `arg`: one value, or a list of them, each read by `one` into `out`.
template <class T, class One>
void read_one_or_list(lua_State* L, int arg, std::vector<T>& out, One&& one) {
    if (lua_type(L, arg) != LUA_TTABLE) {
        out.push_back(one(arg));
        return;
    }
    const std::size_t n = charge_list(L, arg);
    if (n == 0) luaL_argerror(L, arg, "the list is empty");
    for (std::size_t i = 1; i <= n; ++i) {
        lua_rawgeti(L, arg, static_cast<lua_Integer>(i));
        out.push_back(one(lua_gettop(L)));
        lua_pop(L, 1);
    }
}

// Checks `tpl` once per call, so a bad placeholder is named even when nothing is offered.
void check_template(lua_State* L, std::string_view tpl) {
    for (std::size_t i = 0; i < tpl.size(); ++i) {
        if (tpl[i] != '{') continue;
        const std::size_t end = tpl.find('}', i);
        const std::string_view name = end == std::string_view::npos ? tpl.substr(i) : tpl.substr(i, end - i + 1);
        if (name != "{word}" && name != "{n}" && name != "{to}" && name != "{other}")
            luaL_error(L, "%s: field 'label' has an unknown placeholder '%s' (known: {word} {n} {to} {other})", kFn,
                       std::string(name).c_str());
        i = end;
    }
}

// The name {other} stands for: ask.names[i] when it is a string, else the figure's own name.
// Pushes one value either way, which keeps the string alive until the caller pops it.
std::string_view other_name(lua_State* L, const Match& m, EntityId other, std::int32_t i) {
    if (lua_istable(L, kNamesSlot) && lua_rawgeti(L, kNamesSlot, i) == LUA_TSTRING) {
        std::size_t len = 0;
        const char* s = lua_tolstring(L, -1, &len);
        return {s, len};
    }
    if (lua_istable(L, kNamesSlot)) lua_pop(L, 1);
    lua_pushnil(L);
    return m.entity(other).name;
}

void render_label(std::string& out, std::string_view tpl, const LineOutcome& o, const Match& m, std::string_view other) {
    out.clear();
    for (std::size_t i = 0; i < tpl.size(); ++i) {
        if (tpl[i] != '{') {
            out += tpl[i];
            continue;
        }
        const std::size_t end = tpl.find('}', i);
        const std::string_view name = tpl.substr(i, end - i + 1);
        if (name == "{word}") out += line_word_name(o.word);
        else if (name == "{n}") out += std::to_string(o.n);
        else if (name == "{to}") out += m.board().space(o.to).name;
        else out += other;
        i = end;
    }
}

// Reads arguments `first`.. (others, words, amounts) into `ask` and lists the outcomes: a dry
// line move for each other figure on the board, word and distance, in that order. Refusals are
// kept when `keep_refusals`. The actor is on the board.
void list_moves(lua_State* L, Match& m, EntityId actor, int first, LineAsk& ask, bool keep_refusals) {
    read_one_or_list(L, first, ask.others, [&](int idx) { return check_entity_at(L, idx, first, "a figure", m); });
    read_one_or_list(L, first + 1, ask.words, [&](int idx) { return line_word_at(L, idx, first + 1); });
    read_one_or_list(L, first + 2, ask.amounts, [&](int idx) { return check_amount(L, idx, first + 2, m); });
    // One dry move per other figure, word and distance, each walking the line; saturated, so a
    // budget raised by the scenario cannot let a product of long lists wrap round to little.
    std::size_t work = 1;
    for (const std::size_t factor : {ask.others.size(), ask.words.size(), ask.amounts.size(),
                                     static_cast<std::size_t>(std::max(1, m.board().space_count()))})
        work = factor != 0 && work > SIZE_MAX / factor ? SIZE_MAX : work * factor;
    charge_work(L, work);
    for (std::size_t oi = 0; oi < ask.others.size(); ++oi) {
        const EntityId other = ask.others[oi];
        if (m.position(other) == kNoSpace) continue;   // off the board: nothing to move or move against
        const auto index = static_cast<std::int32_t>(oi + 1);
        for (const LineWord w : ask.words)
            for (const std::int32_t n : ask.amounts) {
                LineMove mv;
                kernel_call(L, [&] {
                    mv = m.line_move(w, actor, other, n, false);
                    return 0;
                });
                if (mv.legal && mv.to != mv.from) ask.outcomes.push_back(LineOutcome{w, n, mv.to, index});
                else if (keep_refusals) ask.refusals.push_back(LineRefusal{w, n, index, mv.legal, mv.why});
            }
    }
}

// Calls ask.explain(word, n, other_index, ok, why) for a move left out and adds what it returns
// (label, why) to `out`, the question's `unavailable` list.
void explain_refusal(lua_State* L, const LineRefusal& r, std::vector<Unavailable>& out) {
    lua_getfield(L, kAskSlot, "explain");
    lua_pushstring(L, line_word_name(r.word));
    lua_pushinteger(L, r.n);
    lua_pushinteger(L, r.other);
    lua_pushboolean(L, r.ok);
    lua_pushstring(L, r.why);
    lua_call(L, 5, 2);
    if (lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TSTRING)
        luaL_error(L, "%s: ask.explain must return two strings, a label and why (got %s, %s)", kFn, luaL_typename(L, -2),
                   luaL_typename(L, -1));
    decision_check_room(L, kFn, lua_rawlen(L, -2) + lua_rawlen(L, -1));
    out.push_back(Unavailable{lua_tostring(L, -2), lua_tostring(L, -1)});
    lua_pop(L, 2);
}

void push_outcome(lua_State* L, const LineOutcome& o) {
    lua_pushstring(L, line_word_name(o.word));
    lua_pushinteger(L, o.n);
    lua_pushinteger(L, o.to);
    lua_pushinteger(L, o.other);
}

int ask_line_answered(lua_State* L, int status, lua_KContext ctx) {
    (void)status;
    (void)ctx;
    const auto& ask = *static_cast<const LineAsk*>(lua_touserdata(L, kOwnedSlot));
    const lua_Integer pick = lua_tointeger(L, -1);   // decide's answer to a single question
    if (pick < 1 || pick > static_cast<lua_Integer>(ask.outcomes.size()))
        return luaL_error(L, "%s: the answer %I is not one of the options", kFn, (LUAI_UACINT)pick);
    push_outcome(L, ask.outcomes[static_cast<std::size_t>(pick - 1)]);
    return 4;
}

}  // namespace

LineWord line_word_at(lua_State* L, int idx, int arg) {
    if (lua_type(L, idx) != LUA_TSTRING)
        luaL_argerror(L, arg, lua_pushfstring(L, "a line word must be a string (got %s)", luaL_typename(L, idx)));
    LineWord w;
    if (!parse_line_word(lua_tostring(L, idx), w))
        luaL_argerror(L, arg, lua_pushfstring(L, "expected \"advance\", \"retreat\", \"pull\", \"push\" or \"close\"; got \"%s\"",
                                              lua_tostring(L, idx)));
    return w;
}

int line_distance(lua_State* L, lua_Integer n, int arg, const Match& m) {
    if (n < 0) luaL_argerror(L, arg, "a distance cannot be negative");
    // Any distance beyond the board is as impossible as the board's length + 1.
    return static_cast<int>(std::min<lua_Integer>(n, m.board().space_count() + 1));
}

/// board.ask_line(chooser, actor, others, words, amounts, ask) -> word, n, to, other | nil
/// The legal outcomes of a line movement effect of figure `actor`, and the one player `chooser`
/// picks. `others`: the figure the words are relative to, or a list of candidates ("the
/// opponent" in team play); `words`: a line word or a list of them ("advance", "retreat",
/// "close": `actor` moves; "pull", "push": the other figure moves); `amounts`: a distance or a
/// list of them ("advance 1-2" = {1, 2}). An outcome is offered when board.move would allow it
/// and the moving figure would end on another space (all or nothing, prohibitions included);
/// figures off the board have none. With no outcome it returns nil; with one, that one, asking
/// nothing; with more, the kernel asks `chooser` (a single choice). Returns the word, the
/// distance, the space the mover would end on and the index of the other figure in `others`.
/// Nothing moves: the rule does, with board.move, after its own timing windows.
/// `ask` = {id=, prompt=, label=, names=, explain=}: the question's id (default "move") and
/// prompt; `label`, each option's text, with {word} {n} {to} (the space's name) and {other}
/// (default "{word} {n}"); `names`, what {other} says for each entry of `others` (default: the
/// figures' names); `explain`, for a person who asks why a move is missing: called as
/// explain(word, n, other_index, ok, why) for each outcome left out (ok = true: it would not move;
/// else why, as board.move says it) and returning its label and the reason, shown as
/// decide's `unavailable`.
int board_ask_line(lua_State* L) {
    Match& m = match_of(L);
    const PlayerIndex chooser = check_player(L, 1, m);
    const EntityId actor = check_entity(L, 2, m);
    luaL_checkany(L, 3);
    luaL_checkany(L, 4);
    luaL_checkany(L, 5);
    luaL_checktype(L, 6, LUA_TTABLE);
    readonly_view_unwrap(L, 6);
    lua_settop(L, 6);
    lua_pushvalue(L, 6);                  // slot 7: the ask table (kAskSlot)
    lua_getfield(L, kAskSlot, "names");   // slot 8
    if (!lua_isnil(L, kNamesSlot) && !lua_istable(L, kNamesSlot))
        luaL_error(L, "%s: field 'names' must be a list of strings (got %s)", kFn, luaL_typename(L, kNamesSlot));
    const char* label = push_field_string(L, kAskSlot, "label", "{word} {n}");   // slot 9
    const char* id = push_field_string(L, kAskSlot, "id", "move");               // slot 10
    const char* prompt = push_field_string(L, kAskSlot, "prompt", "");           // slot 11
    lua_getfield(L, kAskSlot, "explain");
    const bool explain = !lua_isnil(L, -1);
    if (explain && !lua_isfunction(L, -1))
        luaL_error(L, "%s: field 'explain' must be a function (got %s)", kFn, luaL_typename(L, -1));
    lua_pop(L, 1);
    if (const std::size_t bad = utf8_error_at(id); bad != std::string_view::npos)
        luaL_error(L, "%s: field 'id' must be UTF-8 text (its byte %d is not): a replay matches answers by it", kFn,
                   static_cast<int>(bad + 1));
    const std::string_view tpl(label, lua_rawlen(L, kLabelSlot));
    check_template(L, tpl);
    auto& ask = push_owned<LineAsk>(L);   // kOwnedSlot, read by the continuation
    if (m.position(actor) == kNoSpace) {
        lua_pushnil(L);
        return 1;
    }
    list_moves(L, m, actor, 3, ask, explain);
    if (ask.outcomes.empty()) {
        lua_pushnil(L);
        return 1;
    }
    if (ask.outcomes.size() == 1) {
        push_outcome(L, ask.outcomes[0]);
        return 4;
    }
    for (const LineRefusal& r : ask.refusals) explain_refusal(L, r, ask.unavailable);
    // The request list is taken only now: ask.explain ran Lua above, which may have asked for it.
    std::vector<DecisionRequest>& reqs = single_choice_request(L, chooser, id, prompt);
    DecisionRequest& q = reqs[0];
    q.unavailable = std::move(ask.unavailable);
    q.options.resize(ask.outcomes.size());
    std::size_t bytes = 0;
    for (std::size_t i = 0; i < ask.outcomes.size(); ++i) {
        const LineOutcome& o = ask.outcomes[i];
        Option& opt = q.options[i];
        opt.entity = kNoEntity;
        opt.space = o.to;
        const std::string_view other = other_name(L, m, ask.others[static_cast<std::size_t>(o.other - 1)], o.other);
        render_label(opt.label, tpl, o, m, other);
        lua_pop(L, 1);
        bytes += opt.label.size();
        if (bytes > 4096) {   // a long template or names: counted against the memory cap as decide does
            decision_check_room(L, kFn, bytes);
            bytes = 0;
        }
    }
    return decision_ask_and_yield(L, reqs, false, kFn, 0, ask_line_answered);
}

/// board.line_outcomes(actor, others, words, amounts) -> outcomes, refused
/// What board.ask_line would offer, listed without asking: `outcomes` = {{word=, n=, to=,
/// other=}...} (other: the index in `others`), and `refused` = {{word=, n=, other=, ok=, why=}...},
/// each move left out, with board.move's dry-run answer (ok = true: it would not move; else
/// why). Both in the order tried: each other figure, then each word, then each distance. For
/// rules that inspect or explain the moves of an effect; to ask, use board.ask_line.
int board_line_outcomes(lua_State* L) {
    Match& m = match_of(L);
    const EntityId actor = check_entity(L, 1, m);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    luaL_checkany(L, 4);
    lua_settop(L, 4);
    auto& ask = push_owned<LineAsk>(L);
    if (m.position(actor) != kNoSpace) list_moves(L, m, actor, 2, ask, true);
    // Each entry a table of the word, its distance and the other figure's index, then its own fields.
    const auto push_list = [L](const auto& list, int extra, auto&& own_fields) {
        lua_createtable(L, static_cast<int>(list.size()), 0);
        for (std::size_t i = 0; i < list.size(); ++i) {
            lua_createtable(L, 0, 3 + extra);
            lua_pushstring(L, line_word_name(list[i].word));
            lua_setfield(L, -2, "word");
            lua_pushinteger(L, list[i].n);
            lua_setfield(L, -2, "n");
            lua_pushinteger(L, list[i].other);
            lua_setfield(L, -2, "other");
            own_fields(list[i]);
            lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
        }
    };
    push_list(ask.outcomes, 1, [L](const LineOutcome& o) {
        lua_pushinteger(L, o.to);
        lua_setfield(L, -2, "to");
    });
    push_list(ask.refusals, 2, [L](const LineRefusal& r) {
        lua_pushboolean(L, r.ok);
        lua_setfield(L, -2, "ok");
        lua_pushstring(L, r.why);
        lua_setfield(L, -2, "why");
    });
    return 2;
}

}  // namespace duelbox
