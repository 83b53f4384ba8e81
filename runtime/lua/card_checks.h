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
//  - A card a mod patched is checked again when the game loads with the mod
//    (check_patched_cards): a patched value the game refuses makes the load fail, and the
//    message names the mod's patch, not the card's file alone.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace duelbox {

class LuaHost;

// One field a mod's patch set on a card: the field's path ("props.health") and the patch's place
// ("mod:<name>/mod.json: patch.<pattern>").
struct PatchMark {
    std::string field;
    std::string where;
};

std::vector<std::string> run_card_checks(LuaHost& host);

// check_card of every card in `marks` (card key -> the fields patched into it), each message
// as "<patch's place>: <key> (patched; <card file>): <message>", the patch being the one whose
// field the message names, else the card's first.
std::vector<std::string> check_patched_cards(LuaHost& host, const std::map<std::string, std::vector<PatchMark>>& marks);

}  // namespace duelbox
