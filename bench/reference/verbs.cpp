// verbs.cpp - the glossary as functions card effects call (verbs.lua, spec §7-8): force and
// the pool timer, damage and its pipeline, stun, lose, restore, movement on the line.
// Every verb is a no-op once the duel is over (EL2), as in the scripts.
#include "duel.h"

#include <algorithm>
#include <cstdlib>

namespace ref {

namespace {
constexpr int kSpaces = 7;   // the "spaces" option's default (a duel)

int sign(int v) { return (v > 0) - (v < 0); }

void eliminate(Duel& d, int p) {
    if (d.finished) return;
    finish(d, Duel::opponent(p), "knockout");              // a duel ends at once (EL1)
}

const char* word_name(Word w) {
    switch (w) {
        case Word::Advance: return "advance";
        case Word::Retreat: return "retreat";
        case Word::Close: return "close";
        case Word::Pull: return "pull";
        case Word::Push: return "push";
    }
    return "?";
}

bool self_word(Word w) { return w == Word::Advance || w == Word::Retreat || w == Word::Close; }

// board.cpp line_move with two figures: only the reference figure blocks; it is jumped and
// not counted; all or nothing; close shortens to the free spaces between.
struct LineMove {
    bool legal = false;
    int to = 0;
    bool passed = false;
};
LineMove line_move(Word w, int from, int ref, int n) {
    LineMove m;
    const int toward = sign(ref - from);
    const bool approaches = w == Word::Advance || w == Word::Pull || w == Word::Close;
    const int dir = approaches ? toward : -toward;
    int count = n;
    if (w == Word::Close) count = std::min(n, std::abs(ref - from) - 1);
    int at = from;
    for (int step = 0; step < count; ++step) {
        at += dir;
        while (at >= 1 && at <= kSpaces && at == ref) at += dir;
        if (at < 1 || at > kSpaces) return m;              // off the board: illegal
    }
    m.legal = true;
    m.to = at;
    m.passed = sign(at - ref) == toward;
    return m;
}
}  // namespace

void finish(Duel& d, int winner, const char* reason) {
    if (d.finished) return;
    d.finished = true;
    d.winner = winner;
    d.reason = reason;
}

//--- force (§6.4) and the pool as the timer (§3.13 TO1) -------------------------------------

void gain_force(Duel& d, int p, int n) {
    if (d.finished || n <= 0) return;
    const int from_pool = std::min(d.pool, n);             // the rest comes from the box
    d.pool -= from_pool;
    d.p(p).force += n;
    if (d.pool == 0 && !d.time_out) d.time_out = true;
}

bool pay_force(Duel& d, int p, int n) {
    if (d.p(p).force < n) return false;
    d.p(p).force -= n;                                     // to the box, never back to the pool
    return true;
}

//--- health (§8, §3.12) ---------------------------------------------------------------------

bool stun(Duel& d, int p) {
    Player& pl = d.p(p);
    if (d.finished || pl.stunned || stable(pl)) return false;
    pl.stunned = true;                                     // no "stunned" handler among these cards
    return true;
}

// §12.12: armor -> health -> elimination -> stun against the damage taken this beat.
Damage take_damage(Duel& d, int p, int amount, bool ignore_armor) {
    if (d.finished) return {};
    Player& pl = d.p(p);
    if (amount == kNone) amount = 0;
    if (amount > 0 && !ignore_armor) {
        const int absorbed = std::min(pl.armor, amount);
        pl.armor -= absorbed;
        amount -= absorbed;
    }
    const Damage r{amount, amount};                        // no cap, no floor among these cards
    if (r.taken > 0) {
        pl.health -= r.taken;
        pl.damage += r.taken;
    }
    if (pl.health <= 0) {
        eliminate(d, p);
        return r;
    }
    if (r.taken > 0 && pl.damage > defense(pl)) stun(d, p);
    return r;
}

Damage deal_damage(Duel& d, int p, int x) {
    return take_damage(d, Duel::opponent(p), x, false);  // no "when damaged" handler here
}

int lose(Duel& d, int p, int x) {
    if (d.finished) return 0;
    Player& t = d.p(Duel::opponent(p));
    const int n = std::max(0, std::min(x, t.health - 1));  // lose X never eliminates
    t.health -= n;
    return n;
}

int restore(Duel& d, int p, int x) {
    if (d.finished) return 0;
    Player& pl = d.p(p);
    const int before = pl.health;
    pl.health = std::min(pl.max_health, before + x);
    return pl.health - before;
}

//--- movement (§7) ----------------------------------------------------------------------------

// verbs.move: the legal outcomes (words x amounts, those that end elsewhere); more than one
// is a question; none is ignored. No "moving" handler among these cards.
bool move(Duel& d, int p, const Word* words, int nwords, const int* amounts, int namounts, const char* id) {
    if (d.finished) return false;
    const int o = Duel::opponent(p);
    struct Outcome {
        Word w;
        int n;
        LineMove m;
    };
    Outcome out[8];
    int k = 0;
    for (int i = 0; i < nwords; ++i)
        for (int j = 0; j < namounts; ++j) {
            const Word w = words[i];
            const int mover_at = self_word(w) ? d.p(p).position : d.p(o).position;
            const int ref_at = self_word(w) ? d.p(o).position : d.p(p).position;
            const LineMove m = line_move(w, mover_at, ref_at, amounts[j]);
            if (m.legal && m.to != mover_at) out[k++] = {w, amounts[j], m};
        }
    if (k == 0) return false;                              // MV7: ignored
    int pick = 0;
    if (k > 1)
        pick = ask_choose(d, p, id, k, [&](int i) {
            return std::string(word_name(out[i].w)) + " " + std::to_string(out[i].n) + " (to space " +
                   std::to_string(out[i].m.to) + ")";
        });
    const Outcome& c = out[pick];
    const int mover = self_word(c.w) ? p : o;
    Player& pm = d.p(mover);
    pm.position = c.m.to;
    pm.moved = true;
    if (c.m.passed && mover == p) pm.moved_past = true;   // MV16 (a duel)
    if (c.w == Word::Advance || c.w == Word::Close) pm.advanced = true;
    return true;
}

// Teleport (§7.2): to a free space other than its own.
bool teleport(Duel& d, int p, int to) {
    if (d.finished) return false;
    Player& pl = d.p(p);
    const int from = pl.position, ref = d.p(Duel::opponent(p)).position;
    if (to < 1 || to > kSpaces || to == from || to == ref) return false;
    pl.position = to;
    pl.moved = true;
    if (sign(to - ref) == sign(ref - from)) pl.moved_past = true;
    return true;
}

//--- kit (§6.6-6.9) -------------------------------------------------------------------------

// status.give: Chilled (-1 speed) for 2 beat ends; given again, its time restarts.
void give_chilled(Duel& d, int p) {
    Player& pl = d.p(p);
    if (pl.chilled_left == 0) {
        pl.mod_kept[static_cast<int>(Stat::Speed)] += def(CardId::Chilled).bonus_speed;
        activate(d, p, CardId::Chilled);
    }
    pl.chilled_left = 2;
}

namespace {
void bonus(Player& pl, CardId c, int sign_) {
    const CardDef& k = def(c);
    pl.mod_kept[static_cast<int>(Stat::Power)] += sign_ * k.bonus_power;
    pl.mod_kept[static_cast<int>(Stat::Defense)] += sign_ * k.bonus_defense;
    pl.mod_kept[static_cast<int>(Stat::Speed)] += sign_ * k.bonus_speed;
}
bool kit_is_active(const Player& pl, CardId c) { return c == CardId::GlacierAura ? pl.aura_active : pl.form == c; }
}  // namespace

void kit_deactivate(Duel& d, int p, CardId c) {
    Player& pl = d.p(p);
    if (!kit_is_active(pl, c)) return;
    if (c == CardId::GlacierAura) pl.aura_active = false;
    else pl.form = CardId::None;
    deactivate(d, p, c);
    bonus(pl, c, -1);
}

// kit.activate: one form at a time (§6.9), so turning Blaze on turns Smolder off.
void kit_activate(Duel& d, int p, CardId c) {
    Player& pl = d.p(p);
    if (kit_is_active(pl, c)) return;
    if (c != CardId::GlacierAura && pl.form != CardId::None) kit_deactivate(d, p, pl.form);
    if (c == CardId::GlacierAura) pl.aura_active = true;
    else pl.form = c;
    activate(d, p, c);
    bonus(pl, c, +1);
}

//--- recycle.lua steps 1-4 -------------------------------------------------------------------

void recycle_cards(Duel& d, int p) {
    Player& pl = d.p(p);
    for (int i = 0; i < pl.discard2.n; ++i) pl.hand.top(pl.discard2.at[i]);   // step 1 (each on top)
    pl.discard2 = pl.discard1;                                                // step 2 (in order)
    pl.discard1.n = 0;
    for (int i = 0; i < pl.pair.n; ++i) {                                     // step 3
        deactivate(d, p, pl.pair.at[i]);
        pl.discard1.bottom(pl.pair.at[i]);
    }
    pl.pair.n = 0;
}

void recycle_force(Duel& d, int p) {
    Player& pl = d.p(p);
    gain_force(d, p, pl.health <= 7 ? 2 : 1);
    if (pl.force > 10) pl.force = 10;                      // the excess goes to the box
}

}  // namespace ref
