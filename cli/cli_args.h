// cli_args.h - reading numbers from the command line, strictly.
#pragma once
#include <charconv>
#include <string>

namespace duelbox::cli {

// A whole number in [lo, hi] and nothing else ("12x", "", "-1" and "abc" are refused).
template <typename T>
bool parse_number(const std::string& s, T lo, T hi, T& out) {
    T v{};
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc{} || end != s.data() + s.size() || v < lo || v > hi) return false;
    out = v;
    return true;
}

}  // namespace duelbox::cli
