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
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernel/decision.h"

namespace duelbox {

class Match;
struct Scenario;
struct ScriptedDecision;
struct ScriptHash;

struct AgentError : std::runtime_error {   // the agent cannot answer at all (input closed)
    using std::runtime_error::runtime_error;
};

// What the runner tells an agent besides the request. A search needs it: it rebuilds the
// rules' state by replaying `taken` (a suspended Lua coroutine cannot be copied) and re-deals
// what the seat cannot know before it tries anything (search/playout.h), and a simultaneous
// choice is searched as the whole `group`, not as if this seat moved second.
struct DecisionContext {
    const Scenario* scenario = nullptr;                  // the match's scenario
    const std::vector<ScriptedDecision>* taken = nullptr;   // every answer before this group
    std::span<const DecisionRequest> group;              // the requests asked together with this one
    std::size_t index = 0;                               // this request's place in `group`
    // Every file the match's host loaded, with its content hash: a search host loaded from
    // other files must not stand in for it (the editor reruns after a save). Null: unknown.
    const std::vector<ScriptHash>* scripts = nullptr;
};

class Agent {
public:
    virtual ~Agent() = default;
    virtual const char* kind() const = 0;
    virtual bool person() const { return false; }   // a human answers (the terminal, the editor)
    virtual std::optional<Answer> answer(const DecisionRequest& request, const Match& match) = 0;
    // What the runner calls. Agents that need no context keep the default.
    virtual std::optional<Answer> answer(const DecisionRequest& request, const Match& match, const DecisionContext& context) {
        (void)context;
        return answer(request, match);
    }
};

// What a person at the terminal asked for besides an answer, kept by whoever plays the match
// (the CLI) across the restarts an undo makes. The human agent raises AgentError after
// setting `request`; the owner then ends or replays the match.
struct HumanSession {
    enum class Request { None, Undo, Quit };
    // Each answer a person gave: enough to undo it later if nothing was learned since.
    struct Checkpoint {
        PlayerIndex player = kNoPlayer;
        std::size_t taken = 0;             // decisions answered before it (the replay keeps these)
        std::size_t events = 0;            // the log's size when it was asked
        std::uint64_t draws = 0;           // random draws so far
        std::vector<bool> seen;            // per entity (id - 1): whether the player could see it
    };
    std::vector<Checkpoint> answers;       // oldest first
    std::function<std::size_t()> taken;   // how many decisions the match has answered (the runner)
    std::function<std::string(const std::string&)> definition_text;   // a card's printed text (lua/card_text.h)
    Request request = Request::None;
    Checkpoint undone;                     // after an Undo: the answer taken back
};

// The undo rule (Board Game Arena's): player p may take an answer back while nothing random
// happened, nothing hidden was revealed to p and no other player answered a question since. `checkpoint_of` notes what matters
// when p is asked; `take_back_refusal` is "" when the answer given then may be taken back
// now, else why not ("Strike was revealed to you since"). The terminal and the editor share it.
HumanSession::Checkpoint checkpoint_of(const Match& m, PlayerIndex p, std::size_t taken);
std::string take_back_refusal(const HumanSession::Checkpoint& then, const Match& now);

class Rng;
// A uniformly random valid answer (the random agent's, a search's playouts).
Answer random_answer(const DecisionRequest& request, Rng& rng);
std::unique_ptr<Agent> make_random_agent(std::uint64_t seed);   // uniform over legal answers
std::unique_ptr<Agent> make_first_agent();                      // always first_legal_answer
// A person at a terminal: shows the table as that player sees it with every question, and
// takes `?` (help), `s` (everything in view), `look N`, `why <option>`, `u` (undo) and `q`
// (quit); without a session, undo and quit end the input like the end of the stream.
std::unique_ptr<Agent> make_human_agent(std::istream& in, std::ostream& out, HumanSession* session = nullptr);
std::unique_ptr<Agent> make_deferred_agent();                   // always waits (answers come from outside)

}  // namespace duelbox
