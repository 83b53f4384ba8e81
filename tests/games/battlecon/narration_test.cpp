// #19.1 BattleCON's narration for players, against reviewed golden files (narration_golden.h).
#include "../narration_golden.h"

using namespace duelbox::test;

TEST_CASE("#19.1 BattleCON's first match reads as players would tell it", "[games][golden][battlecon]") {
    const std::string ex = "examples/battlecon/first_match.json";
    check_golden(ex, "", "battlecon-first_match.observer.txt");
    check_golden(ex, "2", "battlecon-first_match.player2.txt");
    check_golden(ex, "spectator", "battlecon-first_match.spectator.txt");
    check_no_bookkeeping(ex, {"discard1", "discard2", "pool_area", "effect ", "X{", "the advantage use"});
}
