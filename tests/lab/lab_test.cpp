// The balance lab (issue #14): statistics against published values, the plan, the tally of
// a game whose outcomes are known (tests/support: the labfix game), worker and shard
// invariance, merge refusals, and the command line's files.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "../support/cli_run.h"
#include "../support/read_text.h"
#include "../support/temp_dir.h"
#include "lab_html.h"
#include "lab_results.h"
#include "lab_run.h"
#include "lua/host.h"

using namespace duelbox;
using duelbox::test::read_text;
using duelbox::test::TempDir;

namespace {

const std::string kFixture = std::string(DUELBOX_TEST_SUPPORT) + "/scenarios/labfix.json";

struct Lab {
    Scenario base;
    LabSpec spec;
    std::string hash;
    explicit Lab(const std::string& file = kFixture) {
        base = load_scenario(file, DUELBOX_SOURCE_ROOT);
        const std::string why = load_lab_spec(base, spec, hash);
        REQUIRE(why.empty());
    }
    LabResult run(const std::vector<std::string>& fighters, int matches, int workers, Shard shard = {},
                  bool reuse_setup = true) const {
        LabResult r;
        r.plan = make_plan(fighters, spec.side_picks, matches, 7);
        for (const auto& f : fighters) r.meta.roster.push_back(*spec.find(f));
        r.meta.command = "duelbox lab test";
        r.meta.game = base.game;
        r.meta.scenario = "labfix.json";
        r.meta.content_hash = hash;
        r.meta.engine_hash = "0123456789abcdef";
        r.meta.agent = "random";
        r.meta.unit_name = spec.unit_name;
        r.meta.shard = shard;
        LabOptions o;
        o.workers = workers;
        o.shard = shard;
        o.reuse_setup = reuse_setup;
        LabRun run = run_lab(base, spec, r.plan, o);
        REQUIRE(run.load_errors.empty());
        r.tally = run.tally;
        return r;
    }
};

using duelbox::test::cli;   // (support/cli_run.h)

}  // namespace

TEST_CASE("lab: Wilson intervals equal Newcombe's published values (Stat Med 1998, 17:857, table I)", "[lab]") {
    const struct { double x, n, lo, hi; } cases[] = {
        {81, 263, 0.2553, 0.3662}, {15, 148, 0.0624, 0.1605}, {0, 20, 0.0, 0.1611}, {1, 29, 0.0061, 0.1718}};
    for (const auto& c : cases) {
        const Rate r = wilson(c.x, c.n, 0.10);
        CHECK(r.lo == Approx(c.lo).margin(0.00005));
        CHECK(r.hi == Approx(c.hi).margin(0.00005));
    }
    CHECK(wilson(0, 0, 0.1).wide);                        // no matches: nothing can be concluded
    CHECK(wilson(50, 100, 0.1).wide == false);            // half-width 0.096
    CHECK(wilson(25, 50, 0.1).wide);                      // half-width 0.133
}

TEST_CASE("lab: a difference of two scores gets Newcombe's hybrid interval (Stat Med 1998, 17:873)", "[lab]") {
    const Difference d = newcombe(wilson(56, 70, 0.1), wilson(48, 80, 0.1), 0.1);
    CHECK(d.value == Approx(0.2));
    CHECK(d.lo == Approx(0.0524).margin(0.00005));
    CHECK(d.hi == Approx(0.3339).margin(0.00005));
    const Difference e = newcombe(wilson(9, 10, 0.1), wilson(3, 10, 0.1), 0.1);
    CHECK(e.lo == Approx(0.1705).margin(0.00005));
    CHECK(e.hi == Approx(0.8090).margin(0.00005));
}

TEST_CASE("lab: the plan pairs every two sides in both seat orders, teams without a shared fighter", "[lab]") {
    const LabPlan solo = make_plan({"a", "b", "c", "d"}, 1, 5, 100);
    CHECK(solo.entries.size() == 4);
    CHECK(solo.pairings.size() == 12);                    // 4 x 3 ordered, no mirrors
    CHECK(solo.total() == 60);
    CHECK(solo.seed_of(59) == 159);
    CHECK(solo.pairing_of(5) == 1);
    const LabPlan teams = make_plan({"a", "b", "c", "d"}, 2, 1, 1);
    CHECK(teams.entries.size() == 6);                     // ab ac ad bc bd cd
    CHECK(teams.entries[0].label == "a+b");
    CHECK(teams.pairings.size() == 6);                    // each team meets its complement, both orders
    for (const LabPairing& p : teams.pairings)
        for (const auto& x : teams.entries[p.first].members)
            for (const auto& y : teams.entries[p.second].members) CHECK(x != y);
    CHECK_THROWS_WITH(make_plan({"a", "b", "c"}, 2, 1, 1), Catch::Contains("at least 4 fighters"));
    CHECK_THROWS(make_plan({"a"}, 1, 1, 1));
    std::vector<std::string> many;   // C(40, 3) = 9,880 sides: refused before anything is built
    for (int i = 0; i < 40; ++i) many.push_back("f" + std::to_string(i));
    CHECK_THROWS_WITH(make_plan(many, 3, 1, 1), Catch::Contains("too many sides"));
}

