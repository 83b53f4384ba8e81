// output_file.cpp - see cli.h (output_file_error).
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "cli.h"

namespace duelbox::cli {

std::string output_file_error(const std::string& path) {
    std::error_code ec;
    const bool existed = std::filesystem::exists(path, ec);
    if (std::filesystem::is_directory(path, ec)) return "cannot write " + path + " (it is a folder)";
    std::ofstream probe(path, std::ios::app);   // app: an existing file is not emptied by asking
    if (!probe) return "cannot write " + path + " (" + std::strerror(errno) + ")";
    probe.close();
    if (!existed) std::filesystem::remove(path, ec);
    return "";
}

}  // namespace duelbox::cli
