// human_agent.cpp - a person answering at a terminal.
//
// Bad input is never fatal: the agent says what was wrong and asks again. Only the end of
// input (or `q`) ends the match. With every question it shows the table as that player sees
// it (table_view.h), and it takes a few commands besides an answer:
//   ?          help: the commands, and the question again
//   s          everything this player may see (every zone, every count)
//   look N     option N as a card (its name, kind, printed values, text)
//   why WORDS  why a choice is not offered, when the rules said (decide's `unavailable`)
//   u          take back your last answer, if nothing hidden was revealed to you and nothing
//              random happened since (Board Game Arena's undo rule)
//   q          leave the match
#include <algorithm>
#include <cctype>
#include <istream>
#include <ostream>
#include <limits>
#include <sstream>
#include <string>

#include "agent.h"
#include "kernel/printable.h"
#include "kernel/match.h"
#include "table_view.h"

namespace duelbox {

namespace {

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

// The longest answer line kept: a person types a few words; a line past it (200 MB with no
// newline on a pipe held 800 MB) is read to its end and refused.
constexpr std::size_t kMaxAnswerLine = 4096;

// One line of `in` into `line` (at most kMaxAnswerLine bytes kept); false at the end of input.
// `too_long`: the line had more, which was skipped.
bool read_answer_line(std::istream& in, std::string& line, bool& too_long) {
    line.clear();
    too_long = false;
    std::istream::int_type c;
    bool any = false;
    while ((c = in.get()) != std::istream::traits_type::eof()) {
        any = true;
        if (c == '\n') return true;
        if (line.size() < kMaxAnswerLine) line += static_cast<char>(c);
        else too_long = true;
    }
    return any;
}

class HumanAgent final : public Agent {
public:
    HumanAgent(std::istream& in, std::ostream& out, HumanSession* session) : in_(in), out_(out), session_(session) {}
    const char* kind() const override { return "human"; }
    bool person() const override { return true; }

    std::optional<Answer> answer(const DecisionRequest& r, const Match& m) override {
        const std::size_t taken = session_ && session_->taken ? session_->taken() : 0;
        show(r, m);
        for (;;) {
            out_ << "> " << std::flush;
            std::string line;
            bool too_long = false;
            if (!read_answer_line(in_, line, too_long))
                throw AgentError("input ended while " + m.player(r.player).name + " was asked '" +
                                 (r.id.empty() ? r.prompt : r.id) + "'");
            if (too_long) {
                out_ << "  that line is longer than " << kMaxAnswerLine << " characters (? for help)\n";
                continue;
            }
            const std::string t = trim(line);
            if (command(t, r, m)) continue;
            Answer a;
            std::string problem = parse(r, t, a);
            if (problem.empty()) problem = validate_answer(r, a);
            if (problem.empty()) {
                if (session_) session_->answers.push_back(checkpoint_of(m, r.player, taken));
                return a;
            }
            out_ << "  " << problem << " (? for help)\n";
        }
    }

private:
    void show(const DecisionRequest& r, const Match& m) {
        out_ << "\n" << table_summary(m, r.player);
        // Texts a script gave, shown with their control bytes written out (kernel/printable.h).
        out_ << printable_name(m.player(r.player).name) << ", " << printable_name(r.prompt.empty() ? r.id : r.prompt) << "\n";
        for (std::size_t i = 0; i < r.options.size(); ++i)
            out_ << "  " << (i + 1) << ") " << printable_name(r.options[i].label) << "\n";
        switch (r.kind) {
            case DecisionKind::Choose:
                if (r.min == 1 && r.max == 1) out_ << "  (type an option number; ? for help)\n";
                else
                    out_ << "  (type " << (r.min == r.max ? std::to_string(r.min) : std::to_string(r.min) + " to " + std::to_string(r.max))
                         << " option numbers separated by spaces" << (r.min == 0 ? "; empty for none" : "") << "; ? for help)\n";
                break;
            case DecisionKind::Order: out_ << "  (type every option number, first to last; ? for help)\n"; break;
            case DecisionKind::Number: out_ << "  (type a number from " << r.min << " to " << r.max << "; ? for help)\n"; break;
            case DecisionKind::YesNo: out_ << "  (y or n; ? for help)\n"; break;
        }
    }

