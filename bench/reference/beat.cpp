// beat.cpp - one beat phase by phase (beat.lua, spec §3.0), Recycle (recycle.lua §3.11),
// the clean-up, and the beats until a knockout or the time-out (TO2-TO3).
#include "duel.h"

namespace ref {

void set_phase(Duel& d);
void advantage_phase(Duel& d);
bool reveal_phase(Duel& d);
void attack_phase(Duel& d);

namespace {
constexpr int kBeatLimit = 1000;   // setup.beats' default

// RC0 (no Recycle effect among these cards) then steps 1-4, active player first.
void recycle(Duel& d) {
    const int order[2] = {d.active, Duel::opponent(d.active)};
    for (int p : order) {
        Player& pl = d.p(p);
        CardId cards[2];
        if (attack_cards(pl, cards) == 1 && def(cards[0]).kind == Kind::Special) {
            // SP5: the special leaves the game; steps 1-3 are skipped (its base is in hand).
            deactivate(d, p, cards[0]);
            pl.pair.remove(cards[0]);
            for (int i = 0; i < pl.pair.n; ++i) {
                deactivate(d, p, pl.pair.at[i]);
                pl.hand.top(pl.pair.at[i]);
            }
            pl.pair.n = 0;
        } else {
            recycle_cards(d, p);
        }
    }
    for (int p : order) recycle_force(d, p);
}

// §3.14: what lasted one beat ends (E11 modifiers, flags, armor, damage, "once" offers).
void clean_up(Duel& d) {
    for (int p = 1; p <= 2; ++p) {
        Player& pl = d.p(p);
        pl.mod_beat = {};
        pl.stunned = pl.moved = pl.moved_past = pl.advanced = pl.was_hit = false;
        pl.used_token = {};
        if (pl.chilled_left > 0 && --pl.chilled_left == 0) {   // status.tick
            pl.mod_kept[static_cast<int>(Stat::Speed)] -= def(CardId::Chilled).bonus_speed;
            deactivate(d, p, CardId::Chilled);
        }
        pl.armor = 0;
        pl.damage = 0;
        pl.ua_adv_used = pl.aura_adv_used = false;
    }
}

void phases(Duel& d) {
    ++d.beat;
    set_phase(d);
    advantage_phase(d);
    if (d.finished) return;
    const bool go_on = reveal_phase(d);
    if (d.finished) return;
    if (go_on) {
        attack_phase(d);
        if (d.finished) return;
    }
    recycle(d);                                            // after a run-out: no effects (CL5)
    if (d.finished) return;
    clean_up(d);
}

// TO3: more health wins; equal health, the player reactive in the final beat.
void time_out_winner(Duel& d) {
    const int h1 = d.p(1).health, h2 = d.p(2).health;
    const int w = h1 != h2 ? (h1 > h2 ? 1 : 2) : Duel::opponent(d.active);
    finish(d, w, "time-out");
}
}  // namespace

void beat_loop(Duel& d) {
    for (int i = 0; i < kBeatLimit; ++i) {
        const bool was_final = d.final_beat;
        phases(d);
        if (d.finished) return;
        if (d.after_beat) d.after_beat(d, d.after_beat_user);
        if (was_final) return time_out_winner(d);
        if (d.time_out) d.final_beat = true;               // TO2: the next beat is the last
    }
    finish(d, 0, "beat limit");
}

}  // namespace ref
