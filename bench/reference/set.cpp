// set.cpp - the Set phase (set.lua, spec §3.2) and the Advantage phase (§3.3).
#include "duel.h"

namespace ref {

void set_phase(Duel& d);
void advantage_phase(Duel& d);

namespace {
// SET3 ("literal"): with no style or no base in hand, recycle first (cards and force).
bool ready_hand(Duel& d, int p) {
    for (int i = 0; i < 3; ++i) {
        const Pile& h = d.p(p).hand;
        if (h.count(Kind::Style) > 0 && h.count(Kind::Base) > 0) return true;
        recycle_cards(d, p);
        recycle_force(d, p);
    }
    const Pile& h = d.p(p).hand;
    return h.count(Kind::Style) > 0 && h.count(Kind::Base) > 0;
}

// Support tokens (§6.5, SAMPLE values): Boost +1 power, Fortify +2 defense, Accelerate +1 speed.
struct Token {
    const char* label;
    Stat stat;
    int amount;
};
constexpr Token kTokens[3] = {{"Boost (+1 power, 2 force)", Stat::Power, 1},
                              {"Fortify (+2 defense, 2 force)", Stat::Defense, 2},
                              {"Accelerate (+1 speed, 2 force)", Stat::Speed, 1}};
constexpr int kTokenCost = 2;

// ADV4 is judged on what is face up (the engine's rule option adv4_pair = "hidden"): the
// face-down pair is not consulted, and no bench fighter gives a face-up stability effect, so
// every unused token is open.

struct Choice {
    int token = -1;                                        // index into kTokens, or
    CardId card = CardId::None;                            // a card's advantage (None + -1 = pass)
};

// set.lua choices: pass, the tokens, then the own cards' offers in zone order
// (ua, cards, status, pool_area); an opponent's cards offer nothing to p here.
int choices(const Duel& d, int p, Choice* out) {
    const Player& pl = d.pl[static_cast<std::size_t>(p)];
    int n = 0;
    out[n++] = {};
    if (pl.force >= kTokenCost)
        for (int t = 0; t < 3; ++t)
            if (!pl.used_token[static_cast<std::size_t>(t)]) out[n++] = {t, CardId::None};
    if (pl.fighter->ua == CardId::AshenUA && !pl.ua_adv_used) out[n++] = {-1, CardId::AshenUA};
    if (pl.fighter->ua == CardId::FrostUA) {
        if (!pl.aura_adv_used && !pl.aura_active && pl.frost >= 3) out[n++] = {-1, CardId::GlacierAura};
        for (int w = 0; w < pl.wards; ++w) out[n++] = {-1, CardId::Ward};
    }
    return n;
}

std::string label(const Choice& c) {
    if (c.token >= 0) return kTokens[c.token].label;
    switch (c.card) {
        case CardId::AshenUA: return "turn the form card over";
        case CardId::GlacierAura: return "spend 3 frost: activate Glacier Aura";
        case CardId::Ward: return "use a Ward token: armor 2";
        default: return "pass";
    }
}

void use(Duel& d, int p, const Choice& c) {
    Player& pl = d.p(p);
    if (c.token >= 0) {
        const Token& t = kTokens[c.token];
        pay_force(d, p, kTokenCost);
        pl.used_token[static_cast<std::size_t>(c.token)] = true;
        pl.mod_beat[static_cast<int>(t.stat)] += t.amount;
        return;
    }
    if (c.card == CardId::AshenUA) pl.ua_adv_used = true;   // "once" offers
    if (c.card == CardId::GlacierAura) pl.aura_adv_used = true;
    use_advantage(d, p, c.card);
}
}  // namespace

// SET1: a style and a base each, secretly; into the pair (style, then base, at the bottom).
void set_phase(Duel& d) {
    for (int p = 1; p <= 2; ++p) {
        if (!ready_hand(d, p)) continue;
        Player& pl = d.p(p);
        CardId styles[12] = {}, bases[12] = {};
        const int ns = pl.hand.of_kind(Kind::Style, styles), nb = pl.hand.of_kind(Kind::Base, bases);
        const CardId s = styles[ask_choose(d, p, "set.style", ns, [&](int i) { return std::string(def(styles[i]).name); })];
        const CardId b = bases[ask_choose(d, p, "set.base", nb, [&](int i) { return std::string(def(bases[i]).name); })];
        pl.hand.remove(s);
        pl.pair.bottom(s);
        pl.hand.remove(b);
        pl.pair.bottom(b);
    }
}

// ADV1-2: alternate from the active player; two passes in a row end the phase.
void advantage_phase(Duel& d) {
    int turn = d.active;
    bool prev_pass = false;
    while (!d.finished) {
        Choice list[kMaxOptions];
        const int n = choices(d, turn, list);
        int pick = 0;
        if (n > 1) pick = ask_choose(d, turn, "advantage", n, [&](int i) { return label(list[i]); });
        if (pick == 0) {
            if (prev_pass) break;
            prev_pass = true;
        } else {
            use(d, turn, list[pick]);
            prev_pass = false;
        }
        turn = Duel::opponent(turn);
    }
}

}  // namespace ref
