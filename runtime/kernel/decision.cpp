// decision.cpp - decision kinds, answer validation and the first legal answer.
//
// Numbering: picks are 0-based option indices (what scripts and replays store), but the
// messages here are read by a human looking at a numbered menu ("1. Strike  2. Dash"),
// so every option index in a message is shown 1-based: pick 4 is "option 5". Numbers
// (DecisionKind::Number) and yes/no values are shown as they are, since they are not
// indices. Counts ("got 3") are plain counts.
#include "decision.h"

#include <algorithm>
#include <limits>

namespace duelbox {

namespace {
std::string str(std::int64_t v) { return std::to_string(v); }

// 0-based pick -> the 1-based number a human typed; safe at the int64 edge.
std::string human_option(std::int64_t pick) {
    if (pick == std::numeric_limits<std::int64_t>::max()) return "9223372036854775808";
    if (pick == std::numeric_limits<std::int64_t>::min()) return str(pick);   // (a file's smallest pick, kept as given)
    return str(pick + 1);
}

std::string options_word(std::int64_t n) { return str(n) + (n == 1 ? " option" : " options"); }

std::string options_range(std::int64_t n) {
    return n == 0 ? "there are no options" : "options are 1.." + str(n);
}

// Every pick names an existing option, and none twice. Shared by Choose and Order.
std::string check_picks(const std::vector<std::int64_t>& picks, std::int64_t n) {
    // Which options are picked already: a word of bits for up to 64 options (every question a
    // rule asks in play), a list beyond.
    std::uint64_t seen_bits = 0;
    std::vector<bool> seen(n > 64 ? static_cast<std::size_t>(n) : 0, false);
    for (std::int64_t p : picks) {
        if (p < 0 || p >= n) return "option " + human_option(p) + " does not exist (" + options_range(n) + ")";
        const bool again = n > 64 ? seen[static_cast<std::size_t>(p)] : (seen_bits >> p & 1u) != 0;
        if (again) return "option " + human_option(p) + " is picked more than once";
        if (n > 64) seen[static_cast<std::size_t>(p)] = true;
        else seen_bits |= std::uint64_t{1} << p;
    }
    return "";
}

std::string validate_choose(const DecisionRequest& r, const std::vector<std::int64_t>& picks) {
    const auto n = static_cast<std::int64_t>(r.options.size());
    const std::int64_t lo = std::max<std::int64_t>(r.min, 0);
    const std::int64_t hi = std::min<std::int64_t>(r.max, n);   // picks are distinct, so never more than n
    if (lo > hi)
        return "this question cannot be answered: it wants at least " + options_word(lo) +
               (lo > n ? " but offers " + str(n) : " but allows at most " + str(hi));
    const auto got = static_cast<std::int64_t>(picks.size());
    if (got < lo || got > hi) {
        const std::string want = lo == hi ? "pick exactly " + options_word(lo)
                                          : "pick between " + str(lo) + " and " + str(hi) + " options";
        return want + "; got " + str(got);
    }
    return check_picks(picks, n);
}

std::string validate_order(const DecisionRequest& r, const std::vector<std::int64_t>& picks) {
    const auto n = static_cast<std::int64_t>(r.options.size());
    const auto got = static_cast<std::int64_t>(picks.size());
    // Right count + every pick in range + no repeats = a permutation of 0..n-1.
    if (got != n) return "put all " + options_word(n) + " in order; got " + str(got);
    return check_picks(picks, n);
}

std::string validate_number(const DecisionRequest& r, const std::vector<std::int64_t>& picks) {
    if (r.min > r.max)
        return "this question cannot be answered: its range " + str(r.min) + ".." + str(r.max) + " is empty";
    if (picks.size() != 1) return "answer with exactly one number; got " + str(static_cast<std::int64_t>(picks.size()));
    if (picks[0] < r.min || picks[0] > r.max)
        return "pick a number between " + str(r.min) + " and " + str(r.max) + "; got " + str(picks[0]);
    return "";
}

std::string validate_yesno(const std::vector<std::int64_t>& picks) {
    if (picks.size() != 1)
        return "answer yes (1) or no (0) with one value; got " + str(static_cast<std::int64_t>(picks.size()));
    if (picks[0] != 0 && picks[0] != 1) return "answer yes (1) or no (0); got " + str(picks[0]);
    return "";
}
}  // namespace

const char* decision_kind_name(DecisionKind k) {
    switch (k) {
        case DecisionKind::Choose: return "choose";
        case DecisionKind::Order: return "order";
        case DecisionKind::Number: return "number";
        case DecisionKind::YesNo: return "yesno";
    }
    return "?";
}

bool parse_decision_kind(std::string_view s, DecisionKind& out) {
    if (s == "choose") out = DecisionKind::Choose;
    else if (s == "order") out = DecisionKind::Order;
    else if (s == "number") out = DecisionKind::Number;
    else if (s == "yesno") out = DecisionKind::YesNo;
    else return false;
    return true;
}

std::string validate_answer(const DecisionRequest& request, const Answer& answer) {
    switch (request.kind) {
        case DecisionKind::Choose: return validate_choose(request, answer.picks);
        case DecisionKind::Order: return validate_order(request, answer.picks);
        case DecisionKind::Number: return validate_number(request, answer.picks);
        case DecisionKind::YesNo: return validate_yesno(answer.picks);
    }
    return "unknown decision kind";
}

Answer first_legal_answer(const DecisionRequest& request) {
    Answer a;
    const auto n = static_cast<std::int64_t>(request.options.size());
    switch (request.kind) {
        case DecisionKind::Choose:   // the fewest picks allowed, taken from the top of the list
            for (std::int64_t i = 0; i < std::clamp<std::int64_t>(request.min, 0, n); ++i) a.picks.push_back(i);
            break;
        case DecisionKind::Order:    // the order the options were offered in
            for (std::int64_t i = 0; i < n; ++i) a.picks.push_back(i);
            break;
        case DecisionKind::Number: a.picks.push_back(request.min); break;
        case DecisionKind::YesNo: a.picks.push_back(0); break;
    }
    return a;
}

std::string describe_answer(const DecisionRequest& r, const Answer& a) {
    switch (r.kind) {
        case DecisionKind::Choose:
        case DecisionKind::Order: {
            std::string s;
            for (auto p : a.picks) {
                const bool ok = p >= 0 && static_cast<std::size_t>(p) < r.options.size();
                if (!s.empty()) s += r.kind == DecisionKind::Order ? " > " : ", ";   // appended in place: no
                s += ok ? std::string_view(r.options[static_cast<std::size_t>(p)].label) : std::string_view("?");   // temporary per pick
            }
            return s.empty() ? "nothing" : s;
        }
        case DecisionKind::Number: return std::to_string(a.picks.empty() ? 0 : a.picks[0]);
        case DecisionKind::YesNo: return !a.picks.empty() && a.picks[0] ? "yes" : "no";
    }
    return "";
}

}  // namespace duelbox
