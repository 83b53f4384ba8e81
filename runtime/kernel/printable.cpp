// printable.cpp - see printable.h.
#include "printable.h"

namespace duelbox {

namespace {

bool passes(unsigned char c, bool keep_lines, bool keep_tabs) {
    return (c >= 0x20 && c != 0x7f) || (keep_lines && c == '\n') || ((keep_lines || keep_tabs) && c == '\t');
}

// How many bytes the UTF-8 character at text[i] takes, or 0 when the bytes there are not one
// (a stray continuation byte, a cut or overlong sequence, a surrogate, past U+10FFFF) or encode
// a C1 control (U+0080..U+009F: CSI among them, which some terminals obey as ESC [ is obeyed).
// Such bytes are written out, as control bytes are.
std::size_t utf8_length(std::string_view text, std::size_t i) {
    const auto at = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char c = at(i);
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xbf;   // the second byte's range
    if (c >= 0xc2 && c <= 0xdf) n = 2;
    else if (c >= 0xe0 && c <= 0xef) n = 3, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
    else if (c >= 0xf0 && c <= 0xf4) n = 4, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
    else return 0;
    if (i + n > text.size() || at(i + 1) < lo || at(i + 1) > hi) return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (at(i + k) < 0x80 || at(i + k) > 0xbf) return 0;
    if (c == 0xc2 && at(i + 1) <= 0x9f) return 0;   // U+0080..U+009F
    return n;
}

// Whether `text` prints as it is: every byte passes and every non-ASCII byte is part of a
// printable UTF-8 character.
bool clean(std::string_view text, bool keep_lines, bool keep_tabs) {
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            if (!passes(c, keep_lines, keep_tabs)) return false;
            ++i;
        } else if (const std::size_t n = utf8_length(text, i)) {
            i += n;
        } else {
            return false;
        }
    }
    return true;
}

std::string escaped(std::string_view text, bool keep_lines, bool keep_tabs) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80 ? passes(c, keep_lines, keep_tabs) : false) {
            out += text[i++];
            continue;
        }
        if (c >= 0x80)
            if (const std::size_t n = utf8_length(text, i)) {
                out.append(text.substr(i, n));
                i += n;
                continue;
            }
        static const char kHex[] = "0123456789abcdef";
        out += "\\x";
        out += kHex[c >> 4];
        out += kHex[c & 15];
        ++i;
    }
    return out;
}

}  // namespace

std::string printable_name(std::string_view text, bool keep_lines) { return escaped(text, keep_lines, false); }

std::string printable_traceback(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    std::size_t from = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\n' || i + 1 >= text.size() || text[i + 1] != '\t') continue;
        out += escaped(text.substr(from, i - from), false, true);
        out += '\n';
        from = i + 1;
    }
    out += escaped(text.substr(from), false, true);
    return out;
}

std::string printable_line(std::string&& text) {
    if (!clean(text, false, true)) return escaped(text, false, true);
    return std::move(text);
}

}  // namespace duelbox
