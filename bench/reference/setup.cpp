// setup.cpp - duel setup S1-S10 (setup.lua, spec §2) for Ashen (seat 1) against
// Frostwarden (seat 2), as examples/battlecon/bench.json seats them.
#include "duel.h"

namespace ref {

namespace {
// kit_cards: Maneuver, the fighter's styles, the six universal bases, the fighter's base;
// created at the bottom of the hand one by one, so this is the hand's order.
void deal_kit(Player& pl, const Fighter& f) {
    pl.fighter = &f;
    pl.hand.bottom(CardId::Maneuver);
    for (CardId s : f.styles) pl.hand.bottom(s);
    for (CardId b : {CardId::Grasp, CardId::Dash, CardId::Strike, CardId::Charge, CardId::Ram, CardId::Dodge})
        pl.hand.bottom(b);
    pl.hand.bottom(f.base);
}

// S9: per pile (discard 2, then discard 1) a style then a base, each a question; onto the top.
void initial_discard(Duel& d, int p) {
    static const char* const kIds[2][2] = {{"setup.discard2.style", "setup.discard2.base"},
                                           {"setup.discard1.style", "setup.discard1.base"}};
    Player& pl = d.p(p);
    for (int pile = 0; pile < 2; ++pile)
        for (int k = 0; k < 2; ++k) {
            CardId list[12] = {};
            const int n = pl.hand.of_kind(k == 0 ? Kind::Style : Kind::Base, list);
            const CardId c = list[ask_choose(d, p, kIds[pile][k], n, [&](int i) { return std::string(def(list[i]).name); })];
            pl.hand.remove(c);
            (pile == 0 ? pl.discard2 : pl.discard1).top(c);
        }
}
}  // namespace

void setup_duel(Duel& d, std::uint64_t seed) {
    d.rng.reseed(seed);
    for (int seat = 0; seat < 2; ++seat) d.agent[static_cast<std::size_t>(seat + 1)].seed(seed, seat);
    deal_kit(d.p(1), ashen());
    deal_kit(d.p(2), frostwarden());
    d.active = static_cast<int>(d.rng.uniform(1, 2));      // S5: math.random, the match's one draw
    d.p(1).position = 3;                                   // S3: spaces 3 and spaces - 2
    d.p(2).position = 5;
    for (int p = 1; p <= 2; ++p) gain_force(d, p, 2);      // S6
    for (int p = 1; p <= 2; ++p) activate(d, p, d.p(p).fighter->ua);   // S8
    Ctx none;
    fire_order(d, Window::FighterSetup, none);
    for (int p = 1; p <= 2; ++p) {                         // S8: the special's side (secret)
        const Fighter& f = *d.p(p).fighter;
        const int side = ask_choose(d, p, "setup.special", 2, [&](int i) { return std::string(def(f.special[i]).name); });
        d.p(p).special = f.special[side];
        d.p(p).special_back = f.special[1 - side];
    }
    for (int p = 1; p <= 2; ++p) initial_discard(d, p);
}

void play_duel(Duel& d, std::uint64_t seed, Trace* trace) {
    d.trace = trace;
    setup_duel(d, seed);
    beat_loop(d);
}

}  // namespace ref
