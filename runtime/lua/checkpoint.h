// checkpoint.h - a point from which a game's rules can go on without replaying the match.
//
// Why: a search copies the match at a decision many times, and the rules are a Lua coroutine
// that cannot be copied, so a copy replays every answer from the scenario's start: about as
// long as the match so far (8 ms in a long map game, docs/ai.md). A game may declare
// checkpoints, points where everything its rules need to go on is the kernel's state plus a
// small table it saves: `match.checkpoint(save, ...)` at the top of its turn loop, and
// `game.resume(ctx, data)` that goes on from such a point. A copy then restores the kernel's
// snapshot, calls resume with the saved table, and replays only the answers since.
//
// What makes a checkpoint sound is the game's promise, checked where it can be:
//  - match.checkpoint refuses to be called from anywhere but the rules' main line: every frame
//    between game.play/resume and it is a Lua function (no pcall, log.within_rule, handler or
//    sort comparator whose C frame a resume could not rebuild), and no window walk is open;
//  - the saved value is plain data (plain_data.h); the rules' file-level locals start a
//    resumed copy as they start every match (file_locals.h), so resume sets what it needs;
//  - each live handler's function is a card definition's (cards.activate), pinned again by
//    name on the copy's host; a point where a window.on function is live records nothing;
//  - resuming is only ever compared, never trusted: tests/search/resume_test.cpp plays matches
//    both ways for each game that declares resume, and `duelbox bench <game> --forks`
//    reports copies made each way.
//
// Contracts
//  - Made only by a MatchRunner asked to record (record_checkpoints): a search's copy, or the
//    first match of a scenario on a bench or lab worker (setup_reuse.h); in
//    every other run match.checkpoint checks where it is called and returns: the save function
//    is not called, nothing is recorded, nothing is logged.
//  - A Checkpoint never changes once sealed; copies share it (shared_ptr to const).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "host.h"
#include "kernel/snapshot.h"
#include "scenario/scenario.h"

namespace duelbox {

struct Checkpoint {
    MatchSnapshot snapshot;                          // the match then, without its log
    std::string data;                                // what save(...) returned, plain_data bytes
    std::vector<LuaHost::FunctionOrigin> functions;  // the host's pinned functions then (ref - 1 -> origin)
    std::size_t answered = 0;                        // decisions answered before it
    std::size_t entities = 0;                        // entities made before it
    std::uint64_t draws = 0;                         // random draws made before it
    // Reached before any random draw and any answer: the match then is the same for every seed
    // of the scenario, so a match of another seed may start from it (MatchRunner::resume_from
    // reseeds), e.g. the bench's matches after a worker's first (the "setup prefix").
    bool seed_free = false;
    // Set when sealed (seal_checkpoint): the log then (its first snapshot.events() events) and
    // the answers given before it, which a prefix must start with for the checkpoint to fit.
    std::shared_ptr<const EventLog> log;
    std::vector<ScriptedDecision> answers;
};

// A copy of `raw` with the log and answers of the run that recorded it (whose log and taken
// answers are at least as long as the checkpoint's).
std::shared_ptr<const Checkpoint> seal_checkpoint(const Checkpoint& raw, const EventLog& log,
                                                  const std::vector<ScriptedDecision>& taken);

// Whether a match that answered `prefix` passed through `cp`: its answers start the prefix.
bool checkpoint_fits(const Checkpoint& cp, const std::vector<ScriptedDecision>& prefix);

// Whether the loaded game declares `resume` (a function): only then is recording worth it.
bool game_can_resume(LuaHost& host);
// "" or what is wrong with the game's `resume` field (`duelbox check`): absent or a function.
std::string game_resume_error(LuaHost& host);

}  // namespace duelbox
