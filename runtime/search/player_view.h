// player_view.h - what one player has seen of a copy since a point: whether a re-dealt copy is
// one that player could not tell from the real match.
//
// A search re-deals hidden cards before the decision it searches, then replays the answers
// given since (forks.cpp), so the question it searches is built from re-dealt cards. The
// replay may then show the player something the real match did not (a re-dealt card's effect
// on a visible counter, a card revealed that was dealt another identity): such a copy is a
// world the player knows is false, and the search draws again. The view compared:
//  - every event since `from_event` the player may know of, with the fields they may see
//    (the others only as present), except the search's own re-deal events;
//  - per zone, each entity the player can see, with its place and identity (definition,
//    name, props, tags), and each they saw arrive where it is but cannot see now, with its
//    place, kind, definition and name (its props may have changed unseen); the identities the
//    player knows to be
//    somewhere in it (Entity::zoned_for); and how many others of each owner and kind lie there
//    (not their ids or order, which the player cannot know: a copy conditioned on them would
//    lean towards the real match);
//  - the player's own questions now waiting.
// Two copies with the same view are the same to that player: the comparison is of strings,
// made in id, zone and event order (never by address).
#pragma once
#include <cstddef>
#include <string>

#include "kernel/ids.h"

namespace duelbox {

class Playout;

std::string player_view(const Playout& copy, PlayerIndex viewer, std::size_t from_event);
// The last part of it alone: the player's own questions now waiting (id, prompt, kind, range,
// option labels). A copy that asks them what the real match asks is a copy of the decision.
std::string player_questions(const Playout& copy, PlayerIndex viewer);

}  // namespace duelbox
