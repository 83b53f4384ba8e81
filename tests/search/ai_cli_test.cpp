// ai_cli_test.cpp - the AI on the command line: `duelbox hint` (a pending decision searched
// from each asker's view), `duelbox lab --agents A,B` (one agent against another over every
// seat, with intervals and times) and `duelbox bench --forks`; bad agent names are refused
// with the reason.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "../support/cli_run.h"
#include "../support/read_text.h"
#include "../support/temp_dir.h"

using namespace duelbox::test;

namespace {

using duelbox::test::cli;   // (support/cli_run.h)

const std::string kBattlecon = std::string(DUELBOX_SOURCE_ROOT) + "/examples/battlecon/bench.json";

}  // namespace

TEST_CASE("duelbox hint searches a simultaneous choice for both players and shows each one's mixed strategy", "[search]") {
    std::string out;
    REQUIRE(cli("hint " + kBattlecon + " --at 330 --agent mcts:24", out) == 0);
    INFO(out);
    CHECK(out.find("player 1 (Ada), searched by mcts:24 from what player 1 can know: 24 copies") != std::string::npos);
    CHECK(out.find("player 2 (Brook), searched by mcts:24 from what player 2 can know: 24 copies") != std::string::npos);
    CHECK(out.find("a simultaneous choice") != std::string::npos);
    CHECK(out.find("set.style=") != std::string::npos);
    CHECK(out.find("strategy") != std::string::npos);
    std::string again;
    REQUIRE(cli("hint " + kBattlecon + " --at 330 --agent mcts:24", again) == 0);
    // Deterministic but for the wall-clock seconds on the header lines.
    const auto table = [](const std::string& s) {
        std::string t;
        for (std::size_t at = 0, end; at < s.size(); at = end + 1) {
            end = s.find('\n', at);
            if (end == std::string::npos) end = s.size();
            const std::string line = s.substr(at, end - at);
            if (line.find(" copies") == std::string::npos) t += line + "\n";   // "24 copies (23 from checkpoints), 0.01 s"
        }
        return t;
    };
    CHECK(table(again) == table(out));
    // Only player 2's side, with the greedy baseline.
    REQUIRE(cli("hint " + kBattlecon + " --at 330 --as 2 --agent greedy:2", out) == 0);
    CHECK(out.find("player 1 (Ada), searched") == std::string::npos);
    CHECK(out.find("player 2 (Brook), searched by greedy:2") != std::string::npos);
    // Seen as player 2: Ada's secret questions are only "a secret choice" (their prompts and
    // numbers of options told what her hidden hand held: an audit's Unmatched case).
    CHECK(out.find("  player 1 (Ada): a secret choice\n") != std::string::npos);
    CHECK(out.find("  player 1 (Ada): set.") == std::string::npos);
    CHECK(out.find("  player 2 (Brook): set.style \"set your style face down\"") != std::string::npos);
}

TEST_CASE("duelbox hint and lab refuse bad agents and say why", "[search]") {
    std::string out;
    CHECK(cli("hint " + kBattlecon + " --agent mcts:0", out) == 2);
    CHECK(out.find("whole number") != std::string::npos);
    CHECK(cli("hint " + kBattlecon + " --agent random", out) == 2);
    CHECK(out.find("only mcts and greedy search") != std::string::npos);
    CHECK(cli("lab tagteam --agents mcts", out) == 2);
    CHECK(out.find("two agents") != std::string::npos);
    CHECK(cli("lab tagteam --agents mcts,best", out) == 2);
    CHECK(out.find("expected one of") != std::string::npos);
    CHECK(cli("lab tagteam --agents mcts,random --fighters a,b", out) == 2);   // would be ignored: refused
    CHECK(out.find("--fighters, --agent and --shard do not apply") != std::string::npos);
    CHECK(cli("lab tagteam --agents mcts,random --agent greedy", out) == 2);
    CHECK(cli("lab tagteam --agents mcts,random --shard 0/2", out) == 2);
}

