// lab_plan.cpp - see lab_plan.h.
#include "lab_plan.h"

#include <charconv>
#include <stdexcept>

namespace duelbox {

namespace {

// Every way to choose `k` of n indices in increasing order, lexicographically.
void combinations(int n, int k, std::vector<int>& current, int from, std::vector<std::vector<int>>& out) {
    if (static_cast<int>(current.size()) == k) {
        out.push_back(current);
        return;
    }
    for (int i = from; i < n; ++i) {
        current.push_back(i);
        combinations(n, k, current, i + 1, out);
        current.pop_back();
    }
}

bool parse_int(const std::string& s, int& out) {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return !s.empty() && ec == std::errc{} && end == s.data() + s.size();
}

}  // namespace

std::pair<std::size_t, std::size_t> Shard::range(std::size_t total) const {
    const std::size_t n = static_cast<std::size_t>(count), i = static_cast<std::size_t>(index);
    return {i * total / n, (i + 1) * total / n};
}

LabPlan make_plan(std::vector<std::string> fighters, int picks, int matches, std::uint64_t seed) {
    LabPlan plan;
    plan.fighters = std::move(fighters);
    plan.picks = picks;
    plan.matches = matches;
    plan.seed = seed;
    const int n = static_cast<int>(plan.fighters.size());
    // C(n, picks) sides and about their square in pairings: refuse what could not be played.
    double sides_count = 1;
    for (int k = 0; k < picks; ++k) sides_count = sides_count * (n - k) / (k + 1);
    if (sides_count > static_cast<double>(kMaxSides))
        throw std::invalid_argument("too many sides: " + std::to_string(n) + " fighters in teams of " + std::to_string(picks) +
                                    " make more than " + std::to_string(kMaxSides) + " (choose fewer with --fighters)");
    std::vector<std::vector<int>> sides;
    std::vector<int> current;
    if (picks >= 1 && picks <= n) combinations(n, picks, current, 0, sides);
    for (const auto& side : sides) {
        LabEntry e;
        for (int i : side) {
            e.label += (e.label.empty() ? "" : "+") + plan.fighters[static_cast<std::size_t>(i)];
            e.members.push_back(plan.fighters[static_cast<std::size_t>(i)]);
        }
        plan.entries.push_back(std::move(e));
    }
    for (std::size_t a = 0; a < sides.size(); ++a)
        for (std::size_t b = 0; b < sides.size(); ++b) {
            if (a == b) continue;
            bool shared = false;
            for (int x : sides[a])
                for (int y : sides[b]) shared = shared || x == y;
            if (!shared) plan.pairings.push_back({a, b});
        }
    if (plan.pairings.empty())
        throw std::invalid_argument("need at least " + std::to_string(2 * picks) + " fighters to form two sides of " +
                                    std::to_string(picks) + " (got " + std::to_string(n) + ")");
    return plan;
}

std::string parse_shard(const std::string& text, Shard& out) {
    const auto slash = text.find('/');
    int i = 0, n = 0;
    if (slash == std::string::npos || !parse_int(text.substr(0, slash), i) || !parse_int(text.substr(slash + 1), n) ||
        n < 1 || n > 100000 || i < 0 || i >= n)
        return "--shard expects i/N with 0 <= i < N (e.g. 0/4; i is Slurm's SLURM_ARRAY_TASK_ID), got \"" + text + "\"";
    out = {i, n};
    return "";
}

}  // namespace duelbox
