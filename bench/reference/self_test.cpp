// self_test.cpp - `duelbox_reference --self-test`: plays 100 duels and checks what must hold
// whatever the agents do, after every beat and at the end. No test framework: the reference
// links only the standard library.
#include <cstdio>
#include <string>

#include "duel.h"

namespace ref {

namespace {
struct Checker {
    std::uint64_t seed = 0;
    int failures = 0;
    int beats = 0;                                         // beats checked between
    void check(bool ok, const char* what) {
        if (ok) return;
        ++failures;
        std::fprintf(stderr, "self-test: seed %llu: %s\n", static_cast<unsigned long long>(seed), what);
    }
};

int pair_cards(const Player& pl) {
    int n = 0;
    for (const Pile* z : {&pl.hand, &pl.pair, &pl.discard1, &pl.discard2})
        for (int i = 0; i < z->n; ++i) n += is_pair_kind(z->at[i]);
    return n;
}

// Between beats: nobody is out (a knockout ends the duel inside its beat), every one-beat
// thing is cleared, force is under the cap (step 4 was the last gain), and every style and
// base is in hand or a discard; Maneuver leaves the game exactly when the special is used.
void between_beats(const Duel& d, void* user) {
    Checker& c = *static_cast<Checker*>(user);
    ++c.beats;
    c.check(d.pool >= 0, "the pool went negative");
    c.check(d.p(1).position != d.p(2).position, "both figures on one space");
    for (int p = 1; p <= 2; ++p) {
        const Player& pl = d.p(p);
        c.check(pl.health >= 1 && pl.health <= pl.max_health, "health outside 1..max between beats");
        c.check(pl.force >= 0 && pl.force <= 10, "force outside 0..10 after Recycle");
        c.check(pl.armor == 0 && pl.damage == 0 && !pl.stunned && !pl.was_hit, "a one-beat state survived the beat");
        c.check(pl.pair.n == 0, "the pair was not recycled");
        c.check(pl.position >= 1 && pl.position <= 7, "figure off the line");
        c.check(pl.frost >= 0 && pl.wards >= 0 && pl.wards <= 2, "a negative kit count");
        c.check(pair_cards(pl) == (pl.special == CardId::None ? 10 : 11), "a card was lost or doubled");
        c.check(pl.chilled_left >= 0 && pl.chilled_left <= 2, "Chilled lasts too long");
    }
}
}  // namespace

int self_test() {
    Checker c;
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
        c.seed = seed;
        Duel d;
        d.after_beat = between_beats;
        d.after_beat_user = &c;
        play_duel(d, seed);
        const std::string reason = d.reason;
        c.check(d.finished, "the duel did not end");
        c.check(reason == "knockout" || reason == "time-out", "unexpected end (the beat limit?)");
        c.check(d.winner == 1 || d.winner == 2, "no winner");
        c.check(d.beat >= 1 && d.beat < 1000, "beat count out of range");
        for (int p = 1; p <= 2; ++p) {
            const Player& pl = d.p(p);
            c.check(pl.health <= pl.max_health, "health above its maximum");
            if (!(reason == "knockout" && d.winner == Duel::opponent(p)))   // lose X stops at 1
                c.check(pl.health >= 1, "a fighter still standing has no health");
        }
        if (reason == "knockout") c.check(d.p(Duel::opponent(d.winner)).health <= 0, "knockout with health left");
        if (reason == "time-out") c.check(d.time_out && d.final_beat, "time-out before the final beat");
        Duel again;
        play_duel(again, seed);
        c.check(again.winner == d.winner && again.beat == d.beat && again.p(1).health == d.p(1).health &&
                    again.p(2).health == d.p(2).health,
                "the same seed played a different duel");
    }
    std::printf("self-test: 100 duels, %d beat ends checked, %d failure(s)\n", c.beats, c.failures);
    return c.failures == 0 ? 0 : 1;
}

}  // namespace ref