TEST_CASE("lab: shards cover every match exactly once; --shard is parsed strictly", "[lab]") {
    for (std::size_t total : {0u, 1u, 7u, 100u, 101u}) {
        for (int n : {1, 2, 3, 8}) {
            std::size_t covered = 0, next = 0;
            for (int i = 0; i < n; ++i) {
                const auto [a, b] = Shard{i, n}.range(total);
                CHECK(a == next);
                next = b;
                covered += b - a;
            }
            CHECK(covered == total);
        }
    }
    Shard s;
    CHECK(parse_shard("2/8", s).empty());
    CHECK((s.index == 2 && s.count == 8));
    for (const char* bad : {"8/8", "-1/4", "1/0", "1", "a/b", "1/4x", ""}) CHECK_FALSE(parse_shard(bad, s).empty());
}

TEST_CASE("lab: the fixture game's known outcomes are tallied exactly", "[lab]") {
    const Lab lab;
    REQUIRE(lab.spec.roster.size() == 5);                 // strong middle twin weak faulty, file order
    CHECK(lab.spec.roster[0].name == "strong");
    CHECK(lab.spec.roster[0].display == "Strong");
    CHECK(lab.spec.unit_name == "round");
    const LabResult r = lab.run({"strong", "middle", "twin", "weak"}, 6, 1);
    const LabFigures f = compute_figures(r.plan, r.tally);
    CHECK(f.matches == 72);
    CHECK(f.failed == 0);
    CHECK(f.draws == 12);                                 // middle vs twin, both orders
    CHECK(f.fighters[0].wins == 36);                      // strong beats everyone
    CHECK(f.fighters[0].score.value == 1.0);
    CHECK(f.fighters[3].losses == 36);                    // weak loses to everyone
    CHECK(f.fighters[1].score.value == Approx(0.5));      // middle: beats weak, draws twin, loses to strong
    CHECK(f.first_seat.value == Approx(0.5));             // every matchup in both orders
    CHECK(f.mean_length == 1.0);
    CHECK(f.lengths.at(1) == 72);
    // Each seat set one of its two cards and held the other: per match-seat one play, one hold.
    std::int64_t played = 0, held = 0, plays = 0;
    for (const auto& [key, c] : r.tally.cards) {
        played += c.played;
        held += c.held;
        plays += c.plays;
        CHECK(c.played + c.held == 36);                   // each hero is in 36 match-seats
    }
    CHECK(played == 144);
    CHECK(held == 144);
    CHECK(plays == 144);
    CHECK(r.tally.cards.at("labfix/strong/a").name == "strong a");
    CHECK(r.tally.cards.at("labfix/strong/a").played_wins == r.tally.cards.at("labfix/strong/a").played);
}

TEST_CASE("lab: a report groups match lengths spread over any range into at most 60 bars", "[lab]") {
    // A merged shard may carry lengths anywhere in 0..2^53: one bar per length divided the
    // plot's width by zero bars once the span passed 2^31 (SIGFPE in lab merge).
    const Lab lab;
    LabResult r = lab.run({"strong", "weak"}, 2, 1);
    REQUIRE_FALSE(r.tally.pairings.empty());
    auto& lengths = r.tally.pairings[0].lengths;
    lengths[0] += 1;
    lengths[4294967295] += 1;
    const std::string html = lab_report_html(r);
    CHECK(html.find("aria-label=\"match lengths\"") != std::string::npos);
    CHECK(html.find("0&ndash;") != std::string::npos);              // the first bar covers many lengths
    CHECK(html.find(">4294967295</text>") != std::string::npos);   // the axis still names the longest
}

