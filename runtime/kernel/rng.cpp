#include "rng.h"

namespace duelbox {

namespace {
std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

std::uint64_t splitmix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
}  // namespace

void Rng::reseed(std::uint64_t seed) {
    std::uint64_t x = seed;
    for (auto& s : s_) s = splitmix64(x);
    draws_ = 0;
}

std::uint64_t Rng::next() {
    ++draws_;
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

std::int64_t Rng::uniform(std::int64_t lo, std::int64_t hi) {
    if (hi <= lo) return lo;
    // Unsigned arithmetic: hi - lo overflows int64 for ranges wider than 2^63.
    const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;  // 0 = all 2^64
    if (span == 0) return static_cast<std::int64_t>(next());
    // Rejection sampling: discard the top sliver that would bias small values.
    const std::uint64_t limit = UINT64_MAX - (UINT64_MAX % span);
    std::uint64_t r;
    do r = next(); while (r >= limit);
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + r % span);
}

}  // namespace duelbox
