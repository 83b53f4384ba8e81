// #19.1 Tag Team's narration for players, against reviewed golden files (narration_golden.h).
#include "../narration_golden.h"

using namespace duelbox::test;

TEST_CASE("#19.1 Tag Team's first game reads as players would tell it", "[games][golden][tagteam]") {
    const std::string ex = "examples/tagteam/first_game.json";
    check_golden(ex, "", "tagteam-first_game.observer.txt");
    check_golden(ex, "2", "tagteam-first_game.player2.txt");
    check_golden(ex, "spectator", "tagteam-first_game.spectator.txt");
    check_no_bookkeeping(ex, {"special track", "with strength", "(net ", "on cell", "is the partner", "hp:"});
}
