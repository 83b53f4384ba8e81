// The command line (issue: foundation, "CLI"): exit statuses and messages.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>

#include "../support/read_text.h"
#include "../support/temp_dir.h"

using duelbox::test::read_text;
using duelbox::test::TempDir;

namespace {

struct Output {
    int status = -1;
    std::string text;   // stdout and stderr together
};

Output cli(const std::string& args) {
    const TempDir dir("cli_test");
    const std::string out = dir.file("output.txt");
    const std::string cmd = std::string(DUELBOX_CLI_PATH) + " " + args + " > " + out + " 2>&1 < /dev/null";
    const int raw = std::system(cmd.c_str());
    Output o;
    o.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    o.text = read_text(out);
    return o;
}

const std::string kScenarios = DUELBOX_TEST_SUPPORT "/scenarios/";

}  // namespace

TEST_CASE("duelbox --help documents the commands and exit statuses", "[robustness][cli]") {
    const Output o = cli("--help");
    CHECK(o.status == 0);
    CHECK(o.text.find("duelbox run <scenario.json>") != std::string::npos);
    CHECK(o.text.find("Exit status:") != std::string::npos);
    CHECK(cli("").status == 2);
    CHECK(cli("frobnicate").status == 2);
    CHECK(cli("run").status == 2);
    CHECK(cli("run x.json --seed many").status == 2);
}

TEST_CASE("a scenario whose card loops forever exits non-zero naming the card and file:line", "[robustness][cli]") {
    const Output o = cli("run " + kScenarios + "endless_loop.json");
    CHECK(o.status == 1);
    CHECK(o.text.find("cards/probe/loop.lua:7: instruction budget of 50000000 exceeded (an endless loop?) "
                      "[card probe/loop, window go]") != std::string::npos);
}

TEST_CASE("a scenario expecting an error passes when the error happens", "[robustness][cli]") {
    const Output o = cli("run " + kScenarios + "endless_loop_expected.json");
    CHECK(o.status == 0);
    CHECK(o.text.find("Every expectation held.") != std::string::npos);
}

TEST_CASE("a malformed scenario exits 3 with the field path", "[robustness][cli]") {
    const Output o = cli("run " + kScenarios + "bad_agent.json");
    CHECK(o.status == 3);
    CHECK(o.text.find("bad_agent.json: players[1].agent: expected one of") != std::string::npos);
    const Output missing = cli("run " + kScenarios + "no_such_file.json");
    CHECK(missing.status == 3);
}

TEST_CASE("an unknown rule option or setup field names its path", "[robustness][cli]") {
    const Output o = cli("run " + kScenarios + "unknown_option.json");
    CHECK(o.status == 3);   // bad input, as check says (it was 1, a failed match, before 2026-11-30)
    CHECK(o.text.find("options.roundz: unknown rule option of game duel (options: rounds, line, resume_fault)") != std::string::npos);
}

TEST_CASE("a demo run finishes, meets its expectations and prints narration", "[robustness][cli]") {
    const Output o = cli("run " + kScenarios + "duel_expectations.json");
    INFO(o.text);
    CHECK(o.status == 0);
    CHECK(o.text.find("Round 1") != std::string::npos);
    CHECK(o.text.find("Every expectation held.") != std::string::npos);
}

TEST_CASE("an unmet expectation exits 1 and says which", "[robustness][cli]") {
    const Output o = cli("run " + kScenarios + "duel_wrong_expectation.json --quiet");
    CHECK(o.status == 1);
    CHECK(o.text.find("expectation not met: expect.winners: expected player 2, got player 1") != std::string::npos);
}

TEST_CASE("the log seen as a player hides the other player's secret choices", "[robustness][cli][hidden]") {
    const Output observer = cli("run " + kScenarios + "duel_demo.json --json");
    const Output p1 = cli("run " + kScenarios + "duel_demo.json --json --as 1");
    REQUIRE(observer.status == 0);
    REQUIRE(p1.status == 0);
    // Player 2's "play" answers appear only to the observer, until the reveal.
    std::istringstream lines(p1.text);
    std::string line;
    int hidden = 0, shown = 0;
    while (std::getline(lines, line)) {
        if (line.find("\"type\":\"decision\"") == std::string::npos || line.find("\"id\":\"play\"") == std::string::npos) continue;
        const bool mine = line.find("\"player\":1") != std::string::npos;
        const bool has_answer = line.find("\"answer\"") != std::string::npos;
        if (mine) shown += has_answer;
        else hidden += !has_answer;
        CHECK(mine == has_answer);
    }
    CHECK(hidden > 3);
    CHECK(shown > 3);
}

