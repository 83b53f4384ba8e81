// self_test.cpp - `duelbox_reference --self-test`: plays 100 duels and checks what must hold
// whatever the agents do. No test framework: the reference links only the standard library.
#include <cstdio>

#include "duel.h"

namespace ref {

namespace {
int pair_cards(const Player& pl) {
    int n = 0;
    for (const Pile* z : {&pl.hand, &pl.pair, &pl.discard1, &pl.discard2})
        for (int i = 0; i < z->n; ++i) n += is_pair_kind(z->at[i]);
    return n;
}

bool check(bool ok, std::uint64_t seed, const char* what, int& failures) {
    if (!ok) {
        ++failures;
        std::fprintf(stderr, "self-test: seed %llu: %s\n", static_cast<unsigned long long>(seed), what);
    }
    return ok;
}
}  // namespace

int self_test() {
    int failures = 0;
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
        Duel d;
        play_duel(d, seed);
        check(d.finished, seed, "the duel did not end", failures);
        check(d.winner >= 0 && d.winner <= 2, seed, "winner out of range", failures);
        const std::string reason = d.reason;
        check(reason == "knockout" || reason == "time-out", seed, "unexpected end (beat limit?)", failures);
        check(d.beat >= 1 && d.beat < 1000, seed, "beat count out of range", failures);
        for (int p = 1; p <= 2; ++p) {
            const Player& pl = d.p(p);
            check(pl.health <= pl.max_health, seed, "health above its maximum", failures);
            // Only a knocked-out loser may be at 0 or below; "lose X" never goes under 1.
            if (!(reason == "knockout" && d.winner == Duel::opponent(p)))
                check(pl.health >= 1, seed, "a fighter still standing has no health", failures);
            check(pl.force >= 0 && pl.force <= 10 + 1, seed, "force outside 0..cap", failures);
            check(pl.armor >= 0 && pl.frost >= 0 && pl.wards >= 0 && pl.wards <= 2, seed, "a negative kit count", failures);
            check(pl.position >= 1 && pl.position <= 7, seed, "figure off the line", failures);
            // Every style and base is in hand, the pair or a discard; Maneuver leaves the game
            // exactly when the special attack is used (SP3).
            check(pair_cards(pl) == (pl.special == CardId::None ? 10 : 11), seed, "a card was lost or doubled", failures);
        }
        check(d.p(1).position != d.p(2).position, seed, "both figures on one space", failures);
        if (reason == "knockout") check(d.p(Duel::opponent(d.winner)).health <= 0, seed, "knockout with health left", failures);
        Duel again;
        play_duel(again, seed);
        check(again.winner == d.winner && again.beat == d.beat && again.p(1).health == d.p(1).health &&
                  again.p(2).health == d.p(2).health,
              seed, "the same seed played a different duel", failures);
    }
    std::printf("self-test: 100 duels, %d failure(s)\n", failures);
    return failures == 0 ? 0 : 1;
}

}  // namespace ref
