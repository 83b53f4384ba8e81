// effects.cpp - what the bench cards do: their Lua handlers, window by window.
// Return values mirror the scripts: Skipped where the Lua handler returns false (its
// condition is not met, so the window tries it again after progress), Applied otherwise.
#include "duel.h"

#include <cstdlib>
#include <utility>

namespace ref {

namespace {
using R = Result;
constexpr int kSpaces = 7;

Player& me(Duel& d, int p) { return d.p(p); }
Player& them(Duel& d, int p) { return d.p(Duel::opponent(p)); }

//--- Ashen (cards/battlecon/fighters/ashen.lua) --------------------------------------------

R ashen_setup(Duel& d, int p, CardId, Ctx&) {            // Ember on space 4; Blaze active
    me(d, p).ember = 4;
    kit_activate(d, p, CardId::Blaze);
    return R::Applied;
}
R ashen_hit(Duel& d, int p, CardId, Ctx& c) {            // next to the Ember: deal 1 damage
    if (c.attack->attacker != p) return R::Skipped;
    const int at = me(d, p).ember;
    if (!at || std::abs(them(d, p).position - at) > 1) return R::Skipped;
    deal_damage(d, p, 1);
    return R::Applied;
}
R smolder_start(Duel& d, int p, CardId, Ctx&) {
    me(d, p).armor += 1;
    return R::Applied;
}
R cinder_before(Duel& d, int p, CardId, Ctx&) {          // move the Ember 1 (asked even with one way)
    const int at = me(d, p).ember;
    int dirs[2], n = 0;
    for (int dir : {-1, 1})
        if (at + dir >= 1 && at + dir <= kSpaces) dirs[n++] = dir;
    const int pick = ask_choose(d, p, "ashen.ember", n, [&](int i) { return "Ember to space " + std::to_string(at + dirs[i]); });
    me(d, p).ember = at + dirs[pick];
    return R::Applied;
}
R flare_hit(Duel& d, int p, CardId, Ctx&) {              // the Ember onto the opponent's space
    me(d, p).ember = them(d, p).position;
    return R::Applied;
}
R ashfall_start(Duel& d, int p, CardId, Ctx&) {          // teleport onto/next to the Ember
    const int at = me(d, p).ember;
    for (int s : {at, at - 1, at + 1})
        if (s >= 1 && s <= kSpaces && teleport(d, p, s)) return R::Applied;
    return R::Skipped;
}
R brand_damage(Duel& d, int p, CardId, Ctx&) {
    lose(d, p, 1);
    return R::Applied;
}
R inferno_before(Duel&, int, CardId, Ctx& c) {
    c.attack->ignore_armor = true;
    return R::Applied;
}
R phoenix_hit(Duel& d, int p, CardId, Ctx&) {
    restore(d, p, 3);
    return R::Applied;
}

//--- Frostwarden (cards/battlecon/fighters/frostwarden.lua) --------------------------------

R frost_setup(Duel& d, int p, CardId, Ctx&) {            // 2 Ward tokens; Glacier Aura inactive
    me(d, p).wards = 2;
    return R::Applied;
}
R frost_hit(Duel& d, int p, CardId, Ctx& c) {            // each time you hit: 1 frost
    if (c.attack->attacker != p) return R::Skipped;
    me(d, p).frost += 1;
    return R::Applied;
}
R aura_end(Duel& d, int p, CardId, Ctx&) {               // End, if you were hit: deactivate
    if (!me(d, p).was_hit) return R::Skipped;
    kit_deactivate(d, p, CardId::GlacierAura);
    return R::Applied;
}
R numbing_hit(Duel& d, int p, CardId, Ctx&) {
    give_chilled(d, Duel::opponent(p));
    return R::Applied;
}
R glacial_before(Duel& d, int p, CardId, Ctx&) {         // spend 2 frost: +2 power
    Player& pl = me(d, p);
    if (pl.frost < 2) return R::Skipped;
    pl.frost -= 2;
    pl.mod_beat[static_cast<int>(Stat::Power)] += 2;
    return R::Applied;
}
R icicle_after(Duel& d, int p, CardId, Ctx&) {
    const Word w = Word::Push;
    const int n = 1;
    move(d, p, &w, 1, &n, 1, "move");
    return R::Applied;
}
R avalanche_hit(Duel& d, int p, CardId, Ctx&) {
    stun(d, Duel::opponent(p));
    return R::Applied;
}
R whiteout_reveal(Duel& d, int p, CardId, Ctx&) {
    give_chilled(d, Duel::opponent(p));
    return R::Applied;
}

//--- Maneuver (cards/battlecon/maneuver.lua) -----------------------------------------------

// Reveal: may pay 3 force to attack with the special attack (SP3); the base goes back to
// hand (SP5, option sp5 = "hand") and Maneuver leaves the game. Otherwise it may turn the
// special attack card over (SP1, SAMPLE text).
R maneuver_reveal(Duel& d, int p, CardId, Ctx&) {
    Player& pl = me(d, p);
    if (pl.special == CardId::None) return R::Applied;
    if (pl.force < 3 || !ask_yes(d, p, "maneuver.special")) {
        if (pl.special_back != CardId::None && ask_yes(d, p, "maneuver.flip")) std::swap(pl.special, pl.special_back);
        return R::Applied;
    }
    pay_force(d, p, 3);
    const Pile before = pl.pair;
    for (int i = 0; i < before.n; ++i)
        if (before.at[i] != CardId::Maneuver) {
            deactivate(d, p, before.at[i]);
            pl.pair.remove(before.at[i]);
            pl.hand.top(before.at[i]);
        }
    deactivate(d, p, CardId::Maneuver);
    pl.pair.remove(CardId::Maneuver);                      // to the box
    pl.pair.top(pl.special);
    activate(d, p, pl.special);
    pl.special = CardId::None;
    pl.special_back = CardId::None;                        // one card: both sides are gone (SP6)
    return R::Applied;
}
R maneuver_end(Duel& d, int p, CardId, Ctx&) {
    gain_force(d, p, 1);
    return R::Applied;
}

//--- the universal bases (cards/battlecon/bases/universal.lua) -----------------------------

R grasp_hit(Duel& d, int p, CardId, Ctx&) {
    const Word w[2] = {Word::Push, Word::Pull};
    const int n = 1;
    move(d, p, w, 2, &n, 1, "move");
    return R::Applied;
}
R dash_before(Duel& d, int p, CardId, Ctx&) {
    const Word w = Word::Advance;
    const int n[2] = {1, 2};
    move(d, p, &w, 1, n, 2, "move");
    return R::Applied;
}
R charge_before(Duel& d, int p, CardId, Ctx&) {
    const Word w = Word::Retreat;
    const int n = 1;
    move(d, p, &w, 1, &n, 1, "move");
    return R::Applied;
}
R ram_before(Duel& d, int p, CardId, Ctx&) {
    const Word w = Word::Close;
    const int n = 2;
    move(d, p, &w, 1, &n, 1, "move");
    return R::Applied;
}
R dodge_start(Duel& d, int p, CardId c, Ctx& x) { return dash_before(d, p, c, x); }   // advance 1-2
R dodge_range_check(Duel& d, int p, CardId, Ctx& c) {   // avoid the attack of one moved past
    if (c.attack->target != p || !me(d, p).moved_past) return R::Skipped;
    c.attack->avoided = true;
    return R::Applied;
}

struct Table {
    Handler h[kCards][static_cast<int>(Window::Count)] = {};
    void set(CardId c, Window w, Handler fn) { h[static_cast<int>(c)][static_cast<int>(w)] = fn; }
    Table() {
        set(CardId::AshenUA, Window::FighterSetup, ashen_setup);
        set(CardId::AshenUA, Window::Hit, ashen_hit);
        set(CardId::Smolder, Window::Start, smolder_start);
        set(CardId::Cinder, Window::Before, cinder_before);
        set(CardId::Flare, Window::Hit, flare_hit);
        set(CardId::Ashfall, Window::Start, ashfall_start);
        set(CardId::Brand, Window::Damage, brand_damage);
        set(CardId::Inferno, Window::Before, inferno_before);
        set(CardId::Phoenix, Window::Hit, phoenix_hit);
        set(CardId::FrostUA, Window::FighterSetup, frost_setup);
        set(CardId::FrostUA, Window::Hit, frost_hit);
        set(CardId::GlacierAura, Window::EndBeat, aura_end);
        set(CardId::Numbing, Window::Hit, numbing_hit);
        set(CardId::Glacial, Window::Before, glacial_before);
        set(CardId::Icicle, Window::After, icicle_after);
        set(CardId::Avalanche, Window::Hit, avalanche_hit);
        set(CardId::Whiteout, Window::Reveal, whiteout_reveal);
        set(CardId::Maneuver, Window::Reveal, maneuver_reveal);
        set(CardId::Maneuver, Window::EndBeat, maneuver_end);
        set(CardId::Grasp, Window::Hit, grasp_hit);
        set(CardId::Dash, Window::Before, dash_before);
        set(CardId::Charge, Window::Before, charge_before);
        set(CardId::Ram, Window::Before, ram_before);
        set(CardId::Dodge, Window::Start, dodge_start);
        set(CardId::Dodge, Window::RangeCheck, dodge_range_check);
    }
};
const Table kTable;
}  // namespace

Handler handler_of(CardId c, Window w) { return kTable.h[static_cast<int>(c)][static_cast<int>(w)]; }

// set.lua use_now / kit.use: the chosen card advantage (its "advantage" handler, run once).
void use_advantage(Duel& d, int p, CardId card) {
    Player& pl = d.p(p);
    switch (card) {
        case CardId::AshenUA:                              // turn the form card over
            kit_activate(d, p, pl.form == CardId::Blaze ? CardId::Smolder : CardId::Blaze);
            break;
        case CardId::GlacierAura:                          // spend 3 frost, activate
            pl.frost -= 3;
            kit_activate(d, p, CardId::GlacierAura);
            break;
        case CardId::Ward:                                 // armor 2; the token is exhausted
            pl.armor += 2;
            pl.wards -= 1;
            break;
        default: break;
    }
}

}  // namespace ref
