// mcts.cpp - the tree, its two selection rules, and the loop over copies (see mcts.h).
#include "mcts.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <optional>
#include <unordered_map>

#include "agents/agent.h"
#include "answers.h"
#include "playout.h"

namespace duelbox {

namespace {

struct Stat {
    double sum = 0;
    int visits = 0;
    int avail = 0;
    double regret = 0;
    double strategy = 0;   // sum of regret-matching probabilities (the average strategy)
};

struct Node {
    std::unordered_map<std::string, Stat> stats;   // "<player>:<joint key>"; looked up, never iterated
    std::unordered_map<std::string, std::unique_ptr<Node>> children;
    std::vector<std::pair<double, int>> reward;    // per player: sum and count of rewards here (the baseline)
};

std::string stat_key(PlayerIndex p, const std::string& joint) { return std::to_string(p) + ":" + joint; }

// One decider's pick at one node on the way down.
struct Step {
    Node* node = nullptr;
    PlayerIndex player = kNoPlayer;
    std::string chosen;
    bool simultaneous = false;
    double probability = 1;
    std::vector<std::string> offered;   // simultaneous: every key offered (regret update)
};

class Tree {
public:
    Tree(const SearchBudget& b, Rng& rng) : budget_(b), rng_(rng) {}
    Node& root() { return root_; }
    std::size_t nodes() const { return nodes_; }
    std::size_t bytes() const { return bytes_; }

    // Picks one joint answer per decider at `node`; appends the steps taken.
    std::vector<const Joint*> select(Node& node, const std::vector<Decider>& ds, std::vector<Step>& path) {
        std::vector<const Joint*> picks;
        const bool simultaneous = ds.size() > 1;
        for (const Decider& d : ds) {
            Step s{&node, d.player, {}, simultaneous, 1, {}};
            const Joint* pick = simultaneous ? regret_pick(node, d, s) : ucb_pick(node, d);
            s.chosen = pick->key;
            path.push_back(std::move(s));
            picks.push_back(pick);
        }
        return picks;
    }

    Node* child(Node& node, const std::string& key, bool& created) {
        auto& slot = node.children[key];
        created = !slot;
        if (created) {
            slot = std::make_unique<Node>();
            ++nodes_;
            bytes_ += sizeof(Node) + key.size() + 64;
        }
        return slot.get();
    }

    void update(const std::vector<Step>& path, const std::vector<double>& reward) {
        for (const Step& s : path) {
            const double x = s.player >= 0 && static_cast<std::size_t>(s.player) < reward.size() ? reward[s.player] : 0.5;
            Stat& st = s.node->stats[stat_key(s.player, s.chosen)];
            ++st.visits;
            st.sum += x;
            if (!s.simultaneous) continue;
            // Regret matching from one sampled outcome: each answer's value is estimated as the
            // baseline (the player's mean reward here so far), plus for the answer taken the
            // surprise over it divided by its probability; its regret grows by how much
            // better that is than what this copy got. The baseline keeps a string of losses
            // (reward 0) from teaching nothing, and the first win from locking the strategy.
            auto& r = s.node->reward;
            if (r.size() <= static_cast<std::size_t>(s.player)) r.resize(static_cast<std::size_t>(s.player) + 1, {0.0, 0});
            auto& [sum, count] = r[static_cast<std::size_t>(s.player)];
            const double base = count > 0 ? sum / count : 0.5;
            for (const std::string& k : s.offered)
                s.node->stats[stat_key(s.player, k)].regret += base + (k == s.chosen ? (x - base) / s.probability : 0.0) - x;
            sum += x;
            ++count;
        }
    }

private:
    Stat& stat(Node& node, PlayerIndex p, const std::string& key) {
        auto [it, added] = node.stats.try_emplace(stat_key(p, key));
        if (added) bytes_ += sizeof(Stat) + key.size() + 48;
        return it->second;
    }

