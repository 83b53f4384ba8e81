// group_starts.h - for tests that copy a match at its decisions: a random agent that notes
// where each decision group begins, and the answers a match gave to a group.
#pragma once
#include <memory>
#include <vector>

#include "agents/agent.h"
#include "kernel/rng.h"
#include "scenario/scenario.h"

namespace duelbox::test {

// The answers `taken[from..]` gave to `group`, as Answers (files number options from 1).
inline std::vector<Answer> answers_of(const std::vector<DecisionRequest>& group, const std::vector<ScriptedDecision>& taken,
                               std::size_t from) {
    std::vector<Answer> out;
    for (std::size_t i = 0; i < group.size(); ++i) {
        const ScriptedDecision& d = taken.at(from + i);
        Answer a;
        if (d.yes) a.picks = {*d.yes ? 1 : 0};
        else {
            a.picks = d.picks;
            if (group[i].kind == DecisionKind::Choose || group[i].kind == DecisionKind::Order)
                for (auto& p : a.picks) p -= 1;
        }
        out.push_back(a);
    }
    return out;
}

// A random agent that notes where each group begins (how many answers came before it).
class GroupStarts final : public Agent {
public:
    GroupStarts(std::shared_ptr<std::vector<std::size_t>> starts, std::uint64_t seed) : starts_(std::move(starts)), rng_(seed) {}
    const char* kind() const override { return "random"; }
    std::optional<Answer> answer(const DecisionRequest& r, const Match&) override { return random_answer(r, rng_); }
    std::optional<Answer> answer(const DecisionRequest& r, const Match& m, const DecisionContext& c) override {
        if (c.index == 0 && c.taken && (starts_->empty() || starts_->back() != c.taken->size())) starts_->push_back(c.taken->size());
        return answer(r, m);
    }

private:
    std::shared_ptr<std::vector<std::size_t>> starts_;
    Rng rng_;
};

}  // namespace duelbox::test
