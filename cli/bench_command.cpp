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
//
// `--profile` plays the matches once more slowly, with the script profile on
// (runtime/lua/script_profile.h), and prints where the script time goes: the hottest lines,
// the most called C and Lua functions, per unit of play. `--top N` sets how many of each.
//
// `--reference` (battlecon only; built with DUELBOX_REFERENCE): also plays the same seeds with
// the hand-written C++ BattleCON of bench/reference (duelbox_reference_lib, no Lua) and
// prints its us/beat (CPU time, one thread), the engine's us/beat without narration on one
// worker and on W, their ratios, and the cross-check: on how many seeds the two played the
// identical match (winner, beats, final health), and the 95% intervals of the differences of
// the outcome distributions. A seed that played differently exits 1.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "cli.h"
#include "kernel/printable.h"
#include "cli_args.h"
#include "fork_bench.h"
#include "lua/bench_pool.h"
#include "lua/host_pool.h"
#include "profile_report.h"
#include "scenario/scenario.h"
#ifdef DUELBOX_HAS_REFERENCE
#include "reference/reference.h"
#include "reference_result.h"
#endif

namespace duelbox::cli {

namespace {

// A measured figure as people read it: three or four significant digits, never in scientific
// notation ("0.553", "98.1", "1085"); this machine's noise is larger than any digit dropped.
std::string figure(double v) {
    char text[64];
    const double a = v < 0 ? -v : v;
    const char* format = a >= 1000 ? "%.0f" : a >= 100 ? "%.1f" : a >= 10 ? "%.2f" : a >= 1 ? "%.3f" : "%.4f";
    if (a > 0 && a < 0.001) format = "%.2e";   // (a run too short to time: said as it is)
    std::snprintf(text, sizeof text, format, v);
    return text;
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
    std::cout << label << ": " << matches << " matches in " << figure(wall) << " s = " << figure(matches / wall)
              << " matches/s (" << r.workers << (r.workers == 1 ? " worker" : " workers")
              << ", wall clock); CPU time summed over workers: "
              << figure(cpu_us / static_cast<double>(std::max<std::size_t>(events, 1))) << " us/event";
    if (units > 0)
        std::cout << ", " << figure(cpu_us / static_cast<double>(units)) << " us/" << r.unit_name << " (" << units << " "
                  << r.unit_name << "s)";
    std::cout << "; " << failed << " failed\n";
}

#ifdef DUELBOX_HAS_REFERENCE
// CPU us per unit of a run (its own workers' CPU time over its own units).
double us_per_unit(const BenchRun& r) {
    std::size_t units = 0;
    for (const BenchMatch& m : r.matches) units += m.units;
    return units ? r.cpu_seconds * 1e6 / static_cast<double>(units) : 0.0;
}

// The reference on the engine's seeds, side by side with the engine's narration-off runs
// (`off` on W workers, `one` on one worker: the same run when W is 1). Returns the exit status.
int reference_report(const BenchRun& off, const BenchRun& one, int matches, std::uint64_t seed) {
    std::vector<ref::MatchResult> reference;
    reference.reserve(static_cast<std::size_t>(matches));
    const auto wall0 = std::chrono::steady_clock::now();
    const double cpu0 = thread_cpu_seconds();
    for (int i = 0; i < matches; ++i) reference.push_back(ref::play_match(seed + static_cast<std::uint64_t>(i)));
    const double cpu = thread_cpu_seconds() - cpu0;
    const double wall = std::max(std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count(), 1e-9);
    std::size_t beats = 0;
    for (const auto& r : reference) beats += static_cast<std::size_t>(r.beats);
    const double ref_us = beats ? cpu * 1e6 / static_cast<double>(beats) : 0.0;
    std::cout << "reference    : " << matches << " matches in " << figure(wall) << " s = " << figure(matches / wall)
              << " matches/s (1 thread, wall clock); CPU time: " << figure(ref_us) << " us/beat (" << beats
              << " beats); hand-written C++, bench/reference\n";
    const double one_us = us_per_unit(one), off_us = us_per_unit(off);
    auto ratio = [&](double engine) { return ref_us > 0 ? engine / ref_us : 0.0; };
    std::cout << "engine / reference, CPU us/beat without narration: 1 worker " << figure(one_us) << " / "
              << figure(ref_us) << " = " << figure(ratio(one_us)) << "x";
    if (off.workers != 1)
        std::cout << "; " << off.workers << " workers " << figure(off_us) << " / " << figure(ref_us) << " = "
                  << figure(ratio(off_us)) << "x";
    std::cout << "\n";

    std::vector<ref::MatchResult> engine;
    engine.reserve(off.matches.size());
    for (const BenchMatch& m : off.matches) engine.push_back(to_reference_result(m));
    const ref::Comparison c = ref::compare(engine, reference);
    std::cout << "cross-check (A = engine, B = reference, the same " << matches << " seeds):\n" << std::flush;
    ref::print_comparison(stdout, c, "engine", "reference");
    std::fflush(stdout);
    if (c.identical != c.common || c.common != static_cast<std::size_t>(matches)) {
        std::cerr << "duelbox bench: the engine and the reference played different matches on "
                  << (static_cast<std::size_t>(matches) - c.identical) << " of " << matches
                  << " seeds (bench/reference/README.md: --trace --seed S against duelbox run --json finds where)\n";
        return kFailed;
    }
    return kOk;
}
#endif

// One narration-off pass with the script profile on: the report, not the timings (the
// hooks slow every line).
int profile_run(const Scenario& base, BenchOptions opts, std::size_t top, const std::string& root) {
    opts.profile = true;
    opts.reuse_setup = false;   // the profile shows every line a match runs, setup included
    const BenchRun run = run_bench(base, opts);
    if (!run.load_errors.empty()) {
        for (const auto& e : run.load_errors) std::cerr << printable_name(e) << "\n";
        return kBadInput;
    }
    std::size_t units = 0;
    for (const BenchMatch& m : run.matches) {
        units += m.units;
        if (m.state != RunState::Finished) {
            std::cerr << "first failure: seed " << m.seed << ": " << m.error << "\n";
            return kFailed;
        }
    }
    const bool per_match = units == 0;   // the game names no unit of play
    print_profile(std::cout, run.profile, per_match ? run.matches.size() : units, per_match ? "match" : run.unit_name,
                  top, base.root.empty() ? root : base.root);
    return kOk;
}

}  // namespace

int bench_command(const std::vector<std::string>& args) {
    std::string results;
    RunFlags flags;
    flags.matches = 200;
    flags.max_matches = 100'000'000;
    flags.max_seed = UINT64_MAX / 2;   // match i plays seed S+i: it must not wrap (2^64 - 1 played seeds 0 and 1)
    flags.workers = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    bool reference = false, profile = false, forks = false, whole_setup = false;
    std::string narration = "both";   // which passes to play: "off", "on" or "both"
    std::size_t top = 25;
    bool top_given = false;
    auto usage = [](const std::string& why) {
        std::cerr << "duelbox bench: " << why << " (see duelbox --help)\n";
        return kUsage;
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool has_value = i + 1 < args.size();
        std::string bad;
        if (parse_run_flag(args, i, flags, bad)) {
            if (!bad.empty()) return usage(bad);
        } else if (a == "--results") {
            if (!has_value || args[i + 1].empty()) return usage("--results needs a file name");
            results = args[++i];
        } else if (a == "--reference") {
            reference = true;
        } else if (a == "--profile") {
            profile = true;
        } else if (a == "--forks") {
            forks = true;
        } else if (a == "--whole-setup") {
            whole_setup = true;
        } else if (a == "--narration") {
            if (!has_value || (args[i + 1] != "off" && args[i + 1] != "on" && args[i + 1] != "both"))
                return usage("--narration needs off, on or both");
            narration = args[++i];
        } else if (a == "--top") {
            if (!has_value || !parse_number<std::size_t>(args[++i], 1, 100000, top))
                return usage("--top needs a whole number from 1 to 100000");
            top_given = true;
        } else {
            return usage("unexpected argument " + a);
        }
    }
    const std::string& target = flags.target;
    if (target.empty()) return usage("name a game (examples/<game>/bench.json) or a scenario file");
    const int matches = flags.matches, workers = flags.workers;
    const std::uint64_t seed = flags.seed;
    const std::vector<std::string>& mods = flags.mods;
    const std::string root = DUELBOX_SOURCE_ROOT;
    const std::string file = bench_scenario_file(target);
    if (reference && profile) return usage("--profile and --reference: run them one at a time");
    // Each of these plays its own kind of run, which writes no per-match results: refused rather
    // than leaving the --results file unwritten without a word.
    if (!results.empty() && (profile || forks))
        return usage(std::string("--results is written by the plain bench, not with ") + (profile ? "--profile" : "--forks"));
    if (top_given && !profile) return usage("--top sets how many lines --profile shows: give --profile too");
    if (reference && narration == "on") return usage("--reference compares the narration-off pass: not with --narration on");
    if (reference) {
#ifndef DUELBOX_HAS_REFERENCE
        return usage("--reference: the hand-written reference is not built (configure with -DDUELBOX_REFERENCE=ON)");
#else
        // The reference plays one duel only: the BattleCON bench scenario.
        std::error_code ec;
        if (!std::filesystem::equivalent(file, root + "/examples/battlecon/bench.json", ec))
            return usage("--reference plays only the BattleCON bench duel (duelbox bench battlecon --reference), not " +
                         target);
#endif
    }
    Scenario base;
    try {
        base = load_scenario(file, root);
    } catch (const ScenarioError& e) {
        std::cerr << e.what() << "\n";
        return kBadInput;
    }
    for (const std::string& m : mods) base.mods.push_back(m);
    if (!results.empty())
        if (std::string bad = output_file_error(results); !bad.empty()) return usage("--results: " + bad);
    if (forks) {
        std::cout << "command: duelbox bench " << target << " --forks --matches " << matches << " --seed " << seed << "\n";
        return fork_bench(base, matches, seed);
    }
    std::cout << "command: duelbox bench " << target << " --matches " << matches << " --seed " << seed << " --workers "
              << workers << (results.empty() ? "" : " --results " + results) << (reference ? " --reference" : "")
              << (profile ? " --profile --top " + std::to_string(top) : "") << (whole_setup ? " --whole-setup" : "")
              << (narration == "both" ? "" : " --narration " + narration) << "\n";
    BenchOptions opts;
    opts.reuse_setup = !whole_setup;
    opts.matches = matches;
    opts.seed = seed;
    opts.workers = workers;
    if (profile) return profile_run(base, opts, top, root);
    std::string first_error;
    BenchRun quiet;                        // the narration-off run, for --reference
    for (bool narrate : {false, true}) {
        if (narration == (narrate ? "off" : "on")) continue;   // a pass not asked for
        opts.narrate = narrate;
        BenchRun run = run_bench(base, opts);
        if (!run.load_errors.empty()) {
            for (const auto& e : run.load_errors) std::cerr << printable_name(e) << "\n";
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
        if (!narrate) quiet = std::move(run);
    }
    if (!first_error.empty()) {
        std::cerr << "first failure: " << first_error << "\n";
        return kFailed;
    }
#ifdef DUELBOX_HAS_REFERENCE
    if (reference) {
        BenchRun one;                      // the engine's per-beat cost on a single worker
        if (quiet.workers != 1) {
            opts.narrate = false;
            opts.workers = 1;
            one = run_bench(base, opts);
            print("narration off", one, matches);
        }
        return reference_report(quiet, quiet.workers != 1 ? one : quiet, matches, seed);
    }
#endif
    return kOk;
}

}  // namespace duelbox::cli
