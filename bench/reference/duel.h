// duel.h - one BattleCON duel of the reference: its state and the rules acting on it.
//
// The reference mirrors scripts/battlecon/*.lua and scripts/core/windows.lua for the bench
// fighters only (Ashen against Frostwarden, examples/battlecon/bench.json): the same phases,
// the same questions to the same seats in the same order, the same zone orders (a card moved
// without a place goes on top, a created one at the bottom), so one seed plays one duel in
// both. Comments name the Lua they mirror; the rules themselves are the engine's.
//
// [SECTION] piles       ordered card zones, top first
// [SECTION] state       the player and the duel
// [SECTION] rules       the entry points of each file (setup, beat, stats, verbs, windows)
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "agent.h"
#include "cards.h"
#include "results.h"
#include "rng.h"

namespace ref {

//-----------------------------------------------------------------------------
// [SECTION] piles
//-----------------------------------------------------------------------------

// A zone's cards, top first, like zone.items. Fixed capacity: a fighter has 11 pair cards.
struct Pile {
    std::array<CardId, 12> at{};
    int n = 0;
    void top(CardId c) {                                  // zone.move's default place
        for (int i = n; i > 0; --i) at[i] = at[i - 1];
        at[0] = c;
        ++n;
    }
    void bottom(CardId c) { at[n++] = c; }                // cards.create's default, "bottom"
    void erase(int i) {
        for (int k = i; k + 1 < n; ++k) at[k] = at[k + 1];
        --n;
    }
    bool remove(CardId c) {
        for (int i = 0; i < n; ++i)
            if (at[i] == c) { erase(i); return true; }
        return false;
    }
    bool has(CardId c) const {
        for (int i = 0; i < n; ++i)
            if (at[i] == c) return true;
        return false;
    }
    int count(Kind k) const {
        int m = 0;
        for (int i = 0; i < n; ++i) m += def(at[i]).kind == k;
        return m;
    }
    // set.of_kind: the cards of one kind, in zone order; returns how many.
    int of_kind(Kind k, CardId* out) const {
        int m = 0;
        for (int i = 0; i < n; ++i)
            if (def(at[i]).kind == k) out[m++] = at[i];
        return m;
    }
};

//-----------------------------------------------------------------------------
// [SECTION] state
//-----------------------------------------------------------------------------

enum class Stat : std::uint8_t { Power, Defense, Speed, Count };

struct Player {
    const Fighter* fighter = nullptr;
    int health = 20, max_health = 20;                     // no floor: a knockout may go below 0
    int force = 0, armor = 0, damage = 0;                 // damage = taken this beat (AT5)
    int position = 0;
    Pile hand, pair, discard1, discard2;
    CardId special = CardId::None;                        // the special zone's card, None once used
    CardId special_back = CardId::None;                   // its other side (SP1: Maneuver may turn it over)
    // Handlers: seq[card] != 0 = the card is live (fire.activate) with handlers registered at
    // that point of the registration order, which orders a seat's simultaneous effects.
    std::array<std::uint32_t, kCards> seq{};
    // Modifiers on the player entity: kit bonuses (until removed) and "beat" ones (E11).
    std::array<int, static_cast<int>(Stat::Count)> mod_kept{}, mod_beat{};
    // Per-beat flags (beat.lua BEAT_FLAGS).
    bool stunned = false, moved = false, moved_past = false, advanced = false, was_hit = false;
    std::array<bool, 3> used_token{};                     // boost, fortify, accelerate
    // Kit (kit.lua): Ashen's Ember and form card, Frostwarden's tokens, counters and aura.
    int ember = 0;                                        // the Ember's space, 0 = none
    CardId form = CardId::None;                           // the active form (Blaze/Smolder)
    bool aura_active = false;
    bool ua_adv_used = false, aura_adv_used = false;      // "once per beat" advantages (ADV5)
    int wards = 0, frost = 0;                             // in the pool area
    int chilled_left = 0;                                 // the Chilled status: beats left, 0 = none

    bool live(CardId c) const { return seq[static_cast<int>(c)] != 0; }
    int mod(Stat s) const { return mod_kept[static_cast<int>(s)] + mod_beat[static_cast<int>(s)]; }
};

// Decisions, for --trace: one line per question in the engine's decision-event wording
// ("<player> <id> <answer>"), to diff against `duelbox run --json`.
struct Trace {
    std::vector<std::string> lines;
};

struct Duel {
    std::array<Player, 3> pl{};                           // 1-based, like the scripts
    int active = 0;
    int pool = 45;                                        // the common force pool (timer)
    int beat = 0;
    bool final_beat = false, time_out = false;
    bool finished = false;
    int winner = 0;                                       // 0 = none (a draw)
    const char* reason = "";
    std::uint32_t next_seq = 0;
    Rng rng;                                              // the match RNG (math.random)
    std::array<RandomAgent, 3> agent{};
    Trace* trace = nullptr;
    // Called after every beat played to its end (the self-test checks invariants there).
    void (*after_beat)(const Duel&, void* user) = nullptr;
    void* after_beat_user = nullptr;

