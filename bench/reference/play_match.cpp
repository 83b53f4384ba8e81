// play_match.cpp - one bench duel by seed, as a MatchResult (reference.h).
#include "duel.h"
#include "reference.h"

namespace ref {

MatchResult result_of(const Duel& d, std::uint64_t seed) {
    MatchResult r;
    r.seed = seed;
    r.winner = d.winner;
    r.beats = d.beat;
    r.health[0] = d.p(1).health;
    r.health[1] = d.p(2).health;
    r.reason = d.reason;
    return r;
}

MatchResult play_match(std::uint64_t seed) {
    Duel d;
    play_duel(d, seed);
    return result_of(d, seed);
}

}  // namespace ref
