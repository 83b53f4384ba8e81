// lua_board.cpp - module `board`: spaces, figures and movement.
#include <algorithm>
#include <cstdio>

#include "host.h"
#include "lua_board_line.h"
#include "kernel/decision.h"
#include "kernel/utf8.h"
#include "lua_modules.h"
#include "lua_util.h"
#include "readonly_view.h"
#include "script_call.h"
#include "scenario/json_fields.h"
#include "scenario/map_file.h"

namespace duelbox {

namespace {

Through check_through(lua_State* L, int arg) {
    const char* s = luaL_optstring(L, arg, "nobody");
    const std::string_view v(s);
    if (v == "nobody") return Through::Nobody;
    if (v == "allies") return Through::Allies;
    if (v == "everyone") return Through::Everyone;
    luaL_argerror(L, arg, lua_pushfstring(L, "expected \"nobody\", \"allies\" or \"everyone\"; got \"%s\"", s));
    return Through::Nobody;
}

void push_space_or_nil(lua_State* L, SpaceId s) {
    if (s == kNoSpace) lua_pushnil(L);
    else lua_pushinteger(L, s);
}

/// board.line(n)
/// Sets up a line board of `n` spaces named "1".."n" (1 = the left end).
int board_line(lua_State* L) {
    Match& m = match_of(L);
    const lua_Integer n = luaL_checkinteger(L, 1);
    luaL_argcheck(L, n >= 1 && n <= 1000, 1, "a line needs 1..1000 spaces");
    return kernel_call(L, [&] {
        stamp_source(L, m);
        Board b;
        b.make_line(static_cast<int>(n));
        m.set_board(std::move(b));
        return 0;
    });
}

// Maps parsed on this thread, by path and bytes. A game that loads its map in every match's
// setup still reads the file each time (an edit shows at the next match) but parses it again
// only when the bytes changed: parsing and checking a map can be a third of a match's setup.
// Each worker thread has its own host, hence its own cache. Small: a few maps, none over 1 MB
// of JSON, so the memory it holds outside any match stays bounded.
struct ParsedMap {
    std::string path, bytes;
    Board board;
};
constexpr std::size_t kMaxParsedMaps = 8;
constexpr std::size_t kMaxParsedMapBytes = std::size_t{1} << 20;
thread_local std::vector<ParsedMap> parsed_maps;

// The board of map file `path` whose contents are `bytes`: from the cache, or parsed (throws
// what parse_json_text / parse_map throw, naming the file and the field).
Board board_of(const std::string& path, const std::string& bytes) {
    for (const ParsedMap& p : parsed_maps)
        if (p.path == path && p.bytes == bytes) return p.board;
    LoadedMap map = parse_map(fields::parse_json_text(bytes, path), path);
    if (bytes.size() <= kMaxParsedMapBytes) {
        if (parsed_maps.size() >= kMaxParsedMaps) parsed_maps.erase(parsed_maps.begin());
        parsed_maps.push_back(ParsedMap{path, bytes, map.board});
    }
    return std::move(map.board);
}

/// board.load(path)
/// Sets up the board from a map file under the game's root ("maps/forest.json"); see
/// runtime/scenario/map_file.h for the format. A malformed map fails with its field path.
int board_load(lua_State* L) {
    Match& m = match_of(L);
    const char* path = luaL_checkstring(L, 1);
    bool failed = false;
    {   // the C++ strings end with this block: lua_error longjmps past any destructor
        std::string bytes;
        std::string err = host_of(L).read_file(path, bytes);
        if (err.empty()) {
            try {
                Board board = board_of(path, bytes);
                stamp_source(L, m);
                m.set_board(std::move(board));
            } catch (const std::exception& e) {
                err = e.what();
            }
        }
        if (!err.empty()) {
            luaL_where(L, 1);
            lua_pushstring(L, err.c_str());
            lua_concat(L, 2);
            failed = true;
        }
    }
    return failed ? lua_error(L) : 0;
}

/// board.space_count() -> integer
int board_space_count(lua_State* L) {
    lua_pushinteger(L, match_of(L).board().space_count());
    return 1;
}

/// board.place(e, s)
/// Puts figure `e` on space `s` (from wherever it is).
int board_place(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    const SpaceId s = check_space(L, 2, m);
    return kernel_call(L, [&] {
        stamp_source(L, m);
        m.place(e, s);
        return 0;
    });
}

/// board.position(e) -> space|nil
/// The space figure `e` stands on, or nil when it is off the board.
int board_position(lua_State* L) {
    Match& m = match_of(L);
    push_space_or_nil(L, m.position(check_entity(L, 1, m)));
    return 1;
}

/// board.figures_at(s) -> {entity...}
/// The figures (entities of kind "figure") on space `s`.
int board_figures_at(lua_State* L) {
    Match& m = match_of(L);
    const auto figs = m.figures_at(check_space(L, 1, m));
    push_id_list(L, figs);
    return 1;
}

/// board.move(word, actor, other, n [, dry]) -> ok, to_or_why, passed
/// A line word: "advance"/"retreat"/"close": `actor` moves relative to `other`;
/// "pull"/"push": `actor` pulls/pushes `other` toward/away from itself. Occupied spaces are
/// jumped and not counted; all or nothing (close shortens instead). With dry = true nothing
/// moves. Returns true, the destination and whether the mover passed the other figure; or
/// false and why ("prohibited", "off the board", ...).
int board_move(lua_State* L) {
    Match& m = match_of(L);
    luaL_checkstring(L, 1);
    const LineWord word = line_word_at(L, 1, 1);
    const EntityId actor = check_entity(L, 2, m);
    const EntityId other = check_entity(L, 3, m);
    const int steps = line_distance(L, luaL_checkinteger(L, 4), 4, m);
    const bool apply = !lua_toboolean(L, 5);
    return kernel_call(L, [&] {
        stamp_source(L, m);
        const LineMove mv = m.line_move(word, actor, other, steps, apply);
        lua_pushboolean(L, mv.legal);
        if (mv.legal) lua_pushinteger(L, mv.to);
        else lua_pushstring(L, mv.why);
        lua_pushboolean(L, mv.passed_reference);
        return 3;
    });
}

/// board.teleport(mover, other, to [, dry]) -> ok, counts_as_or_why, passed
/// Moves `mover` straight to free space `to`. counts_as is "advance" or "retreat" relative to
/// `other` (for "if you advanced" effects).
int board_teleport(lua_State* L) {
    Match& m = match_of(L);
    const EntityId mover = check_entity(L, 1, m);
    const EntityId other = check_entity(L, 2, m);
    const SpaceId to = check_space(L, 3, m);
    const bool apply = !lua_toboolean(L, 4);
    return kernel_call(L, [&] {
        stamp_source(L, m);
        const Teleport t = m.teleport(mover, other, to, apply);
        lua_pushboolean(L, t.legal);
        if (t.legal) lua_pushstring(L, line_word_name(t.counts_as));
        else lua_pushstring(L, t.why);
        lua_pushboolean(L, t.passed_reference);
        return 3;
    });
}

// Reads the optional list of edge kinds at `arg` ({"border", "bridge"}); absent = {"border"},
// a shared constant, so the common call allocates nothing. A given list is push_owned (freed
// even when a later check raises), so the caller must have set the stack top to `arg` first.
const std::vector<std::string>& check_kinds(lua_State* L, int arg) {
    static const std::vector<std::string> kBorder{"border"};
    if (lua_isnoneornil(L, arg)) return kBorder;
    luaL_checktype(L, arg, LUA_TTABLE);
    auto& kinds = push_owned<std::vector<std::string>>(L);
    const lua_Integer n = luaL_len(L, arg);
    charge_list(L, arg);
    std::size_t copied = 0;
    for (lua_Integer i = 1; i <= n; ++i) {
        if (lua_geti(L, arg, i) != LUA_TSTRING) luaL_argerror(L, arg, "a list of edge kinds (strings) expected");
        copied = room_for_copy(L, copied, lua_rawlen(L, -1) + sizeof(std::string), "the list of edge kinds");
        kinds.emplace_back(lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    // The board reads an empty list as "any kind", walls included: never what a rule listing kinds means.
    if (kinds.empty()) luaL_argerror(L, arg, "a list of edge kinds (strings) expected, not an empty one");
    return kinds;
}

/// board.distance(a, b [, kinds]) -> integer
/// Fewest steps between spaces `a` and `b` (-1 if unreachable) over edges of the given kinds
/// (default {"border"}; e.g. {"border", "bridge"}: a range that may count a crossing); on a
/// line without kinds, |a - b|.
int board_distance(lua_State* L) {
    Match& m = match_of(L);
    const SpaceId a = check_space(L, 1, m);
    const SpaceId b = check_space(L, 2, m);
    lua_settop(L, 3);
    const bool given = !lua_isnil(L, 3);
    const auto& kinds = check_kinds(L, 3);
    // A line's distance is its order, unless the rule asks for particular edges.
    if (!m.board().is_line() || given) charge_work(L, static_cast<std::size_t>(m.board().space_count()));   // a search
    lua_pushinteger(L, m.board().is_line() && !given ? m.board().line_distance(a, b) : m.board().distance(a, b, kinds));
    return 1;
}

/// board.sees(a, b) -> boolean
/// Whether space `a` has line of sight to space `b`: the map's sight geometry or table, computed
/// when it loaded (one-way: a high space may see a low one that cannot see back). A space
/// always sees itself; a map with neither says every pair sees.
int board_sees(lua_State* L) {
    Match& m = match_of(L);
    const SpaceId a = check_space(L, 1, m);
    lua_pushboolean(L, m.board().has_los(a, check_space(L, 2, m)));
    return 1;
}

/// board.in_sight(s [, steps [, kinds]]) -> {space...}
/// The spaces space `s` sees (itself included), by id; with `steps`, only those at most that
/// many steps away over edges of the given kinds (default {"border"}; e.g. {"border",
/// "bridge"}): "targets in sight and within range" in one call.
int board_in_sight(lua_State* L) {
    Match& m = match_of(L);
    const SpaceId from = check_space(L, 1, m);
    const lua_Integer steps = luaL_optinteger(L, 2, -1);
    lua_settop(L, 3);                                         // the list stays argument 3
    const auto& kinds = check_kinds(L, 3);
    const Board& b = m.board();
    charge_work(L, static_cast<std::size_t>(b.space_count()));   // every space looked at (before the lists below exist)
    // This thread's lists, not the frame's: pushing the answer may raise a memory error, whose
    // longjmp would skip a local vector's destructor (memory no cap counts).
    thread_local std::vector<SpaceId> seen;
    thread_local std::vector<int> dist;   // one search for every target (not one per target)
    seen.clear();
    dist.clear();
    if (steps >= 0) dist = b.distances_from(from, kinds);
    for (SpaceId t = 1; t <= static_cast<SpaceId>(b.space_count()); ++t) {
        if (!b.has_los(from, t)) continue;
        if (steps >= 0) {
            const int d = dist[static_cast<std::size_t>(t - 1)];
            if (d < 0 || d > steps) continue;
        }
        seen.push_back(t);
    }
    push_id_list(L, seen);
    return 1;
}

// The arguments board.reachable and board.reach share, and the kernel's answer.
std::vector<Reach> check_reach(lua_State* L, Match& m) {
    const EntityId e = check_entity(L, 1, m);
    const lua_Integer n = luaL_checkinteger(L, 2);
    const Through t = check_through(L, 3);
    charge_work(L, static_cast<std::size_t>(m.board().space_count()));   // a search of the board
    return m.reachable(e, static_cast<int>(std::clamp<lua_Integer>(n, 0, m.board().space_count())), t);
}

/// board.reachable(e, steps [, through]) -> {{space=, steps=}...}
/// Spaces figure `e` can end a move of up to `steps` on. through = "nobody" (default),
/// "allies" or "everyone": whose figures it may pass. It never ends on an occupied space.
int board_reachable(lua_State* L) {
    Match& m = match_of(L);
    thread_local std::vector<Reach> reach;   // the thread's, as in board.in_sight
    reach = check_reach(L, m);
    lua_createtable(L, static_cast<int>(reach.size()), 0);
    for (std::size_t i = 0; i < reach.size(); ++i) {
        lua_createtable(L, 0, 2);
        lua_pushinteger(L, reach[i].space);
        lua_setfield(L, -2, "space");
        lua_pushinteger(L, reach[i].steps);
        lua_setfield(L, -2, "steps");
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 1;
}

/// board.reach(e, steps [, through]) -> {space...}
/// The spaces of board.reachable(e, steps, through) as a plain list, in space order, without
/// their step counts: what a list of legal moves needs, with no table per space.
int board_reach(lua_State* L) {
    Match& m = match_of(L);
    thread_local std::vector<Reach> reach;   // the thread's, as in board.in_sight
    reach = check_reach(L, m);
    lua_createtable(L, static_cast<int>(reach.size()), 0);
    for (std::size_t i = 0; i < reach.size(); ++i) {
        lua_pushinteger(L, reach[i].space);
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 1;
}

// Pushes the names of the spaces of a shortest legal path of figure `e` to `to` (up to `steps`,
// through `t`), joined by `sep`, as board.names(board.path(e, to, t, steps), sep) gives them. The
// search board.ask_reach made is still the match's (Match::search_for keeps it until a change).
void push_path_names(lua_State* L, Match& m, EntityId e, SpaceId to, Through t, int steps, const char* sep) {
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    bool first = true;
    for (SpaceId s : m.path(e, to, t, steps)) {   // (a temporary: nothing here raises while it lives)
        if (!first) luaL_addstring(&b, sep);
        luaL_addstring(&b, m.board().space(s).name.c_str());
        first = false;
    }
    luaL_pushresult(&b);
}

// board.ask_reach once answered: the space the picked option names, and the path there. Slot 6
// holds the spaces offered (after the stay option when ctx is the figure's space, 0 when there
// was none), slot 10 the path's separator.
int ask_reach_answered(lua_State* L, int status, lua_KContext ctx) {
    (void)status;
    Match& m = match_of(L);
    const auto& spaces = *static_cast<const std::vector<SpaceId>*>(lua_touserdata(L, 6));
    const SpaceId stay = static_cast<SpaceId>(ctx);
    const lua_Integer pick = lua_tointeger(L, -1);   // decide's answer to a single question
    const lua_Integer first = stay != kNoSpace ? 2 : 1;   // the option of spaces[0]
    if (stay != kNoSpace && pick == 1) {
        lua_pushinteger(L, stay);
        return 1;
    }
    if (pick < first || pick - first >= static_cast<lua_Integer>(spaces.size()))
        return luaL_error(L, "board.ask_reach: the answer %I is not one of the options", (LUAI_UACINT)pick);
    const SpaceId to = spaces[static_cast<std::size_t>(pick - first)];
    lua_pushinteger(L, to);
    const int steps = static_cast<int>(std::clamp<lua_Integer>(lua_tointeger(L, 3), 0, m.board().space_count()));
    push_path_names(L, m, static_cast<EntityId>(lua_tointeger(L, 2)), to, check_through(L, 4), steps, lua_tostring(L, 10));
    return 2;
}

/// board.ask_reach(chooser, e, steps, through, ask) -> space, path|nil
/// Asks player `chooser` where figure `e` ends a move of up to `steps` (board.reach: through =
/// "nobody", "allies" or "everyone") and returns that space and, when it is not the figure's
/// own, the names of a shortest legal path there joined by `ask.sep` (default "-"), as
/// board.names(board.path(e, space, through, steps), sep) gives them; the kernel lists the
/// spaces and asks, so no list is made in Lua. `ask` = {id=, prompt=, stay=, sep=}: the
/// question's id (default "move") and prompt, and `stay`, the label of a first option that
/// keeps the figure where it is (no such option when nil: the figure must move if it can).
/// With no space in reach nothing is asked and the figure's own space is returned; nil when
/// `e` is not on the board. It does not move the figure: the rule does, with board.place or
/// board.move.
int board_ask_reach(lua_State* L) {
    Match& m = match_of(L);
    const PlayerIndex chooser = check_player(L, 1, m);
    const EntityId e = check_entity(L, 2, m);
    const lua_Integer n = luaL_checkinteger(L, 3);
    const Through t = check_through(L, 4);
    luaL_checktype(L, 5, LUA_TTABLE);
    readonly_view_unwrap(L, 5);
    lua_settop(L, 5);
    const SpaceId at = m.position(e);
    if (at == kNoSpace) {
        lua_pushnil(L);
        return 1;
    }
    // The texts stay in the ask table (slots 7-10) while they are copied into the question.
    const auto text_field = [L](const char* key, const char* fallback) -> const char* {
        const int type = lua_getfield(L, 5, key);
        if (type == LUA_TNIL) return fallback;
        if (type != LUA_TSTRING) luaL_error(L, "board.ask_reach: field '%s' must be a string (got %s)", key, luaL_typename(L, -1));
        return lua_tostring(L, -1);
    };
    auto& spaces = push_owned<std::vector<SpaceId>>(L);   // slot 6: kept across the question
    const char* id = text_field("id", "move");
    const char* prompt = text_field("prompt", "");
    const char* stay = text_field("stay", nullptr);
    text_field("sep", "-");                                 // slot 10: read again once answered
    if (lua_isnil(L, 10)) {
        lua_pushliteral(L, "-");
        lua_replace(L, 10);
    }
    if (const std::size_t bad = utf8_error_at(id); bad != std::string_view::npos)
        luaL_error(L, "board.ask_reach: field 'id' must be UTF-8 text (its byte %d is not): a replay matches answers by it",
                   static_cast<int>(bad + 1));
    charge_work(L, static_cast<std::size_t>(m.board().space_count()));   // a search of the board
    kernel_call(L, [&] {
        const int steps = static_cast<int>(std::clamp<lua_Integer>(n, 0, m.board().space_count()));
        for (const Reach& r : m.reachable(e, steps, t)) spaces.push_back(r.space);
        return 0;
    });
    if (spaces.empty()) {
        lua_pushinteger(L, at);
        return 1;
    }
    std::vector<DecisionRequest>& reqs = single_choice_request(L, chooser, id, prompt);
    DecisionRequest& q = reqs[0];
    const std::size_t first = stay ? 1 : 0;
    q.options.resize(first + spaces.size());
    for (std::size_t i = 0; i < q.options.size(); ++i) {
        Option& o = q.options[i];
        o.entity = kNoEntity;
        o.space = i < first ? at : spaces[i - first];
        if (i < first) o.label = stay;
        else o.label = m.board().space(o.space).name;
    }
    return decision_ask_and_yield(L, reqs, false, "board.ask_reach", stay ? static_cast<lua_KContext>(at) : 0, ask_reach_answered);
}

/// board.path(e, to [, through [, max]]) -> {space...}
/// A shortest legal path for figure `e` to space `to` (both ends included), or {} if none.
int board_path(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    const SpaceId to = check_space(L, 2, m);
    const Through t = check_through(L, 3);
    const int max = static_cast<int>(std::clamp<lua_Integer>(luaL_optinteger(L, 4, -1), -1, m.board().space_count()));
    charge_work(L, static_cast<std::size_t>(m.board().space_count()));   // a search of the board
    thread_local std::vector<SpaceId> path;   // the thread's, as in board.in_sight
    path = m.path(e, to, t, max);
    push_id_list(L, path);
    return 1;
}

/// board.neighbours(s [, kinds]) -> {space...}
/// The spaces one edge of the given kinds away from `s` (default {"border"}), by id: e.g.
/// {"border", "bridge"} for a step that may also cross a bridge. A wall is just a kind not listed.
int board_neighbours(lua_State* L) {
    Match& m = match_of(L);
    const SpaceId s = check_space(L, 1, m);
    lua_settop(L, 2);
    const auto& kinds = check_kinds(L, 2);
    thread_local std::vector<SpaceId> ns;   // the thread's, as in board.in_sight
    ns = m.board().neighbours(s, kinds);
    push_id_list(L, ns);
    return 1;
}

/// board.adjacent(a, b [, kinds]) -> boolean
/// Whether an edge of the given kinds (default {"border"}) joins spaces `a` and `b`.
int board_adjacent(lua_State* L) {
    Match& m = match_of(L);
    const SpaceId a = check_space(L, 1, m);
    const SpaceId b = check_space(L, 2, m);
    lua_settop(L, 3);
    const auto& kinds = check_kinds(L, 3);
    lua_pushboolean(L, m.board().adjacent(a, b, kinds));
    return 1;
}

/// board.near(e, figures [, share_region]) -> {figure...}
/// The figures of list `figures` that stand next to figure `e` (on a space one "border" edge
/// from its own), or, with `share_region`, also anywhere in a region (a map's zone) its space is
/// in: "the enemies this fighter can strike", in list order, in one call instead of a
/// board.position, board.adjacent and board.share_region per figure. A figure off the board is
/// never near; with `e` off the board the list is empty.
int board_near(lua_State* L) {
    Match& m = match_of(L);
    const EntityId e = check_entity(L, 1, m);
    luaL_checktype(L, 2, LUA_TTABLE);
    readonly_view_unwrap(L, 2);
    const bool region = lua_toboolean(L, 3);
    lua_settop(L, 2);
    const auto n = static_cast<lua_Integer>(charge_list(L, 2));
    lua_createtable(L, static_cast<int>(std::min<lua_Integer>(n, 16)), 0);
    const SpaceId at = m.position(e);
    lua_Integer found = 0;
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, 2, i);
        const EntityId f = check_entity_at(L, -1, 2, "figures", m);   // every entry checked, near or not
        lua_pop(L, 1);
        const SpaceId s = at == kNoSpace ? kNoSpace : m.position(f);
        if (s == kNoSpace) continue;
        if (m.board().adjacent(at, s, border_kinds()) || (region && m.board().share_region(at, s))) {
            lua_pushinteger(L, f);
            lua_rawseti(L, 3, ++found);
        }
    }
    return 1;
}

/// board.in_region(s, region) -> boolean
/// Whether space `s` is in the coloured region (a map's zone) `region`.
int board_in_region(lua_State* L) {
    Match& m = match_of(L);
    const SpaceId s = check_space(L, 1, m);
    lua_pushboolean(L, m.board().in_region(s, luaL_checkstring(L, 2)));
    return 1;
}

/// board.share_region(a, b) -> boolean
int board_share_region(lua_State* L) {
    Match& m = match_of(L);
    const SpaceId a = check_space(L, 1, m);
    lua_pushboolean(L, m.board().share_region(a, check_space(L, 2, m)));
    return 1;
}

/// board.name(s) -> string
int board_name(lua_State* L) {
    Match& m = match_of(L);
    lua_pushstring(L, m.board().space(check_space(L, 1, m)).name.c_str());
    return 1;
}

/// board.names(spaces [, sep]) -> string
/// The names of the spaces in list `spaces`, joined by `sep` (default "-"): a path as a log
/// shows it, `board.names(board.path(f, to, "allies", 3))` -> "s1-s4-s10", in one call
/// instead of a board.name per space and a table.concat. An empty list gives "".
int board_names(lua_State* L) {
    Match& m = match_of(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    readonly_view_unwrap(L, 1);   // raw reads below
    std::size_t sep_len = 0;
    const char* sep = luaL_optlstring(L, 2, "-", &sep_len);
    const lua_Integer n = luaL_len(L, 1);
    charge_instructions(L, n);   // C work in proportion to a list the script may pass again and again
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, 1, i);
        int ok = 0;
        const lua_Integer id = lua_tointegerx(L, -1, &ok);
        if (!ok || id < 1 || id > static_cast<lua_Integer>(m.board().space_count())) {
            char what[32];   // only on the way to the error: the message names the entry
            std::snprintf(what, sizeof what, "spaces[%d]", static_cast<int>(i));
            check_space_at(L, -1, 1, what, m);   // raises
        }
        const auto s = static_cast<SpaceId>(id);
        lua_pop(L, 1);   // the stack as the buffer left it: luaL_add* may use it
        if (i > 1) luaL_addlstring(&b, sep, sep_len);
        luaL_addstring(&b, m.board().space(s).name.c_str());
    }
    luaL_pushresult(&b);
    return 1;
}

/// board.find(name) -> space|nil
int board_find(lua_State* L) {
    push_space_or_nil(L, match_of(L).board().find(luaL_checkstring(L, 1)));
    return 1;
}

/// board.closed(s) -> boolean
/// Whether space `s` is closed: a pseudo-space (a river, a chasm) that moves may cross over
/// the edges they allow but that nothing may stand on; board.place onto it raises.
int board_closed(lua_State* L) {
    Match& m = match_of(L);
    lua_pushboolean(L, m.board().space(check_space(L, 1, m)).closed);
    return 1;
}

/// board.attr(s, key) -> value
/// Attribute `key` of space `s` from the map ("capacity", "high"...), nil when absent.
int board_attr(lua_State* L) {
    Match& m = match_of(L);
    const SpaceId s = check_space(L, 1, m);
    push_value(L, m.board().space(s).attr(luaL_checkstring(L, 2)));
    return 1;
}

/// board.terrain(s) -> elevation, obscures | nil
/// The sight terrain the map gives space `s` (`spaces[i].sight.elevation` and `.obscures`, from
/// which the kernel computes line of sight when the map loads), or nil when the map gives the
/// space no sight data. For a game that keeps its own terrain attributes (`board.attr`) to check
/// that the two agree, so a map cannot give a space one rule for moving and another for sight.
int board_terrain(lua_State* L) {
    Match& m = match_of(L);
    const Space& space = m.board().space(check_space(L, 1, m));
    if (!space.has_sight) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushinteger(L, space.elevation);
    lua_pushboolean(L, space.obscures);
    return 2;
}

/// board.start(n) -> space|nil
/// The space marked as start space `n` on the map.
int board_start(lua_State* L) {
    Match& m = match_of(L);
    const lua_Integer n = luaL_checkinteger(L, 1);
    for (int s = 1; s <= m.board().space_count(); ++s)
        if (m.board().space(s).start == n) {
            lua_pushinteger(L, s);
            return 1;
        }
    lua_pushnil(L);
    return 1;
}

const luaL_Reg board_module[] = {
    {"line", board_line},           {"load", board_load},           {"space_count", board_space_count}, {"place", board_place},
    {"position", board_position},   {"figures_at", board_figures_at},   {"move", board_move},
    {"closed", board_closed},       {"teleport", board_teleport},   {"distance", board_distance},       {"reachable", board_reachable},
    {"reach", board_reach},         {"ask_reach", board_ask_reach},   {"ask_line", board_ask_line},
    {"line_outcomes", board_line_outcomes},
    {"path", board_path},           {"neighbours", board_neighbours},   {"adjacent", board_adjacent},
    {"near", board_near},           {"in_region", board_in_region}, {"share_region", board_share_region}, {"name", board_name}, {"names", board_names},
    {"find", board_find},           {"attr", board_attr},               {"terrain", board_terrain},         {"start", board_start},
    {"sees", board_sees},           {"in_sight", board_in_sight},
    {nullptr, nullptr}};

}  // namespace

void open_board_module(lua_State* L, int env) { register_module(L, env, "board", board_module); }

}  // namespace duelbox
