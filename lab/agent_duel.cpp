// agent_duel.cpp - agent against agent over every seat, timed (see agent_duel.h).
#include "agent_duel.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <stdexcept>

#include "lua/host_pool.h"
#include "lua/match_runner.h"
#include "search/search_agents.h"

namespace duelbox {

namespace {

// Times every answer of the agent it wraps and notes the searches' size.
class TimedAgent final : public Agent {
public:
    TimedAgent(std::unique_ptr<Agent> inner, AgentCost& cost) : inner_(std::move(inner)), cost_(cost) {
        // make_named_agent gives no agent for "human" and "scripted": they cannot play a duel.
        if (!inner_) throw std::invalid_argument("this agent cannot play a lab match (it needs a person or a script)");
    }
    const char* kind() const override { return inner_->kind(); }
    std::optional<Answer> answer(const DecisionRequest& r, const Match& m) override { return inner_->answer(r, m); }
    std::optional<Answer> answer(const DecisionRequest& r, const Match& m, const DecisionContext& c) override {
        const auto start = std::chrono::steady_clock::now();
        auto a = inner_->answer(r, m, c);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        ++cost_.answers;
        cost_.total_ms += ms;
        if (const int n = searches_made(*inner_); n != searches_) {   // this answer was searched
            searches_ = n;
            const SearchResult* s = last_search(*inner_);
            cost_.searched_ms.push_back(ms);
            cost_.max_nodes = std::max(cost_.max_nodes, s->nodes);
            cost_.max_node_bytes = std::max(cost_.max_node_bytes, s->node_bytes);
        }
        return a;
    }

private:
    std::unique_ptr<Agent> inner_;
    AgentCost& cost_;
    int searches_ = 0;
};

}  // namespace

double AgentCost::percentile_ms(double q) const {
    if (searched_ms.empty()) return 0;
    std::vector<double> v = searched_ms;
    const auto k = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5);
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
    return v[k];
}

double AgentCost::median_ms() const { return percentile_ms(0.5); }

DuelResult run_agent_duel(const Scenario& base, const DuelOptions& opts) {
    DuelResult out;
    out.agent_a = opts.agent_a;
    out.agent_b = opts.agent_b;
    const std::size_t seats = base.seats.size();
    out.seats.assign(seats, DuelSeat{});
    for (const std::string* name : {&opts.agent_a, &opts.agent_b})
        if (!make_named_agent(*name, 1)) {   // a person or a script: nobody would answer
            out.load_errors.push_back("agent '" + *name + "' cannot play a lab match (it needs a person or a script)");
            return out;
        }
    std::mutex lock;
    PoolJobs jobs = PoolJobs::of(base, opts.workers, opts.matches);
    const auto start = std::chrono::steady_clock::now();
    jobs.job = [&](LuaHost& host, int i) {
        const std::size_t a_seat = static_cast<std::size_t>(i) % seats;
        Scenario s = base;
        s.seed = opts.seed + static_cast<std::uint64_t>(i);
        s.decisions.clear();
        s.stop = StopAt{};
        s.expect = Expectations{};
        AgentCost cost_a, cost_b;
        MatchRunner runner(host, s, [&](const SeatSpec&, PlayerIndex p, std::uint64_t seed) -> std::unique_ptr<Agent> {
            const std::uint64_t own = seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(p) + 1;
            const bool a = static_cast<std::size_t>(p) == a_seat;
            return std::make_unique<TimedAgent>(make_named_agent(a ? opts.agent_a : opts.agent_b, own), a ? cost_a : cost_b);
        });
        RunState st = RunState::Failed;
        std::string error;
        try {
            st = runner.run();
            error = runner.error();
        } catch (const std::exception& e) {
            error = std::string("internal error: ") + e.what();
        }
        std::lock_guard g(lock);
        const auto merge = [](AgentCost& into, const AgentCost& c) {
            into.searched_ms.insert(into.searched_ms.end(), c.searched_ms.begin(), c.searched_ms.end());
            into.answers += c.answers;
            into.total_ms += c.total_ms;
            into.max_nodes = std::max(into.max_nodes, c.max_nodes);
            into.max_node_bytes = std::max(into.max_node_bytes, c.max_node_bytes);
        };
        merge(out.cost_a, cost_a);
        merge(out.cost_b, cost_b);
        if (st != RunState::Finished) {
            ++out.failed;
            if (out.first_failure.empty())
                out.first_failure = "seed " + std::to_string(s.seed) + ": " + (error.empty() ? "the match did not finish" : error);
        } else {
            const auto& w = runner.match().result().winners;
            const bool won = std::find(w.begin(), w.end(), static_cast<PlayerIndex>(a_seat)) != w.end();
            for (DuelSeat* d : {&out.seats[a_seat], &out.total}) (w.empty() ? d->draws : won ? d->wins : d->losses) += 1;
        }
        if (opts.done) ++*opts.done;
    };
    const PoolRun run = run_on_hosts(jobs);
    out.load_errors = run.load_errors;
    out.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

namespace {

nlohmann::json seat_json(const DuelSeat& d, double wide) {
    const Rate r = d.rate(wide);
    return {{"wins", d.wins}, {"draws", d.draws}, {"losses", d.losses}, {"score", r.value},
            {"low", r.lo},    {"high", r.hi},     {"wide", r.wide}};
}

nlohmann::json cost_json(const std::string& agent, const AgentCost& c) {
    return {{"agent", agent},
            {"answers", c.answers},
            {"searched", c.searched_ms.size()},
            {"median_ms", c.median_ms()},
            {"p90_ms", c.percentile_ms(0.9)},
            {"max_ms", c.percentile_ms(1.0)},
            {"max_tree_nodes", c.max_nodes},
            {"max_tree_bytes", c.max_node_bytes}};
}

}  // namespace

nlohmann::json duel_result_json(const DuelResult& r, const DuelOptions& opts, const std::string& command, double wide) {
    nlohmann::json seats = nlohmann::json::array();
    for (const DuelSeat& d : r.seats) seats.push_back(seat_json(d, wide));
    return {{"command", command},
            {"agent_a", opts.agent_a},
            {"agent_b", opts.agent_b},
            {"matches", opts.matches},
            {"seeds", {opts.seed, opts.seed + static_cast<std::uint64_t>(opts.matches) - 1}},
            {"seats", seats},
            {"all", seat_json(r.total, wide)},
            {"failed", r.failed},
            {"first_failure", r.first_failure},
            {"cost", {cost_json(opts.agent_a, r.cost_a), cost_json(opts.agent_b, r.cost_b)}},
            {"wall_seconds", r.wall_seconds}};
}

}  // namespace duelbox
