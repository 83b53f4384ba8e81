// saturating.h - integer sums that stop at the int64 bounds instead of wrapping.
//
// A script may hand the kernel any Lua integer (math.maxinteger as a health bonus, a prop of
// math.mininteger): a counter, a modifier or a derived sum at its bound plus more stays at the
// bound. Signed overflow would be undefined behaviour, and in practice a sign flip.
#pragma once
#include <cstdint>
#include <limits>

namespace duelbox {

inline std::int64_t saturating_add(std::int64_t a, std::int64_t b) {
    std::int64_t sum = 0;
    if (!__builtin_add_overflow(a, b, &sum)) return sum;
    return b > 0 ? std::numeric_limits<std::int64_t>::max() : std::numeric_limits<std::int64_t>::min();
}

}  // namespace duelbox
