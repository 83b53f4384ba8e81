// card_checks.h - a game's own checks of its card definitions, run by `duelbox check`.
//
// Why: some mistakes in a card file load fine and only show as strange play (a character
// whose deck lists too few cards runs dry every turn). A game states such rules once, in
// Lua, as `game.check_card(key)`: it returns nil when the definition `key` is fine, or a
// message (a string, or a list of strings) saying what is wrong and why it matters.
//
// Contracts
//  - Called once per loaded definition, in load order, inside the sandbox with the host's
//    instruction budget (a check that loops is stopped with its file:line).
//  - Each message is reported as "<card file>: <key>: <message>"; a check that raises is
//    reported with its own file:line. A game without check_card reports nothing.
#pragma once
#include <string>
#include <vector>

namespace duelbox {

class LuaHost;

std::vector<std::string> run_card_checks(LuaHost& host);

}  // namespace duelbox
