// Mods as layers (issue #18.1): a mod folder adds or replaces cards and modules of a game
// without copying it, patches definitions and changes option defaults; every conflict or
// accidental replacement is refused naming the files; replays and `check` know the mods.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "../support/cli_run.h"
#include "../support/read_text.h"
#include "../support/temp_dir.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/mod_manifest.h"

using namespace duelbox;
using duelbox::test::read_text;
using duelbox::test::TempDir;
namespace fs = std::filesystem;

namespace {

const std::string kRoot = DUELBOX_SOURCE_ROOT;

void write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

// A BattleCON duel with the given mod folders.
Scenario duel(std::vector<std::string> mods) {
    Scenario s = load_scenario(kRoot + "/examples/battlecon/bench.json", kRoot);
    s.mods = std::move(mods);
    return s;
}

std::string load_errors(const Scenario& s) {
    LuaHost host(s.limits);
    std::vector<std::string> errors;
    host.load_game(s, errors);
    std::string all;
    for (const auto& e : errors) all += e + "\n";
    return all;
}

using duelbox::test::cli;   // (support/cli_run.h)

}  // namespace

TEST_CASE("#18.1 the 25-health mod patches every fighter and changes the board's default, copying nothing", "[mods]") {
    const Scenario s = load_scenario(kRoot + "/examples/mods/battlecon_25_health/match.json", kRoot);
    REQUIRE(s.mods.size() == 1);
    LuaHost host(s.limits);
    std::vector<std::string> errors;
    REQUIRE(host.load_game(s, errors));
    MatchRunner runner(host, s);
    REQUIRE(runner.run() == RunState::Finished);
    const Match& m = runner.match();
    CHECK(m.board().space_count() == 9);
    bool health25 = false;
    for (const Event& e : m.log().events())
        if (e.type == "counter.change" && e.get("counter") == Value{std::string("health")} && e.get("verb") == Value{std::string("define")})
            health25 = health25 || e.get("to") == Value{std::int64_t{25}};
    CHECK(health25);
    // The mod's manifest is among the files a replay hashes.
    bool hashed = false;
    for (const ScriptHash& h : host.scripts()) hashed = hashed || h.path == "mod:battlecon_25_health/mod.json";
    CHECK(hashed);
    // Without the mod the same game is unchanged (the host reloads without it).
    LuaHost plain;
    REQUIRE(plain.load_game(duel({}), errors));
}

TEST_CASE("#18.1 a hero added by a mod plays, and the lab finds it in the roster", "[mods]") {
    std::string text;
    CHECK(cli("run " + kRoot + "/examples/mods/unmatched_bowman/match.json --quiet", text) == 0);
    CHECK(cli("lab unmatched --fighters ? --mod " + kRoot + "/examples/mods/unmatched_bowman", text) == 0);
    CHECK_THAT(text, Catch::Contains("bowman\tThe Bowman (character card)\tunmatched/bowman"));
    CHECK(cli("lab unmatched --fighters ?", text) == 0);
    CHECK_THAT(text, !Catch::Contains("bowman"));
}

TEST_CASE("#18.1 replacing a card or a module needs listing it; two mods replacing one key conflict", "[mods]") {
    const TempDir dir("mods_rules");
    const fs::path a = dir.root() / "a", b = dir.root() / "b";
    write(a / "mod.json", R"({"name": "a", "game": "battlecon", "version": "1"})");
    write(a / "cards/battlecon/kestrel.lua", R"(return { key = "battlecon/kestrel/swift", name = "Swifter", kind = "style",
  props = { range_min = 0, range_max = 1, power = 1, speed = 3, defense = 0 } })");
    CHECK_THAT(load_errors(duel({a.string()})),
               Catch::Contains("mod:a/cards/battlecon/kestrel.lua: card key 'battlecon/kestrel/swift' is already defined in "
                               "cards/battlecon/fighters/kestrel.lua; list it in mod.json's overrides.cards to replace it"));

    write(a / "mod.json", R"({"name": "a", "game": "battlecon", "version": "1",
                            "overrides": {"cards": ["battlecon/kestrel/swift"]}})");
    CHECK(load_errors(duel({a.string()})).empty());

    write(b / "mod.json", R"({"name": "b", "game": "battlecon", "version": "1",
                            "overrides": {"cards": ["battlecon/kestrel/swift"]}})");
    write(b / "cards/battlecon/swift.lua", R"(return { key = "battlecon/kestrel/swift", name = "Swiftest", kind = "style",
  props = { range_min = 0, range_max = 1, power = 2, speed = 3, defense = 0 } })");
    CHECK_THAT(load_errors(duel({a.string(), b.string()})),
               Catch::Contains("mod:b/cards/battlecon/swift.lua: card battlecon/kestrel/swift is replaced by two mods "
                               "(mod:a/cards/battlecon/kestrel.lua and this file)"));

    const fs::path c = dir.root() / "c";
    write(c / "mod.json", R"({"name": "c", "game": "battlecon", "version": "1"})");
    write(c / "scripts/battlecon/verbs.lua", "return {}\n");
    CHECK_THAT(load_errors(duel({c.string()})),
               Catch::Contains("mod:c/scripts/battlecon/verbs.lua: replaces the game's module battlecon.verbs "
                               "(scripts/battlecon/verbs.lua); list it in mod.json's overrides.modules to mean it"));
    write(c / "mod.json", R"({"name": "c", "game": "battlecon", "version": "1",
                            "overrides": {"modules": ["battlecon.verbs", "battlecon.nothing"], "cards": ["battlecon/nope"]}})");
    const std::string e = load_errors(duel({c.string()}));
    CHECK_THAT(e, Catch::Contains("mod:c/mod.json: overrides.modules lists battlecon.nothing, which the mod does not provide"));
}

