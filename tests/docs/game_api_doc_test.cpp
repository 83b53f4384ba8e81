// game_api_doc_test.cpp - each game's API for modders is documented and its generated
// reference is current (issue #18.3): docs/<game>-api.md and docs/lua/<game>/*.d.lua.
// After changing a game's declarations or a helper's doc block:
//     DUELBOX_UPDATE_DOCS=1 duelbox_tests "[docs]"
#include <catch2/catch.hpp>

#include <filesystem>

#include "game_api_doc.h"
#include "generated_file.h"

using namespace duelbox::docs;
namespace fs = std::filesystem;

namespace {

const std::vector<GameReference>& games() {
    static const std::vector<GameReference> refs = [] {
        std::vector<GameReference> out;
        for (const std::string& g : game_names(DUELBOX_SOURCE_ROOT)) out.push_back(read_game_reference(DUELBOX_SOURCE_ROOT, g));
        return out;
    }();
    return refs;
}

}  // namespace

TEST_CASE("#18.3 every public function of every game's helper modules has a --- doc block", "[docs]") {
    REQUIRE(games().size() >= 3);
    for (const GameReference& g : games()) {
        INFO(g.game);
        std::string all;
        for (const auto& p : g.problems) all += p + "\n";
        CHECK(all == "");
        CHECK(!g.modules.empty());
    }
}

TEST_CASE("#18.3 docs/<game>-api.md and docs/lua/<game>/ are generated from the current sources", "[docs]") {
    for (const GameReference& g : games()) {
        check_generated("docs/" + g.game + "-api.md", render_game_markdown(g));
        const auto stubs = render_game_stubs(g);
        for (const auto& [path, text] : stubs) check_generated(path, text);
        check_no_stale(fs::path(DUELBOX_SOURCE_ROOT) / "docs" / "lua" / g.game, "docs/lua/" + g.game + "/", stubs);
    }
}

TEST_CASE("#18.3 the reference lists each option and seat key with its default, type and bounds", "[docs]") {
    const GameReference* bc = nullptr;
    for (const GameReference& g : games())
        if (g.game == "battlecon") bc = &g;
    REQUIRE(bc);
    const std::string md = render_game_markdown(*bc);
    CHECK_THAT(md, Catch::Contains(R"(| `set3` | `"literal"` | string | one of "literal", "cards" |)"));
    CHECK_THAT(md, Catch::Contains("| `spaces` | `7` | integer | 3 to 99 |"));
    CHECK_THAT(md, Catch::Contains("| `health` | integer | at least 1 |"));
    CHECK_THAT(md, Catch::Contains("| `hand` | list of string |"));
    CHECK_THAT(md, Catch::Contains("### battlecon.verbs"));
    CHECK_THAT(md, Catch::Contains("#### verbs.move"));
    const auto stubs = render_game_stubs(*bc);
    REQUIRE(stubs.count("docs/lua/battlecon/verbs.d.lua"));
    CHECK_THAT(stubs.at("docs/lua/battlecon/verbs.d.lua"), Catch::StartsWith("---@meta battlecon.verbs") &&
                                                              Catch::Contains("function verbs.move(") &&
                                                              Catch::EndsWith("return verbs\n"));
}
