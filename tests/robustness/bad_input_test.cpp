// bad_input_test.cpp - bad input from the command line, files, mods, replays and people: each
// gets an error that names what is wrong, and nothing crashes, hangs or is lost. Each case is one
// a bad-input audit found (session of 2026-11-29) and fails on the code before its fix.
#include <catch2/catch.hpp>

#include <filesystem>

#include <sys/stat.h>

#include <string>

#include "../support/cli_run.h"
#include "../support/read_text.h"
#include "../support/temp_dir.h"

using duelbox::test::cli;
using duelbox::test::read_text;
using duelbox::test::TempDir;

namespace {

const std::string kRoot = DUELBOX_SOURCE_ROOT;
const std::string kScenarios = std::string(DUELBOX_TEST_SUPPORT) + "/scenarios/";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// `duelbox <args>` exits with `status` and says `says` (on either stream).
void expect_cli(const std::string& args, int status, const std::string& says) {
    std::string out;
    const int got = cli(args, out);
    INFO("duelbox " << args << "\n" << out);
    CHECK(got == status);
    CHECK(contains(out, says));
}

// A two-seat scenario of `game` with `players` (JSON) and extra top-level fields.
std::string scenario(const std::string& game, const std::string& players, const std::string& extra = "") {
    return R"({"game": ")" + game + R"(", "root": ")" + kRoot + R"(", "seed": 3, "players": )" + players +
           (extra.empty() ? "" : ", " + extra) + "}";
}

const std::string kDuel = R"([{"name": "Ada", "agent": "first", "setup": {"fighter": "ashen"}},
                              {"name": "Brook", "agent": "first", "setup": {"fighter": "frostwarden"}}])";

}  // namespace

TEST_CASE("lab refuses an agent that waits for a person or a script instead of crashing", "[robustness][bad_input]") {
    for (const char* agents : {"random,human", "scripted,random"}) {
        expect_cli("lab battlecon --agents " + std::string(agents) + " --matches 1 --workers 1", 2, "cannot play a lab match");
    }
}

TEST_CASE("bench and lab refuse a --seed whose matches would wrap past 2^64 - 1", "[robustness][bad_input]") {
    // Match i plays seed S+i: bench --seed 18446744073709551615 played seeds 0 and 1 without a word.
    expect_cli("bench battlecon --matches 2 --workers 1 --seed 18446744073709551615", 2,
               "--seed needs a whole number from 0 to 9223372036854775807");
    expect_cli("lab battlecon --fighters ashen,kestrel --matches 1 --seed 18446744073709551615", 2,
               "--seed needs a whole number from 0 to 9223372036854775807");
}

TEST_CASE("bench refuses options its kind of run ignores, instead of dropping them", "[robustness][bad_input]") {
    // --profile --results FILE exited 0 and never wrote FILE; --top without --profile did nothing.
    const TempDir dir("bad_input_bench_flags");
    expect_cli("bench battlecon --matches 2 --workers 1 --profile --results " + dir.file("r.jsonl"), 2,
               "--results is written by the plain bench, not with --profile");
    CHECK_FALSE(std::filesystem::exists(dir.file("r.jsonl")));
    expect_cli("bench battlecon --matches 2 --workers 1 --top 5", 2, "--top sets how many lines --profile shows");
}

TEST_CASE("an empty --fighters or --root is refused, not read as 'all' or 'here'", "[robustness][bad_input]") {
    expect_cli("lab battlecon --fighters '' --matches 1", 2, "--fighters needs a comma-separated list");
    // An empty name between commas was dropped without a word.
    expect_cli("lab battlecon --fighters ashen,,kestrel --matches 1", 2, "--fighters: an empty name in 'ashen,,kestrel'");
    expect_cli("lab battlecon --fighters ashen,kestrel, --matches 1", 2, "--fighters: an empty name");
    expect_cli("run " + kScenarios + "duel_demo.json --root ''", 2, "--root needs a folder");
    expect_cli("hint " + kScenarios + "duel_demo.json --root ''", 2, "--root needs a folder");
}