    Player& p(int i) { return pl[static_cast<std::size_t>(i)]; }
    const Player& p(int i) const { return pl[static_cast<std::size_t>(i)]; }
    static int opponent(int i) { return i == 1 ? 2 : 1; }
};

struct Attack {
    int attacker = 0, target = 0;
    bool hit = false, avoided = false, ignore_armor = false;
};

//-----------------------------------------------------------------------------
// [SECTION] rules
//-----------------------------------------------------------------------------

// game.lua / beat.lua: one whole duel; the outcome is in d.winner, d.reason, d.beat.
void play_duel(Duel& d, std::uint64_t seed, Trace* trace = nullptr);
void setup_duel(Duel& d, std::uint64_t seed);              // setup.lua
void beat_loop(Duel& d);                                   // beat.lua M.loop
void finish(Duel& d, int winner, const char* reason);     // match.finish
MatchResult result_of(const Duel& d, std::uint64_t seed);  // play_match.cpp: the outcome as a results line

// Questions (decide), answered by the seat's random agent. `label(i)` names option i (a
// std::string); it is only called when tracing, so the untraced duel builds no text.
void note_answer(Duel& d, int p, const char* id, const std::string& answer);   // ask.cpp
template <class Label>
int ask_choose(Duel& d, int p, const char* id, int n, Label&& label) {
    const int pick = d.agent[static_cast<std::size_t>(p)].choose(n);
    if (d.trace) note_answer(d, p, id, label(pick));
    return pick;
}
bool ask_yes(Duel& d, int p, const char* id);
template <class Label>
void ask_order(Duel& d, int p, const char* id, int n, int* perm, Label&& label) {
    d.agent[static_cast<std::size_t>(p)].order(n, perm);
    if (!d.trace) return;
    std::string text;
    for (int i = 0; i < n; ++i) text += (i ? " > " : "") + std::string(label(perm[i]));
    note_answer(d, p, id, text);
}

// stats.lua (§4): evaluated on demand, never cached.
struct Range {
    bool none = false, x = false;
    int min = 0, max = 0;
};
int attack_cards(const Player& pl, CardId* out);           // style + top base, or the special
int power(const Player& pl);                               // kNone for NONE
int speed(const Player& pl);
int defense(const Player& pl);
bool stable(const Player& pl);
Range range(const Player& pl);
bool in_range(const Range& r, int distance);

// fire.lua + core/windows.lua: a phase window run to its fixpoint (E7).
enum class Window : std::uint8_t { FighterSetup, Reveal, Start, Before, RangeCheck, Hit, Damage, After, EndBeat, Count };
struct Ctx {
    Attack* attack = nullptr;
};
enum class Result : std::uint8_t { Applied, Skipped };
void fire(Duel& d, Window w, Ctx& ctx, int first, int second);   // second = 0: one player
inline void fire_order(Duel& d, Window w, Ctx& ctx) { fire(d, w, ctx, d.active, Duel::opponent(d.active)); }
inline void fire_one(Duel& d, Window w, Ctx& ctx, int p) { fire(d, w, ctx, p, 0); }
void activate(Duel& d, int p, CardId c);                   // fire.activate
void deactivate(Duel& d, int p, CardId c);                 // fire.deactivate

// effects.cpp: the cards' handlers, by window.
using Handler = Result (*)(Duel&, int owner, CardId self, Ctx&);
Handler handler_of(CardId c, Window w);
void use_advantage(Duel& d, int p, CardId card);           // an advantage handler run once (run_one)

// verbs.lua (§7-8) and kit.lua (§6).
void gain_force(Duel& d, int p, int n);
bool pay_force(Duel& d, int p, int n);
struct Damage {
    int seen = 0, taken = 0;
};
Damage take_damage(Duel& d, int p, int amount, bool ignore_armor);
Damage deal_damage(Duel& d, int p, int x);                 // to p's opponent
int lose(Duel& d, int p, int x);                           // p's opponent loses x
int restore(Duel& d, int p, int x);
bool stun(Duel& d, int p);
enum class Word : std::uint8_t { Advance, Retreat, Close, Pull, Push };
bool move(Duel& d, int p, const Word* words, int nwords, const int* amounts, int namounts, const char* id);
bool teleport(Duel& d, int p, int to);
void give_chilled(Duel& d, int p);                         // status.give
void kit_activate(Duel& d, int p, CardId c);               // kit.activate (forms, Glacier Aura)
void kit_deactivate(Duel& d, int p, CardId c);

// recycle.lua
void recycle_cards(Duel& d, int p);
void recycle_force(Duel& d, int p);

}  // namespace ref
