// stats.cpp - attack pair arithmetic (stats.lua, spec §4): printed sums of the attack cards,
// the `*` mark, NONE, then the player's modifiers (effect.stat: every op here is "add").
#include "duel.h"

#include <algorithm>

namespace ref {

// state.lua attack_cards: the style and the top base of the pair, or the special alone.
int attack_cards(const Player& pl, CardId* out) {
    CardId style = CardId::None, base = CardId::None;
    for (int i = 0; i < pl.pair.n; ++i) {
        const CardId c = pl.pair.at[i];
        const Kind k = def(c).kind;
        if (k == Kind::Special) {
            out[0] = c;
            return 1;
        }
        if (k == Kind::Style && style == CardId::None) style = c;
        else if (k == Kind::Base && base == CardId::None) base = c;
    }
    int n = 0;
    if (style != CardId::None) out[n++] = style;
    if (base != CardId::None) out[n++] = base;
    return n;
}

namespace {
int printed(const CardDef& c, Stat s) {
    return s == Stat::Power ? c.power : s == Stat::Speed ? c.speed : c.defense;
}

// §4.7 steps 2-5 for one stat: `*` wins, NONE stays NONE, else the sum plus modifiers.
int raw(const Player& pl, Stat s) {
    CardId cards[2];
    const int n = attack_cards(pl, cards);
    for (int i = 0; i < n; ++i)
        if (s == Stat::Power && def(cards[i]).power_fixed) return def(cards[i]).power;
    int sum = 0;
    for (int i = 0; i < n; ++i) {
        const int v = printed(def(cards[i]), s);
        if (v == kNone) return kNone;   // no "unnone" effect among these cards
        sum += v;
    }
    return sum + pl.mod(s);
}

int raw_range(const CardId* cards, int n, bool max) {
    int sum = 0;
    for (int i = 0; i < n; ++i) {
        const int v = max ? def(cards[i]).range_max : def(cards[i]).range_min;
        if (v == kNone) return kNone;
        sum += v;
    }
    return sum;   // no card of these fighters modifies range
}
}  // namespace

int power(const Player& pl) {
    const int v = raw(pl, Stat::Power);
    return v == kNone ? kNone : std::max(0, v);            // P1
}

int speed(const Player& pl) {
    const int v = raw(pl, Stat::Speed);
    return v == kNone ? 0 : v;
}

bool stable(const Player& pl) {
    CardId cards[2];
    const int n = attack_cards(pl, cards);
    for (int i = 0; i < n; ++i)
        if (def(cards[i]).stability) return true;
    return false;
}

int defense(const Player& pl) {
    if (stable(pl)) return 0;                              // P4
    const int v = raw(pl, Stat::Defense);
    return v == kNone ? 0 : std::max(0, v);                // P2
}

Range range(const Player& pl) {
    CardId cards[2];
    const int n = attack_cards(pl, cards);
    Range r;
    for (int i = 0; i < n; ++i)
        if (def(cards[i]).range_x) {                       // R5: the other card is ignored
            r.x = true;
            return r;
        }
    int lo = raw_range(cards, n, false), hi = raw_range(cards, n, true);
    if (lo == kNone || hi == kNone) {
        r.none = true;
        return r;
    }
    r.min = std::max(0, lo);                               // R4
    r.max = std::max(r.min, hi);                           // R3
    return r;
}

bool in_range(const Range& r, int distance) {
    if (r.none) return false;
    if (r.x) return distance == 2 || distance == 3;        // Shard's cells
    return distance >= r.min && distance <= r.max;
}

}  // namespace ref
