// resume_test.cpp - copies of a match started from a checkpoint (lua/checkpoint.h,
// search/forks.h) instead of the scenario's start: the saved value's format, where
// match.checkpoint may be called, and, for every game that declares game.resume, that a copy
// started from the last checkpoint is the copy a replay from the start makes (state, log and
// question) and plays on alike to the end; a search answers alike either way.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "../support/group_starts.h"
#include "../support/lua_harness.h"
#include "../support/match_dump.h"
#include "lua/checkpoint.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "lua/plain_data.h"
#include "search/forks.h"
#include "search/mcts.h"
#include "search/playout.h"
#include "../support/search_hosts.h"

using namespace duelbox;
using duelbox::test::answers_of;
using duelbox::test::dump;
using duelbox::test::GroupStarts;

namespace {

// Runs `code` (which returns one value) in a bare Lua state and encodes the result.
std::string encode_of(lua_State* L, const std::string& code, std::string& bytes) {
    REQUIRE(luaL_dostring(L, code.c_str()) == LUA_OK);
    const int top = lua_gettop(L);
    std::string why = plain_data_encode(L, -1, bytes);
    CHECK(lua_gettop(L) == top);   // the stack is left as it was
    lua_settop(L, 0);
    return why;
}

struct LuaState {
    lua_State* L = luaL_newstate();
    LuaState() { luaL_openlibs(L); }
    ~LuaState() { lua_close(L); }
};

// What a copy at a decision shows: the match's whole state and log, and the question asked.
std::string copy_view(const Playout& c) {
    std::string v = dump(c.match());
    for (const DecisionRequest& r : c.pending()) {
        v += "asks " + std::to_string(r.player) + " " + r.id + ":";
        for (const Option& o : r.options) v += " " + o.label;
        v += "\n";
    }
    return v;
}

// Answers copy `c` (waiting after `at` answers) as the real match did, to the end.
void answer_to_end(Playout& c, const std::vector<ScriptedDecision>& taken, std::size_t at) {
    std::size_t next = at;
    while (c.waiting()) {
        const auto group = c.pending();
        c.answer(answers_of(group, taken, next));
        next += group.size();
    }
    INFO(c.error());
    REQUIRE(c.state() == RunState::Finished);
    CHECK(next == taken.size());
}

struct Compared {
    int decisions = 0;          // decisions where both ways were compared
    int with_handlers = 0;      // of those, resumed from a checkpoint with live card handlers
    int seed_free = 0;          // of those, resumed from a checkpoint before any draw or answer (setup)
};

// Plays `s` with random agents, then at every `every`-th decision group makes a copy by
// replaying from the start (recording checkpoints) and one from the last checkpoint passed,
// compares them there, answers both as the real match did to the end, and compares again.
Compared compare_both_ways(const Scenario& s, std::size_t every) {
    test::SearchHosts hosts(s);
    LuaHost &real_host = hosts.real, &search_host = hosts.search;
    REQUIRE(game_can_resume(search_host));
    auto starts = std::make_shared<std::vector<std::size_t>>();
    MatchRunner real(real_host, s, [starts](const SeatSpec&, PlayerIndex p, std::uint64_t seed) {
        return std::make_unique<GroupStarts>(starts, seed * 31 + static_cast<std::uint64_t>(p));
    });
    REQUIRE(real.run() == RunState::Finished);
    const auto& taken = real.taken();
    Compared out;
    for (std::size_t g = 1; g < starts->size(); g += every) {
        const std::size_t at = (*starts)[g];
        const std::vector<ScriptedDecision> prefix(taken.begin(), taken.begin() + static_cast<std::ptrdiff_t>(at));
        INFO("seed " << s.seed << ", decision " << at << " of " << taken.size());
        // One copy at a time on a host (playout.h): the replay first, to its end.
        std::string there, replayed_end;
        std::shared_ptr<const Checkpoint> cp;
        {
            Playout replayed(search_host, s, prefix);
            replayed.record_checkpoints();
            REQUIRE(replayed.reach());
            cp = replayed.checkpoint();
            if (!cp) continue;   // no checkpoint before this decision (setup)
            there = copy_view(replayed);
            answer_to_end(replayed, taken, at);
            replayed_end = dump(replayed.match());
        }
        REQUIRE(checkpoint_fits(*cp, prefix));
        CHECK(cp->answered <= at);
        Playout resumed(search_host, s, prefix, cp);
        REQUIRE(resumed.reach());
        REQUIRE(resumed.resumed());
        REQUIRE(copy_view(resumed) == there);
        bool handlers = false;
        for (const Handler* h : resumed.match().windows().live()) handlers = handlers || h->script_ref > 0;
        out.with_handlers += handlers ? 1 : 0;
        out.seed_free += cp->seed_free ? 1 : 0;
        answer_to_end(resumed, taken, at);
        REQUIRE(dump(resumed.match()) == replayed_end);
        CHECK(replayed_end == dump(real.match()));
        ++out.decisions;
    }
    return out;
}

Scenario example(const std::string& path, std::uint64_t seed) {
    const std::string root = DUELBOX_SOURCE_ROOT;
    Scenario s = load_scenario(root + "/" + path, root);
    for (auto& seat : s.seats) seat.agent = "random";
    s.seed = seed;
    s.stop = StopAt{};
    s.decisions.clear();
    return s;
}

// compare_both_ways over several examples (file, seed): how many decisions were compared.
int compare_examples(std::initializer_list<std::pair<const char*, std::uint64_t>> runs, std::size_t every) {
    int compared = 0;
    for (const auto& [file, seed] : runs) compared += compare_both_ways(example(file, seed), every).decisions;
    return compared;
}

}  // namespace