    // A command instead of an answer: handled here, true when `t` was one.
    bool command(const std::string& t, const DecisionRequest& r, const Match& m) {
        if (t == "?" || t == "help") {
            out_ << "  an answer as asked above, or:\n"
                    "    s          everything you can see of the table\n"
                    "    look N     option N as a card\n"
                    "    why WORDS  why a choice is not among the options\n"
                    "    u          take back your last answer (if nothing hidden or random happened since)\n"
                    "    q          leave the match\n";
            show(r, m);
            return true;
        }
        if (t == "s") {
            out_ << table_everything(m, r.player);
            return true;
        }
        if (t.rfind("look", 0) == 0) {
            std::int64_t n = 0;
            const std::string arg = trim(t.substr(4));
            std::size_t used = 0;
            try {
                n = std::stoll(arg, &used);
            } catch (...) {
                n = 0;
            }
            if (used != arg.size() || n < 1 || n > static_cast<std::int64_t>(r.options.size())) {   // "look 1abc" too
                out_ << "  look N: N is an option number from 1 to " << r.options.size() << "\n";
            } else {
                const Option& o = r.options[static_cast<std::size_t>(n - 1)];
                EntityId e = o.entity;
                for (int i = 1; e == kNoEntity && o.space == kNoSpace && i <= m.entity_count(); ++i)   // a card named by its label
                    if (m.entity(static_cast<EntityId>(i)).name == o.label && m.can_see(r.player, static_cast<EntityId>(i)))
                        e = static_cast<EntityId>(i);
                if (e != kNoEntity)
                    out_ << "  " << card_text(m, r.player, e, session_ ? session_->definition_text : DefinitionText{}) << "\n";
                else if (o.space != kNoSpace) out_ << "  space " << m.board().space(o.space).name << "\n";
                else out_ << "  " << printable_name(o.label) << " (not a card)\n";
            }
            return true;
        }
        if (t.rfind("why", 0) == 0 && (t.size() == 3 || t[3] == ' ')) {
            out_ << "  " << why(r, lower(trim(t.substr(3)))) << "\n";
            return true;
        }
        if (t == "u" || t == "undo") {
            const std::string refused = undo(r.player, m);
            if (refused.empty()) throw AgentError("the last answer was taken back");
            out_ << "  " << refused << "\n";
            return true;
        }
        if (t == "q" || t == "quit") {
            if (!session_) throw AgentError(m.player(r.player).name + " left the match");
            session_->request = HumanSession::Request::Quit;
            throw AgentError(m.player(r.player).name + " left the match");
        }
        return false;
    }

    static std::string why(const DecisionRequest& r, const std::string& words) {
        if (words.empty()) return "why WORDS: name the choice you expected, e.g. why fortify";
        for (std::size_t i = 0; i < r.options.size(); ++i)
            if (lower(r.options[i].label).find(words) != std::string::npos)
                return "'" + r.options[i].label + "' is offered: option " + std::to_string(i + 1);
        for (const Unavailable& u : r.unavailable)
            if (lower(u.label).find(words) != std::string::npos) return u.label + ": " + u.why;
        const std::string said = printable_name(words.size() > 40 ? words.substr(0, 40) + "..." : words);
        return "'" + said + "' is not among the options, and the rules gave no reason here" +
               (r.unavailable.empty() ? "" : " (they explain: " + [&] {
                   std::string names;
                   for (const Unavailable& u : r.unavailable) names += (names.empty() ? "" : ", ") + u.label;
                   return names;
               }() + ")");
    }

