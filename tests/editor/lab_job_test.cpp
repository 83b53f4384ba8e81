// lab_job_test.cpp - the editor's Lab model (editor/model/lab_job.h): a lab run in the
// background, its result, the run before it, what a script change moved, cancelling, and
// the sample match a heat-map cell opens. On a private copy of the lab fixture game.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

#include <unistd.h>

#include "model/lab_job.h"

using namespace duelbox;
using namespace duelbox::editor;

namespace {

struct LabCopy {
    std::filesystem::path root;
    LabCopy() {
        namespace fs = std::filesystem;
        const fs::path support(DUELBOX_TEST_SUPPORT);
        root = fs::temp_directory_path() / ("duelbox_editor_lab_" + std::to_string(::getpid()));
        fs::remove_all(root);
        fs::create_directories(root / "scripts");
        fs::create_directories(root / "cards");
        fs::copy(support / "scripts" / "labfix", root / "scripts" / "labfix", fs::copy_options::recursive);
        fs::copy(support / "cards" / "labfix", root / "cards" / "labfix", fs::copy_options::recursive);
    }
    ~LabCopy() { std::filesystem::remove_all(root); }
    LabRequest request(int matches) const {
        LabRequest r;
        r.base = load_scenario(std::string(DUELBOX_TEST_SUPPORT) + "/scenarios/labfix.json", root.string());
        r.base.root = root.string();
        r.fighters = {"strong", "middle", "weak"};
        r.matches = matches;
        r.workers = 2;
        return r;
    }
    void replace(const std::string& relative, const std::string& from, const std::string& to) const {
        std::ifstream in(root / relative);
        std::string text(std::istreambuf_iterator<char>(in), {});
        const auto at = text.find(from);
        REQUIRE(at != std::string::npos);
        std::ofstream(root / relative, std::ios::trunc) << text.replace(at, from.size(), to);
    }
};

void wait(const LabJob& job) {
    for (int i = 0; i < 2000 && job.running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    REQUIRE_FALSE(job.running());
}

}  // namespace

TEST_CASE("editor lab: a run in the background, then a script change shows what moved", "[editor][lab]") {
    const LabCopy copy;
    LabJob job;
    REQUIRE(job.start(copy.request(10)).empty());
    wait(job);
    REQUIRE(job.error().empty());
    auto r = job.result();
    REQUIRE(r);
    CHECK(job.done() == 60);
    CHECK(job.total() == 60);
    LabFigures f = compute_figures(r->plan, r->tally);
    CHECK(f.fighters[2].score.value == 0.0);   // weak loses everything
    CHECK_FALSE(job.previous());
    CHECK(job.moves().empty());

    // The designer makes "weak" the strongest hero and the lab reruns: weak moved, up.
    copy.replace("cards/labfix/heroes.lua", "{ \"weak\", 1 }", "{ \"weak\", 9 }");
    REQUIRE(job.start(job.request()).empty());
    wait(job);
    REQUIRE(job.previous());
    const auto moves = job.moves();
    REQUIRE(moves.size() == 3);
    CHECK(moves[2].fighter == "weak");
    CHECK(moves[2].before.value == 0.0);
    CHECK(moves[2].after.value == 1.0);
    CHECK(moves[2].significant);
    CHECK(moves[0].significant);               // strong now loses to weak
    CHECK(job.result()->meta.content_hash != job.previous()->meta.content_hash);

    // A heat-map cell opens the first match of its pairing: the same seats and seed.
    const auto sample = job.sample_match(1);   // strong (seat 1) against weak
    REQUIRE(sample);
    CHECK(sample->seats[0].setup["hero"] == "strong");
    CHECK(sample->seats[1].setup["hero"] == "weak");
    CHECK(sample->seed == 1 + 10);             // match 10 of the run: pairing 1's first
    CHECK_FALSE(job.sample_match(99));
}

TEST_CASE("editor lab: cancel keeps the last complete result; a bad request does not start", "[editor][lab]") {
    const LabCopy copy;
    LabJob job;
    REQUIRE(job.start(copy.request(5)).empty());
    wait(job);
    const int generation = job.generation();
    REQUIRE(job.start(copy.request(100000)).empty());   // far too many to finish at once
    job.cancel();
    CHECK_FALSE(job.running());
    CHECK(job.generation() == generation);              // the cancelled run replaced nothing
    CHECK(job.result()->plan.matches == 5);

    LabRequest bad = copy.request(5);
    bad.fighters = {"strong", "nobody"};
    CHECK_THAT(job.start(bad), Catch::Contains("no fighter 'nobody'"));
    bad.fighters = {"strong"};
    CHECK_THAT(job.start(bad), Catch::Contains("at least 2 fighters"));
    copy.replace("scripts/labfix/game.lua", "  lab = {", "  nolab = {");
    CHECK_THAT(job.start(copy.request(5)), Catch::Contains("no `lab` table"));
}
