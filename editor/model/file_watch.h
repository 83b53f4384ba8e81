// file_watch.h - noticing that a game's scripts or cards changed on disk.
//
// What changed is always found by comparing mtimes and sizes (poll(): a few dozen files, a
// stat each); *when* to look is told by the kernel where it can. On Linux a thread waits on
// inotify for the watched folders and, on any change, sets a hint and calls the wake function
// (the window's event loop sleeps until input or a wake), so a save reruns within a frame
// rather than at the next poll tick (issue #11: save -> screen, goal < 50 ms). Without
// inotify (another OS, the watch limit reached) hinted() stays false and the caller's timer
// polls as before.
#pragma once
#include <atomic>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace duelbox::editor {

class FileWatch {
public:
    FileWatch();
    ~FileWatch();
    FileWatch(const FileWatch&) = delete;
    FileWatch& operator=(const FileWatch&) = delete;

    // Watches every .lua file under these folders (recursively; missing folders are fine).
    void set_folders(std::vector<std::string> folders);
    const std::vector<std::string>& folders() const { return folders_; }
    // The files that changed, appeared or disappeared since the last poll (or set_folders).
    std::vector<std::string> poll();
    std::vector<std::string> files() const;       // every watched file, sorted

    // True when the kernel reported a change under a watched folder since the last poll():
    // poll now. False says nothing when notified() is false (no inotify): poll on a timer.
    bool hinted() const { return hint_->load(std::memory_order_acquire); }
    // Whether the kernel tells this watch about changes (else only a timer's poll finds them).
    bool notified() const;
    // Called from the watcher thread after a change (the editor passes glfwPostEmptyEvent, which
    // may be called from any thread). Set before the first set_folders.
    static void set_wake(void (*wake)());

private:
    struct Stamp {
        std::filesystem::file_time_type mtime;
        std::uintmax_t size = 0;
        bool operator==(const Stamp&) const = default;
    };
    std::map<std::string, Stamp> scan();

    std::vector<std::string> folders_;
    std::map<std::string, Stamp> stamps_;
    // Shared with the watcher thread, which may outlive nothing: the destructor joins it.
    std::shared_ptr<std::atomic<bool>> hint_ = std::make_shared<std::atomic<bool>>(false);
    struct Notifier;
    std::unique_ptr<Notifier> notifier_;
};

}  // namespace duelbox::editor
