// lab_figures.h - the statistics a designer reads, computed from the raw tallies.
//
// A "score" is wins plus half the draws over the finished matches (the chess convention): a
// side that never loses and never wins scores 0.5. Intervals are 95% Wilson score intervals
// (good at small n and near 0 or 1, unlike the normal approximation); a difference of two
// scores (card impact) gets Newcombe's hybrid score interval built from the two Wilson
// intervals. A figure is flagged `wide` when its interval's half-width exceeds the run's
// threshold (default 0.10, ten percentage points): too wide to conclude a side is favoured
// by less than that. docs/lab.md says how many matches a given width needs.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "lab_plan.h"
#include "lab_tally.h"

namespace duelbox {

struct Rate {
    double n = 0;            // matches the rate is over
    double value = 0;        // score in [0, 1]; 0 when n == 0
    double lo = 0, hi = 1;   // 95% interval
    bool wide = true;        // half-width > threshold (always true when n == 0)
};

struct Difference {
    double value = 0, lo = -1, hi = 1;
    bool wide = true;
};

Rate wilson(double score, double n, double wide_half_width);
Difference newcombe(const Rate& a, const Rate& b, double wide_half_width);

struct PairingFigures {
    Rate seat1;              // seat 1's score in this pairing
    double mean_length = 0;
};

struct EntryFigures {        // a side over every match it played, both seats
    Rate score;
    std::int64_t matches = 0, wins = 0, draws = 0, losses = 0;
};

struct CardFigures {
    std::string key;
    Rate played, held;       // score of the seat when the card was played / held but not played
    Difference impact;       // played - held
    double play_share = 0;   // played / (played + held)
};

struct LabFigures {
    double wide_half_width = 0.10;
    std::vector<PairingFigures> pairings;
    std::vector<EntryFigures> entries;        // plan.entries order
    std::vector<EntryFigures> fighters;       // plan.fighters order (differs from entries when picks > 1)
    Rate first_seat;                          // seat 1's score over every finished match
    std::int64_t matches = 0, failed = 0, draws = 0;
    double mean_length = 0;
    std::map<std::int64_t, std::int64_t> lengths;   // every finished match
    std::vector<CardFigures> cards;           // by definition key
};

LabFigures compute_figures(const LabPlan& plan, const LabTally& tally, double wide_half_width = 0.10);

}  // namespace duelbox