TEST_CASE("check reports every broken script with file:line and exits 3", "[robustness][cli]") {
    const Output bad = cli(std::string("check ") + DUELBOX_TEST_SUPPORT "/broken_game/scripts " DUELBOX_TEST_SUPPORT "/broken_game/cards");
    CHECK(bad.status == 3);
    CHECK(bad.text.find("bad_syntax.lua:4:") != std::string::npos);
    CHECK(bad.text.find("function 'on_hti' is not a window") != std::string::npos);
    const Output good = cli(std::string("check ") + DUELBOX_TEST_SUPPORT "/scripts " DUELBOX_TEST_SUPPORT "/cards");
    INFO(good.text);
    CHECK(good.status == 0);
}

TEST_CASE("check fails a scenario whose match fails or misses an expectation, as run does", "[robustness][cli]") {
    const std::string dir = DUELBOX_TEST_SUPPORT "/scenarios/";
    const Output wrong = cli("check " + dir + "duel_wrong_expectation.json");
    INFO(wrong.text);
    CHECK(wrong.status == 3);
    CHECK(wrong.text.find("duel_wrong_expectation.json: expectation not met: expect.winners: expected player 2, got player 1") !=
          std::string::npos);
    const Output loop = cli("check " + dir + "endless_loop.json");
    CHECK(loop.status == 3);
    CHECK(loop.text.find("endless_loop.json: the match fails: cards/probe/loop.lua:7: instruction budget") != std::string::npos);
    // The same failure, asked for by expect.error, passes; so do met expectations.
    CHECK(cli("check " + dir + "endless_loop_expected.json").status == 0);
    CHECK(cli("check " + dir + "duel_expectations.json").status == 0);
}

TEST_CASE("check names an expect.absent or stop.at_event type no event can have (a misspelt type holds vacuously)",
          "[robustness][cli]") {
    const TempDir dir("check_unknown_types");
    nlohmann::json s = nlohmann::json::parse(read_text(DUELBOX_SOURCE_ROOT "/examples/battlecon/bench.json"));
    s["root"] = DUELBOX_SOURCE_ROOT;
    s["expect"] = {{"absent", {"bc.hitt", "bc.clash_runout", "zone.shuffle"}}};   // a typo; a game's type; a kernel type
    s["stop"] = {{"at_event", "bc.attak"}};
    dir.write("s.json", s.dump());
    const Output o = cli("check " + dir.file("s.json"));
    INFO(o.text);
    CHECK(o.status == 3);
    CHECK(o.text.find("expect.absent[0]: no event has type 'bc.hitt'") != std::string::npos);
    CHECK(o.text.find("stop.at_event: no event has type 'bc.attak'") != std::string::npos);
    CHECK(o.text.find("expect.absent[1]") == std::string::npos);   // named in reveal.lua, never logged here
    CHECK(o.text.find("expect.absent[2]") == std::string::npos);
}

TEST_CASE("duelbox check scripts cards passes on the repository", "[robustness][cli]") {
    const Output o = cli(std::string("check ") + DUELBOX_SOURCE_ROOT "/scripts " + DUELBOX_SOURCE_ROOT "/cards");
    INFO(o.text);
    CHECK(o.status == 0);
}

TEST_CASE("the README's scenario example runs and meets its expectations", "[robustness][cli]") {
    const Output o = cli("run " + kScenarios + "readme_example.json --quiet");
    INFO(o.text);
    CHECK(o.status == 0);
}

TEST_CASE("a human at the terminal is asked again after a bad answer", "[robustness][cli][human]") {
    const TempDir dir("cli_human");
    const std::string out = dir.file("output.txt");
    const std::string cmd = "printf 'maybe\\n7\\ny\\n' | " + std::string(DUELBOX_CLI_PATH) + " run " + kScenarios +
                            "human_asker.json > " + out + " 2>&1";
    const int raw = std::system(cmd.c_str());
    const std::string text = read_text(out);
    INFO(text);
    CHECK(WEXITSTATUS(raw) == 0);
    CHECK(text.find("answer y or n") != std::string::npos);
    CHECK(text.find("You said true") != std::string::npos);        // the card's own line after the answer
    CHECK(text.find("You answers yes") == std::string::npos);      // the decision itself is bookkeeping (#19.1)
    CHECK(text.find("Every expectation held.") != std::string::npos);
}

