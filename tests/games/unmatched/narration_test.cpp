// #19.1 Unmatched's narration for players, against reviewed golden files (narration_golden.h).
#include "../narration_golden.h"

using namespace duelbox::test;

TEST_CASE("#19.1 Unmatched's first match reads as players would tell it", "[games][golden][unmatched]") {
    const std::string ex = "examples/unmatched/match.json";
    check_golden(ex, "", "unmatched-match.observer.txt");
    check_golden(ex, "2", "unmatched-match.player2.txt");
    check_golden(ex, "spectator", "unmatched-match.spectator.txt");
    // The engine's words the old narration used: a placement told twice ("is placed on" before
    // every "moves"), the end of each action, action names in capitals, the combat arithmetic,
    // card steps as "(the defender's)" and the spectator's "a hidden card" for a face-up card.
    check_no_bookkeeping(ex, {"is placed on", "is done", "turn ends", "takes MANEUVER", "takes SCHEME", "has placed",
                              "revealed:", " - defense", "the attacker's", "the defender's", "must draw from an empty deck",
                              "to boost"});
}

TEST_CASE("#19.1 Unmatched's face-up combat cards read the same in every view", "[games][golden][unmatched]") {
    // A spectator sees what every player may see: the revealed cards by name, never "a hidden
    // card"; only the cards a player draws stay hidden from the other views.
    const std::string ex = "examples/unmatched/match.json";
    const std::string spectator = narration(ex, "spectator");
    for (const char* line : {"Karl reveals Skirmish against Anna's Painting the Roses",
                             "Anna's Painting the Roses, AFTER COMBAT: draw 1 card", "Uffish Thought gets +1 (Alice is SMALL)"}) {
        INFO(line);
        CHECK(spectator.find(line) != std::string::npos);
    }
    CHECK(spectator.find("maneuvers and draws a hidden card") != std::string::npos);
    CHECK(narration(ex, "").find("maneuvers and draws a hidden card") == std::string::npos);
}
