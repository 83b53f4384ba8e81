// source_ref.h - finding "file:line" in an error message, so the editor can jump there.
#pragma once
#include <string>

namespace duelbox::editor {

struct SourceError {
    std::string message;   // the whole message, as the host or runner gave it
    std::string file;      // "cards/duel/strike.lua" (relative to the root), or ""
    int line = 0;          // 0 when none was found
};

// The first "<path>.lua:<line>" in `message` (Lua's own format, also used by the host).
SourceError parse_source_error(const std::string& message);
// Splits "scripts/duel/rules.lua:42" into its parts; false when it has no line.
bool split_where(const std::string& where, std::string& file, int& line);

}  // namespace duelbox::editor
