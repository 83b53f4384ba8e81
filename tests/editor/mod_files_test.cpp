// mod_files_test.cpp - the editor with a mod (#18.1): the mod's files are listed apart under
// "mod:<name>/...", open and save into the mod's folder, and a save there reruns the scenario.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include <unistd.h>

#include "model/catalog.h"
#include "model/script_files.h"
#include "model/session.h"

using namespace duelbox;
using namespace duelbox::editor;
namespace fs = std::filesystem;

TEST_CASE("#18.1 editor: a mod's files open and save in its folder, and a save reruns", "[editor][mods]") {
    const fs::path src = fs::path(DUELBOX_SOURCE_ROOT) / "examples" / "mods" / "battlecon_duelist";
    const fs::path dir = fs::temp_directory_path() / ("duelbox_editor_mod_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::copy(src, dir, fs::copy_options::recursive);
    Scenario s = load_scenario((src / "match.json").string(), DUELBOX_SOURCE_ROOT);
    s.mods = {dir.string()};
    Session session;
    std::string error;
    REQUIRE(session.open(s, error));
    REQUIRE(session.run().shared_host()->mods().size() == 1);

    const auto files = mod_files(dir.string(), "battlecon_duelist", "battlecon");
    REQUIRE(files == std::vector<std::string>{"mod:battlecon_duelist/cards/battlecon/duelist.lua"});
    ScriptFiles buffers;
    buffers.set_root(DUELBOX_SOURCE_ROOT);
    buffers.set_mods({{"battlecon_duelist", dir.string()}});
    ScriptBuffer* b = buffers.open(files[0], error);
    REQUIRE(b);
    CHECK(b->text.find("battlecon/fighter/duelist") != std::string::npos);

    const int generation = session.generation();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));   // a new mtime
    const auto at = b->text.find("power = 3, speed = 4");
    REQUIRE(at != std::string::npos);
    b->text.replace(at, 9, "power = 5");
    REQUIRE(buffers.save(files[0], error));
    CHECK(fs::exists(dir / "cards" / "battlecon" / "duelist.lua"));
    CHECK(session.poll_files());
    CHECK(session.generation() != generation);   // the rerun took the mod's change
    fs::remove_all(dir);
}
