// file_watch_test.cpp - the editor's file watch: poll() finds what changed by mtime and size;
// on Linux, inotify raises a hint (and calls the wake function) when a save happens, so the
// editor looks at once instead of at its next timer tick (issue #11, save -> screen).
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "../support/temp_dir.h"
#include "model/file_watch.h"

using namespace duelbox::editor;
namespace fs = std::filesystem;

namespace {

std::atomic<int> g_wakes{0};
void count_wake() { g_wakes.fetch_add(1); }

// Waits (up to a generous deadline: this checks that the hint comes, not how fast) for it.
bool hint_arrives(const FileWatch& w) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!w.hinted() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    return w.hinted();
}

void write(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
}

}  // namespace

TEST_CASE("editor file watch: poll finds changed, new and removed scripts; only .lua files count", "[editor]") {
    duelbox::test::TempDir dir("file_watch_poll");
    write(dir.root() / "scripts/a.lua", "return 1");
    write(dir.root() / "scripts/notes.txt", "x");
    FileWatch w;
    w.set_folders({(dir.root() / "scripts").string(), (dir.root() / "missing").string()});
    CHECK(w.files() == std::vector<std::string>{(dir.root() / "scripts/a.lua").string()});
    CHECK(w.poll().empty());

    write(dir.root() / "scripts/a.lua", "return 22");           // another size
    write(dir.root() / "scripts/sub/b.lua", "return 2");        // a new folder and file
    write(dir.root() / "scripts/notes.txt", "changed");         // not a script
    auto changed = w.poll();
    std::sort(changed.begin(), changed.end());
    CHECK(changed == std::vector<std::string>{(dir.root() / "scripts/a.lua").string(),
                                              (dir.root() / "scripts/sub/b.lua").string()});
    fs::remove(dir.root() / "scripts/a.lua");
    CHECK(w.poll() == std::vector<std::string>{(dir.root() / "scripts/a.lua").string()});
    CHECK(w.poll().empty());
}

#ifdef __linux__
TEST_CASE("editor file watch: a save raises the hint and wakes the loop; poll clears it", "[editor]") {
    duelbox::test::TempDir dir("file_watch_hint");
    write(dir.root() / "cards/strike.lua", "return 1");
    FileWatch::set_wake(count_wake);
    FileWatch w;
    w.set_folders({(dir.root() / "cards").string()});
    REQUIRE(w.notified());
    CHECK_FALSE(w.hinted());

    const int wakes = g_wakes.load();
    write(dir.root() / "cards/strike.lua", "return 2");
    REQUIRE(hint_arrives(w));
    CHECK(g_wakes.load() > wakes);
    CHECK(w.poll() == std::vector<std::string>{(dir.root() / "cards/strike.lua").string()});
    CHECK_FALSE(w.hinted());

    // Saved the way most editors do: written beside, then renamed over the original.
    write(dir.root() / "cards/.strike.lua.tmp", "return 33");
    fs::rename(dir.root() / "cards/.strike.lua.tmp", dir.root() / "cards/strike.lua");
    REQUIRE(hint_arrives(w));
    CHECK(w.poll() == std::vector<std::string>{(dir.root() / "cards/strike.lua").string()});

    // A folder made after set_folders is watched from the poll that first sees it.
    write(dir.root() / "cards/new/guard.lua", "return 3");
    REQUIRE(hint_arrives(w));
    CHECK(w.poll() == std::vector<std::string>{(dir.root() / "cards/new/guard.lua").string()});
    write(dir.root() / "cards/new/guard.lua", "return 44");
    REQUIRE(hint_arrives(w));
    CHECK(w.poll() == std::vector<std::string>{(dir.root() / "cards/new/guard.lua").string()});
    FileWatch::set_wake(nullptr);
}
#endif
