// attack.cpp - Start, the two attacks and End (attack.lua, spec §3.8-3.10, AT1-AT5).
#include "duel.h"

#include <cstdlib>

namespace ref {

void attack_phase(Duel& d);

namespace {
// AT4: Before, range check (fixed now), Hit, damage, Damage, After (hit or miss).
void attack(Duel& d, int atk) {
    const int def_ = Duel::opponent(atk);
    if (d.p(atk).stunned) return;                          // AT1: a stunned fighter does not attack
    Attack a{atk, def_};
    Ctx ctx{&a};
    fire_one(d, Window::Before, ctx, atk);
    if (d.finished) return;
    const int distance = std::abs(d.p(atk).position - d.p(def_).position);
    bool hit = in_range(range(d.p(atk)), distance);
    if (hit) {
        fire_one(d, Window::RangeCheck, ctx, def_);        // avoid effects (W7)
        if (a.avoided) hit = false;
    }
    a.hit = hit;
    if (hit) {
        d.p(def_).was_hit = true;
        fire_one(d, Window::Hit, ctx, atk);
        if (d.finished) return;
        const int pw = power(d.p(atk));
        if (pw != kNone) {                                 // N2: NONE deals no damage
            const Damage r = take_damage(d, def_, pw, a.ignore_armor);
            if (d.finished) return;
            if (r.seen >= 1) {
                fire_one(d, Window::Damage, ctx, atk);
                if (d.finished) return;
            }
        }
    }
    fire_one(d, Window::After, ctx, atk);
}
}  // namespace

void attack_phase(Duel& d) {
    Ctx none;
    fire_order(d, Window::Start, none);
    if (d.finished) return;
    const int first = d.active;
    attack(d, first);
    if (d.finished) return;
    attack(d, Duel::opponent(first));
    if (d.finished) return;
    fire_order(d, Window::EndBeat, none);
}

}  // namespace ref
