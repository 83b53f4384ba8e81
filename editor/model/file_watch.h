// file_watch.h - noticing that a game's scripts or cards changed on disk, by polling.
//
// Polling mtimes (a few dozen files, every quarter second) is portable, needs no thread and
// costs microseconds; inotify would save nothing a designer could notice.
#pragma once
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace duelbox::editor {

class FileWatch {
public:
    // Watches every .lua file under these folders (recursively; missing folders are fine).
    void set_folders(std::vector<std::string> folders);
    const std::vector<std::string>& folders() const { return folders_; }
    // The files that changed, appeared or disappeared since the last poll (or set_folders).
    std::vector<std::string> poll();
    std::vector<std::string> files() const;       // every watched file, sorted

private:
    struct Stamp {
        std::filesystem::file_time_type mtime;
        std::uintmax_t size = 0;
        bool operator==(const Stamp&) const = default;
    };
    std::map<std::string, Stamp> scan() const;

    std::vector<std::string> folders_;
    std::map<std::string, Stamp> stamps_;
};

}  // namespace duelbox::editor
