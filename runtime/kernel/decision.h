// decision.h - what the rules ask a player, and what a valid answer looks like.
//
// A rule never picks for a player. It builds a DecisionRequest and the rules coroutine
// yields it; the host hands it to that seat's agent (scripted, random, first-legal, a
// human) and resumes with the Answer. A group of requests with `simultaneous` set is
// asked of every seat before any answer is revealed (hidden simultaneous choices).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ids.h"
#include "value.h"

namespace duelbox {

enum class DecisionKind {
    Choose,   // pick between min and max distinct options (picks are 0-based option indices)
    Order,    // put every option in an order (picks are a permutation of 0..n-1)
    Number,   // one integer in [min, max] (picks[0] is the number)
    YesNo,    // picks[0] is 1 (yes) or 0 (no)
};
const char* decision_kind_name(DecisionKind k);
bool parse_decision_kind(std::string_view s, DecisionKind& out);  // "choose" | "order" | "number" | "yesno"

// decide returns option numbers: a script's `value = x` in an option table is checked (nil, a
// boolean, an integer or a string) but not kept, since nothing reads it back.
struct Option {
    std::string label;                 // what a human reads: "Strike", "space 4", "pass"
    EntityId entity = kNoEntity;       // set when the option is an entity (card, figure)
    SpaceId space = kNoSpace;          // set when the option is a board space
};

// A choice the player might expect that the rules do not offer, and why ("Fortify: your
// defense has stability, so +2 defense would change nothing"). Shown to a person who asks
// "why" (the terminal's `why <option>`, the editor's tooltip); never logged, never answered.
struct Unavailable {
    std::string label;
    std::string why;
};

struct DecisionRequest {
    PlayerIndex player = kNoPlayer;
    DecisionKind kind = DecisionKind::Choose;
    std::string id;                    // the rule's name for this question ("set.style"), for scripted answers
    std::string prompt;
    std::vector<Option> options;
    std::int64_t min = 1, max = 1;     // Choose: how many picks; Number: the range
    bool secret = false;               // the answer is hidden from the other players in the log
    // The question itself is: its decision event is seen by the chooser only. For a question put
    // only when the player can do something, whose mere asking would tell the others what a
    // hidden hand holds.
    bool unannounced = false;
    std::vector<Unavailable> unavailable;   // what is not offered, and why (decide's `unavailable`)
    // The rules read the answer as the picked option's number rather than a list of one (a
    // Choose with max 1: decide's `single`). Only how the answer reaches the script differs:
    // agents, logs and replays see the same picks.
    bool single = false;
};

struct Answer {
    std::vector<std::int64_t> picks;
    bool operator==(const Answer&) const = default;
};

// "" when `answer` is valid for `request`; otherwise a sentence saying what is wrong and
// what was expected, fit to show a human who typed it.
std::string validate_answer(const DecisionRequest& request, const Answer& answer);

// The answer in words, as the log shows it: the picked labels ("Strike, Dash"; "nothing"),
// an order ("A > B"), the number, or "yes"/"no".
std::string describe_answer(const DecisionRequest& request, const Answer& answer);

// The smallest valid answer: the first option(s), the identity order, min, or "no". Every
// request a rule builds has one (a Choose with min 0 and no options answers with no picks).
Answer first_legal_answer(const DecisionRequest& request);

}  // namespace duelbox
