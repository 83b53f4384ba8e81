// source_ref.cpp - "file:line" out of error messages.
#include "source_ref.h"

#include <cctype>

namespace duelbox::editor {

SourceError parse_source_error(const std::string& message) {
    SourceError e{message, "", 0};
    for (std::size_t at = message.find(".lua:"); at != std::string::npos; at = message.find(".lua:", at + 1)) {
        std::size_t digits = at + 5, end = digits;
        while (end < message.size() && std::isdigit(static_cast<unsigned char>(message[end]))) ++end;
        if (end == digits || end - digits > 9) continue;   // no line, or none stoi could hold
        std::size_t begin = at;   // back to the start of the path
        while (begin > 0) {
            const char c = message[begin - 1];
            if (std::isspace(static_cast<unsigned char>(c)) || c == '\'' || c == '"' || c == '[' || c == '(') break;
            --begin;
        }
        e.file = message.substr(begin, at + 4 - begin);
        e.line = std::stoi(message.substr(digits, end - digits));
        return e;
    }
    return e;
}

bool split_where(const std::string& where, std::string& file, int& line) {
    const std::size_t colon = where.rfind(':');
    if (colon == std::string::npos || colon + 1 >= where.size() || where.size() - colon > 10) return false;
    for (std::size_t i = colon + 1; i < where.size(); ++i)
        if (!std::isdigit(static_cast<unsigned char>(where[i]))) return false;
    file = where.substr(0, colon);
    line = std::stoi(where.substr(colon + 1));
    return true;
}

}  // namespace duelbox::editor
