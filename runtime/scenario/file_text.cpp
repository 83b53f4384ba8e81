// file_text.cpp - see file_text.h.
#include "file_text.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace duelbox {

std::string read_input_file(const std::string& path, std::string& out, std::size_t max_bytes) {
    namespace fs = std::filesystem;
    out.clear();
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (!ec && fs::is_directory(status)) return "cannot read (it is a folder)";
    if (!ec && fs::exists(status) && !fs::is_regular_file(status))
        return "cannot read (not a regular file: a device, a pipe or a socket)";
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::string("cannot read (") + std::strerror(errno) + ")";
    char chunk[64 * 1024];
    while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
        out.append(chunk, static_cast<std::size_t>(in.gcount()));
        if (out.size() > max_bytes) {
            out.clear();
            return "cannot read (larger than " + std::to_string(max_bytes >> 20) + " MB, the most an input file may be)";
        }
    }
    if (in.bad()) return "cannot read (I/O error)";
    return "";
}

}  // namespace duelbox
