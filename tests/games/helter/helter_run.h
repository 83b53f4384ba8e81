// helter_run.h - plays Helter Skelter matches in-process for the [helter] tests, one question at
// a time.
//
// A Table sets the seats up as a scenario file would (scripts/helter/setup.lua: "deployed",
// "hand", ...), by default on the spec's test map T12, and every seat is answered from the
// test: the run stops at each question, the test reads what is offered (offers(), options())
// and answers by label (pick). So "rejected" in a worked example reads as "not offered", and
// the test fails at once if the rules ask something it did not expect (expect_question).
#pragma once
#include <algorithm>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../game_host.h"
#include "agents/agent.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/scenario.h"

namespace duelbox::helter_test {

inline constexpr char kGame[] = "helter";
inline LuaHost& host() { return test::game_host<kGame>(); }
inline const char* kT12 = "tests/support/maps/helter_t12.json";

// Every answer comes from the test: the runner waits at each question.
class Deferred final : public Agent {
public:
    const char* kind() const override { return "test"; }
    std::optional<Answer> answer(const DecisionRequest&, const Match&) override { return std::nullopt; }
};

struct Seat {
    nlohmann::json setup = nlohmann::json::object();   // the seat's setup keys
    std::string agent = "test";                          // "test" (answered here), "random", "first"
};

inline Scenario scenario(const std::vector<Seat>& seats, nlohmann::json options = nlohmann::json::object(),
                         std::string map = kT12, std::uint64_t seed = 1) {
    Scenario s;
    s.game = kGame;
    s.root = test::games_root();
    s.seed = seed;
    if (!map.empty()) s.setup["map"] = map;
    if (!options.contains("first_player") && !seats.empty() && seats[0].setup.contains("deployed")) options["first_player"] = 1;
    s.options = std::move(options);
    const char* names[] = {"A", "B", "C", "D"};
    for (std::size_t i = 0; i < seats.size(); ++i) {
        SeatSpec seat;
        seat.name = names[i];
        seat.agent = seats[i].agent == "test" ? "first" : seats[i].agent;
        seat.setup = seats[i].setup;
        s.seats.push_back(seat);
    }
    return s;
}

class Table {
public:
    explicit Table(Scenario s) {
        std::vector<bool> tested;
        for (const auto& seat : s.seats) tested.push_back(seat.agent == "first");
        runner_ = std::make_unique<MatchRunner>(host(), std::move(s), [tested](const SeatSpec& seat, PlayerIndex p, std::uint64_t seed) {
            if (tested[static_cast<std::size_t>(p)]) return std::unique_ptr<Agent>(std::make_unique<Deferred>());
            return default_agent(seat, p, seed);
        });
        state_ = runner_->run();
        require_alive();
    }
    Table(const std::vector<Seat>& seats, nlohmann::json options = nlohmann::json::object(), std::string map = kT12)
        : Table(scenario(seats, std::move(options), std::move(map))) {}

    const Match& m() const { return runner_->match(); }
    RunState state() const { return state_; }
    bool finished() const { return state_ == RunState::Finished; }
    bool waiting() const { return state_ == RunState::WaitingForAnswer; }
    const DecisionRequest& question() const {
        REQUIRE(waiting());
        return runner_->pending().front();
    }
    std::string id() const { return waiting() ? question().id : std::string(); }
    int player() const { return question().player + 1; }
    std::vector<std::string> options() const {
        std::vector<std::string> out;
        for (const auto& o : question().options) out.push_back(o.label);
        return out;
    }
    bool offers(const std::string& label) const {
        const auto o = options();
        return std::find(o.begin(), o.end(), label) != o.end();
    }
    // Requires the pending question to be `id` for player p (1-based).
    void expect_question(const std::string& id, int p) const {
        INFO("asked: " << this->id() << " of player " << (waiting() ? player() : 0) << ": " << describe());
        REQUIRE(waiting());
        REQUIRE(question().id == id);
        REQUIRE(player() == p);
    }
    // Answers the pending question with the options labelled so, then runs to the next one.
    void pick(const std::vector<std::string>& labels) {
        Answer a;
        const auto o = options();
        for (const auto& l : labels) {
            INFO("option '" << l << "' in: " << describe());
            const auto it = std::find(o.begin(), o.end(), l);
            REQUIRE(it != o.end());
            a.picks.push_back(static_cast<std::int64_t>(it - o.begin()));   // Answer picks are 0-based
        }
        answer(a);
    }
    void pick(const std::string& label) { pick(std::vector<std::string>{label}); }
    void yes(bool y) {
        REQUIRE(question().kind == DecisionKind::YesNo);
        answer(Answer{{y ? 1 : 0}});
    }
    // Answers `id` questions of player p with `label` while they come (e.g. a run of "pass").
    void answer(Answer a) {
        const std::string bad = runner_->provide(0, std::move(a));
        INFO(bad);
        REQUIRE(bad.empty());
        state_ = runner_->run();
        require_alive();
    }
    std::string describe() const {
        if (!waiting()) return std::string("(no question: ") + run_state_name(state_) + ")";
        std::ostringstream out;
        out << question().id << " [";
        for (const auto& l : options()) out << l << "; ";
        out << "]";
        return out.str();
    }

    // -- reading the match ------------------------------------------------------------
    EntityId find(const std::string& name) const {
        for (EntityId e = 1; e <= static_cast<EntityId>(m().entity_count()); ++e)
            if (m().entity(e).name == name) return e;
        FAIL("no entity " << name);
        return kNoEntity;
    }
    std::int64_t health(const std::string& name) const { return m().counter(find(name), "health"); }
    std::int64_t warp(const std::string& name) const { return m().counter(find(name), "warp"); }
    std::int64_t points(int p) const { return m().counter(m().player(p - 1).entity, "points"); }
    // The designation of the space a character stands on ("" off the board).
    std::string at(const std::string& name) const {
        const SpaceId s = m().position(find(name));
        return s == kNoSpace ? "" : m().board().space(s).name;
    }
    std::string zone_of(const std::string& name) const { return m().zone(m().entity(find(name)).zone).name; }
    std::size_t count(const std::string& zone, int p) const { return m().zone(m().find_zone(zone, p - 1)).items.size(); }
    std::vector<const Event*> events(const std::string& type) const {
        std::vector<const Event*> out;
        for (const Event& e : m().log().events())
            if (e.type == type) out.push_back(&e);
        return out;
    }
    // Every event's narration as the observer reads it, one per line.
    std::string story() const {
        std::string out;
        for (const Event& e : m().log().events()) out += m().narrate(e, EventLog::kObserver) + "\n";
        return out;
    }
    std::string winner_reason() const {
        const auto ev = events("match.end");
        return ev.empty() ? "" : m().narrate(*ev.back(), EventLog::kObserver);
    }

private:
    void require_alive() {
        INFO(runner_->error() << "\n" << runner_->traceback());
        REQUIRE(state_ != RunState::Failed);
    }
    std::unique_ptr<MatchRunner> runner_;
    RunState state_ = RunState::NotStarted;
};

// A seat's setup: team and keys, e.g. seat("judges", {{"deployed", {"dredd@1"}}, {"hand", {...}}}).
inline Seat seat(const std::string& team, nlohmann::json keys = nlohmann::json::object()) {
    Seat s;
    s.setup = std::move(keys);
    s.setup["team"] = team;
    if (!s.setup.contains("deck")) s.setup["deck"] = nlohmann::json::array();   // no draws unless asked
    return s;
}

}  // namespace duelbox::helter_test
