// table_layout.h - how a game asks the editor's table to lay its cards out, read from the game
// table's `table_view` field (game.lua). The editor stays game-agnostic: the game names the
// conventions, the board panel draws them.
//
//   table_view = {
//     turned = "tapped",                -- a card whose prop of that name is true is drawn turned
//     attached = "gear:",               -- zone "<prefix><entity id>" holds the cards attached to that
//                                       -- entity: listed on its tile, not as a row of their own
//     rows = { "space", "ground" },     -- zones whose cards are numbered as rows (1 = the front)
//     together = { "space", "ground" }, -- zones drawn first, each name once with every player's
//                                       -- zone of that name side by side (a battle area)
//   }
//
// Contracts: reading never raises and never changes the Lua state; a missing or malformed field
// reads as empty (the table then draws as for any game).
#pragma once
#include <string>
#include <vector>

namespace duelbox {
class LuaHost;
}

namespace duelbox::editor {

struct TableLayout {
    std::string turned;                 // "" = no card is drawn turned
    std::string attached;               // "" = no attachment zones
    std::vector<std::string> rows;      // zone names numbered as rows
    std::vector<std::string> together;  // zone names drawn side by side across players, first
    bool numbered(const std::string& zone) const;
    bool drawn_together(const std::string& zone) const;
    bool attachment_zone(const std::string& zone) const {
        return !attached.empty() && zone.compare(0, attached.size(), attached) == 0;
    }
};

TableLayout read_table_layout(const LuaHost& host);

}  // namespace duelbox::editor
