// game_host.h - the source root and one loaded host per game for the in-process game tests
// (tests/games/<game>/*_run.h): definitions load once per test binary, matches run one at a time.
#pragma once
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "lua/host.h"

namespace duelbox::test {

inline std::string games_root() {
    return std::filesystem::weakly_canonical(std::filesystem::path(DUELBOX_TEST_SUPPORT) / ".." / "..").string();
}

// The host with `game` loaded from the source root; made on first use, kept for the binary.
template <const char* Game>
LuaHost& game_host() {
    static std::unique_ptr<LuaHost> h = [] {
        auto made = std::make_unique<LuaHost>();
        std::vector<std::string> errors;
        if (!made->load_game(games_root(), Game, errors))
            throw std::runtime_error(errors.empty() ? std::string(Game) + " did not load" : errors.front());
        return made;
    }();
    return *h;
}

}  // namespace duelbox::test
