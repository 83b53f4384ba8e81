// file_watch.cpp - mtimes say what changed; inotify (Linux) says when to look.
#include "file_watch.h"

#include <thread>

#ifdef __linux__
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <unistd.h>
#endif

namespace duelbox::editor {

namespace fs = std::filesystem;

namespace {
std::atomic<void (*)()> g_wake{nullptr};
}

void FileWatch::set_wake(void (*wake)()) { g_wake.store(wake); }

#ifdef __linux__
// One inotify descriptor and a thread that blocks on it. Watches are added by the main thread
// (inotify_add_watch is a plain system call, safe beside the reader); the thread only reads,
// raises the hint and wakes the loop. An eventfd stops it.
struct FileWatch::Notifier {
    int fd = -1, stop = -1;
    std::thread reader;

    explicit Notifier(std::shared_ptr<std::atomic<bool>> hint) {
        fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
        stop = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
        if (fd < 0 || stop < 0) return;
        reader = std::thread([fd = fd, stop = stop, hint = std::move(hint)] {
            alignas(inotify_event) char buf[4096];
            for (;;) {
                pollfd fds[2] = {{fd, POLLIN, 0}, {stop, POLLIN, 0}};
                if (::poll(fds, 2, -1) < 0) continue;
                if (fds[1].revents) return;
                bool any = false;
                while (::read(fd, buf, sizeof buf) > 0) any = true;   // drain: poll() rescans anyway
                if (!any) continue;
                hint->store(true, std::memory_order_release);
                if (void (*wake)() = g_wake.load()) wake();
            }
        });
    }
    ~Notifier() {
        if (reader.joinable()) {
            const std::uint64_t one = 1;
            (void)!::write(stop, &one, sizeof one);
            reader.join();
        }
        if (fd >= 0) ::close(fd);
        if (stop >= 0) ::close(stop);
    }
    bool ok() const { return reader.joinable(); }
    // A finished write (not IN_MODIFY: a half-written file would rerun broken), a rename in or
    // out (how most editors save), a file or folder made or removed.
    // Idempotent: the kernel returns the same watch for a folder watched already. A folder that
    // cannot be watched (limit reached) leaves the timer's poll to find its changes.
    void watch(const std::string& folder) const {
        if (ok()) inotify_add_watch(fd, folder.c_str(), IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE |
                                                            IN_DELETE | IN_DELETE_SELF);
    }
};
#else
struct FileWatch::Notifier {
    explicit Notifier(std::shared_ptr<std::atomic<bool>>) {}
    bool ok() const { return false; }
    void watch(const std::string&) const {}
};
#endif

FileWatch::FileWatch() : notifier_(std::make_unique<Notifier>(hint_)) {}
FileWatch::~FileWatch() = default;

bool FileWatch::notified() const { return notifier_->ok(); }

void FileWatch::set_folders(std::vector<std::string> folders) {
    folders_ = std::move(folders);
    stamps_ = scan();
    hint_->store(false);
}

// Also (re)adds a watch on every folder it walks, so a folder made after set_folders is
// watched from the first poll that sees it.
std::map<std::string, FileWatch::Stamp> FileWatch::scan() {
    std::map<std::string, Stamp> out;
    for (const std::string& folder : folders_) {
        std::error_code ec;
        if (!fs::is_directory(folder, ec)) continue;
        notifier_->watch(folder);
        for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
            if (it->is_directory(ec)) {
                notifier_->watch(it->path().string());
                continue;
            }
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
    hint_->store(false, std::memory_order_release);   // a change during the scan raises it again
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