TEST_CASE("two players of one name are refused: the log could not tell them apart", "[robustness][bad_input]") {
    const TempDir dir("bad_input_names_twice");
    dir.write("s.json", scenario("battlecon", R"([{"name": "Ada", "setup": {"fighter": "ashen"}},
        {"name": "Ada", "setup": {"fighter": "kestrel"}}])"));
    expect_cli("run " + dir.file("s.json"), 3, "players[1].name: \"Ada\" is the name of players[0] too");
}

TEST_CASE("hint fails, naming it, when the game's game.search is malformed (it searched nothing and said 0 copies)",
          "[robustness][bad_input][search]") {
    const TempDir dir("bad_input_hint_search");
    dir.write("scripts/asks/game.lua", "return { name = 'Asks', windows = {}, search = 5,\n"
                                       "  play = function(ctx) decide{player = 1, id = 'pick', options = {'a', 'b'}}\n"
                                       "    match.finish(nil, 'done') end }\n");
    dir.write("s.json", R"({"game": "asks", "root": ")" + dir.root().string() + R"(", "players": [{"name": "A"}]})");
    expect_cli("hint " + dir.file("s.json"), 1, "duelbox hint: player 1: game.search: expected a table");
}

TEST_CASE("a game that is not there is named with the root it was looked for in", "[robustness][bad_input]") {
    const TempDir dir("bad_input_no_game");
    dir.write("s.json", R"({"game": "nosuchgame", "root": ")" + dir.root().string() + R"(", "players": [{"name": "A"}]})");
    expect_cli("run " + dir.file("s.json"), 3,
               "scripts/nosuchgame/game.lua: cannot read (No such file or directory) (looked in the root " +
                   dir.root().string() + " for game 'nosuchgame')");
}

TEST_CASE("a pipe or a device given as a scenario, replay or bench file is refused at once", "[robustness][bad_input]") {
    const TempDir dir("bad_input_fifo");
    const std::string fifo = dir.file("fifo.json");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    expect_cli("run " + fifo, 3, "fifo.json: cannot read (not a regular file: a device, a pipe or a socket)");   // blocked for ever
    expect_cli("replay /dev/zero", 3, "/dev/zero: cannot read (not a regular file");   // filled the memory
    expect_cli("bench /dev/zero --matches 1", 3, "/dev/zero: cannot read (not a regular file");
    expect_cli("check " + fifo, 3, "not a regular file");
}

TEST_CASE("run --record keeps what was played when the person leaves, and an unwritable file is named before play",
          "[robustness][bad_input][human]") {
    const TempDir dir("bad_input_record");
    dir.write("quit.txt", "q\n");
    const std::string record = dir.file("left.json");
    std::string out;
    CHECK(cli("run " + kScenarios + "human_asker.json --record " + record, out, dir.file("quit.txt")) == 0);
    INFO(out);
    CHECK(contains(out, "(the match was not finished)"));
    CHECK(contains(read_text(record), "\"duelbox_replay\""));   // written although the match did not end
    CHECK(cli("run " + kScenarios + "human_asker.json --record " + dir.file("no/such/folder/r.json"), out) == 2);
    CHECK(contains(out, "cannot write"));
    CHECK(!contains(out, "asker.gain"));   // refused before the question was asked
    expect_cli("bench battlecon --matches 1 --results " + dir.file("no/such/folder/r.jsonl"), 2, "--results: cannot write");
}

TEST_CASE("a scripted yes does not answer a choice question", "[robustness][bad_input]") {
    const TempDir dir("bad_input_yes");
    dir.write("s.json", scenario("battlecon", R"([{"name": "Ada", "agent": "scripted", "setup": {"fighter": "ashen"}},
        {"name": "Brook", "agent": "first", "setup": {"fighter": "frostwarden"}}])",
                                 R"("decisions": [{"player": 1, "yes": true}])"));
    std::string out;
    CHECK(cli("run " + dir.file("s.json"), out) == 1);
    CHECK(contains(out, "decisions[0].yes: player 1 was asked"));
    CHECK(contains(out, "a choose question, not yes or no"));
}

