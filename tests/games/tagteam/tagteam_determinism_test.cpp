// tagteam_determinism_test.cpp - the same seeded Tag Team match (random teams through the
// standard draft, random agents) in two processes gives byte-identical logs: nothing in the
// rules depends on Lua's per-process string hashing.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "../../support/read_text.h"
#include "../../support/temp_dir.h"
#include "tagteam_run.h"

namespace {
std::string cli_log(const std::string& args, const std::string& out) {
    const std::string cmd = std::string(DUELBOX_CLI_PATH) + " " + args + " > " + out + " 2>&1";
    INFO(cmd);
    CHECK(std::system(cmd.c_str()) == 0);
    std::string text = duelbox::test::read_text(out);
    std::remove(out.c_str());
    return text;
}
}  // namespace

TEST_CASE("a seeded Tag Team match is byte-identical in two processes", "[tagteam][determinism]") {
    const duelbox::test::TempDir dir("tagteam_determinism");   // never write into the current directory
    const std::string scenario = duelbox::tagteam_test::root() + "/examples/tagteam/first_game.json";
    const std::string a = cli_log("run " + scenario + " --seed 11 --json", dir.file("a.jsonl"));
    const std::string b = cli_log("run " + scenario + " --seed 11 --json", dir.file("b.jsonl"));
    REQUIRE(a.size() > 1000);
    CHECK(a == b);
    CHECK(a != cli_log("run " + scenario + " --seed 12 --json", dir.file("c.jsonl")));
}
