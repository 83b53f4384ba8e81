// squad_check_test.cpp - `duelbox check` refuses squad-battle decks and units that cannot play
// (squad.setup.check_card): a deck naming a missing card or a non-card, more than 3 copies of a
// card that is not a Resource (§6.1), a unit without a unit type or a value.
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

TEST_CASE("§6.1 check names a squad deck or unit that cannot play, with the card file and key", "[squad][check]") {
    const TempDir dir("squad_check");
    const fs::path src(DUELBOX_SOURCE_ROOT);
    for (const char* part : {"scripts/squad", "cards/squad"}) {
        fs::create_directories(dir.root() / part);
        fs::copy(src / part, dir.root() / part, fs::copy_options::recursive);
    }
    std::ofstream(dir.root() / "cards/squad/broken.lua") << R"(return {
  { key = "squad/bad_deck", kind = "deck", name = "Bad deck",
    list = { { "squad/red_depot", 20 }, { "squad/line_walker", 4 }, { "squad/nothing", 1 }, { "squad/red_quickstart", 1 } } },
  { key = "squad/floater", kind = "unit", name = "Floater", props = { attack = 1, shooting = 1 } },
})";
    const std::string out = dir.file("out.txt");
    const int raw = std::system((std::string(DUELBOX_CLI_PATH) + " check " + dir.root().string() + " > " + out + " 2>&1").c_str());
    const std::string text = read_text(out);
    CHECK((WIFEXITED(raw) && WEXITSTATUS(raw) == 3));
    const std::string deck = "cards/squad/broken.lua: squad/bad_deck: ", unit = "cards/squad/broken.lua: squad/floater: ";
    CHECK_THAT(text, Catch::Contains(deck + "squad/line_walker: 4 copies, at most 3 of a card that is not a Resource"));
    CHECK_THAT(text, Catch::Contains(deck + "list[3]: no card 'squad/nothing'"));
    CHECK_THAT(text, Catch::Contains(deck + "list[4]: 'squad/red_quickstart' is a deck, not a card to play"));
    CHECK_THAT(text, !Catch::Contains("squad/red_depot: 20 copies"));   // Resources are unlimited
    CHECK_THAT(text, Catch::Contains(unit + "a unit needs a unit type: space = true and/or ground = true"));
    CHECK_THAT(text, Catch::Contains(unit + "a unit needs an integer defense"));
    CHECK_THAT(text, !Catch::Contains("squad/red_quickstart:"));   // the quick-start decks pass
}