TEST_CASE("lab: a failing match is counted apart with its seed and error; the run goes on", "[lab]") {
    const Lab lab;
    const LabResult r = lab.run({"strong", "faulty", "weak"}, 3, 2);
    const LabFigures f = compute_figures(r.plan, r.tally);
    CHECK(f.failed == 12);                                // every pairing with faulty
    CHECK(f.matches == 6);                                // strong vs weak, both orders
    REQUIRE(r.tally.failures.size() == 12);
    CHECK(r.tally.failures[0].index == 0);
    CHECK(r.tally.failures[0].seed == 7);
    CHECK_THAT(r.tally.failures[0].error, Catch::Contains("scripts/labfix/game.lua:33"));

    // A shard's failure list names its own failed matches, each once, with its seed: anything
    // else is refused with the field named (a merge reported another shard's match, or one twice).
    const LabResult half = lab.run({"strong", "faulty", "weak"}, 3, 2, Shard{0, 2});   // matches 0..8
    const nlohmann::json good = lab_result_json(half);
    REQUIRE(good["counts"]["failures"].size() >= 2);
    CHECK_NOTHROW(parse_lab_result(good, "s.json"));
    nlohmann::json bad = good;
    bad["counts"]["failures"][1]["match"] = 12;
    bad["counts"]["failures"][1]["seed"] = 19;
    CHECK_THROWS_WITH(parse_lab_result(bad, "s.json"),
                      Catch::Contains("s.json.counts.failures[1].match: 12 is not one of this file's matches (0 to 8)"));
    bad = good;
    bad["counts"]["failures"][1] = bad["counts"]["failures"][0];
    CHECK_THROWS_WITH(parse_lab_result(bad, "s.json"), Catch::Contains("failures[1].match: 0 is listed twice or out of order"));
    bad = good;
    bad["counts"]["failures"][0]["seed"] = 1234;
    CHECK_THROWS_WITH(parse_lab_result(bad, "s.json"), Catch::Contains("failures[0].seed: 1234 is not match 0's seed 7"));
    bad = good;
    bad["counts"]["failures"].push_back(good["counts"]["failures"][0]);
    CHECK_THROWS_WITH(parse_lab_result(bad, "s.json"), Catch::Contains("the pairings count"));
}

