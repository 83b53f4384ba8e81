// agent.h - who answers a seat's decisions.
//
// Contracts
//  - An agent sees the request (asked of its own seat) and the match through the seat's
//    eyes only: agents that look at state must use Match::can_see / EventLog::sees with
//    their seat, never the observer view.
//  - answer() returns an Answer that validate_answer accepts, or nullopt when the answer will
//    be supplied later from outside (the editor's human seat): the runner then waits.
//  - Agents draw randomness from their own seeded generator, never the match's RNG, so the
//    choice of agent never changes the match's random draws.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <stdexcept>

#include "kernel/decision.h"

namespace duelbox {

class Match;

struct AgentError : std::runtime_error {   // the agent cannot answer at all (input closed)
    using std::runtime_error::runtime_error;
};

class Agent {
public:
    virtual ~Agent() = default;
    virtual const char* kind() const = 0;
    virtual std::optional<Answer> answer(const DecisionRequest& request, const Match& match) = 0;
};

std::unique_ptr<Agent> make_random_agent(std::uint64_t seed);   // uniform over legal answers
std::unique_ptr<Agent> make_first_agent();                      // always first_legal_answer
std::unique_ptr<Agent> make_human_agent(std::istream& in, std::ostream& out);   // a person at a terminal
std::unique_ptr<Agent> make_deferred_agent();                   // always waits (answers come from outside)

}  // namespace duelbox
