// agent_duel.h - how strong an agent is against another, and what it costs (`duelbox lab
// <scenario> --agents A,B`).
//
// Match g plays the base scenario (its seats, fighters and options as written; scripted
// decisions and stop dropped) with seed `seed + g`. Agent A takes one seat and B every other
// one; the seat A takes turns through all seats (g mod seats), so in a duel each agent plays
// each seat equally often. A's score is its wins plus half its draws; its share of a
// finished match counts for A when A's seat is among the winners. Intervals: 95% Wilson
// (lab_figures.h), per seat and overall.
//
// Cost: every answer the two agents give is timed (wall clock, on its worker thread), and
// the answers a searching agent actually searched (more than one option) are listed apart:
// their median is the figure the AI issue's bar is about.
#pragma once
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lab_figures.h"
#include "scenario/scenario.h"

namespace duelbox {

struct AgentCost {
    std::vector<double> searched_ms;     // answers that needed thought (milliseconds)
    std::size_t answers = 0;             // every answer, forced ones included
    double total_ms = 0;
    std::size_t max_nodes = 0, max_node_bytes = 0;   // the biggest search tree
    double median_ms() const;
    double percentile_ms(double q) const;
};

struct DuelSeat {
    double wins = 0, draws = 0, losses = 0;   // A's, when A sat here
    Rate rate(double wide) const { return wilson(wins + draws / 2, wins + draws + losses, wide); }
};

struct DuelResult {
    std::string agent_a, agent_b;
    std::vector<DuelSeat> seats;         // per seat A sat in
    DuelSeat total;
    std::size_t failed = 0;
    std::string first_failure;
    AgentCost cost_a, cost_b;
    double wall_seconds = 0;
    std::vector<std::string> load_errors;
};

struct DuelOptions {
    std::string agent_a, agent_b;
    int matches = 200;                   // in all (spread over the seats A takes)
    std::uint64_t seed = 1;
    int workers = 1;
    std::atomic<std::size_t>* done = nullptr;
};

DuelResult run_agent_duel(const Scenario& base, const DuelOptions& opts);

// What `duelbox lab --agents A,B --out DIR` writes to DIR/duel.json: the command, the agents,
// seeds, A's score per seat and in all (wins, draws, losses, score and its 95% interval,
// `wide` when the half-width exceeds `wide`), failures, and each agent's answer times.
nlohmann::json duel_result_json(const DuelResult& r, const DuelOptions& opts, const std::string& command, double wide);

}  // namespace duelbox
