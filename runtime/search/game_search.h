// game_search.h - what a game declares about searching it: `search = { copies = N }` in its
// game table (docs/ai.md, "How a game helps").
//
// Why a game may set the default budget: a copy of a match costs from 0.3 ms (a short card
// game) to 8 ms (a four-player map game) on one machine, so one copy count for every game gives
// decisions from 30 ms to most of a second. The game that knows its copies are costly says how
// many the plain `mcts` agent plays; `mcts:N` always plays N. Still a count of copies, never a
// time: the answer stays reproducible.
//
// Contracts
//  - Reads the table without running script code (raw fields; a metatable is ignored).
//  - No `search` field: nothing (the budget's own iterations stay). A malformed one: an error
//    naming the field (`game.search.copies: expected an integer from 1 to 100000, got "many"`).
#pragma once
#include <optional>
#include <string>

#include "lua/host.h"

namespace duelbox {

struct GameSearchDefaults {
    std::optional<int> copies;   // the default budget of `mcts` in this game
};

// The loaded game's declaration on `host`; false with `error` set when it is malformed.
bool read_game_search_defaults(LuaHost& host, GameSearchDefaults& out, std::string& error);

inline constexpr int max_game_copies = 100000;

}  // namespace duelbox
