// Fuzzes loading a card file: any bytes as cards/fuzz/card.lua of a one-window game either
// load or give errors naming the file; the host must stay usable (it loads the game again).
// Strict limits keep each input short and its cut-off deterministic.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "lua/host.h"

namespace {

namespace fs = std::filesystem;

// The game lives in a scratch folder of this process, removed at exit; the card file is
// rewritten per input.
struct ScratchGame {
    fs::path root = fs::temp_directory_path() / ("duelbox_fuzz_card_" + std::to_string(::getpid()));
    ScratchGame() {
        fs::create_directories(root / "scripts/fuzz");
        fs::create_directories(root / "cards/fuzz");
        std::ofstream(root / "scripts/fuzz/game.lua") << "return { windows = { 'go' }, play = function() end }\n";
    }
    ~ScratchGame() {
        std::error_code ec;
        fs::remove_all(root, ec);
    }
};

const fs::path& game_root() {
    static const ScratchGame game;
    return game.root;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fs::path& root = game_root();
    std::ofstream(root / "cards/fuzz/card.lua", std::ios::binary).write(reinterpret_cast<const char*>(data),
                                                                         static_cast<std::streamsize>(size));
    duelbox::Limits limits;
    limits.instructions = 200'000;
    limits.memory_bytes = 16ll << 20;
    limits.time_slice_ms = 0;
    duelbox::LuaHost host(limits);
    std::vector<std::string> errors;
    host.load_game(root.string(), "fuzz", errors);
    errors.clear();
    host.load_game(root.string(), "fuzz", errors);   // a second load on the same host
    return 0;
}
