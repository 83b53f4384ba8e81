// rng.h - the one random generator of a match.
//
// Contract: the same seed gives the same sequence on every machine and in every
// process. That is why this is xoshiro256** with our own bounded-integer and shuffle
// code instead of <random> distributions, whose outputs differ between standard
// libraries.
#pragma once
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace duelbox {

class Rng {
public:
    explicit Rng(std::uint64_t seed = 0) { reseed(seed); }
    void reseed(std::uint64_t seed);                 // splitmix64 expands the seed into the state

    std::uint64_t next();                            // raw 64 random bits
    std::int64_t uniform(std::int64_t lo, std::int64_t hi);  // inclusive range, unbiased; lo <= hi

    template <class T>
    void shuffle(std::span<T> items) {               // Fisher-Yates from the back
        for (std::size_t i = items.size(); i > 1; --i) {
            auto j = static_cast<std::size_t>(uniform(0, static_cast<std::int64_t>(i) - 1));
            std::swap(items[i - 1], items[j]);
        }
    }
    template <class T>
    void shuffle(std::vector<T>& items) { shuffle(std::span<T>(items)); }

    std::uint64_t draws() const { return draws_; }   // how many next() calls so far (for replay checks)

private:
    std::uint64_t s_[4]{};
    std::uint64_t draws_ = 0;
};

}  // namespace duelbox
