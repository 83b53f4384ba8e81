// lua_board_line.h - board.ask_line and board.line_outcomes (lua_board_line.cpp), registered
// with the board module.
#pragma once
#include <lua.hpp>

#include "kernel/board.h"

namespace duelbox {

class Match;

int board_ask_line(lua_State* L);
int board_line_outcomes(lua_State* L);

// The line word at stack slot `idx` (argument `arg` in errors): a string naming one.
LineWord line_word_at(lua_State* L, int idx, int arg);
// A line move's distance `n` (argument `arg`): not negative; any beyond the board counts as the
// board's length + 1, which no move can go.
int line_distance(lua_State* L, lua_Integer n, int arg, const Match& m);

}  // namespace duelbox
