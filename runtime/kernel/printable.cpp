// printable.cpp - see printable.h.
#include "printable.h"

namespace duelbox {

namespace {

bool passes(unsigned char c, bool keep_lines, bool keep_tabs) {
    return (c >= 0x20 && c != 0x7f) || (keep_lines && c == '\n') || ((keep_lines || keep_tabs) && c == '\t');
}

std::string escaped(std::string_view text, bool keep_lines, bool keep_tabs) {
    std::string out;
    out.reserve(text.size());
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (passes(c, keep_lines, keep_tabs)) {
            out += ch;
            continue;
        }
        static const char kHex[] = "0123456789abcdef";
        out += "\\x";
        out += kHex[c >> 4];
        out += kHex[c & 15];
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
    for (const char ch : text)
        if (!passes(static_cast<unsigned char>(ch), false, true)) return escaped(text, false, true);
    return std::move(text);
}

}  // namespace duelbox
