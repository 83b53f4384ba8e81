// lab_figures.cpp - see lab_figures.h.
#include "lab_figures.h"

#include <algorithm>
#include <cmath>

namespace duelbox {

namespace {

constexpr double kZ = 1.959963984540054;   // the 97.5th percentile of the standard normal

double mean_of(const std::map<std::int64_t, std::int64_t>& lengths) {
    double sum = 0, n = 0;
    for (const auto& [len, count] : lengths) {
        sum += static_cast<double>(len) * static_cast<double>(count);
        n += static_cast<double>(count);
    }
    return n > 0 ? sum / n : 0;
}

void add_result(EntryFigures& f, std::int64_t wins, std::int64_t draws, std::int64_t losses) {
    f.matches += wins + draws + losses;
    f.wins += wins;
    f.draws += draws;
    f.losses += losses;
}

}  // namespace

Rate wilson(double score, double n, double wide_half_width) {
    Rate r;
    r.n = n;
    if (n <= 0) return r;
    const double p = std::clamp(score / n, 0.0, 1.0);
    const double z2 = kZ * kZ;
    const double denom = 1 + z2 / n;
    const double center = (p + z2 / (2 * n)) / denom;
    const double half = kZ * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom;
    r.value = p;
    r.lo = std::max(0.0, center - half);
    r.hi = std::min(1.0, center + half);
    r.wide = half > wide_half_width;
    return r;
}

Difference newcombe(const Rate& a, const Rate& b, double wide_half_width) {
    Difference d;
    if (a.n <= 0 || b.n <= 0) return d;
    d.value = a.value - b.value;
    d.lo = d.value - std::sqrt((a.value - a.lo) * (a.value - a.lo) + (b.hi - b.value) * (b.hi - b.value));
    d.hi = d.value + std::sqrt((a.hi - a.value) * (a.hi - a.value) + (b.value - b.lo) * (b.value - b.lo));
    d.wide = (d.hi - d.lo) / 2 > wide_half_width;
    return d;
}

LabFigures compute_figures(const LabPlan& plan, const LabTally& tally, double w) {
    LabFigures f;
    f.wide_half_width = w;
    f.entries.resize(plan.entries.size());
    f.fighters.resize(plan.fighters.size());
    double seat1_score = 0;
    for (std::size_t i = 0; i < plan.pairings.size(); ++i) {
        const PairingTally& t = tally.pairings[i];
        const LabPairing& p = plan.pairings[i];
        const double n = static_cast<double>(t.matches);
        PairingFigures pf;
        pf.seat1 = wilson(static_cast<double>(t.wins1) + 0.5 * static_cast<double>(t.draws), n, w);
        pf.mean_length = mean_of(t.lengths);
        f.pairings.push_back(pf);
        seat1_score += static_cast<double>(t.wins1) + 0.5 * static_cast<double>(t.draws);
        f.matches += t.matches;
        f.failed += t.failed;
        f.draws += t.draws;
        for (const auto& [len, count] : t.lengths) f.lengths[len] += count;
        add_result(f.entries[p.first], t.wins1, t.draws, t.wins2);
        add_result(f.entries[p.second], t.wins2, t.draws, t.wins1);
        for (std::size_t k = 0; k < plan.fighters.size(); ++k) {
            const auto in = [&](std::size_t entry) {
                const auto& m = plan.entries[entry].members;
                return std::find(m.begin(), m.end(), plan.fighters[k]) != m.end();
            };
            if (in(p.first)) add_result(f.fighters[k], t.wins1, t.draws, t.wins2);
            if (in(p.second)) add_result(f.fighters[k], t.wins2, t.draws, t.wins1);
        }
    }
    for (auto* list : {&f.entries, &f.fighters})
        for (EntryFigures& e : *list)
            e.score = wilson(static_cast<double>(e.wins) + 0.5 * static_cast<double>(e.draws),
                             static_cast<double>(e.matches), w);
    f.first_seat = wilson(seat1_score, static_cast<double>(f.matches), w);
    f.mean_length = mean_of(f.lengths);
    for (const auto& [key, c] : tally.cards) {
        CardFigures cf;
        cf.key = key;
        cf.played = wilson(static_cast<double>(c.played_wins) + 0.5 * static_cast<double>(c.played_draws),
                           static_cast<double>(c.played), w);
        cf.held = wilson(static_cast<double>(c.held_wins) + 0.5 * static_cast<double>(c.held_draws),
                         static_cast<double>(c.held), w);
        cf.impact = newcombe(cf.played, cf.held, w);
        const double seen = static_cast<double>(c.played + c.held);
        cf.play_share = seen > 0 ? static_cast<double>(c.played) / seen : 0;
        f.cards.push_back(cf);
    }
    return f;
}

}  // namespace duelbox
