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

bool SetupReuse::keep(LuaHost& host, const MatchRunner& runner) {
    if (!recording_) return true;
    recording_ = false;
    if (runner.state() != RunState::Finished) return true;   // a failed match teaches nothing: the next one looks
    tried_ = true;
    const Checkpoint* cp = runner.seed_free_checkpoint();
    if (!cp) return true;
    auto sealed = seal_checkpoint(*cp, runner.match().log(), runner.taken());
    // The same match again, from the checkpoint (the recording match has released the host:
    // it finished). Kept only if it is the same match, event for event.
    MatchRunner again(host, runner.scenario());
    again.resume_from(sealed);
    if (again.run() != RunState::Finished || !again.match().log().same_events(runner.match().log())) return false;
    setup_ = std::move(sealed);
    return true;
}

}  // namespace duelbox