    const Joint* ucb_pick(Node& node, const Decider& d) {
        std::vector<std::size_t> unvisited;
        std::vector<Stat*> st(d.joints.size());
        for (std::size_t i = 0; i < d.joints.size(); ++i) {
            st[i] = &stat(node, d.player, d.joints[i].key);
            ++st[i]->avail;
            if (st[i]->visits == 0) unvisited.push_back(i);
        }
        if (!unvisited.empty())
            return &d.joints[unvisited[static_cast<std::size_t>(rng_.uniform(0, static_cast<std::int64_t>(unvisited.size()) - 1))]];
        std::size_t best = 0;
        double best_score = -1;
        for (std::size_t i = 0; i < d.joints.size(); ++i) {
            const double n = st[i]->visits;
            const double score = st[i]->sum / n + budget_.exploration * std::sqrt(std::log(static_cast<double>(st[i]->avail)) / n);
            if (score > best_score) best_score = score, best = i;
        }
        return &d.joints[best];
    }

    const Joint* regret_pick(Node& node, const Decider& d, Step& s) {
        const std::size_t n = d.joints.size();
        std::vector<Stat*> st(n);
        double positive = 0;
        for (std::size_t i = 0; i < n; ++i) {
            st[i] = &stat(node, d.player, d.joints[i].key);
            ++st[i]->avail;
            positive += std::max(st[i]->regret, 0.0);
        }
        std::vector<double> sigma(n);
        for (std::size_t i = 0; i < n; ++i) {
            sigma[i] = positive > 0 ? std::max(st[i]->regret, 0.0) / positive : 1.0 / static_cast<double>(n);
            st[i]->strategy += sigma[i];
        }
        // Draw from the strategy mixed with uniform exploration, with the match-independent
        // generator's 53 bits as a fraction.
        const double u = static_cast<double>(rng_.next() >> 11) * 0x1.0p-53;
        double acc = 0;
        std::size_t pick = n - 1;
        for (std::size_t i = 0; i < n; ++i) {
            acc += (1 - budget_.mix) * sigma[i] + budget_.mix / static_cast<double>(n);
            if (u < acc) {
                pick = i;
                break;
            }
        }
        s.probability = (1 - budget_.mix) * sigma[pick] + budget_.mix / static_cast<double>(n);
        for (const Joint& j : d.joints) s.offered.push_back(j.key);
        return &d.joints[pick];
    }