TEST_CASE("lab: results.json is the same for 1 and 2 workers, and the merged shards equal the whole run", "[lab]") {
    const Lab lab(std::string(DUELBOX_SOURCE_ROOT) + "/examples/battlecon/bench.json");
    const std::vector<std::string> fighters = {"ashen", "kestrel", "bastion"};
    const LabResult one = lab.run(fighters, 3, 1), two = lab.run(fighters, 3, 2);
    const std::string whole = lab_result_json(one).dump(1);
    CHECK(whole == lab_result_json(two).dump(1));
    // A worker's later matches of a pairing start from the setup its first one shared with them
    // (setup_reuse.h); every match from its start gives the same results, card table included.
    CHECK(whole == lab_result_json(lab.run(fighters, 3, 1, {}, false)).dump(1));
    CHECK(whole == lab_result_json(lab.run(fighters, 3, 2, {}, false)).dump(1));
    std::vector<std::pair<std::string, LabResult>> shards;
    for (int i : {2, 0, 1}) {   // any order
        const LabResult s = lab.run(fighters, 3, 2, Shard{i, 3});
        // Through the file format, as `duelbox lab merge` reads it.
        shards.emplace_back("shard" + std::to_string(i), parse_lab_result(lab_result_json(s), "shard"));
    }
    CHECK(lab_result_json(merge_lab_shards(shards)).dump(1) == whole);
    CHECK(lab_result_json(parse_lab_result(lab_result_json(one), "x")).dump(1) == whole);   // round trip

    auto missing = shards;
    missing.pop_back();
    CHECK_THROWS_WITH(merge_lab_shards(missing), Catch::Contains("shard 1 of 3 is missing"));
    auto twice = shards;
    twice.push_back(shards.front());
    CHECK_THROWS_WITH(merge_lab_shards(twice), Catch::Contains("is given twice"));
    auto other = shards;
    other[1].second.meta.content_hash = "0000000000000000";
    CHECK_THROWS_WITH(merge_lab_shards(other), Catch::Contains("content_hash"));
    // Counts that cannot be: refused with the field named, not merged into nonsense (a length
    // count of 2^53 a thousand times wrapped the sum; a shard carrying another's pairing doubled it).
    nlohmann::json bad = lab_result_json(one);
    bad["counts"]["pairings"][0]["lengths"].push_back({999, 1});
    CHECK_THROWS_WITH(parse_lab_result(bad, "f"), Catch::Contains("f.counts.pairings[0].lengths[") &&
                                                      Catch::Contains("count more matches than the pairing's"));
    bad = lab_result_json(one);
    auto& lengths = bad["counts"]["pairings"][0]["lengths"];
    lengths.push_back(lengths[0]);
    CHECK_THROWS_WITH(parse_lab_result(bad, "f"), Catch::Contains("is listed twice") || Catch::Contains("count more matches"));
    bad = lab_result_json(one);
    bad["counts"]["pairings"][0]["lengths"].push_back({999, 0});   // a length no match had
    CHECK_THROWS_WITH(parse_lab_result(bad, "f"), Catch::Contains("[1]: length 999 is listed with 0 matches"));
    bad = lab_result_json(one);
    bad["counts"]["cards"][0]["played_wins"] = 1000000;
    CHECK_THROWS_WITH(parse_lab_result(bad, "f"), Catch::Contains("played_wins and played_draws add up to more than played"));
    bad = lab_result_json(one);
    bad["counts"]["cards"].push_back(bad["counts"]["cards"][0]);
    CHECK_THROWS_WITH(parse_lab_result(bad, "f"), Catch::Contains("is listed twice"));
    auto doubled = shards;
    doubled[0].second.tally.pairings[0] = one.tally.pairings[0];   // shard 2 claims the whole pairing 0
    CHECK_THROWS_WITH(merge_lab_shards(doubled), Catch::Contains("more than its 3 (shards that overlap?)"));
    auto build = shards;
    build[2].second.meta.engine_hash = "fedcba9876543210";
    CHECK_THROWS_WITH(merge_lab_shards(build), Catch::Contains("another build"));
    CHECK_THROWS_WITH(merge_lab_shards({{"whole.json", one}}), Catch::Contains("not a shard"));
    CHECK_THROWS_WITH(parse_lab_result(nlohmann::json{{"format", "x"}}, "f.json"), Catch::Contains("not a duelbox lab result"));
    nlohmann::json broken = lab_result_json(one);
    broken["counts"]["pairings"][2]["wins"] = "many";
    CHECK_THROWS_WITH(parse_lab_result(broken, "f.json"), Catch::Contains("f.json.counts.pairings[2].wins"));
    // Counts no run writes (a bad-input audit merged these without a word).
    nlohmann::json negative = lab_result_json(one);
    negative["counts"]["pairings"][0]["wins"][0] = -5;
    CHECK_THROWS_WITH(parse_lab_result(negative, "f.json"),
                      Catch::Contains("f.json.counts.pairings[0].wins[0]: expected a whole number from 0 to 2^53, got -5"));
    nlohmann::json fraction = lab_result_json(one);
    fraction["counts"]["pairings"][0]["draws"] = 0.5;
    CHECK_THROWS_WITH(parse_lab_result(fraction, "f.json"), Catch::Contains("f.json.counts.pairings[0].draws: expected a whole number"));
    nlohmann::json mismatch = lab_result_json(one);
    mismatch["counts"]["pairings"][0]["matches"] = 99;
    CHECK_THROWS_WITH(parse_lab_result(mismatch, "f.json"), Catch::Contains("wins and draws add up to"));
    nlohmann::json not_list = lab_result_json(one);
    not_list["fighters"] = "ashen";
    CHECK_THROWS_WITH(parse_lab_result(not_list, "f.json"), Catch::Contains("f.json.fighters: expected a list"));
    nlohmann::json typo = lab_result_json(one);
    typo["seeed"] = 1;
    CHECK_THROWS_WITH(parse_lab_result(typo, "f.json"), Catch::Contains("f.json.seeed: unknown field"));
    auto reseeded = shards;
    reseeded[1].second.plan.seed = 99;
    CHECK_THROWS_WITH(merge_lab_shards(reseeded), Catch::Contains("the plan (seed, matches per pairing, picks or fighters)"));
}

TEST_CASE("lab: a game without a lab declaration, or a bad one, is refused with the field named", "[lab]") {
    const Lab lab;
    LuaHost host(lab.base.limits);
    std::vector<std::string> errors;
    REQUIRE(host.load_game(std::string(DUELBOX_TEST_SUPPORT), "snippet", errors));
    LabSpec spec;
    CHECK_THAT(read_lab_spec(host, spec), Catch::Contains("scripts/snippet/game.lua") && Catch::Contains("no `lab` table"));
}

