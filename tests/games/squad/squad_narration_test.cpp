// #19.1 the squad battle's narration for players, against reviewed golden files
// (narration_golden.h): the observer, Ada's view (Brook's hand, both decks and the face-down
// Discards unnamed) and a spectator's.
#include "../narration_golden.h"

using namespace duelbox::test;

TEST_CASE("#19.1 the squad battle's match reads as players would tell it", "[games][golden][squad]") {
    const std::string ex = "examples/squad/first_match.json";
    check_golden(ex, "", "squad-first_match.observer.txt");
    check_golden(ex, "1", "squad-first_match.player1.txt");
    check_golden(ex, "spectator", "squad-first_match.spectator.txt");
    check_no_bookkeeping(ex, {"base_area", "gear:", "tapped = ", "damage: "});
}
