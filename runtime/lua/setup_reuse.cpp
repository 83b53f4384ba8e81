// setup_reuse.cpp - see setup_reuse.h.
#include "setup_reuse.h"

namespace duelbox {

void SetupReuse::start(LuaHost& host, MatchRunner& runner, std::size_t key) {
    if (key != key_) {   // another scenario: its setup is not this one's
        key_ = key;
        tried_ = false;
        setup_.reset();
    }
    recording_ = false;
    if (setup_) {
        runner.resume_from(setup_);
    } else if (!tried_ && game_can_resume(host)) {
        runner.record_checkpoints(true, true);   // the seed-free checkpoint alone
        recording_ = true;
    }
}

void SetupReuse::keep(const MatchRunner& runner) {
    if (!recording_) return;
    recording_ = false;
    if (runner.state() != RunState::Finished) return;   // a failed match teaches nothing: the next one looks
    tried_ = true;
    if (const Checkpoint* cp = runner.seed_free_checkpoint())
        setup_ = seal_checkpoint(*cp, runner.match().log(), runner.taken());
}

}  // namespace duelbox