TEST_CASE("lab: the command line writes results.json, results.csv and a self-contained report.html", "[lab]") {
    const TempDir dir("lab_cli");
    std::string text;
    const std::string out = dir.file("run");
    REQUIRE(cli("lab " + kFixture + " --fighters strong,middle,weak --matches 4 --workers 2 --out " + out, text) == 0);
    CHECK_THAT(text, Catch::Contains("strong") && Catch::Contains("100.0%"));
    const std::string csv = read_text(out + "/results.csv");
    CHECK(std::count(csv.begin(), csv.end(), '\n') == 7);                 // a header and 6 pairings
    CHECK_THAT(csv, Catch::StartsWith("seat1,seat2,matches,seat1_wins") && Catch::Contains("strong,weak,4,4,0,0,0,1.0000"));
    const std::string html = read_text(out + "/report.html");
    CHECK_THAT(html, Catch::Contains("<svg") && Catch::Contains("Card impact") && Catch::Contains("First-seat"));
    CHECK(html.find("<script") == std::string::npos);                     // no JS, no network
    CHECK(html.find("http") == std::string::npos);
    const auto j = nlohmann::json::parse(read_text(out + "/results.json"));
    CHECK(j["command"] == "duelbox lab " + kFixture + " --fighters strong,middle,weak --matches 4 --seed 1 --agent random --wide 0.1");
    CHECK(j["figures"]["matches"] == 24);

    // Shards through the command line, merged: the same results.json byte for byte.
    for (int i = 0; i < 2; ++i)
        REQUIRE(cli("lab " + kFixture + " --fighters strong,middle,weak --matches 4 --workers 1 --shard " +
                        std::to_string(i) + "/2 --out " + dir.file("s" + std::to_string(i)), text) == 0);
    REQUIRE(cli("lab merge " + dir.file("s1") + "/results.json " + dir.file("s0") + "/results.json --out " + dir.file("m"),
                text) == 0);
    CHECK(read_text(dir.file("m") + "/results.json") == read_text(out + "/results.json"));

    CHECK(cli("lab " + kFixture + " --fighters strong,nobody", text) == 2);
    CHECK_THAT(text, Catch::Contains("no fighter 'nobody'") && Catch::Contains("have: strong, middle"));
    CHECK(cli("lab " + kFixture + " --shard 3/3", text) == 2);
    CHECK(cli("lab " + kFixture + " --fighters strong,faulty --matches 1 --out " + dir.file("f"), text) == 1);
    CHECK_THAT(text, Catch::Contains("matches failed") && Catch::Contains("game.lua:33"));
    CHECK(cli("lab merge " + dir.file("s0") + "/results.json --out " + dir.file("m2"), text) == 3);
    CHECK_THAT(text, Catch::Contains("shard 1 of 2 is missing"));
}

TEST_CASE("lab: a team game's scenario makes each side a team, one fighter per seat (BattleCON 2 vs 2)", "[lab]") {
    const Lab lab(std::string(DUELBOX_SOURCE_ROOT) + "/examples/battlecon/team_match.json");
    CHECK(lab.spec.side_picks == 2);
    CHECK(lab.spec.side_of_seat == std::vector<int>{0, 0, 1, 1});
    const LabPlan plan = make_plan({"ashen", "bastion", "frostwarden", "kestrel"}, 2, 1, 1);
    // Pairing 0 is ashen+bastion against frostwarden+kestrel.
    const Scenario s = lab_match_scenario(lab.base, lab.spec, plan, 0, "random");
    CHECK(s.seats[0].setup["fighter"] == "ashen");
    CHECK(s.seats[1].setup["fighter"] == "bastion");
    CHECK(s.seats[2].setup["fighter"] == "frostwarden");
    CHECK(s.seats[3].setup["fighter"] == "kestrel");
    const LabResult r = lab.run({"ashen", "bastion", "frostwarden", "kestrel"}, 2, 2);
    const LabFigures f = compute_figures(r.plan, r.tally);
    CHECK(f.matches + f.failed == 12);
    CHECK(f.failed == 0);
    for (const EntryFigures& e : f.fighters) CHECK(e.matches == 12);   // every fighter is in every match

    Scenario three = lab.base;
    three.seats.pop_back();
    LabSpec spec = lab.spec;
    CHECK_THAT(lab_sides(three, spec), Catch::Contains("two teams of equal size") && Catch::Contains("teams 1, 1, 2"));
}
