// #18.3 kit rules: `duelbox check` refuses a BattleCON fighter whose kit cannot play
// (battlecon.setup.check_card): too few styles or bases to set a pair every beat without an
// empty-hand recycle (SET3), cards that do not exist or are of the wrong kind.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "../../support/read_text.h"
#include "../../support/temp_dir.h"

using duelbox::test::read_text;
using duelbox::test::TempDir;
namespace fs = std::filesystem;

TEST_CASE("#18.3 check names a BattleCON kit that cannot play, with the card file and key", "[games][battlecon][check]") {
    const TempDir dir("kit_check");
    const fs::path src(DUELBOX_SOURCE_ROOT);
    for (const char* part : {"scripts/battlecon", "cards/battlecon"}) {
        fs::create_directories(dir.root() / part);
        fs::copy(src / part, dir.root() / part, fs::copy_options::recursive);
    }
    std::ofstream(dir.root() / "cards/battlecon/fighters/solo.lua") << R"(return {
  { key = "battlecon/fighter/solo", name = "Solo", kind = "ua",
    kit = { no_universal = true, styles = { "battlecon/solo/only" }, bases = { "battlecon/strike", "battlecon/solo/only", "battlecon/solo/gone" },
      special = { "battlecon/kestrel/skyfall" } } },
  { key = "battlecon/solo/only", name = "Only", kind = "style", props = { power = 1 } },
  { key = "battlecon/solo/untagged", name = "Untagged", kind = "special_card",
    offer = { label = "never offered" }, advantage = function(ctx) end },
})";
    const std::string out = dir.file("out.txt");
    const int raw = std::system((std::string(DUELBOX_CLI_PATH) + " check " + dir.root().string() + " > " + out + " 2>&1").c_str());
    const std::string text = read_text(out);
    CHECK((WIFEXITED(raw) && WEXITSTATUS(raw) == 3));
    const std::string where = "cards/battlecon/fighters/solo.lua: battlecon/fighter/solo: ";
    CHECK_THAT(text, Catch::Contains(where + "kit.bases[2]: battlecon/solo/only is a style, not a base"));
    CHECK_THAT(text, Catch::Contains(where + "kit.bases[3]: no card battlecon/solo/gone"));
    CHECK_THAT(text, Catch::Contains(where + "the kit has 1 style; a fighter needs at least 3, else its hand runs out "
                                             "and recycles every beat (SET3)"));
    CHECK_THAT(text, Catch::Contains("cards/battlecon/fighters/solo.lua: battlecon/solo/untagged: a card with an offer needs "
                                     "tags = { \"offer\" }: the Advantage phase finds offers by that tag"));
    CHECK_THAT(text, Catch::Contains("loads; its own checks (game.lua's fields, check_card) found problems"));
    CHECK_THAT(text, !Catch::Contains("battlecon/fighter/kestrel:"));   // the sample fighters pass
}
