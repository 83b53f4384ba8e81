// search_hosts.h - the two Lua hosts a search test needs: one plays the real match, the other
// (a search's own, as in duelbox) plays the copies. Both load the scenario's game, or the test
// stops there with the load errors.
#pragma once
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "lua/host.h"
#include "scenario/scenario.h"

namespace duelbox::test {

struct SearchHosts {
    LuaHost real, search;
    explicit SearchHosts(const Scenario& s) : real(s.limits), search(s.limits) {
        std::vector<std::string> errors;
        INFO("loading " << s.game);
        REQUIRE(real.load_game(s, errors));
        REQUIRE(search.load_game(s, errors));
    }
};

}  // namespace duelbox::test
