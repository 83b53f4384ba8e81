// table_view.h - what one player sees of the table, in words: for a person deciding at a
// terminal (the human agent shows it with every question).
//
// Game-agnostic: it reads only the kernel's state (the board, counters on the players'
// entities, zones and their visibility) and names only what the viewer may see
// (Match::can_see): a card in another player's hand is counted, never named.
#pragma once
#include <functional>
#include <string>

#include "kernel/ids.h"

namespace duelbox {

class Match;

// "health 20, force 2": the first `most` counters entity e carries, in definition order;
// "" when none. (The board panel and every view below use it.)
std::string counters_text(const Match& m, EntityId e, std::size_t most = static_cast<std::size_t>(-1));

// The short view shown before each question: the board (who stands where), each player's
// counters, and the viewer's own private zones (a hand) with the cards in them.
std::string table_summary(const Match& m, PlayerIndex viewer);

// Everything the viewer may see: the summary plus every non-empty zone (contents named where
// visible, counted where not) and the counters of the other entities in view.
std::string table_everything(const Match& m, PlayerIndex viewer);

// A definition's printed text by its key ("" when none): the host's (lua/card_text.h).
using DefinitionText = std::function<std::string(const std::string& key)>;

// One entity as a card: "Strike (base): power 3, speed 2, range 1~1" and its printed text
// (a `text` prop, else its definition's through `text_of`), or "a hidden card".
std::string card_text(const Match& m, PlayerIndex viewer, EntityId e, const DefinitionText& text_of = {});

}  // namespace duelbox
