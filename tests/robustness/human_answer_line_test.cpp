// human_answer_line_test.cpp - the terminal agent reads a person's lines with bounds.
#include <catch2/catch.hpp>

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "kernel/decision.h"
#include "kernel/match.h"

using namespace duelbox;

TEST_CASE("a person's answer line past 4096 characters is refused and asked again", "[robustness][human]") {
    // A line without end (200 MB with no newline on a pipe) was held whole; a long word after
    // `why` was echoed whole. (Read from a stream: a terminal cuts its own lines at 4095.)
    Match m(1);
    m.add_player("Ada", 1);
    DecisionRequest r;
    r.player = 0;
    r.id = "pick";
    r.prompt = "pick one";
    r.options = {Option{"one"}, Option{"two"}};
    std::istringstream in(std::string(10000, '7') + "\nwhy " + std::string(300, 'q') + "\n2\n");
    std::ostringstream out;
    const auto agent = make_human_agent(in, out);
    const std::optional<Answer> a = agent->answer(r, m);
    REQUIRE(a);
    CHECK(a->picks == std::vector<std::int64_t>{1});
    INFO(out.str());
    CHECK(out.str().find("that line is longer than 4096 characters") != std::string::npos);
    CHECK(out.str().find("'" + std::string(40, 'q') + "...' is not among the options") != std::string::npos);
    CHECK(out.str().find(std::string(41, 'q')) == std::string::npos);
}

