// hint_job.cpp - see hint_job.h.
#include "hint_job.h"

#include "lua/host.h"

namespace duelbox::editor {

HintJob::~HintJob() { cancel(); }

void HintJob::cancel() {
    cancel_ = true;
    if (thread_.joinable()) thread_.join();
    cancel_ = false;
}

void HintJob::start(const Scenario& scenario, std::vector<ScriptedDecision> taken, std::vector<DecisionRequest> group,
                    PlayerIndex player, SearchBudget budget, std::uint64_t seed) {
    cancel();
    running_ = true;
    budget.cancel = &cancel_;
    thread_ = std::jthread([this, scenario, taken = std::move(taken), group = std::move(group), player, budget, seed] {
        Hint h;
        h.player = player;
        h.for_taken = taken.size();
        LuaHost host(scenario.limits);
        std::vector<std::string> errors;
        if (host.load_game(scenario, errors)) {
            h.search = search_decision(host, scenario, taken, group, player, budget, seed);
        } else {
            for (const auto& e : errors) h.error += (h.error.empty() ? "" : "\n") + e;
        }
        if (!cancel_.load()) {
            std::lock_guard lock(mutex_);
            result_ = std::move(h);
        }
        running_ = false;
    });
}

std::optional<Hint> HintJob::result() const {
    std::lock_guard lock(mutex_);
    return result_;
}

}  // namespace duelbox::editor
