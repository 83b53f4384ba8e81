// mcts.h - information-set Monte Carlo tree search over a match's decisions.
//
// One search answers one group of requests (usually one request; a simultaneous secret
// choice asks several players at once). Each iteration:
//   1. makes a copy of the match at that group (playout.h: replays the answers so far),
//   2. re-deals what the searching player cannot know (Match::resample_hidden), so the
//      search never plays on the true hidden cards: it searches the information set. The
//      re-deal comes before the rules build the group's questions (Forks::make_for: at the
//      group answered before it, or the checkpoint the copy starts from), or the other
//      players' questions in a group would list their real hidden cards,
//   3. walks down the tree: where one player decides, UCB1 over the answers available in
//      this copy (with availability counts: an answer missing from some copies is not
//      penalised for them); where several decide at once, each picks by UCB1 over its own
//      answers, not knowing the others' picks (decoupled UCT, simultaneous-move MCTS),
//   4. adds one node, plays on at random to the end (or, when the game gives an evaluation,
//      `rollout_decisions` answers further, then takes the game's estimate; a copy still
//      running after `max_playout_decisions` is a draw), and hands each player their reward
//      back up the path.
// Answers are named by their options' labels (answers.h), so one tree serves every copy.
//
// The result: for a single decider, the most visited answer; for a simultaneous choice,
// one drawn from a mixed strategy (what a secret simultaneous choice calls for): the copies'
// outcomes at the root, by the searcher's answer and the others', estimate a payoff matrix,
// and the answer is drawn from its maximin strategy (matrix_game.h). A guess comes out mixed,
// a dominant answer pure. (Sampling the regret-matching average of a few dozen copies, the
// first version, was close to uniform; the strength gained is measured in docs/ai.md.)
//
// Contracts
//  - Deterministic: the same match, prefix, budget in iterations and seed give the same
//    answer in any process. A time budget (budget.seconds) is the one exception, by design.
//  - The true hidden state never reaches a decision: every copy is re-dealt from the
//    searcher's view before any search answer (ai_information_test.cpp checks it).
//  - Memory: at most one node per iteration (budget.iterations + 1 nodes); node_bytes
//    counts them.
#pragma once
#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "lua/host.h"
#include "scenario/scenario.h"

namespace duelbox {

struct SearchBudget {
    int iterations = 96;               // copies played (deterministic); the default keeps a decision near 100 ms (docs/ai.md)
    // Plain `mcts`: the game's own `search = { copies = N }` replaces `iterations` when it
    // declares one (game_search.h); `mcts:N` clears this.
    bool copies_from_game = false;
    double seconds = 0;                // > 0: stop at this wall-clock time instead (not reproducible)
    // A safety limit for an iteration budget: past this much wall clock no new copy starts and
    // the copies made so far decide (SearchResult::stopped_at_limit says so; the answer is then
    // not reproducible). Copies of an ordinary match cost milliseconds, so only a mod whose
    // rules run for seconds reaches it; without it, such a mod made one decision take the
    // budget times each copy's own limits (a match's wall clock: minutes). 0 = no limit.
    double limit_seconds = 60;
    int max_playout_decisions = 4000;  // a copy still running after this many answers counts as a draw
    // With a game that declares `evaluate` (playout.h): a copy is cut this many answers after
    // it left the tree and scored by the game's estimate instead of played to the end; 0 =
    // always play to the end.
    int rollout_decisions = 12;
    std::size_t candidates = 48;       // answers tried per request at most (answers.h)
    double exploration = 0.7;          // UCB1's c (rewards are in [0, 1])
    double mix = 0.1;                  // at a simultaneous node, the share of uniformly random picks (mcts.cpp: select)
    // Copies start from the game's checkpoints when it declares them (forks.h); false replays
    // every copy from the scenario's start (the same answers, slower: for comparisons).
    bool checkpoints = true;
    const std::atomic<bool>* cancel = nullptr;   // when given and set, the search stops after the copy under way
};

// How a search's copies were re-dealt (forks.h: Forks::make_for).
class Forks;
struct RedealCounts {
    int before = 0;       // before the decision's group, fitting all the searcher saw
    int unfit = 0;        // before the group, none of the tries fitting what the searcher saw
    int at_arrival = 0;   // at the decision: others asked in the group too, and no earlier point (or cards made since)
    int alone = 0;        // at the decision, where the searcher is asked alone (nothing to hide)
    int refused = 0;      // re-deals the searcher could tell from the real match, drawn again
    int lost = 0;         // copies for which no re-deal reached the searcher's questions (not played)
    static RedealCounts of(const Forks& forks);
};

// What the search found for one answer of the searching player (the `hint` table).
struct OptionEstimate {
    std::string label;                 // the answer's key (its labels)
    std::vector<Answer> answers;       // one per request of the player in the group
    int visits = 0;
    double value = 0;                  // mean reward: the estimated chance to win (draw = 1/2)
    double probability = -1;           // a simultaneous choice: the mixed strategy's weight; else -1
};

struct SearchResult {
    std::vector<Answer> answers;       // the chosen answer, one per request of the player in the group
    std::vector<OptionEstimate> options;   // best first
    bool simultaneous = false;
    int iterations = 0;
    int failed_copies = 0;             // copies that failed (a script error) or could not be made
    int resumed_copies = 0;            // copies started from a checkpoint instead of the start (forks.h)
    RedealCounts redeals;
    std::string first_failure;
    std::string game_error;            // the game's search hooks failed (evaluate, search): a bug to report; the search stopped
    std::size_t nodes = 0;
    std::size_t node_bytes = 0;
    double seconds = 0;                // wall clock spent (reported, never decides anything unless budget.seconds)
    bool stopped_at_limit = false;     // budget.limit_seconds cut an iteration budget short
};

// Searches the decision group `group` (the requests the real match asks now; `prefix` = the
// answers given before it) for `player`, whose requests in the group are answered. `host`
// must have the scenario's game (and mods) loaded and run nothing else meanwhile. `cache`:
// the checkpoint an earlier search of the same match left (forks.h), or null; copies start
// from it when it fits, and the newest one passed is left in it.
struct ResumeCache;
SearchResult search_decision(LuaHost& host, const Scenario& scenario, const std::vector<ScriptedDecision>& prefix,
                             std::span<const DecisionRequest> group, PlayerIndex player, const SearchBudget& budget,
                             std::uint64_t seed, ResumeCache* cache = nullptr);

}  // namespace duelbox