TEST_CASE("a game played by the wrong number of seats says so, and an unknown fighter names its field",
          "[robustness][bad_input]") {
    const TempDir dir("bad_input_seats");
    dir.write("tt3.json", scenario("tagteam", R"([{"name": "A"}, {"name": "B"}, {"name": "C"}])"));
    dir.write("bc1.json", scenario("battlecon", R"([{"name": "A", "setup": {"fighter": "ashen"}}])"));
    dir.write("bc_nobody.json", scenario("battlecon", R"([{"name": "A", "setup": {"fighter": "ashen"}},
        {"name": "B", "setup": {"fighter": "nobody"}}])"));
    // A game names the scenario field at fault, so the run is bad input (exit 3), not a failed match.
    expect_cli("run " + dir.file("tt3.json"), 3, "players: Tag Team is played by 2 seats; got 3");
    expect_cli("run " + dir.file("bc1.json"), 3, "players: BattleCON is played by 2 seats (a duel) or 3 to 4 (team play, §9); got 1");
    expect_cli("run " + dir.file("bc_nobody.json"), 3, "players[1].setup.fighter: no fighter 'nobody'");
    dir.write("bc_one_team.json", scenario("battlecon", R"([{"name": "A", "team": 1, "setup": {"fighter": "ashen"}},
        {"name": "B", "team": 1, "setup": {"fighter": "kestrel"}}, {"name": "C", "team": 1, "setup": {"fighter": "bastion"}}])"));
    dir.write("bc_pos9.json", scenario("battlecon", R"([{"name": "A", "setup": {"fighter": "ashen", "position": 9}},
        {"name": "B", "setup": {"fighter": "kestrel"}}])"));
    expect_cli("run " + dir.file("bc_pos9.json"), 3, "players[0].setup.position: 9 is not on the board (spaces 1..7)");
    expect_cli("run " + dir.file("bc_one_team.json"), 3,
               "players: BattleCON is played by two sides (a duel, or two teams, §9); these seats are on 1 team");
    std::string out;
    CHECK(cli("run " + dir.file("bc_nobody.json"), out) == 3);
    CHECK(!contains(out, "stack traceback"));   // the script's stack says nothing about the scenario
}

