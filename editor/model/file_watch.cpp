// file_watch.cpp - polling mtimes.
#include "file_watch.h"

namespace duelbox::editor {

namespace fs = std::filesystem;

void FileWatch::set_folders(std::vector<std::string> folders) {
    folders_ = std::move(folders);
    stamps_ = scan();
}

std::map<std::string, FileWatch::Stamp> FileWatch::scan() const {
    std::map<std::string, Stamp> out;
    for (const std::string& folder : folders_) {
        std::error_code ec;
        if (!fs::is_directory(folder, ec)) continue;
        for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
            if (!it->is_regular_file(ec) || it->path().extension() != ".lua") continue;
            Stamp s;
            s.mtime = it->last_write_time(ec);
            s.size = it->file_size(ec);
            out[it->path().string()] = s;
        }
    }
    return out;
}

std::vector<std::string> FileWatch::poll() {
    std::map<std::string, Stamp> now = scan();
    std::vector<std::string> changed;
    for (const auto& [path, stamp] : now) {
        auto it = stamps_.find(path);
        if (it == stamps_.end() || !(it->second == stamp)) changed.push_back(path);
    }
    for (const auto& [path, stamp] : stamps_)
        if (!now.count(path)) changed.push_back(path);
    stamps_ = std::move(now);
    return changed;
}

std::vector<std::string> FileWatch::files() const {
    std::vector<std::string> out;
    for (const auto& [path, stamp] : stamps_) out.push_back(path);
    return out;
}

}  // namespace duelbox::editor
