// lab_tally.cpp - see lab_tally.h.
#include "lab_tally.h"

#include <algorithm>
#include <stdexcept>

namespace duelbox {

namespace {

void keep_first_failures(std::vector<LabFailure>& f) {
    std::sort(f.begin(), f.end(), [](const LabFailure& a, const LabFailure& b) { return a.index < b.index; });
    if (f.size() > LabTally::kMaxFailures) f.resize(LabTally::kMaxFailures);
}

}  // namespace

void LabTally::add(std::size_t pairing, std::uint64_t seed, const LabMatch& m) {
    PairingTally& p = pairings.at(pairing);
    if (m.failed) {
        ++p.failed;
        failures.push_back({m.index, seed, m.error});
        keep_first_failures(failures);
        return;
    }
    ++p.matches;
    if (m.winner == 1) ++p.wins1;
    else if (m.winner == 2) ++p.wins2;
    else ++p.draws;
    ++p.lengths[m.length];
    for (int s = 0; s < 2; ++s) {
        const bool won = m.winner == s + 1, draw = m.winner == 0;
        const SeatCards& seat = m.seats[s];
        auto name_of = [&](const std::string& key) {
            const auto it = m.names.find(key);
            return it == m.names.end() ? key : it->second;
        };
        for (const auto& [key, plays] : seat.played) {
            CardTally& c = cards[key];
            if (c.name.empty()) c.name = name_of(key);
            c.plays += plays;
            ++c.played;
            c.played_wins += won;
            c.played_draws += draw;
        }
        for (const auto& [key, unused] : seat.held) {
            if (seat.played.count(key)) continue;
            CardTally& c = cards[key];
            if (c.name.empty()) c.name = name_of(key);
            ++c.held;
            c.held_wins += won;
            c.held_draws += draw;
        }
    }
}

namespace {
// a + b for counts read from files (each 0..2^53): refused past 2^53 rather than wrapping.
void add_count(std::int64_t& a, std::int64_t b) {
    constexpr std::int64_t kMax = std::int64_t{1} << 53;
    if (b > kMax - a) throw std::invalid_argument("counts add up past 2^53");
    a += b;
}
}  // namespace

void LabTally::merge(const LabTally& other) {
    if (other.pairings.size() != pairings.size()) throw std::invalid_argument("the tallies cover different pairings");
    for (std::size_t i = 0; i < pairings.size(); ++i) {
        PairingTally& p = pairings[i];
        const PairingTally& o = other.pairings[i];
        add_count(p.matches, o.matches);
        add_count(p.wins1, o.wins1);
        add_count(p.wins2, o.wins2);
        add_count(p.draws, o.draws);
        add_count(p.failed, o.failed);
        for (const auto& [len, n] : o.lengths) add_count(p.lengths[len], n);
    }
    for (const auto& [key, o] : other.cards) {
        CardTally& c = cards[key];
        if (c.name.empty()) c.name = o.name;
        add_count(c.plays, o.plays);
        add_count(c.played, o.played);
        add_count(c.played_wins, o.played_wins);
        add_count(c.played_draws, o.played_draws);
        add_count(c.held, o.held);
        add_count(c.held_wins, o.held_wins);
        add_count(c.held_draws, o.held_draws);
    }
    failures.insert(failures.end(), other.failures.begin(), other.failures.end());
    keep_first_failures(failures);
}

}  // namespace duelbox
