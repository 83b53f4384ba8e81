// #19.1 Helter Skelter's narration for players, against reviewed golden files
// (narration_golden.h): the observer, the Judges' view (the other hands, decks and start cards
// unnamed) and a spectator's.
#include "../narration_golden.h"

using namespace duelbox::test;

TEST_CASE("#19.1 Helter Skelter's four-player match reads as players would tell it", "[games][golden][helter]") {
    const std::string ex = "examples/helter/four_player_match.json";
    check_golden(ex, "", "helter-four_player_match.observer.txt");
    check_golden(ex, "1", "helter-four_player_match.player1.txt");
    check_golden(ex, "spectator", "helter-four_player_match.spectator.txt");
    check_no_bookkeeping(ex, {"under:", "received_map_cards", "map_cards", "health: ", "= true", "space:"});
}
