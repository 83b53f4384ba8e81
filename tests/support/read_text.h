// read_text.h - a whole file as a string, for tests that compare logs, outputs and docs.
// A missing file reads as "" (the test's own checks then say what was expected).
#pragma once
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace duelbox::test {

inline std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace duelbox::test