TEST_CASE("#18.1 a mod's data changes are checked: patches, option defaults, limits, the game it is for", "[mods]") {
    const TempDir dir("mods_data");
    const fs::path m = dir.root() / "m";
    write(m / "mod.json", R"({"name": "m", "game": "battlecon", "version": "1", "patch": {"battlecon/fighter/nobody": {"props": {"health": 1}}}})");
    CHECK_THAT(load_errors(duel({m.string()})), Catch::Contains("mod:m/mod.json: patch.battlecon/fighter/nobody: matches no card of battlecon"));
    write(m / "mod.json", R"({"name": "m", "game": "battlecon", "version": "1", "patch": {"battlecon/strike": {"key": "battlecon/x"}}})");
    CHECK_THAT(load_errors(duel({m.string()})), Catch::Contains("patch.battlecon/strike.key: a patch cannot change a card's key"));
    // A patch copies its values into every card it matches, while the game loads: one 8 MB string
    // into every BattleCON card is far over the 64 MB cap (a probe's 40 MB one made a 2.4 GB process).
    write(m / "mod.json", R"({"name": "m", "game": "battlecon", "version": "1", "patch": {"battlecon/*": {"props": {"blob": ")" +
                              std::string(8 << 20, 'x') + R"("}}}})");
    CHECK_THAT(load_errors(duel({m.string()})), Catch::Contains("mod:m/mod.json: patch.battlecon/*: copies ") &&
                                                    Catch::Contains(" cards, over the memory cap of 64 MB"));
    write(m / "mod.json", R"({"name": "m", "game": "battlecon", "version": "1", "options": {"spaces": 2}})");
    CHECK_THAT(load_errors(duel({m.string()})), Catch::Contains("mod:m/mod.json: options.spaces: 2 is below the minimum 3"));
    write(m / "mod.json", R"({"name": "m", "game": "battlecon", "version": "1", "options": {"spacez": 9}})");
    CHECK_THAT(load_errors(duel({m.string()})), Catch::Contains("mod:m/mod.json: options.spacez: unknown rule option of game battlecon"));
    write(m / "mod.json", R"({"name": "m", "game": "unmatched", "version": "1"})");
    CHECK_THAT(load_errors(duel({m.string()})), Catch::Contains("mod:m/mod.json: game: this mod is for unmatched, not battlecon"));
    // overrides.cards listing a new card of the mod's own: it is no card of the game (the message
    // said "which the mod does not define", as the mod's definition counted as the game's).
    write(m / "mod.json", R"({"name": "m", "game": "battlecon", "version": "1", "overrides": {"cards": ["battlecon/brand_new"]}})");
    write(m / "cards" / "battlecon" / "new.lua", R"(return { key = "battlecon/brand_new", name = "New", kind = "base" })");
    CHECK_THAT(load_errors(duel({m.string()})),
               Catch::Contains("overrides.cards lists battlecon/brand_new, which is no card of the game (a new card needs no listing)"));
    fs::remove(m / "cards" / "battlecon" / "new.lua");
    write(m / "mod.json", R"({"name": "m", "game": "battlecon", "version": "1", "overides": {}})");
    CHECK_THAT(load_errors(duel({m.string()})), Catch::Contains("mod.json: overides: unknown field"));
    // Limits: the position bound of a seat key, lowered by a mod, is what a scenario is checked against.
    write(m / "mod.json", R"({"name": "m", "game": "battlecon", "version": "1", "limits": {"seat_keys": {"position": {"max": 5}}}})");
    Scenario s = duel({m.string()});
    s.seats[0].setup["position"] = 6;
    LuaHost host;
    std::vector<std::string> errors;
    REQUIRE(host.load_game(s, errors));
    MatchRunner runner(host, s);
    CHECK(runner.run() == RunState::Failed);
    CHECK_THAT(runner.error(), Catch::Contains("players[0].setup.position: 6 is above the maximum 5"));
}

TEST_CASE("#18.1 a patch changes no function and no value's shape; mods overlapping on one path conflict", "[mods]") {
    // A probe's patch setting Dash's `before` handler to {} silently removed it ("0 handlers
    // fired"), and `name` made a table failed in the game's file; props.health = 25 in one mod
    // and props.health.max = 3 in another loaded, whichever came last winning.
    const TempDir dir("mods_shape");
    const fs::path a = dir.root() / "a", b = dir.root() / "b";
    write(a / "mod.json", R"({"name": "a", "game": "battlecon", "version": "1", "patch": {"battlecon/dash": {"before": {}}}})");
    CHECK_THAT(load_errors(duel({a.string()})),
               Catch::Contains("mod:a/mod.json: patch.battlecon/dash: battlecon/dash before: a patch cannot change a function"));
    write(a / "mod.json", R"({"name": "a", "game": "battlecon", "version": "1", "patch": {"battlecon/dash": {"name": {"x": 1}}}})");
    CHECK_THAT(load_errors(duel({a.string()})),
               Catch::Contains("patch.battlecon/dash: battlecon/dash name: the card has a string here; the patch gives an object"));
    // A value may become another plain value (Dodge's power "none" a number).
    write(a / "mod.json", R"({"name": "a", "game": "battlecon", "version": "1", "patch": {"battlecon/dodge": {"props": {"power": 1}}}})");
    CHECK(load_errors(duel({a.string()})).empty());
    write(a / "mod.json", R"({"name": "a", "game": "battlecon", "version": "1", "patch": {"battlecon/fighter/*": {"props": {"health": 25}}}})");
    write(b / "mod.json", R"({"name": "b", "game": "battlecon", "version": "1", "patch": {"battlecon/fighter/*": {"props": {"health": {"max": 3}}}}})");
    CHECK_THAT(load_errors(duel({a.string(), b.string()})), Catch::Contains("is patched by mod a too") ||
                                                                Catch::Contains("the card has a number here"));
    // One mod sets a list where the other goes into an object: each order is a conflict.
    // (Fields strike lacks and fighters have: a patch adds only a field some card has.)
    write(a / "mod.json", R"({"name": "a", "game": "battlecon", "version": "1", "patch": {"battlecon/strike": {"kit": [1, 2]}}})");
    write(b / "mod.json", R"({"name": "b", "game": "battlecon", "version": "1", "patch": {"battlecon/strike": {"kit": {"styles": []}}}})");
    CHECK_THAT(load_errors(duel({a.string(), b.string()})), Catch::Contains("battlecon/strike kit is patched by mod a too"));
    CHECK_THAT(load_errors(duel({b.string(), a.string()})), Catch::Contains("battlecon/strike kit is patched by mod b too"));
    // A field no card has is refused as misspelt, and so is removing one (null).
    write(a / "mod.json", R"({"name": "a", "game": "battlecon", "version": "1", "patch": {"battlecon/strike": {"props": {"powre": 9}}}})");
    CHECK_THAT(load_errors(duel({a.string()})),
               Catch::Contains("battlecon/strike props.powre: no card of the game has this field (misspelt?)"));
    write(a / "mod.json", R"({"name": "a", "game": "battlecon", "version": "1", "patch": {"battlecon/strike": {"props": {"power": null}}}})");
    CHECK_THAT(load_errors(duel({a.string()})), Catch::Contains("battlecon/strike props.power: a patch cannot remove a field (null)"));
    // A whole number no script can hold (it became -1: Strike's power read 4 + -1).
    write(a / "mod.json", R"({"name": "a", "game": "battlecon", "version": "1",
      "patch": {"battlecon/strike": {"props": {"power": 18446744073709551615}}}})");
    CHECK_THAT(load_errors(duel({a.string()})),
               Catch::Contains("patch[\"battlecon/strike\"].props.power: 18446744073709551615 is beyond the whole numbers"));
}

TEST_CASE("#18.1 a patch cannot write into a library or a module's table a card holds", "[mods]") {
    // A card holding `m = math` (or a module's front) showed the patch an empty raw table: no
    // check saw the functions it held, and the raw write changed math.type for every script.
    const TempDir dir("mods_libraries");
    const fs::path a = dir.root() / "a";
    write(a / "cards/battlecon/evil.lua", R"(local P = { range_min = 0, range_max = 0, power = 0, speed = 0, defense = 0 }
return {
  { key = "battlecon/evil/a", name = "A", kind = "style", props = P, m = math, v = require("battlecon.verbs") },
  { key = "battlecon/evil/b", name = "B", kind = "style", props = P, m = { type = 1 }, v = { move = 1 } },
})");
    write(a / "mod.json", R"({"name": "a", "game": "battlecon", "version": "1",
      "patch": {"battlecon/evil/a": {"m": {"type": 0}, "v": {"move": 0}}}})");
    const std::string errors = load_errors(duel({a.string()}));
    CHECK_THAT(errors, Catch::Contains("battlecon/evil/a m: a table with a metatable (a library, a module's table or a "
                                       "read-only view, shared with every script): a patch cannot change it"));
    CHECK_THAT(errors, Catch::Contains("battlecon/evil/a v: a table with a metatable"));
    // Nothing was written: a host loaded after the refusal still has its math.type.
    Scenario plain = duel({});
    LuaHost host(plain.limits);
    std::vector<std::string> none;
    REQUIRE(host.load_game(plain, none));
    MatchRunner r(host, plain);
    CHECK(r.run() == RunState::Finished);
}

TEST_CASE("#18.1 a card whose fields nest without end is walked once per table, and a too wide one is refused", "[mods]") {
    // The patch check lists every field path cards have, four levels down: a card of 60 fields
    // each holding the card made 60^4 paths (1.1 GB); one of 75, std::bad_alloc outside the cap.
    const TempDir dir("mods_paths");
    const fs::path a = dir.root() / "a";
    write(a / "mod.json", R"({"name": "a", "game": "battlecon", "version": "1", "patch": {"battlecon/dash": {"props": {"power": 1}}}})");
    write(a / "cards/battlecon/c.lua", R"(local c = { key = "battlecon/paths/c", name = "C", kind = "style",
  props = { range_min = 0, range_max = 0, power = 0, speed = 0, defense = 0 } }
for i = 1, 75 do c["f" .. i] = c end
return { c })");
    CHECK(load_errors(duel({a.string()})).empty());
    // Sixty tables of sixty tables of sixty fields: 216,000 paths, no cycle.
    write(a / "cards/battlecon/c.lua", R"(local leaf = {}
for i = 1, 60 do leaf["h" .. i] = i end
local mid = {}
for i = 1, 60 do mid["g" .. i] = leaf end
local c = { key = "battlecon/paths/c", name = "C", kind = "style",
  props = { range_min = 0, range_max = 0, power = 0, speed = 0, defense = 0 } }
for i = 1, 60 do c["f" .. i] = mid end
return { c })");
    CHECK_THAT(load_errors(duel({a.string()})),
               Catch::Contains("card battlecon/paths/c: its tables nest too widely (more than 100000 field paths within 4 levels)"));
}

TEST_CASE("#18.1 a mod.json linked to a file outside the mod's folder is not read", "[mods]") {
    // Its field names (one of the user's own JSON files) showed in check's messages.
    const TempDir dir("mods_link");
    write(dir.root() / "outside.json", R"({"secret_field_name": 1})");
    fs::create_directories(dir.root() / "m");
    fs::create_symlink(dir.root() / "outside.json", dir.root() / "m" / "mod.json");
    try {
        load_mod((dir.root() / "m").string());
        FAIL("a linked mod.json was read");
    } catch (const ScenarioError& e) {
        CHECK_THAT(std::string(e.what()), Catch::Contains("mod.json: a link to a file outside the mod's folder"));
        CHECK_THAT(std::string(e.what()), !Catch::Contains("secret_field_name"));
    }
    // A link inside the folder is read as before.
    write(dir.root() / "n" / "manifest.json", R"({"name": "n", "game": "battlecon", "version": "1"})");
    fs::create_symlink(dir.root() / "n" / "manifest.json", dir.root() / "n" / "mod.json");
    CHECK(load_mod((dir.root() / "n").string()).name == "n");
}

TEST_CASE("#18.1 the command line: --mod, replays record the mods, check validates a mod folder", "[mods][cli]") {
    const TempDir dir("mods_cli");
    std::string text;
    const std::string replay = dir.file("r.json");
    REQUIRE(cli("run " + kRoot + "/examples/battlecon/bench.json --quiet --mod " + kRoot +
                    "/examples/mods/battlecon_25_health --record " + replay, text) == 0);
    const auto j = nlohmann::json::parse(read_text(replay));
    CHECK(j.dump().find("battlecon_25_health") != std::string::npos);
    CHECK(cli("replay " + replay + " --quiet", text) == 0);
    CHECK(cli("check " + kRoot + "/examples/mods", text) == 0);
    CHECK_THAT(text, Catch::Contains("3 mods: 0 errors") &&
                         Catch::Contains("mod battlecon_duelist on battlecon: 58 card definitions with the mod, loads"));
    const fs::path bad = dir.root() / "bad";
    write(bad / "mod.json", R"({"name": "bad", "game": "battlecon", "version": "1"})");
    write(bad / "cards/battlecon/solo.lua", R"(return { key = "battlecon/fighter/solo", name = "Solo", kind = "ua", kit = { styles = {} } })");
    CHECK(cli("check " + bad.string(), text) == 3);
    CHECK_THAT(text, Catch::Contains("mod bad on battlecon (mod:bad/ is ") &&
                         Catch::Contains("mod:bad/cards/battlecon/solo.lua: battlecon/fighter/solo: the kit has"));
}

TEST_CASE("check lists every problem of a mod at once: its manifest's sections, its options and patches", "[mods][cli]") {
    // It showed the manifest's first problem alone, and the rest only once that one was fixed.
    const TempDir dir("mods_check_all");
    std::string text;
    const fs::path bad = dir.root() / "bad";
    write(bad / "mod.json", R"({"name": "bad", "game": "battlecon", "version": "",
        "limits": {"instructions_per_call": 5}, "options": {"no_such_option": 3},
        "patch": {"battlecon/nothing/*": {"props": {"x": 1}}}, "patches": {}})");
    CHECK(cli("check " + bad.string(), text) == 3);
    CHECK_THAT(text, Catch::Contains("patches: unknown field") && Catch::Contains("version: ") &&
                         Catch::Contains("limits.instructions_per_call: unknown field") &&
                         Catch::Contains("patch.battlecon/nothing/*: matches no card of battlecon") &&
                         Catch::Contains("options.no_such_option: unknown rule option of game battlecon"));
    // Each problem counts as an error (the summary said "1 error" for all five), and the line
    // above the list says which folder the messages' mod:bad/ is.
    CHECK_THAT(text, Catch::Contains("1 mod: 5 errors") && Catch::Contains("mod bad on battlecon (mod:bad/ is "));
    // Loading refuses the mod at its first problem, as before.
    CHECK_THROWS_AS(load_mod(bad.string()), ScenarioError);
    std::vector<std::string> errors;
    CHECK(load_mod_checking(bad.string(), errors).name == "bad");
    CHECK(errors.size() == 3);   // the manifest's own: the unknown field, the version, the limits
    // Without a name nothing can be checked: that one still stops it.
    write(bad / "mod.json", R"({"game": "battlecon", "version": "1"})");
    CHECK_THROWS_WITH(load_mod_checking(bad.string(), errors), Catch::Contains("name: required field is missing"));
}

TEST_CASE("#18.1 a patched value the game's card check refuses fails the load, naming the mod's patch", "[mods][cli]") {
    const TempDir dir("mods_patch_check");
    std::string text;
    const fs::path neg = dir.root() / "neg";
    write(neg / "mod.json", R"({"name": "neg", "game": "battlecon", "version": "1",
        "patch": {"battlecon/fighter/ashen": {"props": {"health": -3}}}})");
    const std::string said = "mod:neg/mod.json: patch.battlecon/fighter/ashen: battlecon/fighter/ashen (patched; "
                             "cards/battlecon/fighters/ashen.lua): props.health: a fighter's starting health is a whole "
                             "number of at least 1, not -3";
    CHECK(cli("check " + neg.string(), text) == 3);
    CHECK_THAT(text, Catch::Contains(said));
    // run refuses the mod before any match (it failed inside setup, as the card's own error).
    CHECK(cli("run " + kRoot + "/examples/battlecon/bench.json --quiet --mod " + neg.string(), text) == 3);
    CHECK_THAT(text, Catch::Contains(said) && !Catch::Contains("stack traceback"));
}
