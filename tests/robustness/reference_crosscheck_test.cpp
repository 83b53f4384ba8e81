// The engine's BattleCON against bench/reference, the same duel written by hand in C++ (no
// Lua): the bench scenario (Ashen against Frostwarden, random agents) with the same seed must
// play the identical match in both, because the reference draws the same random numbers at
// the same points and applies the same rules. So a change to the rules of scripts/battlecon
// or to the cards this duel touches (a card's power, a window's order) fails here until the
// reference is changed to match, and so does a kernel change that alters a match. Also the
// compare statistics `duelbox bench battlecon --reference` prints: equal samples agree, a
// shifted one does not. Compiled only with DUELBOX_REFERENCE (tests/CMakeLists.txt).
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "../support/read_text.h"
#include "../support/temp_dir.h"
#include "../../cli/reference_result.h"

#include "lua/bench_pool.h"
#include "reference/reference.h"
#include "scenario/scenario.h"

using namespace duelbox;

namespace {

// The folder whose scripts/, cards/ and examples/ the engine plays: the source tree, or
// DUELBOX_CROSSCHECK_ROOT, to see this test fail on a copy with a rule changed.
std::string root() {
    const char* env = std::getenv("DUELBOX_CROSSCHECK_ROOT");
    return env && *env ? env : std::string(DUELBOX_TEST_SUPPORT) + "/../..";
}
constexpr int kMatches = 300;
constexpr std::uint64_t kSeed = 1;


std::vector<ref::MatchResult> reference_results() {
    std::vector<ref::MatchResult> out;
    for (int i = 0; i < kMatches; ++i) out.push_back(ref::play_match(kSeed + static_cast<std::uint64_t>(i)));
    return out;
}

// `duelbox <args>`: its exit status and its stdout and stderr together.
std::pair<int, std::string> cli(const std::string& args) {
    const test::TempDir dir("reference_cli");
    const std::string out = dir.file("output.txt");
    const int raw = std::system((std::string(DUELBOX_CLI_PATH) + " " + args + " > " + out + " 2>&1 < /dev/null").c_str());
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, test::read_text(out)};
}

const ref::CompareRow& row(const ref::Comparison& c, const std::string& figure) {
    for (const auto& r : c.rows)
        if (r.figure == figure) return r;
    FAIL("no row " << figure);
    return c.rows.front();
}

}  // namespace

TEST_CASE("BattleCON engine and hand-written reference play the same match for the same seed",
          "[bench][reference]") {
    const std::string kRoot = root();
    INFO("root: " << kRoot);
    const Scenario s = load_scenario(kRoot + "/examples/battlecon/bench.json", kRoot);
    BenchOptions o;
    o.matches = kMatches;
    o.seed = kSeed;
    o.workers = 1;
    const BenchRun run = run_bench(s, o);
    REQUIRE(run.load_errors.empty());
    REQUIRE(run.unit_name == "beat");
    REQUIRE(run.matches.size() == static_cast<std::size_t>(kMatches));
    const std::vector<ref::MatchResult> reference = reference_results();

    std::vector<ref::MatchResult> engine;
    std::ostringstream differing;          // "seed: engine line / reference line", the first few
    int failed = 0, different = 0;
    for (std::size_t i = 0; i < run.matches.size(); ++i) {
        const BenchMatch& m = run.matches[i];
        if (m.state != RunState::Finished) {
            ++failed;
            differing << "seed " << m.seed << " failed in the engine: " << m.error << "\n";
            continue;
        }
        engine.push_back(to_reference_result(m));
        const ref::MatchResult &e = engine.back(), &r = reference[i];
        REQUIRE(e.seed == r.seed);
        if (e.winner != r.winner || e.beats != r.beats || e.health[0] != r.health[0] || e.health[1] != r.health[1]) {
            if (++different <= 10)
                differing << "seed " << e.seed << ": engine " << ref::to_json_line(e) << " reference "
                          << ref::to_json_line(r) << "\n";
        }
    }
    INFO(differing.str());
    REQUIRE(failed == 0);
    REQUIRE(different == 0);
    // Which also means the outcome distributions agree, figure by figure.
    const ref::Comparison c = ref::compare(engine, reference);
    CHECK(c.common == static_cast<std::size_t>(kMatches));
    CHECK(c.identical == c.common);
    CHECK(c.all_agree);
}

TEST_CASE("the reference's compare statistics accept equal samples and reject a shifted one", "[bench][reference]") {
    const std::vector<ref::MatchResult> a = reference_results();

    const ref::Comparison same = ref::compare(a, a);
    CHECK(same.rows.size() == 6);
    CHECK(same.all_agree);
    CHECK(same.common == a.size());
    CHECK(same.identical == a.size());
    CHECK(same.differing.empty());

    // Every match three beats longer: the mean beats differ far beyond the interval; nothing
    // else moved; no seed played the same match.
    std::vector<ref::MatchResult> longer = a;
    for (auto& r : longer) r.beats += 3;
    const ref::Comparison shifted = ref::compare(a, longer);
    CHECK_FALSE(shifted.all_agree);
    CHECK_FALSE(row(shifted, "mean beats").agrees);
    CHECK(row(shifted, "mean beats").diff == Approx(-3.0));
    CHECK(row(shifted, "P1 wins (share)").agrees);
    CHECK(row(shifted, "mean P1 health").agrees);
    CHECK(shifted.identical == 0);
    CHECK(shifted.differing.size() == a.size());

    // Player 1 wins every match: the winner shares differ.
    std::vector<ref::MatchResult> p1 = a;
    for (auto& r : p1) r.winner = 1;
    const ref::Comparison lopsided = ref::compare(a, p1);
    CHECK_FALSE(lopsided.all_agree);
    CHECK_FALSE(row(lopsided, "P1 wins (share)").agrees);

    // Other seeds: no common seed to compare match by match.
    std::vector<ref::MatchResult> other = a;
    for (auto& r : other) r.seed += 100'000;
    CHECK(ref::compare(a, other).common == 0);
}

TEST_CASE("duelbox bench battlecon --reference prints both figures and the cross-check; other games are refused",
          "[bench][reference][cli]") {
    const auto [status, text] = cli("bench battlecon --reference --matches 20 --workers 2");
    INFO(text);
    CHECK(status == 0);
    CHECK(text.find("reference    : 20 matches") != std::string::npos);
    CHECK(text.find("engine / reference, CPU us/beat without narration: 1 worker ") != std::string::npos);
    CHECK(text.find("; 2 workers ") != std::string::npos);
    CHECK(text.find("identical (winner, beats, health) on 20 of 20 common seeds") != std::string::npos);
    CHECK(text.find("verdict: agree") != std::string::npos);

    const auto [other, why] = cli("bench unmatched --reference --matches 1");
    CHECK(other == 2);
    CHECK(why.find("--reference plays only the BattleCON bench duel") != std::string::npos);
}
