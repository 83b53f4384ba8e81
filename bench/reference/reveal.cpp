// reveal.cpp - Reveal (reveal.lua, spec §3.4), speeds (§3.6) and clashes (§3.5).
// No bench card has ▲ or causes a clash, so equal speeds always clash.
#include "duel.h"

namespace ref {

bool reveal_phase(Duel& d);

namespace {
// REV3: the faster player becomes active; 0 = equal speeds, a clash.
int compare(Duel& d) {
    const int a = d.active, b = Duel::opponent(a);
    const int sa = speed(d.p(a)), sb = speed(d.p(b));
    if (sa == sb) return 0;
    return sa > sb ? a : b;
}

bool has_special(const Player& pl) {
    for (int i = 0; i < pl.pair.n; ++i)
        if (def(pl.pair.at[i]).kind == Kind::Special) return true;
    return false;
}

// CL4/CL5: every base in the pair but the top one goes back to hand (each on top).
void keep_top_base(Duel& d) {
    for (int p = 1; p <= 2; ++p) {
        Player& pl = d.p(p);
        CardId bases[12];
        const int n = pl.pair.of_kind(Kind::Base, bases);
        for (int i = 1; i < n; ++i) {
            deactivate(d, p, bases[i]);
            pl.pair.remove(bases[i]);
            pl.hand.top(bases[i]);
        }
    }
}

// CL2-CL5: new bases face down until the speeds differ; false when someone ran out (CL5).
bool clash(Duel& d) {
    for (;;) {
        int who[2], nwho = 0;
        CardId lists[2][12] = {};
        int sizes[2];
        bool runout = false;
        for (int p = 1; p <= 2; ++p) {
            const Player& pl = d.p(p);
            if (has_special(pl)) continue;                 // SP8: a special places nothing
            sizes[nwho] = pl.hand.of_kind(Kind::Base, lists[nwho]);
            if (sizes[nwho] == 0) runout = true;
            who[nwho++] = p;
        }
        if (runout || nwho == 0) {
            keep_top_base(d);
            return false;
        }
        CardId chosen[2];
        for (int i = 0; i < nwho; ++i) {
            const CardId* list = lists[i];
            chosen[i] = list[ask_choose(d, who[i], "clash.base", sizes[i], [&](int k) { return std::string(def(list[k]).name); })];
        }
        for (int i = 0; i < nwho; ++i) {
            Player& pl = d.p(who[i]);
            for (int k = 0; k < pl.pair.n; ++k)           // CL3: the old bases' effects end
                if (def(pl.pair.at[k]).kind == Kind::Base) deactivate(d, who[i], pl.pair.at[k]);
            pl.hand.remove(chosen[i]);
            pl.pair.top(chosen[i]);
        }
        for (int i = 0; i < nwho; ++i) activate(d, who[i], chosen[i]);
        // CL3 fires the new bases' Reveal window; no base in this duel has a Reveal effect.
        const int winner = compare(d);
        if (winner) {
            keep_top_base(d);
            d.active = winner;
            return true;
        }
    }
}
}  // namespace

// REV1-REV3. Returns true when play goes on to Start, false after a clash run-out.
bool reveal_phase(Duel& d) {
    for (int p = 1; p <= 2; ++p) {
        Player& pl = d.p(p);
        for (int i = 0; i < pl.pair.n; ++i) activate(d, p, pl.pair.at[i]);
    }
    Ctx none;
    fire_order(d, Window::Reveal, none);                   // REV2: the active player first
    if (d.finished) return false;
    const int winner = compare(d);
    if (!winner) return clash(d);
    d.active = winner;
    return true;
}

}  // namespace ref
