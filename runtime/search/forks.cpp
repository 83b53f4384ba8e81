// forks.cpp - copies from the start or from the last checkpoint (forks.h).
#include "forks.h"

namespace duelbox {

Forks::Forks(LuaHost& host, const Scenario& scenario, const std::vector<ScriptedDecision>& prefix, ResumeCache* cache,
             bool checkpoints)
    : host_(host), scenario_(scenario), prefix_(prefix), cache_(cache), can_resume_(checkpoints && game_can_resume(host)) {
    if (can_resume_ && cache_ && cache_->checkpoint && checkpoint_fits(*cache_->checkpoint, prefix_)) from_ = cache_->checkpoint;
}

std::unique_ptr<Playout> Forks::make() {
    auto copy = std::make_unique<Playout>(host_, scenario_, prefix_, from_);
    const bool record = can_resume_ && !recorded_;
    if (record) copy->record_checkpoints();
    ++(copy->resumed() ? resumed_ : replayed_);
    if (copy->reach() && record) {
        recorded_ = true;
        if (auto cp = copy->checkpoint()) {
            from_ = cp;
            if (cache_) cache_->checkpoint = std::move(cp);
        }
    }
    return copy;
}

}  // namespace duelbox
