// narration_golden.h - #19.1 narration for players: what `duelbox run` prints for a game's
// first example in a given view (the observer, a player, a spectator), compared line by line
// with a reviewed golden file in tests/golden/narration/. A change to a game's narration shows
// up here; read the new text as a player would, then rewrite the files with
//   DUELBOX_UPDATE_GOLDEN=1 duelbox_tests "[golden]"
// and review the diff before committing it.
#pragma once
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <vector>

#include "../docs/generated_file.h"
#include "../support/read_text.h"
#include "../support/temp_dir.h"

namespace duelbox::test {

inline std::string narration(const std::string& example, const std::string& view) {
    const duelbox::test::TempDir dir("golden");
    const std::string out = dir.file("out.txt");
    const std::string cmd = std::string(DUELBOX_CLI_PATH) + " run " + DUELBOX_SOURCE_ROOT + "/" + example +
                            (view.empty() ? "" : " --as " + view) + " > " + out + " 2>&1 < /dev/null";
    const int raw = std::system(cmd.c_str());
    REQUIRE((WIFEXITED(raw) && WEXITSTATUS(raw) == 0));
    return duelbox::test::read_text(out);
}

inline void check_golden(const std::string& example, const std::string& view, const std::string& golden) {
    const std::string text = narration(example, view);
    const std::filesystem::path path = std::filesystem::path(DUELBOX_SOURCE_ROOT) / "tests/golden/narration" / golden;
    const char* update = std::getenv("DUELBOX_UPDATE_GOLDEN");
    if (update && std::string(update) == "1") {
        std::filesystem::create_directories(path.parent_path());
        std::ofstream(path, std::ios::binary) << text;
        WARN("rewrote " << path.string());
        return;
    }
    INFO("duelbox run " << example << (view.empty() ? "" : " --as " + view));
    const std::string diff = duelbox::docs::first_difference(duelbox::test::read_text(path), text);
    if (!diff.empty())
        FAIL("the narration differs from tests/golden/narration/" << golden << ", first at " << diff
                                                                   << "\nIf the new text is right: DUELBOX_UPDATE_GOLDEN=1 "
                                                                      "duelbox_tests \"[golden]\", then review the diff");
}

// No line of the default narration is kernel bookkeeping ("Strike moves from Ada's hand to
// Ada's pair", "Ada health: 20 -> 18") or uses one of the engine's own `words` (zone names
// such as "discard1", "effect 13 ends") instead of the game's terms.
inline void check_no_bookkeeping(const std::string& example, std::initializer_list<const char*> words) {
    const std::string text = narration(example, "");
    std::vector<const char*> all = {" moves from ", " -> "};
    all.insert(all.end(), words.begin(), words.end());
    for (const char* word : all) {
        const auto at = text.find(word);
        INFO(example << " narration says \"" << word << "\": "
                     << (at == std::string::npos ? "" : text.substr(text.rfind('\n', at) + 1, 120)));
        CHECK(at == std::string::npos);
    }
}

}  // namespace duelbox::test