    // "" and a request made when the player's last answer may be taken back; else why not.
    std::string undo(PlayerIndex p, const Match& m) {
        if (!session_) return "undo is not available here";
        auto last = std::find_if(session_->answers.rbegin(), session_->answers.rend(),
                                 [&](const HumanSession::Checkpoint& c) { return c.player == p; });
        if (last == session_->answers.rend()) return "nothing to take back: you have not answered yet";
        if (std::string refused = take_back_refusal(*last, m); !refused.empty()) return refused;
        session_->undone = *last;
        // Answers given after it (by this player or another person) go with it.
        session_->answers.erase(std::next(last).base(), session_->answers.end());
        session_->request = HumanSession::Request::Undo;
        return "";
    }

    // Options are numbered from 1 for people; picks are 0-based inside.
    static std::string parse(const DecisionRequest& r, const std::string& t, Answer& a) {
        if (r.kind == DecisionKind::YesNo) {
            if (t == "y" || t == "yes") a.picks = {1};
            else if (t == "n" || t == "no") a.picks = {0};
            else return "answer y or n";
            return "";
        }
        std::istringstream ss(t);
        std::string word;
        while (ss >> word) {
            std::int64_t v = 0;
            try {
                std::size_t used = 0;
                v = std::stoll(word, &used);
                if (used != word.size()) return "'" + shown_word(word) + "' is not a number";
            } catch (...) {
                return "'" + shown_word(word) + "' is not a number";
            }
            // The smallest integer has no option number below it: v - 1 would overflow.
            if (r.kind != DecisionKind::Number && v == std::numeric_limits<std::int64_t>::min())
                return "option " + shown_word(word) + " does not exist";
            a.picks.push_back(r.kind == DecisionKind::Number ? v : v - 1);
        }
        return "";
    }

    // A word typed back in an error, cut so that a pasted page does not come back whole.
    static std::string shown_word(const std::string& word) {
        constexpr std::size_t kMax = 40;
        return printable_name(word.size() <= kMax ? word : word.substr(0, kMax) + "...");   // (typed control bytes written out)
    }

    std::istream& in_;
    std::ostream& out_;
    HumanSession* session_;
};

}  // namespace

HumanSession::Checkpoint checkpoint_of(const Match& m, PlayerIndex p, std::size_t taken) {
    HumanSession::Checkpoint c;
    c.player = p;
    c.taken = taken;
    c.events = m.log().size();
    c.draws = m.rng().draws();
    c.seen.resize(static_cast<std::size_t>(m.entity_count()));
    for (int e = 1; e <= m.entity_count(); ++e) c.seen[e - 1] = m.can_see(p, static_cast<EntityId>(e));
    return c;
}

std::string take_back_refusal(const HumanSession::Checkpoint& then, const Match& now) {
    if (now.rng().draws() != then.draws) return "cannot take it back: something random happened since";
    // Only what existed then: a card made since was never hidden from anyone.
    for (std::size_t i = 0; i < then.seen.size(); ++i)
        if (!then.seen[i] && now.can_see(then.player, static_cast<EntityId>(i + 1)))
            return "cannot take it back: " + now.entity(static_cast<EntityId>(i + 1)).name + " was revealed to you since";
    // Another player's answer since then is something p learnt, even when no card came to light:
    // a secret answer of "no card" reveals nothing, yet shows in what the rules do next, and p
    // could otherwise choose again knowing it.
    static const Sym kDecision = intern("decision");
    for (std::size_t i = then.events; i < now.log().size(); ++i) {
        if (now.log().type_of(i) != kDecision) continue;
        const Value& who = now.log().event(i).get("player");
        if (const auto* p = std::get_if<std::int64_t>(&who); p && *p != then.player + 1)
            return "cannot take it back: " + now.player(static_cast<PlayerIndex>(*p - 1)).name + " has answered since";
    }
    return "";
}

std::unique_ptr<Agent> make_human_agent(std::istream& in, std::ostream& out, HumanSession* session) {
    return std::make_unique<HumanAgent>(in, out, session);
}

}  // namespace duelbox