TEST_CASE("duelbox lab --agents plays one agent against another over every seat, with intervals and times", "[search]") {
    std::string out;
    REQUIRE(cli("lab tagteam --agents mcts:4,random --matches 6 --workers 2", out) == 0);
    INFO(out);
    CHECK(out.find("mcts:4 takes each of the 2 seats in turn") != std::string::npos);
    CHECK(out.find("seat 1: ") != std::string::npos);
    CHECK(out.find("seat 2: ") != std::string::npos);
    CHECK(out.find("all: ") != std::string::npos);
    CHECK(out.find("searched: median") != std::string::npos);
}

TEST_CASE("duelbox lab --agents --out writes the figures it prints to DIR/duel.json", "[search]") {
    const TempDir dir("duel_out");
    std::string out;
    REQUIRE(cli("lab tagteam --agents mcts:4,random --matches 4 --seed 7 --workers 1 --out " + dir.root().string(), out) == 0);
    INFO(out);
    std::ifstream file(dir.file("duel.json"));
    REQUIRE(file);
    const nlohmann::json j = nlohmann::json::parse(file);
    CHECK(j["command"] == "duelbox lab tagteam --agents mcts:4,random --matches 4 --seed 7");
    CHECK(j["seeds"] == nlohmann::json::array({7, 10}));
    REQUIRE(j["seats"].size() == 2);
    double played = 0;
    for (const auto& seat : j["seats"]) played += seat["wins"].get<double>() + seat["draws"].get<double>() + seat["losses"].get<double>();
    CHECK(played == 4);
    const auto& all = j["all"];
    CHECK(all["wins"].get<double>() + all["draws"].get<double>() + all["losses"].get<double>() == 4);
    CHECK(all["low"].get<double>() <= all["score"].get<double>());
    CHECK(all["score"].get<double>() <= all["high"].get<double>());
    CHECK(all["wide"] == true);   // 4 matches: an interval far wider than 0.10
    CHECK(j["cost"][0]["agent"] == "mcts:4");
    CHECK(j["cost"][0]["searched"].get<int>() > 0);
    CHECK(out.find("wrote " + dir.root().string() + "/duel.json") != std::string::npos);
}

TEST_CASE("bench and lab find a scenario path written from the source folder, and name a missing one as given", "[search]") {
    std::string out;
    // Run from a scratch folder: the docs' relative paths resolve under the source folder.
    const TempDir here("cli_cwd");
    const std::string cd = "cd " + here.root().string() + " && ";
    CHECK(std::system((cd + DUELBOX_CLI_PATH + " lab examples/tagteam/standard_draft.json --agents mcts:4,random --matches 2 "
                       "--workers 1 > out.txt 2>&1").c_str()) == 0);
    CHECK(read_text(here.file("out.txt")).find("mcts:4's score") != std::string::npos);
    CHECK(cli("bench no/such/scenario.json --matches 2", out) != 0);
    CHECK(out.find("no/such/scenario.json: cannot read") != std::string::npos);   // not examples/no/such/.../bench.json
}

TEST_CASE("duelbox bench --forks times copies of a match by quarter", "[search]") {
    std::string out;
    REQUIRE(cli("bench tagteam --forks --matches 3", out) == 0);
    INFO(out);
    CHECK(out.find("copies/s") != std::string::npos);
    CHECK(out.find("made in quarter 1 of the match") != std::string::npos);
}

TEST_CASE("duelbox bench --narration plays only the pass asked for, and refuses another word", "[search]") {
    std::string out;
    REQUIRE(cli("bench tagteam --matches 2 --workers 1 --narration off", out) == 0);
    CHECK(out.find("narration off: 2 matches") != std::string::npos);
    CHECK(out.find("narration on ") == std::string::npos);
    REQUIRE(cli("bench tagteam --matches 2 --workers 1 --narration on", out) == 0);
    CHECK(out.find("narration on : 2 matches") != std::string::npos);
    CHECK(out.find("narration off") == std::string::npos);
    CHECK(cli("bench tagteam --matches 2 --narration loud", out) == 2);
    CHECK(out.find("--narration needs off, on or both") != std::string::npos);
    CHECK(cli("bench battlecon --matches 2 --reference --narration on", out) == 2);
}