TEST_CASE("plain data: a tree of plain values comes back equal, its bytes independent of insertion order", "[resume]") {
    LuaState st;
    lua_State* L = st.L;
    std::string a, b, again;
    REQUIRE(encode_of(L, "return { 1, 'two', x = 'a', t = { [10] = true, [-3] = 2.5, s = 'x\\0y' }, f = false }", a) == "");
    REQUIRE(encode_of(L, "local t = {} t.s = 'x\\0y' t[-3] = 2.5 t[10] = true "
                         "local v = {} v.f = false v.t = t v.x = 'a' v[2] = 'two' v[1] = 1 return v", b) == "");
    CHECK(a == b);
    REQUIRE(plain_data_push(L, a));
    lua_setglobal(L, "v");
    REQUIRE(luaL_dostring(L, "return v[1] == 1 and math.type(v[1]) == 'integer' and v[2] == 'two' and v.x == 'a' "
                             "and v.t[10] == true and v.t[-3] == 2.5 and v.t.s == 'x\\0y' and v.f == false") == LUA_OK);
    CHECK(lua_toboolean(L, -1));
    lua_settop(L, 0);
    REQUIRE(encode_of(L, "return v", again) == "");
    CHECK(again == a);
    // A value that is not a table, and nil.
    REQUIRE(encode_of(L, "return 42", again) == "");
    REQUIRE(plain_data_push(L, again));
    CHECK(lua_tointeger(L, -1) == 42);
    REQUIRE(encode_of(L, "return nil", again) == "");
    REQUIRE(plain_data_push(L, again));
    CHECK(lua_isnil(L, -1));
    lua_settop(L, 0);
    // Bytes that are not an encoding push nothing.
    CHECK_FALSE(plain_data_push(L, a.substr(0, a.size() - 1)));
    CHECK_FALSE(plain_data_push(L, a + "z"));
    CHECK_FALSE(plain_data_push(L, "Q"));
    CHECK(lua_gettop(L) == 0);
}

TEST_CASE("plain data names what it refuses by its path", "[resume]") {
    LuaState st;
    lua_State* L = st.L;
    std::string bytes;
    CHECK(encode_of(L, "return { chars = { 1, { f = print } } }", bytes) ==
          "data.chars[2].f: a function cannot be saved (plain data only: nil, booleans, numbers, strings, tables)");
    CHECK(bytes.empty());
    CHECK(encode_of(L, "return { m = setmetatable({}, {}) }", bytes) ==
          "data.m: a table with a metatable cannot be saved (a read-only view, an object?): save its plain fields");
    CHECK(encode_of(L, "local t = {} return { t, t }", bytes) ==
          "data[2]: this table is also saved at another place (or inside itself): saved data must be a tree");
    CHECK(encode_of(L, "local t = {} t.self = t return t", bytes) ==
          "data.self: this table is also saved at another place (or inside itself): saved data must be a tree");
    CHECK(encode_of(L, "return { [true] = 1 }", bytes) == "data[boolean key]: keys must be integers or strings");
    CHECK(encode_of(L, "return { [1.5] = 1 }", bytes) == "data[number key]: keys must be integers or strings");
    CHECK(encode_of(L, "local t = {} for i = 1, 70 do t = { t } end return t", bytes).ends_with(": nested deeper than 64 tables"));
    CHECK(encode_of(L, "return coroutine.create(print)", bytes) ==
          "data: a thread cannot be saved (plain data only: nil, booleans, numbers, strings, tables)");
}

