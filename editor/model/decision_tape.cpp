// decision_tape.cpp - recorded decisions and the agent that replays them.
#include "decision_tape.h"

#include <algorithm>

namespace duelbox::editor {

std::string answer_text(const DecisionRequest& r, const Answer& a) {
    return describe_answer(r, a);   // exactly as MatchRunner logs it: tapes compare the two
}

DecisionTape DecisionTape::from_run(const MatchRunner& runner) {
    std::vector<TapeEntry> entries;
    for (const ScriptedDecision& d : runner.taken()) entries.push_back(TapeEntry{d, ""});
    std::size_t k = 0;
    for (const Event& e : runner.match().log().events()) {
        if (e.type != "decision") continue;
        if (k >= entries.size()) break;
        entries[k++].answer_text = value_to_string(e.get("answer"));
    }
    return DecisionTape(std::move(entries));
}

DecisionTape::Outcome DecisionTape::next(const DecisionRequest& r, Answer& out) {
    if (exhausted()) return Outcome::Empty;
    const std::size_t index = next_++;
    const TapeEntry& t = entries_[index];
    const ScriptedDecision& d = t.decision;
    Answer a;
    if (d.yes) a.picks = {*d.yes ? 1 : 0};
    else a.picks = d.picks;
    if (!d.yes && (r.kind == DecisionKind::Choose || r.kind == DecisionKind::Order))
        for (auto& p : a.picks) p -= 1;   // the tape numbers options from 1, as files do

    const std::string who = "player " + std::to_string(r.player + 1);
    const std::string asked = "'" + r.id + "'" + (r.prompt.empty() ? "" : " (" + r.prompt + ")");
    std::string why;
    if (d.player != r.player)
        why = "the recorded answer was player " + std::to_string(d.player + 1) + "'s to '" + d.id + "', but " + who +
              " was asked " + asked;
    else if (d.id != r.id)
        why = "the recorded answer was to '" + d.id + "', but " + who + " was asked " + asked;
    else if (std::string bad = validate_answer(r, a); !bad.empty())
        why = "the recorded answer \"" + t.answer_text + "\" is no longer valid for " + asked + ": " + bad;
    else if (!t.answer_text.empty() && answer_text(r, a) != t.answer_text)
        why = "the recorded answer was \"" + t.answer_text + "\", but the same choice now reads \"" +
              answer_text(r, a) + "\" in " + asked;
    if (why.empty()) {
        out = std::move(a);
        return Outcome::Answered;
    }
    misfits_.push_back(Misfit{index, r.player, "decision " + std::to_string(index + 1) + ": " + why});
    waiting_.push_back(r.player);
    return Outcome::Misfit;
}

bool DecisionTape::waiting(PlayerIndex p) const {
    return std::find(waiting_.begin(), waiting_.end(), p) != waiting_.end();
}

void DecisionTape::answered_outside(PlayerIndex p) {
    auto it = std::find(waiting_.begin(), waiting_.end(), p);
    if (it != waiting_.end()) waiting_.erase(it);
}

namespace {

class ReplayAgent final : public Agent {
public:
    ReplayAgent(std::shared_ptr<DecisionTape> tape, std::unique_ptr<Agent> own, PlayerIndex seat)
        : tape_(std::move(tape)), own_(std::move(own)), seat_(seat) {}
    const char* kind() const override { return own_ ? own_->kind() : "scripted"; }
    bool person() const override { return own_ && own_->person(); }

    std::optional<Answer> answer(const DecisionRequest& r, const Match& match) override {
        return answer(r, match, DecisionContext{});
    }

    std::optional<Answer> answer(const DecisionRequest& r, const Match& match, const DecisionContext& context) override {
        // The runner asks again after a wait; a misfit keeps waiting until answered outside.
        if (tape_->waiting(r.player)) return std::nullopt;
        Answer a;
        switch (tape_->next(r, a)) {
            case DecisionTape::Outcome::Answered: return a;
            case DecisionTape::Outcome::Misfit: return std::nullopt;
            case DecisionTape::Outcome::Empty: break;
        }
        if (!own_)
            throw AgentError("player " + std::to_string(seat_ + 1) + " is scripted but no recorded decision is left for '" +
                             r.id + "'");
        return own_->answer(r, match, context);   // a searching agent needs the context
    }

private:
    std::shared_ptr<DecisionTape> tape_;
    std::unique_ptr<Agent> own_;
    PlayerIndex seat_;
};

}  // namespace

MatchRunner::AgentFactory replay_agents(std::shared_ptr<DecisionTape> tape, std::shared_ptr<ThinkingWorker> worker) {
    return [tape, worker](const SeatSpec& seat, PlayerIndex p, std::uint64_t seed) -> std::unique_ptr<Agent> {
        return std::make_unique<ReplayAgent>(tape, think_on_worker(default_agent(seat, p, seed), worker), p);
    };
}

}  // namespace duelbox::editor