TEST_CASE("a mod's patch may not add a field no card has, remove one, or give a fighter no health",
          "[robustness][bad_input][mods]") {
    const TempDir dir("bad_input_mods");
    const auto mod = [&](const std::string& name, const std::string& patch) {
        dir.write(name + "/mod.json", R"({"name": ")" + name + R"(", "game": "battlecon", "version": "1.0.0", "patch": )" + patch + "}");
        dir.write(name + "/match.json", scenario("battlecon", kDuel, R"("mods": [")" + dir.file(name) + R"("])"));
    };
    mod("typo", R"({"battlecon/fighter/*": {"props": {"helth": 25}}})");
    mod("nulled", R"({"battlecon/fighter/*": {"props": {"health": null}}})");
    mod("known", R"({"battlecon/dash": {"props": {"health": 3}}})");   // a field fighters have: allowed on a base
    mod("negative", R"({"battlecon/fighter/ashen": {"props": {"health": -5}}})");
    std::string out;
    expect_cli("run " + dir.file("typo/match.json"), 3,
               "patch.battlecon/fighter/*: battlecon/fighter/ashen props.helth: no card of the game has this field");
    expect_cli("run " + dir.file("nulled/match.json"), 3, "props.health: a patch cannot remove a field (null)");
    CHECK(cli("run " + dir.file("known/match.json"), out) == 0);
    const std::string not_health = "props.health: a fighter's starting health is a whole number of at least 1, not -5";
    // Refused when the game loads with the mod, naming the patch (a failed match, exit 1, before 2026-11-30).
    expect_cli("run " + dir.file("negative/match.json"), 3,
               "mod:negative/mod.json: patch.battlecon/fighter/ashen: battlecon/fighter/ashen (patched; "
               "cards/battlecon/fighters/ashen.lua): " + not_health);
    expect_cli("check " + dir.file("negative"), 3, not_health);
}

TEST_CASE("a mod's limits that allow no value, or mix kinds, are refused with the field", "[robustness][bad_input][mods]") {
    const TempDir dir("bad_input_limits");
    dir.write("lim/mod.json", R"({"name": "lim", "game": "battlecon", "version": "1.0.0",
        "limits": {"options": {"spaces": {"min": 9, "max": 1}}}})");
    dir.write("vals/mod.json", R"({"name": "vals", "game": "battlecon", "version": "1.0.0",
        "limits": {"options": {"spaces": {"min": 5, "values": ["a"]}}}})");
    expect_cli("check " + dir.file("lim"), 3, "limits.options.spaces.min: is above max (9 > 1)");
    expect_cli("check " + dir.file("vals"), 3, "limits.options.spaces.values: lists \"a\" beside min/max: a range is of numbers");
}

TEST_CASE("an expected counter nobody has is an unmet expectation, not a silent 0", "[robustness][bad_input]") {
    const TempDir dir("bad_input_expect");
    dir.write("s.json", scenario("battlecon", kDuel, R"("expect": {"counters": [{"player": 1, "counter": "helth", "value": 0}]})"));
    expect_cli("run " + dir.file("s.json") + " --quiet", 1, "expect.counters[0]: player 1 has no counter \"helth\" (it has: ");
}

namespace {
// Plays the first-agent duel into `dir`/r.json and returns the recording's text.
std::string record_duel(const TempDir& dir) {
    dir.write("s.json", scenario("battlecon", kDuel));
    std::string out;
    REQUIRE(cli("run " + dir.file("s.json") + " --quiet --record " + dir.file("r.json"), out) == 0);
    return read_text(dir.file("r.json"));
}
}  // namespace

TEST_CASE("a replay whose result was edited diverges at its result", "[robustness][bad_input]") {
    const TempDir dir("bad_input_replay");
    std::string text = record_duel(dir);
    std::string out;
    const auto at = text.find("\"winners\"");
    REQUIRE(at != std::string::npos);
    text.replace(at, 9, "\"losers\"");   // {"winners": [..]} -> {"losers": [..]}
    dir.write("edited.json", text);
    CHECK(cli("replay " + dir.file("r.json") + " --quiet", out) == 0);
    expect_cli("replay " + dir.file("edited.json") + " --quiet", 1, "replay diverged at its result");
}

TEST_CASE("replay --as a player does not print the recorded event where it diverges", "[robustness][bad_input]") {
    // The recording holds the observer's events: its divergence report printed them whole under
    // --as 1 (the opponent's face-down card, a secret answer).
    const TempDir dir("bad_input_replay_view");
    std::string text = record_duel(dir);
    std::string out;
    // The recording keeps each event as a JSON text inside a string: its quotes are escaped.
    const std::string def = R"(\"def\":\"battlecon/)";
    const auto at = text.find(def);
    REQUIRE(at != std::string::npos);
    text.insert(at + def.size() - 10, "zz_secret_");   // "def":"zz_secret_battlecon/...": the recording differs there
    dir.write("edited.json", text);
    expect_cli("replay " + dir.file("edited.json") + " --quiet", 1, "zz_secret_");   // the observer reads it
    REQUIRE(cli("replay " + dir.file("edited.json") + " --quiet --as 1", out) == 1);
    INFO(out);
    CHECK(contains(out, "replay diverged at event"));
    CHECK(contains(out, "(shown to the observer only: replay without --as to read it)"));
    CHECK_FALSE(contains(out, "zz_secret_"));
}

TEST_CASE("replay and a mod's load errors show an edited file's control bytes written out, one line each",
          "[robustness][bad_input]") {
    // A recording's event line or a script path, and a mod's module name, were printed raw: an
    // escape sequence reached the terminal and a newline forged "Replay matches the recording".
    const TempDir dir("bad_input_control_bytes");
    std::string text = record_duel(dir);
    const auto at = text.find("\"events\": [\n");
    REQUIRE(at != std::string::npos);
    text.insert(at + 12, R"("\u001b[31mX\nReplay matches the recording (1 events).",)");
    dir.write("edited.json", text);
    std::string out;
    REQUIRE(cli("replay " + dir.file("edited.json") + " --quiet", out) == 1);
    INFO(out);
    CHECK(contains(out, "recorded: \\x1b[31mX\\x0aReplay matches the recording (1 events)."));
    CHECK_FALSE(contains(out, "\x1b"));
    CHECK_FALSE(contains(out, "\nReplay matches"));
    dir.write("m/mod.json", R"({"name": "m", "game": "battlecon", "version": "1",
      "overrides": {"modules": ["battlecon.x\u001b[2J\nResult: forged"]}})");
    for (const std::string& command : {"check " + dir.file("m"), "run " + dir.file("s.json") + " --mod " + dir.file("m")}) {
        std::string said;
        cli(command, said);
        INFO(said);
        CHECK(contains(said, "battlecon.x\\x1b[2J\\x0aResult: forged"));
        CHECK_FALSE(contains(said, "\nResult: forged"));
    }
}

TEST_CASE("lab refuses an --out it cannot write before it plays, and a merge over its own input", "[robustness][bad_input]") {
    const TempDir dir("bad_input_lab_out");
    dir.write("afile", "not a folder");
    // Checked first: the matches were played, then every count lost at "cannot write".
    expect_cli("lab battlecon --fighters ashen,kestrel --matches 1 --workers 1 --out " + dir.file("afile"), 2,
               "duelbox lab: cannot write into " + dir.file("afile"));
    std::string out;
    REQUIRE(cli("lab battlecon --fighters ashen,kestrel --matches 1 --workers 1 --out " + dir.file("s0"), out) == 0);
    const std::string before = read_text(dir.file("s0/results.json"));
    expect_cli("lab merge " + dir.file("s0/results.json") + " --out " + dir.file("s0"), 2, "would write over the input");
    CHECK(read_text(dir.file("s0/results.json")) == before);
}

TEST_CASE("a card whose kind or name is not text is refused at load", "[robustness][bad_input]") {
    const TempDir dir("bad_input_card");
    dir.write("m/mod.json", R"({"name": "m", "game": "battlecon", "version": "1.0.0"})");
    dir.write("m/cards/battlecon/odd.lua", R"(return { key = "battlecon/odd", name = "Odd", kind = 42 })");
    expect_cli("check " + dir.file("m"), 3, "card battlecon/odd: field 'kind' must be a string (got number)");
    // Every stray function of a card is named at once, not one per run.
    dir.write("m/cards/battlecon/odd.lua", R"(return { key = "battlecon/odd", name = "Odd", kind = "base",
        helper = function() end, on_hitt = function() end })");
    expect_cli("check " + dir.file("m"), 3, "card battlecon/odd: functions 'helper', 'on_hitt' are not windows of game battlecon");
}

TEST_CASE("a flag given twice is refused, --mod excepted", "[robustness][bad_input]") {
    expect_cli("bench tagteam --matches 2 --matches 50000", 2, "duelbox bench: --matches is given twice");
    expect_cli("run examples/battlecon/bench.json --quiet --json --quiet", 2, "duelbox run: --quiet is given twice");
    std::string out;
    CHECK(cli("run " DUELBOX_SOURCE_ROOT "/examples/battlecon/bench.json --quiet --mod " DUELBOX_SOURCE_ROOT
              "/examples/mods/battlecon_25_health --mod " DUELBOX_SOURCE_ROOT "/examples/mods/battlecon_duelist",
              out) == 0);
}

TEST_CASE("check prints a file name's control bytes escaped", "[robustness][bad_input]") {
    const TempDir dir("bad_input_names");
    dir.write("esc\x1b[31mred.lua", "return {");   // a syntax error, so the name is printed
    std::string out;
    CHECK(cli("check " + dir.root().string(), out) == 3);
    CHECK(contains(out, "esc\\x1b[31mred.lua"));
    CHECK(!contains(out, "\x1b"));
}
