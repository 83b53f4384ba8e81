// utf8.h - whether a script's text is UTF-8, where the text must come back unchanged from JSON.
//
// Why: JSON output writes bytes that are not UTF-8 as U+FFFD (json_text.h), so a text the engine
// writes into a file and later compares with what it reads back (a question's id, which a
// replay's scripted answers must match) would no longer equal itself. Such a text is refused
// where a script gives it, with the position of the first bad byte.
#pragma once
#include <cstddef>
#include <string_view>

namespace duelbox {

// The index of the first byte of `s` that does not belong to a well-formed UTF-8 sequence
// (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF), or npos when `s` is
// UTF-8 throughout.
inline std::size_t utf8_error_at(std::string_view s) {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const std::size_t n = s.size();
    std::size_t i = 0;
    while (i < n) {
        const unsigned char c = p[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t len = 0;
        unsigned char lo = 0x80, hi = 0xBF;   // the allowed range of the second byte
        if (c >= 0xC2 && c <= 0xDF) len = 2;
        else if (c == 0xE0) len = 3, lo = 0xA0;
        else if (c == 0xED) len = 3, hi = 0x9F;   // no surrogates
        else if (c >= 0xE1 && c <= 0xEF) len = 3;
        else if (c == 0xF0) len = 4, lo = 0x90;
        else if (c == 0xF4) len = 4, hi = 0x8F;   // nothing above U+10FFFF
        else if (c >= 0xF1 && c <= 0xF3) len = 4;
        else return i;
        if (i + len > n || p[i + 1] < lo || p[i + 1] > hi) return i;
        for (std::size_t k = 2; k < len; ++k)
            if ((p[i + k] & 0xC0) != 0x80) return i;
        i += len;
    }
    return std::string_view::npos;
}

}  // namespace duelbox