TEST_CASE("match.checkpoint is called on the rules' main line only, and saves nothing in a plain match", "[resume]") {
    using test::error_of;
    using test::run_snippet;
    // In a plain match the save function is never called (it would raise here).
    CHECK(run_snippet("match.checkpoint(function() error('never called') end)\nmatch.finish(1, 'done')").finished());
    const std::string through_c = "match.checkpoint: called through a C function (pcall, log.within_rule, a handler, a "
                                  "sort...): call it on the rules' main line, where game.play or game.resume reaches it "
                                  "through Lua functions only";
    CHECK(error_of("log.within_rule('§1', function()\n  match.checkpoint(function() return {} end)\nend)") ==
          "snippet:2: " + through_c);
    CHECK(error_of("local ok, e = pcall(match.checkpoint, function() end)\nerror(e, 0)") == "snippet:2: " + through_c);
    CHECK(error_of("table.sort({ 2, 1 }, function(a, b)\n  match.checkpoint(print)\n  return a < b\nend)") ==
          "snippet:2: " + through_c);
    CHECK(error_of("local function deep(n) if n == 0 then match.checkpoint(print) else deep(n - 1) end end\ndeep(150)") ==
          "snippet:1: match.checkpoint: called more than 100 calls deep: call it on the rules' main line");
    CHECK(error_of("match.checkpoint({})") == "snippet:1: bad argument #1 to 'match.checkpoint' (function expected, got table)");
}

TEST_CASE("Line Duel: a copy from a checkpoint with live card handlers is the copy a replay makes", "[resume]") {
    Scenario s = load_scenario(std::string(DUELBOX_TEST_SUPPORT) + "/scenarios/duel_demo.json", DUELBOX_TEST_SUPPORT);
    for (auto& seat : s.seats) seat.agent = "random";
    s.stop = StopAt{};
    s.decisions.clear();
    int compared = 0, with_handlers = 0;
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        s.seed = seed;
        const Compared c = compare_both_ways(s, 1);
        compared += c.decisions;
        with_handlers += c.with_handlers;
    }
    CHECK(compared >= 10);
    CHECK(with_handlers >= 5);   // the cards resolved before the checkpoint are pinned again by name
}

TEST_CASE("Helter Skelter: a copy from the last checkpoint is the copy a replay makes (2 and 4 players, both maps)",
          "[resume][games]") {
    int compared = 0;
    compared += compare_both_ways(example("examples/helter/bench.json", 3), 12).decisions;
    compared += compare_both_ways(example("examples/helter/bench_2p.json", 4), 12).decisions;
    Scenario hall = example("examples/helter/bench_2p.json", 5);
    hall.setup["map"] = "grand_hall";
    compared += compare_both_ways(hall, 12).decisions;
    CHECK(compared >= 20);
}

TEST_CASE("Helter Skelter: a copy resumed just before a frozen tie ends it as the replay does (turn order saved)",
          "[resume][games]") {
    // Nothing in hand, deck or discard pile: a round of idle turns freezes the match, the
    // leaders tie on points, health and characters alive, and the later seat from the first
    // player wins (helter.stalemate), which a resumed copy knows only from its checkpoint.
    Scenario s = example("examples/helter/bench_2p.json", 3);
    const auto frozen = [](const char* team, const char* at, const char* health) {
        return nlohmann::json{{"team", team},         {"deployed", {at}},    {"health", {health}},
                              {"points", 1},          {"hand", nlohmann::json::array()},
                              {"deck", nlohmann::json::array()}, {"discard", nlohmann::json::array()}};
    };
    s.seats.at(0).setup = frozen("judges", "dredd@1", "dredd=2");
    s.seats.at(1).setup = frozen("strontium_dogs", "johnny@12", "johnny=2");
    s.options["first_player"] = 1;
    const Compared c = compare_both_ways(s, 1);
    CHECK(c.decisions >= 1);   // the second turn's question comes after its checkpoint
}

TEST_CASE("squad battle: a copy from the last checkpoint is the copy a replay makes", "[resume][games]") {
    CHECK(compare_examples({{"examples/squad/bench.json", 3}, {"examples/squad/bench.json", 4},
                            {"examples/squad/bench.json", 5}}, 7) >= 20);
}

TEST_CASE("Unmatched: a copy from the last checkpoint is the copy a replay makes", "[resume][games]") {
    CHECK(compare_examples({{"examples/unmatched/bench.json", 3}, {"examples/unmatched/bench.json", 4},
                            {"examples/unmatched/match.json", 5}}, 9) >= 20);
}

TEST_CASE("BattleCON: a copy from the last checkpoint is the copy a replay makes (duel and team play)", "[resume][games]") {
    int compared = 0, with_handlers = 0, from_setup = 0;
    for (const auto& [file, seed] : {std::pair{"examples/battlecon/bench.json", 3}, {"examples/battlecon/bench.json", 4},
                                     {"examples/battlecon/team_match.json", 5}}) {
        const Compared c = compare_both_ways(example(file, seed), 9);
        compared += c.decisions;
        with_handlers += c.with_handlers;
        from_setup += c.seed_free;
    }
    CHECK(compared >= 20);
    // Copies of setup's questions start from the checkpoint after its first part (game.play),
    // before any handler is live (fighter preparation, replayed, may make some live by the
    // question); the fighters' unique abilities are live at every beat's start.
    CHECK(from_setup >= 1);
    CHECK(with_handlers >= compared - from_setup);
}

