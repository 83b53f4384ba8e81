// search_agents.h - agents that think: MCTS and a greedy one-ply baseline, and agents by name.
//
// Agent names (a scenario seat's "agent", `--agents` of the lab, the CLI):
//   random | first | human | scripted          as before (agent.h)
//   mcts            MCTS with the default budget (SearchBudget: 96 copies a decision)
//   mcts:N          MCTS with N copies a decision (deterministic)
//   mcts:Nms        MCTS for N milliseconds of wall clock a decision: NOT reproducible (the
//                   answer depends on the machine's speed and load); for play, never for tests
//   greedy          one-ply: each answer of its own tried in `samples` copies (default 8)
//                   that take it and then play at random to the end; the best mean wins
//   greedy:N        the same with N copies per answer
// A searching agent loads the scenario's game (and mods) into a host of its own on its first
// decision, and answers at once, without searching, when it has one answer only.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "agents/agent.h"
#include "mcts.h"

namespace duelbox {

// "" when `name` names an agent (see above), else what is wrong with it.
std::string agent_name_error(const std::string& name);

// The agent for a seat: `seed` is the seat's own (never the match's generator).
std::unique_ptr<Agent> make_named_agent(const std::string& name, std::uint64_t seed);

// The budget a name gives: mcts_budget_of("mcts:500") has 500 copies, of "mcts:150ms" 0.15 s,
// of "mcts" the default; greedy_samples_of("greedy:4") is 4, of "greedy" 8.
SearchBudget mcts_budget_of(const std::string& name);
int greedy_samples_of(const std::string& name);

// True for the agents that search (mcts, greedy): what a front end runs off its window's thread.
bool searches(const Agent& agent);

// The last search an MCTS or greedy agent made (nullptr for other agents, or before any).
const SearchResult* last_search(const Agent& agent);
// How many searches it made (answers given at once, with one answer only, are not searches).
int searches_made(const Agent& agent);

// Asks a search under way in `agent` (on another thread) to stop after the copy it is playing;
// its answer is then whatever it found so far. For a front end discarding a match while its
// AI thinks (the editor's rerun); nothing else. No effect on other agents.
void request_stop(Agent& agent);

std::unique_ptr<Agent> make_mcts_agent(SearchBudget budget, std::uint64_t seed);
// `limit_seconds`: the safety limit of SearchBudget::limit_seconds (mcts.h) for each answer.
std::unique_ptr<Agent> make_greedy_agent(int samples, std::uint64_t seed, double limit_seconds = SearchBudget{}.limit_seconds);

}  // namespace duelbox
