// The rules reference ships with the product (issue #18.4): docs/rules/<game>.md for every
// game, with every section id and rule code the scripts cite; `--rules` and the teaching panel
// show the cited rule's words (runtime/scenario/rules_reference.h).
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <set>

#include "../support/read_text.h"
#include "../support/temp_dir.h"
#include "scenario/rules_reference.h"

using namespace duelbox;
using duelbox::test::read_text;
namespace fs = std::filesystem;

namespace {

const std::string kRoot = DUELBOX_SOURCE_ROOT;

// Every Lua string literal starting with "§" in the game's scripts and cards: the rule contexts.
std::set<std::string> rule_contexts(const std::string& game) {
    std::set<std::string> out;
    static const std::regex literal("\"(§[^\"]*)\"");
    for (const char* top : {"scripts", "cards"}) {
        const fs::path dir = fs::path(kRoot) / top / game;
        std::error_code ec;
        if (!fs::is_directory(dir, ec)) continue;
        for (const auto& e : fs::recursive_directory_iterator(dir))
            if (e.path().extension() == ".lua") {
                const std::string text = read_text(e.path().string());
                for (std::sregex_iterator it(text.begin(), text.end(), literal), end; it != end; ++it) out.insert((*it)[1]);
            }
    }
    return out;
}

}  // namespace

TEST_CASE("#18.4 the rules reference reader: sections, coded rules and the lookup of a rule context", "[docs][rules]") {
    const RulesReference ref = RulesReference::parse(R"(# X rules reference

## §3 The beat

A beat has phases.
More of the same paragraph.

Another paragraph, not kept.

### §3.2 Set phase

- **SET1** Both players set a style and a base,
  face down, at once.
- **SET3** With no style or no base in hand, recycle first.

| a table | ignored |
)");
    REQUIRE(ref.section("§3"));
    CHECK(ref.section("§3")->text == "A beat has phases. More of the same paragraph.");
    CHECK(ref.section("§3.2")->title == "Set phase");
    CHECK(ref.section("§3.2")->text.empty());
    REQUIRE(ref.rule("SET1"));
    CHECK(ref.rule("SET1")->text == "Both players set a style and a base, face down, at once.");
    CHECK(ref.lookup("§3.2 SET3 Empty hand: recycle first")->id == "SET3");
    CHECK(ref.lookup("§3.2 Set phase")->id == "§3.2");
    CHECK(ref.lookup("§9.9 nothing here") == nullptr);
    CHECK(cited_codes("§3.3 ADV3 A support token (§6.5)") == std::vector<std::string>{"ADV3"});
    CHECK(cited_sections("§3.3 ADV3 A support token (§6.5)") == std::vector<std::string>{"§3.3", "§6.5"});
    CHECK(RulesReference::load("/nonexistent", "x").empty());
}

TEST_CASE("#18.4 every section and rule code a game's scripts cite is in its docs/rules/<game>.md", "[docs][rules]") {
    for (const char* game : {"battlecon", "tagteam", "unmatched", "squad", "helter"}) {
        INFO(game);
        const std::string path = kRoot + "/docs/rules/" + game + ".md";
        REQUIRE(fs::exists(path));
        const RulesReference ref = RulesReference::load(kRoot, game);
        CHECK(ref.sections().size() >= 5);
        std::string missing;
        for (const std::string& context : rule_contexts(game)) {
            for (const std::string& id : cited_sections(context))
                if (!ref.section(id)) missing += "  " + id + " (cited as \"" + context + "\")\n";
            for (const std::string& code : cited_codes(context))
                if (!ref.rule(code)) missing += "  " + code + " (cited as \"" + context + "\")\n";
        }
        CHECK(missing == "");
    }
}

TEST_CASE("#18.4 duelbox run --rules shows each cited rule's words under its heading", "[docs][rules][cli]") {
    const duelbox::test::TempDir dir("rules_cli");
    const std::string out = dir.file("out.txt");
    const int raw = std::system((std::string(DUELBOX_CLI_PATH) + " run " + kRoot +
                                 "/examples/battlecon/one_beat_walkthrough.json --rules > " + out + " 2>&1").c_str());
    REQUIRE((WIFEXITED(raw) && WEXITSTATUS(raw) == 0));
    const std::string text = read_text(out);
    const RulesReference ref = RulesReference::load(kRoot, "battlecon");
    REQUIRE(ref.rule("SET1"));
    CHECK_THAT(text, Catch::Contains("-- §3.2 SET1"));
    // The first words of SET1's text, under the heading.
    const std::string words = ref.rule("SET1")->text.substr(0, 30);
    CHECK_THAT(text, Catch::Contains("--   SET1: " + words.substr(0, words.rfind(' '))));
}
