// forks.cpp - copies from the start or from the last checkpoint (forks.h).
#include "forks.h"

namespace duelbox {

Forks::Forks(LuaHost& host, const Scenario& scenario, const std::vector<ScriptedDecision>& prefix, ResumeCache* cache,
             bool checkpoints)
    : host_(host), scenario_(scenario), prefix_(prefix), cache_(cache), can_resume_(checkpoints && game_can_resume(host)) {
    if (can_resume_ && cache_ && cache_->checkpoint && checkpoint_fits(*cache_->checkpoint, prefix_)) from_ = cache_->checkpoint;
}

namespace {

// Where a copy arrived, in short: every copy of one decision arrives at the same place, however
// it was made (a deterministic replay), so a resumed copy that does not is a broken resume.
std::string arrival(const Playout& c) {
    const Match& m = c.match();
    std::string a = "log " + std::to_string(m.log().size()) + ", draws " + std::to_string(const_cast<Match&>(m).rng().draws()) +
                    ", entities " + std::to_string(m.entity_count()) + ", asks";
    for (const DecisionRequest& r : c.pending()) {
        a += " " + std::to_string(r.player + 1) + ":" + r.id + "(";
        for (const Option& o : r.options) a += o.label + ";";
        a += ")";
    }
    return a;
}

}  // namespace

std::unique_ptr<Playout> Forks::make() {
    auto copy = std::make_unique<Playout>(host_, scenario_, prefix_, from_);
    const bool record = can_resume_ && !recorded_;
    if (record) copy->record_checkpoints();
    ++(copy->resumed() ? resumed_ : replayed_);
    const bool reached = copy->reach();
    if (!reached) {
        if (copy->resumed() && resume_error_.empty()) resume_error_ = "game.resume: a copy started from a checkpoint failed: " + copy->error();
        return copy;
    }
    if (can_resume_) {   // only games that declare resume pay for the comparison
        std::string here = arrival(*copy);
        if (first_arrival_.empty()) first_arrival_ = std::move(here);
        else if (here != first_arrival_ && resume_error_.empty())
            resume_error_ = "game.resume: a copy started from a checkpoint did not arrive where the match is (" + here +
                            "; the match: " + first_arrival_ + ")";
    }
    if (record) {
        recorded_ = true;
        if (auto cp = copy->checkpoint()) {
            from_ = cp;
            if (cache_) cache_->checkpoint = std::move(cp);
        }
    }
    return copy;
}

}  // namespace duelbox