    const SearchBudget& budget_;
    Rng& rng_;
    Node root_;
    std::size_t nodes_ = 1, bytes_ = sizeof(Node);
};

// Plays one copy: down the tree, one new node, then at random, and hands the rewards up the
// path. `failure`: why the copy could not be made or failed; `evaluate_error`: the game's
// evaluate failed (the search stops on it).
void one_copy(LuaHost& host, const Scenario& scenario, const std::vector<ScriptedDecision>& prefix, PlayerIndex player,
              const SearchBudget& budget, Tree& tree, Rng& rng, std::uint64_t root_seed, std::string& failure,
              std::string& evaluate_error) {
    Playout copy(host, scenario, prefix);
    if (!copy.reach()) {
        failure = copy.error();
        return;
    }
    copy.match().resample_hidden(player, rng.next());
    Node* node = &tree.root();
    bool in_tree = true;
    std::vector<Step> path;
    int answered = 0, rolled = 0;
    const int cut = budget.rollout_decisions > 0 && copy.can_evaluate() ? budget.rollout_decisions : -1;
    std::optional<std::vector<double>> estimate;
    while (copy.waiting()) {
        if (!in_tree && cut >= 0 && rolled++ >= cut) {
            estimate = copy.evaluate();
            if (!estimate) evaluate_error = copy.error();
            break;
        }
        const auto& group = copy.pending();
        std::vector<Answer> answers(group.size());
        if (in_tree) {
            // The root's candidates are drawn as the real match's are (search_decision), so
            // a sampled big request offers the same answers in every copy.
            Rng root_rng(root_seed);
            const std::vector<Decider> ds = deciders_of(group, budget.candidates, node == &tree.root() ? root_rng : rng);
            const auto picks = tree.select(*node, ds, path);
            std::string joint;
            for (std::size_t k = 0; k < ds.size(); ++k) {
                joint += std::to_string(ds[k].player) + ":" + picks[k]->key + ";";
                for (std::size_t r = 0; r < ds[k].requests.size(); ++r) answers[ds[k].requests[r]] = picks[k]->answers[r];
            }
            bool created = false;
            node = tree.child(*node, joint, created);
            if (created) in_tree = false;   // one new node per copy
        } else {
            for (std::size_t i = 0; i < group.size(); ++i) answers[i] = random_answer(group[i], rng);
        }
        copy.answer(answers);
        if (++answered >= budget.max_playout_decisions) break;
    }
    if (copy.state() == RunState::Failed || (cut >= 0 && !estimate && copy.waiting())) failure = copy.error();
    std::vector<double> reward = estimate ? *estimate : copy.rewards();
    tree.update(path, reward);
}

}  // namespace

SearchResult search_decision(LuaHost& host, const Scenario& scenario, const std::vector<ScriptedDecision>& prefix,
                             std::span<const DecisionRequest> group, PlayerIndex player, const SearchBudget& budget,
                             std::uint64_t seed) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    SearchResult out;
    Rng rng(seed);
    Tree tree(budget, rng);
    const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
    for (int i = 0;; ++i) {
        if (budget.seconds > 0 ? elapsed() >= budget.seconds : i >= budget.iterations) break;
        if (budget.cancel && budget.cancel->load()) break;
        std::string failure, evaluate_error;
        one_copy(host, scenario, prefix, player, budget, tree, rng, seed ^ 0x5eedULL, failure, evaluate_error);
        if (!evaluate_error.empty()) {   // the game's own estimate is broken: say so, do not search on
            out.evaluate_error = evaluate_error;
            ++out.iterations;
            ++out.failed_copies;
            if (out.first_failure.empty()) out.first_failure = evaluate_error;
            break;
        }
        ++out.iterations;
        if (!failure.empty()) {
            ++out.failed_copies;
            if (out.first_failure.empty()) out.first_failure = failure;
        }
        // Every copy so far failed (none can be made, or the game's evaluate always fails):
        // three are enough to say so; the answer then falls back to the first offered.
        if (out.failed_copies == out.iterations && out.iterations >= 3) break;
    }
    // The options as the real match offers them, with what the copies found.
    Rng root_rng(seed ^ 0x5eedULL);
    const std::vector<Decider> ds = deciders_of(group, budget.candidates, root_rng);
    const auto mine = std::find_if(ds.begin(), ds.end(), [&](const Decider& d) { return d.player == player; });
    out.simultaneous = ds.size() > 1;
    out.nodes = tree.nodes();
    out.node_bytes = tree.bytes();
    if (mine == ds.end()) return out;
    double strategy_total = 0;
    for (const Joint& j : mine->joints) {
        OptionEstimate e{j.key, j.answers, 0, 0.5, -1};
        const auto& stats = tree.root().stats;
        if (auto it = stats.find(stat_key(player, j.key)); it != stats.end()) {
            e.visits = it->second.visits;
            if (e.visits > 0) e.value = it->second.sum / e.visits;
            // The mixed strategy: how often the search drew this answer, less the share its
            // uniform exploration gave every answer. With a few dozen copies the average
            // regret-matching strategy is still mostly its uniform start; the visits follow
            // what regret matching learned.
            if (out.simultaneous)
                e.probability = std::max(0.0, e.visits - budget.mix * out.iterations / static_cast<double>(mine->joints.size()));
        }
        if (out.simultaneous) strategy_total += std::max(e.probability, 0.0);
        out.options.push_back(std::move(e));
    }
    if (out.simultaneous)
        for (auto& e : out.options)
            e.probability = strategy_total > 0 ? std::max(e.probability, 0.0) / strategy_total : 1.0 / static_cast<double>(out.options.size());
    // The answer: the most visited (ties: the better value, then the first offered); for a
    // simultaneous choice, a draw from the mixed strategy.
    std::size_t pick = 0;
    if (out.simultaneous) {
        const double u = static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
        double acc = 0;
        pick = out.options.size() - 1;
        for (std::size_t i = 0; i < out.options.size(); ++i) {
            acc += out.options[i].probability;
            if (u < acc) {
                pick = i;
                break;
            }
        }
    } else {
        for (std::size_t i = 1; i < out.options.size(); ++i) {
            const auto& a = out.options[i];
            const auto& b = out.options[pick];
            if (a.visits > b.visits || (a.visits == b.visits && a.value > b.value)) pick = i;
        }
    }
    out.answers = out.options[pick].answers;
    std::stable_sort(out.options.begin(), out.options.end(), [&](const OptionEstimate& a, const OptionEstimate& b) {
        return out.simultaneous ? a.probability > b.probability : a.visits > b.visits;
    });
    out.seconds = elapsed();
    return out;
}

}  // namespace duelbox
