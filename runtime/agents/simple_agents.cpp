// simple_agents.cpp - the random, first-legal and deferred agents.
#include <algorithm>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

#include "agent.h"
#include "kernel/rng.h"

namespace duelbox {

namespace {

class RandomAgent final : public Agent {
public:
    explicit RandomAgent(std::uint64_t seed) : rng_(seed) {}
    const char* kind() const override { return "random"; }

    std::optional<Answer> answer(const DecisionRequest& r, const Match&) override { return random_answer(r, rng_); }

private:
    Rng rng_;
};

class FirstAgent final : public Agent {
public:
    const char* kind() const override { return "first"; }
    std::optional<Answer> answer(const DecisionRequest& r, const Match&) override { return first_legal_answer(r); }
};

class DeferredAgent final : public Agent {
public:
    const char* kind() const override { return "deferred"; }
    bool person() const override { return true; }   // the editor's seat: a person answers it
    std::optional<Answer> answer(const DecisionRequest&, const Match&) override { return std::nullopt; }
};

}  // namespace

Answer random_answer(const DecisionRequest& r, Rng& rng) {
    Answer a;
    const auto n = static_cast<std::int64_t>(r.options.size());
    switch (r.kind) {
        case DecisionKind::Choose: {
            const std::int64_t k = rng.uniform(r.min, std::min(r.max, n));
            // Shuffled on a buffer on the stack (a question rarely has more than a few dozen
            // options): the same draws as on a vector, so the same picks.
            constexpr std::int64_t kOnStack = 64;
            std::int64_t on_stack[kOnStack];
            std::vector<std::int64_t> on_heap;
            std::int64_t* all = on_stack;
            if (n > kOnStack) {
                on_heap.resize(static_cast<std::size_t>(n));
                all = on_heap.data();
            }
            std::iota(all, all + n, 0);
            rng.shuffle(std::span<std::int64_t>(all, static_cast<std::size_t>(n)));
            a.picks.assign(all, all + k);
            break;
        }
        case DecisionKind::Order: {
            a.picks.resize(static_cast<std::size_t>(n));
            std::iota(a.picks.begin(), a.picks.end(), 0);
            rng.shuffle(a.picks);
            break;
        }
        case DecisionKind::Number: a.picks = {rng.uniform(r.min, r.max)}; break;
        case DecisionKind::YesNo: a.picks = {rng.uniform(0, 1)}; break;
    }
    return a;
}

std::unique_ptr<Agent> make_random_agent(std::uint64_t seed) { return std::make_unique<RandomAgent>(seed); }
std::unique_ptr<Agent> make_first_agent() { return std::make_unique<FirstAgent>(); }
std::unique_ptr<Agent> make_deferred_agent() { return std::make_unique<DeferredAgent>(); }

}  // namespace duelbox
