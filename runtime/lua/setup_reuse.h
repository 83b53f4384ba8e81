// setup_reuse.h - matches of one scenario on one host start from the setup every seed shares.
//
// Why: the bench and the balance lab play thousands of matches that differ only in their seed,
// and a game's setup often builds the same thing every time (each seat's zones,
// stats and kit) before it draws or asks anything. A game that records a checkpoint there
// (match.checkpoint; checkpoint.h "seed-free") lets the later matches start from it instead.
//
// Contracts
//  - One SetupReuse per host (a worker's), used by one thread. `key` names the scenario apart
//    from its seed (the lab's pairing); matches with another key never share a setup.
//  - start() prepares a runner before its first step: from the kept checkpoint when there is one
//    for `key`; else the match plays plainly, and keep() looks for a checkpoint once it has
//    finished. A match started either way plays exactly as from the scenario's start (the
//    runner reseeds: tests/robustness/bench_setup_reuse_test.cpp).
//  - A game without game.resume, or whose first match records no seed-free checkpoint, is
//    tried once per key and then played from the start.
//  - keep() plays the first match's seed again, recording, up to its first question (the
//    seed-free checkpoint comes before any), then the match from that checkpoint, and keeps the
//    checkpoint only if that match is the plain one, event for event. The checkpoint's promise
//    (checkpoint.h) is the game's: the rules' file-level locals start a resumed match as they
//    loaded, and `save` changes nothing a plain match sees. A setup that keeps a fact in such a
//    local before the checkpoint, or a `save` that writes one that `resume` then reads, would
//    otherwise make every later match of the worker differ from the match its seed plays from
//    the start, and bench results depend on the number of workers (a red team and a review,
//    2026-11-30). The first match is always the plain one. Cost: about one match more per
//    worker and key. A divergence that only some later seed shows is not caught.
#pragma once
#include <cstddef>
#include <memory>

#include "checkpoint.h"
#include "match_runner.h"

namespace duelbox {

class SetupReuse {
public:
    void start(LuaHost& host, MatchRunner& runner, std::size_t key);
    void keep(LuaHost& host, const MatchRunner& runner);   // after the match (see above)
    bool has_setup() const { return setup_ != nullptr; }   // later matches of the key start from it

private:
    std::size_t key_ = 0;
    bool tried_ = false;        // a match of key_ was played to find a checkpoint
    bool looking_ = false;      // the current match is the key's first, played plainly: keep() looks
    std::shared_ptr<const Checkpoint> setup_;
};

}  // namespace duelbox
