// duelbox_reference - a hand-written C++ BattleCON duel that mirrors scripts/battlecon for
// the bench fighters (Ashen against Frostwarden, examples/battlecon/bench.json), with the
// engine's random agents and RNG, so a seed plays the engine's match. A yardstick for the
// engine's speed and a cross-check of its rules. No Lua, no Duelbox runtime.
//
//   duelbox_reference --matches N --seed S [--results FILE]   play N duels, seeds S, S+1, ...
//   duelbox_reference --trace --seed S                        one duel's questions and answers
//   duelbox_reference --compare A.jsonl B.jsonl               compare two results files
//   duelbox_reference --self-test                             100 duels, invariants checked
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#include "duel.h"
#include "reference.h"

namespace ref {
int self_test();
}

namespace {

int usage() {
    std::fprintf(stderr,
                 "usage: duelbox_reference --matches N --seed S [--results FILE]\n"
                 "       duelbox_reference --trace --seed S\n"
                 "       duelbox_reference --compare A.jsonl B.jsonl\n"
                 "       duelbox_reference --self-test\n");
    return 2;
}

bool parse_u64(const char* s, std::uint64_t& out) {
    char* end = nullptr;
    out = std::strtoull(s, &end, 10);
    return end != s && *end == '\0';
}

int trace(std::uint64_t seed) {
    ref::Trace t;
    ref::Duel d;
    ref::play_duel(d, seed, &t);
    std::printf("active %d\n", d.active);
    for (const auto& line : t.lines) std::printf("%s\n", line.c_str());
    std::printf("%s\n", ref::to_json_line(ref::result_of(d, seed)).c_str());
    return 0;
}

int bench(std::uint64_t matches, std::uint64_t seed, const char* results_path) {
    std::ofstream results;
    if (results_path) {
        results.open(results_path);
        if (!results) {
            std::fprintf(stderr, "duelbox_reference: cannot write %s\n", results_path);
            return 1;
        }
    }
    std::uint64_t beats = 0;
    double seconds = 0;
    for (std::uint64_t i = 0; i < matches; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        const ref::MatchResult r = ref::play_match(seed + i);
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        beats += static_cast<std::uint64_t>(r.beats);
        if (results_path) results << ref::to_json_line(r) << '\n';   // not timed
    }
    std::printf("reference: %llu matches in %.3f s = %.0f matches/s, %.3f us/beat (%llu beats)\n",
                static_cast<unsigned long long>(matches), seconds, seconds > 0 ? double(matches) / seconds : 0.0,
                beats ? seconds * 1e6 / double(beats) : 0.0, static_cast<unsigned long long>(beats));
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::uint64_t matches = 0, seed = 1;
    const char* results = nullptr;
    bool do_trace = false, have_matches = false;
    for (int i = 1; i < argc; ++i) {
        const char* a = argv[i];
        const bool more = i + 1 < argc;
        if (!std::strcmp(a, "--self-test")) return ref::self_test();
        if (!std::strcmp(a, "--compare")) {
            if (i + 2 >= argc) return usage();
            return ref::compare_results(argv[i + 1], argv[i + 2]);
        }
        if (!std::strcmp(a, "--matches") && more) {
            if (!parse_u64(argv[++i], matches)) return usage();
            have_matches = true;
        } else if (!std::strcmp(a, "--seed") && more) {
            if (!parse_u64(argv[++i], seed)) return usage();
        } else if (!std::strcmp(a, "--results") && more) {
            results = argv[++i];
        } else if (!std::strcmp(a, "--trace")) {
            do_trace = true;
        } else {
            return usage();
        }
    }
    if (do_trace) return trace(seed);
    if (!have_matches) return usage();
    return bench(matches, seed, results);
}
