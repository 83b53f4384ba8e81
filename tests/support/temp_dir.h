// temp_dir.h - a private scratch directory for a test: <system temp>/duelbox_<name>_<pid>,
// made on construction and removed with everything in it on destruction. Tests write their
// files here, never into the current directory: two test runs started from the same folder
// (or the repository root) must not read or delete each other's files.
#pragma once
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace duelbox::test {

class TempDir {
public:
    explicit TempDir(const std::string& name)
        : root_(std::filesystem::temp_directory_path() / ("duelbox_" + name + "_" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(root_);   // left over by a crashed run with the same pid
        std::filesystem::create_directories(root_);
    }
    ~TempDir() {
        std::error_code ec;   // never throw from a destructor; a leftover is removed by the next run
        std::filesystem::remove_all(root_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& root() const { return root_; }
    std::string file(const std::string& name) const { return (root_ / name).string(); }   // a path inside it
    // Writes `text` to the file at `relative` inside it, making its folders.
    void write(const std::string& relative, const std::string& text) const {
        const auto path = root_ / relative;
        std::filesystem::create_directories(path.parent_path());
        std::ofstream(path) << text;
    }

private:
    std::filesystem::path root_;
};

}  // namespace duelbox::test
