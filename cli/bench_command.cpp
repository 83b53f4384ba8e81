// bench_command.cpp - `duelbox bench <game>`: random-agent matches per second on every core.
//
// Plays examples/<game>/bench.json (or the scenario file given) with every seat on the
// random agent and a new seed per match, twice: once without narration, once rendering the
// narration of every event (what a front end pays). The matches are split over --workers
// threads, each with its own Lua state (runtime/lua/bench_pool.h); match i uses seed S+i and
// plays the same whatever the worker count. The game names its unit of play in game.lua
// (`bench_unit = {event = "bc.beat", name = "beat"}`) for the per-unit figure.
//
// Two clocks, on purpose: matches/s is wall-clock throughput (what N workers buy), while
// us/event and us/<unit> are CPU time summed over the workers (what one unit costs, which
// does not improve with more cores and does not suffer from a shared machine's waiting).
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "cli.h"
#include "lua/bench_pool.h"
#include "scenario/scenario.h"

namespace duelbox::cli {

namespace {

// A whole number in [lo, hi] and nothing else ("12x", "", "-1" and "abc" are refused).
template <typename T>
bool parse_number(const std::string& s, T lo, T hi, T& out) {
    T v{};
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc{} || end != s.data() + s.size() || v < lo || v > hi) return false;
    out = v;
    return true;
}

void print(const char* label, const BenchRun& r, int matches) {
    std::size_t events = 0, units = 0;
    int failed = 0;
    for (const BenchMatch& m : r.matches) {
        events += m.events;
        units += m.units;
        if (m.state != RunState::Finished) ++failed;
    }
    const double wall = std::max(r.wall_seconds, 1e-9), cpu_us = r.cpu_seconds * 1e6;
    std::cout << label << ": " << matches << " matches in " << wall << " s = " << (matches / wall) << " matches/s ("
              << r.workers << (r.workers == 1 ? " worker" : " workers") << ", wall clock); CPU time summed over workers: "
              << (cpu_us / static_cast<double>(std::max<std::size_t>(events, 1))) << " us/event";
    if (units > 0)
        std::cout << ", " << (cpu_us / static_cast<double>(units)) << " us/" << r.unit_name << " (" << units << " "
                  << r.unit_name << "s)";
    std::cout << "; " << failed << " failed\n";
}

}  // namespace

int bench_command(const std::vector<std::string>& args) {
    std::string target, results;
    int matches = 200;
    int workers = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::uint64_t seed = 1;
    auto usage = [](const std::string& why) {
        std::cerr << "duelbox bench: " << why << " (see duelbox --help)\n";
        return kUsage;
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool has_value = i + 1 < args.size();
        if (a == "--matches") {
            if (!has_value || !parse_number(args[++i], 1, 100'000'000, matches))
                return usage("--matches needs a whole number from 1 to 100000000");
        } else if (a == "--workers") {
            if (!has_value || !parse_number(args[++i], 1, 1024, workers))
                return usage("--workers needs a whole number from 1 to 1024");
        } else if (a == "--seed") {
            if (!has_value || !parse_number<std::uint64_t>(args[++i], 0, UINT64_MAX, seed))
                return usage("--seed needs a whole number");
        } else if (a == "--results") {
            if (!has_value || args[i + 1].empty()) return usage("--results needs a file name");
            results = args[++i];
        } else if (!a.empty() && a[0] != '-' && target.empty()) {
            target = a;
        } else {
            return usage("unexpected argument " + a);
        }
    }
    if (target.empty()) return usage("name a game (examples/<game>/bench.json) or a scenario file");
    const std::string root = DUELBOX_SOURCE_ROOT;
    const std::string file = std::filesystem::exists(target) ? target : root + "/examples/" + target + "/bench.json";
    Scenario base;
    try {
        base = load_scenario(file, root);
    } catch (const ScenarioError& e) {
        std::cerr << e.what() << "\n";
        return kBadInput;
    }
    std::cout << "command: duelbox bench " << target << " --matches " << matches << " --seed " << seed << " --workers "
              << workers << (results.empty() ? "" : " --results " + results) << "\n";
    BenchOptions opts;
    opts.matches = matches;
    opts.seed = seed;
    opts.workers = workers;
    std::string first_error;
    for (bool narrate : {false, true}) {
        opts.narrate = narrate;
        const BenchRun run = run_bench(base, opts);
        if (!run.load_errors.empty()) {
            for (const auto& e : run.load_errors) std::cerr << e << "\n";
            return kBadInput;
        }
        print(narrate ? "narration on " : "narration off", run, matches);
        for (const BenchMatch& m : run.matches)   // seed order: the same first failure for any worker count
            if (first_error.empty() && m.state != RunState::Finished)
                first_error = "seed " + std::to_string(m.seed) + ": " + m.error;
        if (!narrate && !results.empty()) {   // narration changes nothing a result holds
            std::ofstream out(results, std::ios::binary);
            for (const BenchMatch& m : run.matches) out << bench_result_json(m) << '\n';
            if (!out.flush()) {
                std::cerr << "duelbox bench: cannot write " << results << "\n";
                return kBadInput;
            }
        }
    }
    if (!first_error.empty()) {
        std::cerr << "first failure: " << first_error << "\n";
        return kFailed;
    }
    return kOk;
}

}  // namespace duelbox::cli
