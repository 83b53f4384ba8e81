// setup_reuse.cpp - see setup_reuse.h.
#include "setup_reuse.h"

namespace duelbox {

void SetupReuse::start(LuaHost& host, MatchRunner& runner, std::size_t key) {
    if (key != key_) {   // another scenario: its setup is not this one's
        key_ = key;
        tried_ = false;
        setup_.reset();
    }
    looking_ = false;
    if (setup_) runner.resume_from(setup_);
    else if (!tried_ && game_can_resume(host)) looking_ = true;   // played plainly; keep() looks
}

void SetupReuse::keep(LuaHost& host, const MatchRunner& runner) {
    if (!looking_) return;
    looking_ = false;
    if (runner.state() != RunState::Finished) return;   // a failed match teaches nothing: the next one looks
    tried_ = true;
    std::shared_ptr<const Checkpoint> sealed;
    {   // The same seed, recording, up to its first question: the checkpoint comes before any.
        Scenario s = runner.scenario();
        s.stop = StopAt{};
        s.stop.after_decisions = 0;
        MatchRunner recording(host, std::move(s));
        recording.record_checkpoints(true, true);
        recording.run();
        const Checkpoint* cp = recording.seed_free_checkpoint();
        if (!cp) return;
        sealed = seal_checkpoint(*cp, recording.match().log(), recording.taken());
    }   // (released: one runner on the host at a time)
    // The same match again, from the checkpoint: kept only if it is the plain match, event for event.
    MatchRunner again(host, runner.scenario());
    again.resume_from(sealed);
    if (again.run() == RunState::Finished && again.match().log().same_events(runner.match().log()))
        setup_ = std::move(sealed);
}

}  // namespace duelbox
