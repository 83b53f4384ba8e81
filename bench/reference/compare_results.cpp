// compare_results.cpp - do two sets of results (say the engine's and the reference's)
// describe the same game? `compare` works it out (reference.h says what), `print_comparison`
// prints it, and `duelbox_reference --compare A.jsonl B.jsonl` does both for two results files.
#include <cmath>
#include <cstdio>
#include <map>

#include "reference.h"

namespace ref {

namespace {
constexpr double kZ = 1.959963984540054;   // 95%, two-sided

struct Sample {
    double mean = 0, var = 0;               // var: sample variance (n - 1)
    std::size_t n = 0;
};

template <class Get>
Sample sample(const std::vector<MatchResult>& v, Get get) {
    Sample s;
    s.n = v.size();
    if (s.n == 0) return s;
    for (const auto& r : v) s.mean += get(r);
    s.mean /= static_cast<double>(s.n);
    if (s.n > 1) {
        for (const auto& r : v) s.var += (get(r) - s.mean) * (get(r) - s.mean);
        s.var /= static_cast<double>(s.n - 1);
    }
    return s;
}

CompareRow row(const char* name, const Sample& a, const Sample& b, bool proportion) {
    CompareRow r;
    r.figure = name;
    r.a = a.mean;
    r.b = b.mean;
    r.diff = a.mean - b.mean;
    const double va = proportion ? a.mean * (1 - a.mean) : a.var, vb = proportion ? b.mean * (1 - b.mean) : b.var;
    const double se = std::sqrt(va / static_cast<double>(a.n) + vb / static_cast<double>(b.n));
    r.lo = r.diff - kZ * se;
    r.hi = r.diff + kZ * se;
    r.agrees = se > 0 ? (r.lo <= 0 && r.hi >= 0) : r.diff == 0;
    return r;
}

template <class Get>
void add(Comparison& c, const char* name, const std::vector<MatchResult>& a, const std::vector<MatchResult>& b,
         bool proportion, Get get) {
    c.rows.push_back(row(name, sample(a, get), sample(b, get), proportion));
    c.all_agree = c.all_agree && c.rows.back().agrees;
}
}  // namespace

Comparison compare(const std::vector<MatchResult>& a, const std::vector<MatchResult>& b) {
    Comparison c;
    c.n_a = a.size();
    c.n_b = b.size();
    c.all_agree = !a.empty() && !b.empty();
    if (!c.all_agree) return c;
    add(c, "P1 wins (share)", a, b, true, [](const MatchResult& r) { return r.winner == 1 ? 1.0 : 0.0; });
    add(c, "P2 wins (share)", a, b, true, [](const MatchResult& r) { return r.winner == 2 ? 1.0 : 0.0; });
    add(c, "draws (share)", a, b, true, [](const MatchResult& r) { return r.winner == 0 ? 1.0 : 0.0; });
    add(c, "mean beats", a, b, false, [](const MatchResult& r) { return double(r.beats); });
    add(c, "mean P1 health", a, b, false, [](const MatchResult& r) { return double(r.health[0]); });
    add(c, "mean P2 health", a, b, false, [](const MatchResult& r) { return double(r.health[1]); });
    // Seed by seed, where both played the same seeds.
    std::map<std::uint64_t, const MatchResult*> by_seed;
    for (const auto& r : b) by_seed[r.seed] = &r;
    for (const auto& r : a) {
        const auto it = by_seed.find(r.seed);
        if (it == by_seed.end()) continue;
        ++c.common;
        const MatchResult& o = *it->second;
        if (r.winner == o.winner && r.beats == o.beats && r.health[0] == o.health[0] && r.health[1] == o.health[1])
            ++c.identical;
        else
            c.differing.push_back(r.seed);
    }
    return c;
}

void print_comparison(std::FILE* out, const Comparison& c, const std::string& name_a, const std::string& name_b) {
    std::fprintf(out, "  %-18s %10s %10s %10s   %-20s   %s\n", "figure", name_a.c_str(), name_b.c_str(), "A - B",
                 "95% CI of A - B", "CI holds 0");
    for (const CompareRow& r : c.rows)
        std::fprintf(out, "  %-18s %10.4f %10.4f %+10.4f   [%+.4f, %+.4f]   %s\n", r.figure.c_str(), r.a, r.b, r.diff,
                     r.lo, r.hi, r.agrees ? "yes" : "NO");
    std::fprintf(out, "  identical (winner, beats, health) on %zu of %zu common seeds", c.identical, c.common);
    if (!c.differing.empty()) {
        std::fprintf(out, "; differing seeds:");
        for (std::size_t i = 0; i < c.differing.size() && i < 10; ++i)
            std::fprintf(out, " %llu", static_cast<unsigned long long>(c.differing[i]));
        if (c.differing.size() > 10) std::fprintf(out, " ...");
    }
    std::fprintf(out, "\n");
    std::fprintf(out, "verdict: %s\n", c.all_agree ? "agree (every interval holds 0)" : "DIFFER (an interval excludes 0)");
    // Six intervals at 95% each: two samples of the same game still flag one now and then.
    if (!c.all_agree && c.identical != c.common)
        std::fprintf(out, "note: with 6 figures at 95%%, about 1 comparison in 4 of two equal games flags one; rerun on other seeds\n");
}

int compare_results(const std::string& path_a, const std::string& path_b) {
    std::vector<MatchResult> a, b;
    std::string error;
    if (!read_results(path_a, a, error) || !read_results(path_b, b, error)) {
        std::fprintf(stderr, "compare: %s\n", error.c_str());
        return 1;
    }
    if (a.empty() || b.empty()) {
        std::fprintf(stderr, "compare: %s has no results\n", a.empty() ? path_a.c_str() : path_b.c_str());
        return 1;
    }
    std::printf("compare: A = %s (%zu matches), B = %s (%zu matches)\n", path_a.c_str(), a.size(), path_b.c_str(),
                b.size());
    const Comparison c = compare(a, b);
    print_comparison(stdout, c, "A", "B");
    return c.all_agree ? 0 : 1;
}

}  // namespace ref
