// answers.h - the answers a search tries for a request, and their names.
//
// A search cannot try every answer of a big request (choose 3 of 12, order 8 cards), so the
// candidates are capped: all of them when there are few, else a seeded sample (plus the first
// legal answer, so the candidates are never empty). An answer's key names it by its options'
// labels, not their indices or entity ids, so a card named "X" is the same move in every re-dealt
// copy of the match even when it sits at another index.
#pragma once
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "kernel/decision.h"
#include "kernel/rng.h"

namespace duelbox {

std::vector<Answer> candidate_answers(const DecisionRequest& request, std::size_t cap, Rng& rng);
std::string answer_key(const DecisionRequest& request, const Answer& answer);

// One player's joint answer to all their requests in a group (e.g. two cards chosen together in one group).
struct Joint {
    std::string key;                 // the answers' keys joined by " | "
    std::vector<Answer> answers;     // per request of theirs, in group order
};

// Who decides in a group: in order of first appearance, with their requests and candidate
// joint answers (the product of their requests' candidates, capped by a seeded sample).
struct Decider {
    PlayerIndex player = kNoPlayer;
    std::vector<std::size_t> requests;   // indices into the group
    std::vector<Joint> joints;
};
std::vector<Decider> deciders_of(std::span<const DecisionRequest> group, std::size_t cap, Rng& rng);

}  // namespace duelbox
