// lua_board_line.h - board.ask_line and board.line_outcomes (lua_board_line.cpp), registered
// with the board module.
#pragma once
#include <lua.hpp>

namespace duelbox {

int board_ask_line(lua_State* L);
int board_line_outcomes(lua_State* L);

}  // namespace duelbox
