// lab_tally.h - what a lab run counts: raw, whole-number tallies that add up exactly.
//
// Why raw counts: shards are merged by adding tallies, so a merged run equals the unsharded
// run number for number; every rate and interval is computed from the counts afterwards
// (lab_figures.h), never stored and re-averaged.
//
// Contracts
//  - A match counts once for its pairing: seat 1 won, seat 2 won, a draw (no winner or both),
//    or failed (a script error; kept apart and left out of every rate, its seed and error
//    listed). Its length in the game's units goes to the pairing's histogram.
//  - Per card (definition key) and per seat of a finished match: "played" when the card
//    entered one of the game's played zones for that seat at least once, else "held" when it
//    entered (or was created in) one of its held zones without being played. `plays` counts
//    every entry into a played zone.
//  - add() in any order gives the same tally (everything is a sum; failures are kept sorted
//    by match index, the first kMaxFailures only).
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace duelbox {

// One seat's cards in one match.
struct SeatCards {
    std::map<std::string, std::int64_t> played;   // definition key -> plays
    std::map<std::string, bool> held;             // definition keys held (value unused)
};

// One finished (or failed) match, as the lab sees it.
struct LabMatch {
    std::size_t index = 0;             // g in the plan
    bool failed = false;
    std::string error;
    int winner = 0;                    // 1 or 2; 0 for a draw
    std::int64_t length = 0;           // the game's units (beats, turns)
    SeatCards seats[2];
    std::map<std::string, std::string> names;   // definition key -> display name
};

struct PairingTally {
    std::int64_t matches = 0;          // finished ones
    std::int64_t wins1 = 0, wins2 = 0, draws = 0, failed = 0;
    std::map<std::int64_t, std::int64_t> lengths;   // length -> matches
};

struct CardTally {
    std::string name;
    std::int64_t plays = 0;
    std::int64_t played = 0, played_wins = 0, played_draws = 0;    // seat-matches where it was played
    std::int64_t held = 0, held_wins = 0, held_draws = 0;          // ... held but not played
};

struct LabFailure {
    std::size_t index = 0;
    std::uint64_t seed = 0;
    std::string error;
};

struct LabTally {
    static constexpr std::size_t kMaxFailures = 20;
    std::vector<PairingTally> pairings;    // plan order
    std::map<std::string, CardTally> cards;
    std::vector<LabFailure> failures;      // the first kMaxFailures by match index

    explicit LabTally(std::size_t pairings_count = 0) : pairings(pairings_count) {}
    void add(std::size_t pairing, std::uint64_t seed, const LabMatch& m);
    void merge(const LabTally& other);     // other must have the same number of pairings
};

}  // namespace duelbox
