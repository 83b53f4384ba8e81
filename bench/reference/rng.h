// rng.h - the match's random generator, re-implemented to the bit from
// runtime/kernel/rng.{h,cpp} (xoshiro256** seeded by splitmix64, our own unbiased
// `uniform` and back-to-front Fisher-Yates `shuffle`). The reference must draw exactly
// what the engine draws, so a seed plays the same duel in both: no <random> here, whose
// distributions differ between standard libraries.
#pragma once
#include <cstdint>
#include <utility>

namespace ref {

class Rng {
public:
    explicit Rng(std::uint64_t seed = 0) { reseed(seed); }

    void reseed(std::uint64_t seed) {
        std::uint64_t x = seed;
        for (auto& s : s_) s = splitmix64(x);
    }

    std::uint64_t next() {                               // raw 64 random bits
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    // Inclusive range; hi <= lo draws nothing and gives lo (the engine's rule: a one-option
    // question costs no draw, which keeps the agents' streams aligned).
    std::int64_t uniform(std::int64_t lo, std::int64_t hi) {
        if (hi <= lo) return lo;
        const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
        if (span == 0) return static_cast<std::int64_t>(next());
        const std::uint64_t limit = UINT64_MAX - (UINT64_MAX % span);   // rejection: no bias
        std::uint64_t r;
        do r = next(); while (r >= limit);
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + r % span);
    }

    template <class T>
    void shuffle(T* items, int n) {                      // Fisher-Yates from the back
        for (int i = n; i > 1; --i) {
            const auto j = static_cast<int>(uniform(0, i - 1));
            std::swap(items[i - 1], items[j]);
        }
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    static std::uint64_t splitmix64(std::uint64_t& x) {
        std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    std::uint64_t s_[4]{};
};

}  // namespace ref