TEST_CASE("a human whose input ends fails the match with the question it left", "[robustness][cli][human]") {
    const Output o = cli("run " + kScenarios + "human_asker.json");   // stdin is /dev/null
    CHECK(o.status == 1);
    CHECK(o.text.find("player 1: input ended while You was asked 'asker.gain'") != std::string::npos);
}

TEST_CASE("run --rules prints each rule step as a heading over its events", "[robustness][cli]") {
    // The duel fixture names its rule steps (§1 setup, §2 choose, ...): each heading appears
    // where the rule changes, never twice in a row, and the events stay under it.
    const Output o = cli("run " + kScenarios + "duel_demo.json --rules");
    INFO(o.text);
    CHECK(o.status == 0);
    std::istringstream lines(o.text);
    std::string line, last_heading;
    int headings = 0, events_under = 0;
    bool previous_was_heading = false;
    while (std::getline(lines, line)) {
        if (line.rfind("-- ", 0) == 0) {
            CHECK(line != last_heading);   // printed only where the rule changes
            CHECK_FALSE(previous_was_heading);   // a heading always has events under it
            CHECK(line.find("§") != std::string::npos);
            last_heading = line;
            previous_was_heading = true;
            ++headings;
        } else if (line.rfind("[", 0) == 0) {
            if (headings > 0) ++events_under;
            previous_was_heading = false;
        }
    }
    CHECK(headings > 3);
    CHECK(events_under > headings);
    // Without the option, no heading.
    CHECK(cli("run " + kScenarios + "duel_demo.json").text.find("\n-- ") == std::string::npos);
}

// Issue #16.16: `check` reports what `run` refuses, once, with the same root.
TEST_CASE("#16.16 check reports unknown options and setup fields as run does", "[robustness][cli][16]") {
    const TempDir dir("hole_16_16_check");
    std::ofstream(dir.file("s.json")) << R"({"game": "probe", "root": ")" DUELBOX_TEST_SUPPORT R"(",
      "players": [{}], "options": {"nope": 1}})";
    const Output run = cli("run " + dir.file("s.json") + " --quiet");
    const Output check = cli("check " + dir.file("s.json"));
    CHECK(run.status == 3);
    CHECK(check.status == 3);
    const std::string says = "options.nope: unknown rule option of game probe (options: none)";
    CHECK(run.text.find(says) != std::string::npos);
    CHECK(check.text.find(dir.file("s.json") + ": " + says) != std::string::npos);
}

TEST_CASE("#16.16 check reports a card's syntax error once", "[robustness][cli][16]") {
    const Output o = cli("check " DUELBOX_TEST_SUPPORT "/broken_game/cards " DUELBOX_TEST_SUPPORT "/broken_game/scripts");
    CHECK(o.status == 3);
    const std::string error = "bad_syntax.lua:4: unexpected symbol near 'then'";
    const auto first = o.text.find(error);
    REQUIRE(first != std::string::npos);
    CHECK(o.text.find(error, first + 1) == std::string::npos);
}

TEST_CASE("#16.16 a scenario without root uses the same root in check and run", "[robustness][cli][16]") {
    const TempDir dir("hole_16_16_root");
    std::ofstream(dir.file("s.json")) << R"({"game": "battlecon", "seed": 3, "players": [{"agent": "first"}, {"agent": "first"}]})";
    const Output run = cli("run " + dir.file("s.json") + " --quiet");
    const Output check = cli("check " + dir.file("s.json"));
    INFO(run.text << check.text);
    CHECK(run.status == 0);
    CHECK(check.status == 0);
}

TEST_CASE("#16.16 duplicate JSON keys are refused with their path", "[robustness][cli][16]") {
    const TempDir dir("hole_16_16_dup");
    std::ofstream(dir.file("s.json")) << R"({"game": "probe", "players": [{"name": "a", "name": "b"}]})";
    const Output o = cli("check " + dir.file("s.json"));
    CHECK(o.status == 3);
    CHECK(o.text.find(dir.file("s.json") + ": players[0].name: duplicate key (each field may appear once in an object)") !=
          std::string::npos);
}

TEST_CASE("#16.16 a control character in a key is escaped in the message", "[robustness][cli][16]") {
    const TempDir dir("hole_16_16_nul");
    std::ofstream(dir.file("s.json")) << R"({"game": "probe", "root": ")" DUELBOX_TEST_SUPPORT R"(", "players": [{}],
      "setup": {"a\u0000b": 1}})";
    for (const std::string command : {"check ", "run "}) {
        const Output o = cli(command + dir.file("s.json"));
        CHECK(o.text.find(R"(setup["a\u0000b"]: unknown setup field of game probe)") != std::string::npos);
        CHECK(o.text.find(std::string("a\0b", 3)) == std::string::npos);
    }
}

