// duel_copy.h - a private copy of the Line Duel fixture's scripts and cards (core comes from
// the engine) in a fresh temp folder, for editor tests that edit files and rerun.
#pragma once
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <unistd.h>

#include "scenario/scenario.h"

namespace duelbox::editor::testing {

inline const std::string kSupport = DUELBOX_TEST_SUPPORT;

struct DuelCopy {
    std::filesystem::path root;
    explicit DuelCopy(const std::string& name) {
        namespace fs = std::filesystem;
        root = fs::temp_directory_path() / ("duelbox_editor_" + name + "_" + std::to_string(::getpid()));
        fs::remove_all(root);
        fs::create_directories(root / "scripts");
        fs::create_directories(root / "cards");
        fs::copy(fs::path(kSupport) / "scripts" / "duel", root / "scripts" / "duel", fs::copy_options::recursive);
        fs::copy(fs::path(kSupport) / "cards" / "duel", root / "cards" / "duel", fs::copy_options::recursive);
    }
    ~DuelCopy() { std::filesystem::remove_all(root); }
    DuelCopy(const DuelCopy&) = delete;
    DuelCopy& operator=(const DuelCopy&) = delete;

    std::string read(const std::string& relative) const {
        std::ifstream in(root / relative);
        return std::string(std::istreambuf_iterator<char>(in), {});
    }
    void write(const std::string& relative, const std::string& text) const {
        std::ofstream(root / relative, std::ios::trunc) << text;
    }
    // Replaces the first `from` in the file; the test fails if it is not there.
    void replace(const std::string& relative, const std::string& from, const std::string& to) const {
        std::string text = read(relative);
        const auto at = text.find(from);
        REQUIRE(at != std::string::npos);
        write(relative, text.replace(at, from.size(), to));
    }
    // The fixture's demo scenario, played from this copy.
    Scenario demo() const {
        Scenario s = load_scenario(kSupport + "/scenarios/duel_demo.json", kSupport);
        s.root = root.string();
        return s;
    }
};

}  // namespace duelbox::editor::testing