namespace {

// Searches the decision pending after `after` answers of `s` with and without checkpoints, and
// again with an agent's cache carried from one search to the next: the answers must not differ.
void search_both_ways(const Scenario& s, int after) {
    INFO(s.game << ", seed " << s.seed << ", after " << after << " answers");
    test::SearchHosts hosts(s);
    LuaHost &real_host = hosts.real, &search_host = hosts.search;
    Scenario stopped = s;
    stopped.stop.after_decisions = after;
    MatchRunner real(real_host, stopped);
    REQUIRE(real.run() == RunState::Stopped);
    const std::vector<DecisionRequest> group = real.pending();
    const PlayerIndex who = group.at(0).player;
    SearchBudget b;
    b.iterations = 12;
    const SearchResult resumed = search_decision(search_host, s, real.taken(), group, who, b, 21);
    b.checkpoints = false;
    const SearchResult replayed = search_decision(search_host, s, real.taken(), group, who, b, 21);
    // Before the 12 copies searched, two plain ones (Forks::make_for): the first replays and
    // records the checkpoint, the second resumes from it to check game.resume. No re-deal was
    // drawn again here (each would count one more).
    CHECK(resumed.resumed_copies == 13);
    CHECK(resumed.redeals.refused == 0);
    // Re-dealt before the group when others are asked in it too (BattleCON's secret pair),
    // else at the decision (Helter Skelter's player alone).
    CHECK(resumed.redeals.before + resumed.redeals.alone == 12);
    CHECK((resumed.redeals.before == 12) == (group.size() > 1));
    CHECK(replayed.resumed_copies == 0);
    CHECK(resumed.failed_copies == 0);
    REQUIRE(resumed.options.size() == replayed.options.size());
    for (std::size_t i = 0; i < resumed.options.size(); ++i) {
        CHECK(resumed.options[i].label == replayed.options[i].label);
        CHECK(resumed.options[i].visits == replayed.options[i].visits);
        CHECK(resumed.options[i].value == replayed.options[i].value);
    }
    CHECK(resumed.answers == replayed.answers);
    // An agent's cache carries the checkpoint to its next decision: its first copy resumes too.
    ResumeCache cache;
    b.checkpoints = true;
    (void)search_decision(search_host, s, real.taken(), group, who, b, 21, &cache);
    REQUIRE(cache.checkpoint);
    const SearchResult next = search_decision(search_host, s, real.taken(), group, who, b, 21, &cache);
    CHECK(next.resumed_copies == 13);   // the plain copy from the cache's checkpoint, then the 12
    CHECK(next.answers == resumed.answers);
}

}  // namespace

TEST_CASE("a search answers alike whether its copies start from checkpoints or replay from the start", "[resume][search]") {
    search_both_ways(example("examples/helter/bench_2p.json", 8), 60);
    search_both_ways(example("examples/battlecon/bench.json", 8), 40);   // inside a beat: a secret pair or an advantage
}

TEST_CASE("a broken game.resume stops the search with what went wrong", "[resume][search]") {
    for (const char* fault : {"skip", "raise"}) {
        Scenario s = load_scenario(std::string(DUELBOX_TEST_SUPPORT) + "/scenarios/duel_demo.json", DUELBOX_TEST_SUPPORT);
        for (auto& seat : s.seats) seat.agent = "random";
        s.decisions.clear();
        s.options["resume_fault"] = fault;
        s.stop = StopAt{};
        s.stop.after_decisions = 6;   // the fourth round's choice: checkpoints lie behind it
        test::SearchHosts hosts(s);
        LuaHost &real_host = hosts.real, &search_host = hosts.search;
        MatchRunner real(real_host, s);
        REQUIRE(real.run() == RunState::Stopped);
        SearchBudget b;
        b.iterations = 8;
        const SearchResult res = search_decision(search_host, s, real.taken(), real.pending(), 0, b, 3);
        INFO(fault << ": " << res.game_error);
        if (std::string(fault) == "raise")
            CHECK(res.game_error ==
          "game.resume: a copy started from a checkpoint failed: scripts/duel/game.lua:107: this resume is broken on purpose");
        else
            CHECK(res.game_error.starts_with("game.resume: a copy started from a checkpoint did not arrive where the match is (log "));
        CHECK(res.iterations == 1);   // the first copy's plain pair: the replay, then the first resumed copy
    }
}