// Issue #16.8: what a handler writes into a table a file-level local holds used to stay on
// the host. The host now puts such tables back before each match (file_locals.h); `check`
// still plays each scenario on a fresh and on a reused host, and the two agree.
TEST_CASE("#16.8 check finds no difference between a fresh and a reused host for file-level tables", "[robustness][cli][16]") {
    const TempDir dir("hole_16_8_check");
    const auto scenario = [&](const char* card) {
        std::ofstream(dir.file(std::string(card) + ".json")) << R"({"game": "probe", "root": ")" DUELBOX_TEST_SUPPORT
                                                             << R"(", "players": [{"agent": "first"}], "setup": {"cards": ["probe/)"
                                                             << card << R"("]}})";
        return dir.file(std::string(card) + ".json");
    };
    for (const char* card : {"table_counter", "table_deep", "file_local_counter"}) {
        const Output o = cli("check " + scenario(card));
        INFO(card << ": " << o.text);
        CHECK(o.status == 0);
        CHECK(o.text.find("logs differently") == std::string::npos);
    }
}

namespace {

// `duelbox check` of a folder holding one game whose game.lua is `game_lua`: exits 3 and says
// `says`.
void expect_check_refuses(const std::string& name, const std::string& game_lua, const std::string& says) {
    const TempDir dir("check_" + name);
    std::filesystem::create_directories(dir.file("scripts/" + name));
    std::ofstream(dir.file("scripts/" + name + "/game.lua")) << game_lua;
    const Output o = cli("check " + dir.file("scripts"));
    INFO(o.text);
    CHECK(o.status == 3);
    CHECK(o.text.find("scripts/" + name + "/game.lua: " + says) != std::string::npos);
}

}  // namespace

// docs/ai.md, "How a game helps: search": a malformed declaration is reported by check, as the
// agent would refuse it at its first search.
TEST_CASE("check reports a malformed game.search with the field named", "[robustness][cli]") {
    expect_check_refuses("badsearch",
                         "return { name = 'Bad search', windows = {}, search = { copies = 0 },\n"
                         "  play = function(ctx) match.finish(nil, 'nothing') end }\n",
                         "game.search.copies: expected an integer from 1 to 100000, got 0");
}

TEST_CASE("check reports a game.resume that is not a function", "[robustness][cli]") {
    expect_check_refuses("badresume",
                         "return { name = 'Bad resume', windows = {}, resume = { turn = 1 },\n"
                         "  play = function(ctx) match.finish(nil, 'nothing') end }\n",
                         "field 'resume' must be a function (resume(ctx, data) goes on from a match.checkpoint; "
                         "docs/ai.md), got a table");
}

TEST_CASE("a stopped run counts only the events its viewer sees", "[robustness][cli][hidden]") {
    // A red team (2026-11-30): "Stopped after N events" counted every event, so `--as 1` told
    // player 1 how many they were not shown (a card shown to player 2 alone).
    const TempDir dir("cli_stop_count");
    const std::string file = dir.file("s.json");
    std::ofstream(file) << R"({"game": "snippet", "root": ")" << DUELBOX_TEST_SUPPORT << R"(", "seed": 1,
        "players": [{"name": "A", "agent": "first"}, {"name": "B", "agent": "first"}],
        "setup": {"code": "local z = zone.create('deck', 2, 'hidden') local c = entity.create{kind = 'card', name = 'c', owner = 2, zone = z} zone.reveal(c, 2) decide{player = 1, id = 'q', prompt = 'go?', options = {'yes', 'no'}, single = true}"},
        "stop": {"after_decisions": 0}})";
    const Output all = cli("run " + file + " --json");
    const Output one = cli("run " + file + " --as 1 --json");
    const auto lines = [](const std::string& text) {
        std::size_t n = 0;
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);) n += !line.empty() && line[0] == '{' ? 1 : 0;
        return n;
    };
    INFO(all.text << "\n---\n" << one.text);
    REQUIRE(lines(all.text) > lines(one.text));   // the reveal to player 2 is not player 1's
    CHECK(all.text.find("Stopped after " + std::to_string(lines(all.text)) + " events") != std::string::npos);
    CHECK(one.text.find("Stopped after " + std::to_string(lines(one.text)) + " events") != std::string::npos);
}
