// helter_examples_test.cpp - the scenarios in examples/helter/ run as a user would run them: the
// four-player match plays to a winner, and the one-turn walkthrough meets its expectations with
// narration and the spec section on every event of the turn it teaches.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <sstream>

#include "../../support/read_text.h"
#include "../../support/temp_dir.h"
#include "helter_run.h"
#include "scenario/expectations.h"

using namespace duelbox;
using namespace duelbox::helter_test;

namespace {
std::unique_ptr<MatchRunner> run_file(const std::string& name, RunState& state) {
    const std::string root = test::games_root();
    auto r = std::make_unique<MatchRunner>(host(), load_scenario(root + "/examples/helter/" + name, root));
    state = r->run();
    return r;
}
}  // namespace

TEST_CASE("examples/helter/four_player_match.json plays four teams to a winner", "[helter]") {
    RunState state{};
    auto r = run_file("four_player_match.json", state);
    INFO(r->error());
    REQUIRE(state == RunState::Finished);
    CHECK(r->match().result().winners.size() == 1);
    CHECK(r->match().player_count() == 4);
}

TEST_CASE("the turn walkthrough: deploy, SNIPE, DEFLECT, INTERRUPT, MOVE, MELEE, return, draw (§4, §6, §7, §10)", "[helter]") {
    RunState state{};
    auto r = run_file("turn_walkthrough.json", state);
    INFO(r->error());
    REQUIRE(state == RunState::Stopped);
    const Match& m = r->match();
    const auto problems = check_expectations(r->scenario().expect, m, r->error(), r->visible_events());
    for (const auto& p : problems) FAIL_CHECK(p);
    CHECK(problems.empty());
    bool started = false;
    int checked = 0;
    for (const Event& e : m.log().events()) {
        if (e.type == "helter.turn") started = true;
        if (!started) continue;
        INFO("event " << e.seq << " " << e.type);
        CHECK_FALSE(m.narrate(e, EventLog::kObserver).empty());
        const Value& rule = e.get("rule");
        CHECK(std::holds_alternative<std::string>(rule));
        if (const auto* s = std::get_if<std::string>(&rule)) CHECK(s->rfind("§", 0) == 0);
        ++checked;
    }
    CHECK(checked > 40);
}

TEST_CASE("duelbox run --as N numbers the events N saw: no gap shows a question put to someone else", "[helter][hidden][cli]") {
    // The walkthrough asks the Dogs unannounced questions (a defense, an interrupt): the Judges'
    // view must count 0, 1, 2, ... with no hole where those were asked.
    const duelbox::test::TempDir dir("helter_view_numbers");
    const std::string out = dir.file("out.jsonl");
    const int raw = std::system((std::string(DUELBOX_CLI_PATH) + " run " + test::games_root() +
                                 "/examples/helter/turn_walkthrough.json --as 1 --json > " + out + " 2>/dev/null").c_str());
    REQUIRE((WIFEXITED(raw) && WEXITSTATUS(raw) == 0));
    std::istringstream lines(duelbox::test::read_text(out));
    std::int64_t expected = 0, events = 0;
    bool any_hidden = false;
    for (std::string line; std::getline(lines, line);) {
        if (line.empty() || line[0] != '{') continue;
        const auto j = nlohmann::json::parse(line);
        if (!j.contains("seq")) continue;
        CHECK(j["seq"].get<std::int64_t>() >= expected);   // --json shows every event the viewer sees
        if (j["seq"].get<std::int64_t>() != expected) any_hidden = true;
        expected = j["seq"].get<std::int64_t>() + 1;
        ++events;
    }
    CHECK(events > 50);
    CHECK_FALSE(any_hidden);
}

TEST_CASE("duelbox lab pairs the four teams on the two-player bench scenario", "[helter][cli]") {
    const duelbox::test::TempDir dir("helter_lab");
    const std::string out = dir.file("out");
    const int raw = std::system((std::string(DUELBOX_CLI_PATH) + " lab " + test::games_root() +
                                 "/examples/helter/bench_2p.json --matches 2 --workers 1 --out " + out + " > " +
                                 dir.file("log.txt") + " 2>&1").c_str());
    INFO(duelbox::test::read_text(dir.file("log.txt")));
    REQUIRE((WIFEXITED(raw) && WEXITSTATUS(raw) == 0));
    const auto results = nlohmann::json::parse(duelbox::test::read_text(out + "/results.json"));
    const std::string text = results.dump();
    for (const char* team : {"judges", "strontium_dogs", "nikolai_dante", "slaine"}) CHECK(text.find(team) != std::string::npos);
    CHECK(duelbox::test::read_text(dir.file("log.txt")).find("0 failed") != std::string::npos);
}
