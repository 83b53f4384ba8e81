// game_search_test.cpp - a game's `search = { copies = N }` sets the plain `mcts` agent's budget
// (search/game_search.h); `mcts:N` keeps its own; a malformed declaration is refused with the
// field named (the searching agent then fails the match with it, as for a broken evaluate).
// Fixture: tests/support/scripts/guess (one secret choice, declaring { copies = 24 }), its game
// table edited on the host for the other declarations.
#include <catch2/catch.hpp>

#include "../support/guess_match.h"
#include "search/game_search.h"
#include "search/mcts.h"
#include "search/search_agents.h"   // mcts_budget_of: the budget an agent name gives

using namespace duelbox;

namespace {

struct Guess : test::GuessMatch {
    // game.search = <lua expression>, as the game file would declare it.
    void declare(const std::string& search) {
        lua_State* L = host.state();
        REQUIRE(luaL_loadstring(L, ("return " + search).c_str()) == LUA_OK);
        REQUIRE(lua_pcall(L, 0, 1, 0) == LUA_OK);
        host.push_game(L);
        lua_pushvalue(L, -2);
        lua_setfield(L, -2, "search");
        lua_pop(L, 2);
    }

    SearchResult search(const std::string& agent_name) {
        return search_decision(host, scenario, {}, group, 0, mcts_budget_of(agent_name), 5);
    }
};

}  // namespace

TEST_CASE("game.search.copies is the plain mcts agent's budget; mcts:N keeps N", "[search]") {
    Guess g;
    CHECK(g.search("mcts").iterations == 24);   // the fixture's game.lua declares { copies = 24 }
    g.declare("nil");
    CHECK(g.search("mcts").iterations == 96);   // nothing declared: the engine's default
    g.declare("{ copies = 17 }");
    CHECK(g.search("mcts").iterations == 17);
    CHECK(g.search("mcts:9").iterations == 9);
    g.declare("{}");
    CHECK(g.search("mcts").iterations == 96);
}

TEST_CASE("a malformed game.search is refused with the field named, and nothing is searched", "[search]") {
    Guess g;
    const std::pair<const char*, const char*> cases[] = {
        {"{ copies = 0 }", "game.search.copies: expected an integer from 1 to 100000, got 0"},
        {"{ copies = 2.5 }", "game.search.copies: expected an integer from 1 to 100000, got 2.5"},
        {"{ copies = 'many' }", "game.search.copies: expected an integer from 1 to 100000, got \"many\""},
        {"40", "game.search: expected a table ({ copies = N }), got number"},
    };
    for (const auto& [decl, message] : cases) {
        INFO(decl);
        g.declare(decl);
        const SearchResult r = g.search("mcts");
        CHECK(r.game_error == message);
        CHECK(r.iterations == 0);
        CHECK(r.answers.empty());
        // an explicit budget does not read the declaration at all
        CHECK(g.search("mcts:3").iterations == 3);
    }
}
