// human_agent.cpp - a person answering at a terminal.
//
// Bad input is never fatal: the agent says what was wrong and asks again. Only the end of
// input ends the match (with an error naming the question that was left unanswered).
#include <istream>
#include <ostream>
#include <sstream>
#include <string>

#include "agent.h"
#include "kernel/match.h"

namespace duelbox {

namespace {

class HumanAgent final : public Agent {
public:
    HumanAgent(std::istream& in, std::ostream& out) : in_(in), out_(out) {}
    const char* kind() const override { return "human"; }

    std::optional<Answer> answer(const DecisionRequest& r, const Match& m) override {
        show(r, m);
        for (;;) {
            out_ << "> " << std::flush;
            std::string line;
            if (!std::getline(in_, line))
                throw AgentError("input ended while " + m.player(r.player).name + " was asked '" +
                                 (r.id.empty() ? r.prompt : r.id) + "'");
            Answer a;
            std::string problem = parse(r, line, a);
            if (problem.empty()) problem = validate_answer(r, a);
            if (problem.empty()) return a;
            out_ << "  " << problem << "\n";
        }
    }

private:
    void show(const DecisionRequest& r, const Match& m) {
        out_ << "\n" << m.player(r.player).name << ", " << (r.prompt.empty() ? r.id : r.prompt) << "\n";
        for (std::size_t i = 0; i < r.options.size(); ++i) out_ << "  " << (i + 1) << ") " << r.options[i].label << "\n";
        switch (r.kind) {
            case DecisionKind::Choose:
                out_ << "  (type " << (r.min == r.max ? std::to_string(r.min) : std::to_string(r.min) + " to " + std::to_string(r.max))
                     << " option numbers separated by spaces" << (r.min == 0 ? "; empty for none" : "") << ")\n";
                break;
            case DecisionKind::Order: out_ << "  (type every option number, first to last)\n"; break;
            case DecisionKind::Number: out_ << "  (type a number from " << r.min << " to " << r.max << ")\n"; break;
            case DecisionKind::YesNo: out_ << "  (y or n)\n"; break;
        }
    }

    // Options are numbered from 1 for people; picks are 0-based inside.
    static std::string parse(const DecisionRequest& r, const std::string& line, Answer& a) {
        if (r.kind == DecisionKind::YesNo) {
            const std::string t = trim(line);
            if (t == "y" || t == "yes") a.picks = {1};
            else if (t == "n" || t == "no") a.picks = {0};
            else return "answer y or n";
            return "";
        }
        std::istringstream ss(line);
        std::string word;
        while (ss >> word) {
            std::int64_t v = 0;
            try {
                std::size_t used = 0;
                v = std::stoll(word, &used);
                if (used != word.size()) return "'" + word + "' is not a number";
            } catch (...) {
                return "'" + word + "' is not a number";
            }
            a.picks.push_back(r.kind == DecisionKind::Number ? v : v - 1);
        }
        return "";
    }

    static std::string trim(const std::string& s) {
        const auto b = s.find_first_not_of(" \t\r");
        if (b == std::string::npos) return "";
        return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
    }

    std::istream& in_;
    std::ostream& out_;
};

}  // namespace

std::unique_ptr<Agent> make_human_agent(std::istream& in, std::ostream& out) {
    return std::make_unique<HumanAgent>(in, out);
}

}  // namespace duelbox
