// answers.cpp - candidate answers per decision kind.
#include "answers.h"

#include <algorithm>
#include <numeric>
#include <set>

#include "agents/agent.h"

namespace duelbox {

namespace {

// n choose k, saturating at `limit` (only whether it is small matters).
std::size_t choose_count(std::size_t n, std::size_t k, std::size_t limit) {
    if (k > n) return 0;
    k = std::min(k, n - k);
    double c = 1;
    for (std::size_t i = 1; i <= k; ++i) {
        c = c * static_cast<double>(n - k + i) / static_cast<double>(i);
        if (c > static_cast<double>(limit)) return limit + 1;
    }
    return static_cast<std::size_t>(c + 0.5);
}

void subsets_of_size(std::size_t n, std::size_t k, std::vector<Answer>& out) {
    std::vector<std::int64_t> pick(k);
    std::iota(pick.begin(), pick.end(), 0);
    while (true) {
        out.push_back(Answer{pick});
        std::size_t i = k;
        while (i > 0 && pick[i - 1] == static_cast<std::int64_t>(n - k + i - 1)) --i;
        if (i == 0) return;
        ++pick[i - 1];
        for (std::size_t j = i; j < k; ++j) pick[j] = pick[j - 1] + 1;
    }
}

// A seeded sample of distinct valid answers (random ones, then the first legal one).
std::vector<Answer> sampled(const DecisionRequest& r, std::size_t cap, Rng& rng) {
    std::vector<Answer> out{first_legal_answer(r)};
    std::set<std::vector<std::int64_t>> seen{out[0].picks};
    for (std::size_t tries = 0; out.size() < cap && tries < cap * 4; ++tries) {
        Answer a = random_answer(r, rng);
        if (r.kind == DecisionKind::Choose) std::sort(a.picks.begin(), a.picks.end());
        if (seen.insert(a.picks).second) out.push_back(std::move(a));
    }
    return out;
}

}  // namespace

std::vector<Answer> candidate_answers(const DecisionRequest& r, std::size_t cap, Rng& rng) {
    cap = std::max<std::size_t>(cap, 1);
    const std::size_t n = r.options.size();
    std::vector<Answer> out;
    switch (r.kind) {
        case DecisionKind::YesNo: return {Answer{{1}}, Answer{{0}}};
        case DecisionKind::Number: {
            const std::int64_t span = r.max - r.min + 1;
            if (span <= static_cast<std::int64_t>(cap)) {
                for (std::int64_t v = r.min; v <= r.max; ++v) out.push_back(Answer{{v}});
            } else {   // evenly spread, both ends included
                for (std::size_t i = 0; i < cap; ++i)
                    out.push_back(Answer{{r.min + static_cast<std::int64_t>(static_cast<double>(span - 1) * static_cast<double>(i) /
                                                                             static_cast<double>(cap - 1))}});
                out.erase(std::unique(out.begin(), out.end()), out.end());
            }
            return out;
        }
        case DecisionKind::Order: {
            std::size_t total = 1;
            for (std::size_t i = 2; i <= n && total <= cap; ++i) total *= i;
            if (total > cap) return sampled(r, cap, rng);
            std::vector<std::int64_t> p(n);
            std::iota(p.begin(), p.end(), 0);
            do out.push_back(Answer{p});
            while (std::next_permutation(p.begin(), p.end()));
            return out;
        }
        case DecisionKind::Choose: {
            const auto lo = static_cast<std::size_t>(std::max<std::int64_t>(r.min, 0));
            const auto hi = static_cast<std::size_t>(std::min<std::int64_t>(r.max, static_cast<std::int64_t>(n)));
            std::size_t total = 0;
            for (std::size_t k = lo; k <= hi && total <= cap; ++k) total += choose_count(n, k, cap);
            if (total > cap) return sampled(r, cap, rng);
            for (std::size_t k = lo; k <= hi; ++k) {
                if (k == 0) out.push_back(Answer{});
                else subsets_of_size(n, k, out);
            }
            if (out.empty()) out.push_back(first_legal_answer(r));
            return out;
        }
    }
    return {first_legal_answer(r)};
}

std::string answer_key(const DecisionRequest& r, const Answer& a) { return r.id + "=" + describe_answer(r, a); }

std::vector<Decider> deciders_of(std::span<const DecisionRequest> group, std::size_t cap, Rng& rng) {
    std::vector<Decider> out;
    for (std::size_t i = 0; i < group.size(); ++i) {
        auto it = std::find_if(out.begin(), out.end(), [&](const Decider& d) { return d.player == group[i].player; });
        if (it == out.end()) {
            out.push_back(Decider{group[i].player, {}, {}});
            it = out.end() - 1;
        }
        it->requests.push_back(i);
    }
    for (Decider& d : out) {
        d.joints = {Joint{}};
        for (std::size_t i : d.requests) {
            const auto cands = candidate_answers(group[i], cap, rng);
            std::vector<Joint> next;
            for (const Joint& j : d.joints)
                for (const Answer& a : cands) {
                    Joint k = j;
                    k.key += (k.key.empty() ? "" : " | ") + answer_key(group[i], a);
                    k.answers.push_back(a);
                    next.push_back(std::move(k));
                }
            if (next.size() > cap) {   // a seeded sample (never empty: cap >= 1)
                rng.shuffle(next);
                next.resize(cap);
            }
            d.joints = std::move(next);
        }
    }
    return out;
}

}  // namespace duelbox
