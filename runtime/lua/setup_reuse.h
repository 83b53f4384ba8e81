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
//    for `key`, else recording its seed-free checkpoint alone (no snapshot at every later
//    checkpoint), so that keep() can take it. A
//    match started either way plays exactly as from the scenario's start (the runner reseeds:
//    tests/robustness/bench_setup_reuse_test.cpp).
//  - A game without game.resume, or whose first match records no seed-free checkpoint, is
//    tried once per key and then played from the start.
//  - The checkpoint is kept only once the first match, played again from it with its own seed,
//    gives the same log. Its promise (checkpoint.h) is the game's: the rules' file-level locals
//    start a resumed match as they loaded, and `save` changes nothing. A setup that keeps a fact
//    in such a local before the checkpoint, or a `save` that writes one, would otherwise make
//    every later match of the worker differ from the match its seed plays from the start, and
//    bench results depend on the number of workers (a red team, 2026-11-30). One match more per
//    worker and key; a divergence that only some later seed shows is not caught (the game
//    breaks its promise; `duelbox check` plays its scenarios both ways).
#pragma once
#include <cstddef>
#include <memory>

#include "checkpoint.h"
#include "match_runner.h"

namespace duelbox {

class SetupReuse {
public:
    void start(LuaHost& host, MatchRunner& runner, std::size_t key);
    // After the match: takes its seed-free checkpoint, if any, once a match from it agrees.
    // False when the match recorded one and the match from it differs: the recording itself
    // may have changed the match (a `save` that writes a file-level local), so the caller plays
    // the match again from the start, recording nothing.
    bool keep(LuaHost& host, const MatchRunner& runner);
    bool has_setup() const { return setup_ != nullptr; }   // later matches of the key start from it

private:
    std::size_t key_ = 0;
    bool tried_ = false;        // a match of key_ was played to find a checkpoint
    bool recording_ = false;    // the current match records (keep() looks)
    std::shared_ptr<const Checkpoint> setup_;
};

}  // namespace duelbox
