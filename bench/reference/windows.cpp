// windows.cpp - timing windows: fire.lua's fixpoint loop over core/windows.lua's dispatch.
//
// A window runs the handlers of the live sources of the given players (active first): in
// seat order from `first`, then registration order (WindowRegistry::collect); a seat with
// several handlers is asked to order them (owner_orders; a question, so it draws). Handlers
// that were skipped (returned false) are tried again after a pass in which something
// applied, together with sources that came into force during the pass (E7).
//
// Windows with no handler among the bench cards are not fired at all: when_hit,
// when_damaged, recycle, moving and stunned (they would dispatch nothing and ask nothing),
// and the clash's re-reveal (no base has a Reveal effect).
#include "duel.h"

#include <algorithm>

namespace ref {

namespace {
const char* const kOrderId[] = {"order.fighter_setup", "order.reveal", "order.start", "order.before",
                                "order.range_check", "order.hit", "order.damage", "order.after", "order.end_beat"};

struct Source {
    int owner;
    CardId card;
};

struct Ready {
    int pending;           // index into the pending list
    int owner;
    CardId card;
    std::uint32_t seq;
    Handler fn;
};

constexpr int kMax = 16;
}  // namespace

void activate(Duel& d, int p, CardId c) {
    auto& s = d.p(p).seq[static_cast<int>(c)];
    if (!s) s = ++d.next_seq;
}

void deactivate(Duel& d, int p, CardId c) { d.p(p).seq[static_cast<int>(c)] = 0; }

void fire(Duel& d, Window w, Ctx& ctx, int first, int second) {
    const int players[2] = {first, second};
    const int nplayers = second ? 2 : 1;
    Source pending[kMax];
    int n = 0;
    bool seen[3][kCards] = {};
    for (int k = 0; k < nplayers; ++k) {
        const Player& pl = d.p(players[k]);
        for (int c = 1; c < kCards; ++c)
            if (pl.seq[static_cast<std::size_t>(c)]) {
                pending[n++] = {players[k], static_cast<CardId>(c)};
                seen[players[k]][c] = true;
            }
    }
    while (n > 0) {
        // core.windows.dispatch: collect, keep the pending sources' handlers, let owners order.
        Ready ready[kMax];
        int r = 0;
        for (int i = 0; i < n; ++i) {
            const Handler fn = handler_of(pending[i].card, w);
            const std::uint32_t seq = d.p(pending[i].owner).seq[static_cast<int>(pending[i].card)];
            if (fn && seq) ready[r++] = {i, pending[i].owner, pending[i].card, seq, fn};
        }
        std::sort(ready, ready + r, [first](const Ready& a, const Ready& b) {
            const int da = a.owner == first ? 0 : 1, db = b.owner == first ? 0 : 1;
            if (da != db) return da < db;
            return a.seq < b.seq;
        });
        if (r > 1) {
            for (int i = 0; i < r;) {
                int j = i;
                while (j + 1 < r && ready[j + 1].owner == ready[i].owner) ++j;
                if (j > i) {
                    const int size = j - i + 1;
                    int perm[kMax];
                    const Ready* group_at = ready + i;
                    ask_order(d, ready[i].owner, kOrderId[static_cast<int>(w)], size, perm,
                              [&](int k) { return std::string(def(group_at[k].card).name); });
                    Ready group[kMax];
                    for (int k = 0; k < size; ++k) group[k] = ready[i + perm[k]];
                    std::copy(group, group + size, ready + i);
                }
                i = j + 1;
            }
        }
        signed char phase[kMax] = {};   // 0 not run, 1 applied, -1 skipped
        for (int i = 0; i < r; ++i) {
            const Ready& h = ready[i];
            // A handler removed meanwhile no longer fires (can_fire); after the end nothing resolves.
            if (d.p(h.owner).seq[static_cast<int>(h.card)] != h.seq || d.finished) continue;
            phase[h.pending] = h.fn(d, h.owner, h.card, ctx) == Result::Applied ? 1 : -1;
        }
        Source again[kMax];
        int m = 0;
        bool progress = false;
        for (int i = 0; i < n; ++i) {
            if (phase[i] == 1) progress = true;
            else if (phase[i] == -1) again[m++] = pending[i];
        }
        if (!progress || d.finished) break;
        for (int k = 0; k < nplayers; ++k) {
            const Player& pl = d.p(players[k]);
            for (int c = 1; c < kCards; ++c)
                if (pl.seq[static_cast<std::size_t>(c)] && !seen[players[k]][c]) {
                    seen[players[k]][c] = true;
                    again[m++] = {players[k], static_cast<CardId>(c)};
                }
        }
        std::copy(again, again + m, pending);
        n = m;
    }
}

}  // namespace ref
