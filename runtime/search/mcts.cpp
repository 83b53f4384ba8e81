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
#include "forks.h"
#include "game_search.h"
#include "matrix_game.h"
#include "playout.h"

namespace duelbox {

namespace {

struct Stat {
    double sum = 0;
    int visits = 0;
    int avail = 0;
};

struct Node {
    std::unordered_map<std::string, Stat> stats;   // "<player>:<joint key>"; looked up, never iterated
    std::unordered_map<std::string, std::unique_ptr<Node>> children;
};

std::string stat_key(PlayerIndex p, const std::string& joint) { return std::to_string(p) + ":" + joint; }

// A draw in [0, 1) from the generator's top 53 bits.
double unit_draw(Rng& rng) { return static_cast<double>(rng.next() >> 11) * 0x1.0p-53; }

// One decider's pick at one node on the way down.
struct Step {
    Node* node = nullptr;
    PlayerIndex player = kNoPlayer;
    std::string chosen;
};

// What one copy did at the root when several players chose there at once: the searcher's
// joint answer, the others' (one column of the matrix game), and the searcher's reward.
struct RootSample {
    std::string mine, others;
    double value = 0;
};

class Tree {
public:
    Tree(const SearchBudget& b, Rng& rng) : budget_(b), rng_(rng) {}
    Node& root() { return root_; }
    std::size_t nodes() const { return nodes_; }
    std::size_t bytes() const { return bytes_; }
    std::vector<RootSample>& root_samples() { return root_samples_; }

    // Picks one joint answer per decider at `node`, each by UCB1 over its own statistics
    // (where several decide at once, each does so not knowing the others' picks: decoupled
    // UCT); appends the steps taken. At a simultaneous node a share `mix` of the picks is
    // uniformly random: in a symmetric position the players' statistics stay equal and UCB1
    // would have them pick alike in every copy (rock against rock), leaving the matrix the
    // root's answer is solved from (matrix_game.h) with nothing off its diagonal.
    std::vector<const Joint*> select(Node& node, const std::vector<Decider>& ds, std::vector<Step>& path) {
        std::vector<const Joint*> picks;
        const bool simultaneous = ds.size() > 1;
        for (const Decider& d : ds) {
            const Joint* pick = simultaneous && unit_draw(rng_) < budget_.mix ? random_pick(node, d) : ucb_pick(node, d);
            path.push_back(Step{&node, d.player, pick->key});
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
        }
    }

private:
    const Joint* random_pick(Node& node, const Decider& d) {
        for (const Joint& j : d.joints) ++stat(node, d.player, j.key).avail;
        return &d.joints[static_cast<std::size_t>(rng_.uniform(0, static_cast<std::int64_t>(d.joints.size()) - 1))];
    }

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

    const SearchBudget& budget_;
    Rng& rng_;
    Node root_;
    std::vector<RootSample> root_samples_;
    std::size_t nodes_ = 1, bytes_ = sizeof(Node);
};

// Plays one copy: down the tree, one new node, then at random, and hands the rewards up the
// path. `failure`: why the copy could not be made or failed; `game_error`: the game's
// evaluate failed (the search stops on it).
// `cut`: the copy was cut short by the search's safety limit (Forks::set_deadline); `lost`: no
// re-deal reached the searcher's questions (Forks::last_lost). Either counts for nothing.
void one_copy(Forks& forks, PlayerIndex player, const SearchBudget& budget, Tree& tree, Rng& rng, std::uint64_t root_seed,
              std::string& failure, std::string& game_error, bool& cut, bool& lost) {
    const std::unique_ptr<Playout> made = forks.make_for(player, rng);
    Playout& copy = *made;
    if (forks.cut_short(copy)) {
        cut = true;
        return;
    }
    if (forks.last_lost()) {   // no re-deal reached the searcher's questions: nothing to learn
        lost = true;
        return;
    }
    if (!forks.resume_error().empty()) {   // the game's resume is broken: say so, do not search on
        game_error = forks.resume_error();
        return;
    }
    if (!copy.reached()) {
        failure = copy.error();
        return;
    }
    Node* node = &tree.root();
    bool in_tree = true;
    std::vector<Step> path;
    int answered = 0, rolled = 0;
    const int cut_at = budget.rollout_decisions > 0 && copy.can_evaluate() ? budget.rollout_decisions : -1;
    std::optional<std::vector<double>> estimate;
    std::optional<RootSample> root_sample;
    while (copy.waiting()) {
        if (!in_tree && cut_at >= 0 && rolled++ >= cut_at) {
            estimate = copy.evaluate();
            if (!estimate) game_error = copy.error();
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
            if (node == &tree.root() && ds.size() > 1) {
                root_sample.emplace();
                for (std::size_t k = 0; k < ds.size(); ++k) {
                    if (ds[k].player == player) root_sample->mine = picks[k]->key;
                    else root_sample->others += std::to_string(ds[k].player) + ":" + picks[k]->key + ";";
                }
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
    if (forks.cut_short(copy)) {
        cut = true;
        return;
    }
    if (copy.state() == RunState::Failed || (cut_at >= 0 && !estimate && copy.waiting())) failure = copy.error();
    std::vector<double> reward = estimate ? *estimate : copy.rewards();
    tree.update(path, reward);
    if (root_sample && static_cast<std::size_t>(player) < reward.size()) {
        root_sample->value = reward[static_cast<std::size_t>(player)];
        tree.root_samples().push_back(std::move(*root_sample));
    }
}

// The searcher's mixed strategy at a simultaneous root: the maximin strategy of the payoff
// matrix the copies sampled (matrix_game.h), over the answers the copies tried (an answer
// never tried gets 0). `keys`: the searcher's answers as the real match offers them.
std::vector<double> root_strategy(const std::vector<std::string>& keys, const std::vector<bool>& eligible, const std::vector<RootSample>& samples) {
    std::unordered_map<std::string, int> row_of, col_of;   // looked up only; indices in order of first sight
    std::vector<int> rows;                                 // matrix row -> index into keys
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (eligible[i]) row_of.emplace(keys[i], -1);
    std::vector<MatrixSample> cells;
    for (const RootSample& s : samples) {
        auto r = row_of.find(s.mine);
        if (r == row_of.end()) continue;
        if (r->second < 0) {
            r->second = static_cast<int>(rows.size());
            rows.push_back(static_cast<int>(std::find(keys.begin(), keys.end(), s.mine) - keys.begin()));
        }
        const auto [c, added] = col_of.try_emplace(s.others, static_cast<int>(col_of.size()));
        cells.push_back(MatrixSample{r->second, c->second, s.value});
    }
    std::vector<double> out(keys.size(), 0.0);
    if (cells.empty()) return out;
    const PayoffMatrix m = estimate_matrix(static_cast<int>(rows.size()), static_cast<int>(col_of.size()), cells);
    const MatrixSolution sol = solve_zero_sum(m);
    for (std::size_t i = 0; i < rows.size(); ++i) out[static_cast<std::size_t>(rows[i])] = sol.row_strategy[i];
    return out;
}

SearchResult search_with(LuaHost& host, const Scenario& scenario, const std::vector<ScriptedDecision>& prefix,
                         std::span<const DecisionRequest> group, PlayerIndex player, const SearchBudget& budget,
                         std::uint64_t seed, ResumeCache* cache) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    SearchResult out;
    Rng rng(seed);
    Tree tree(budget, rng);
    Forks forks(host, scenario, prefix, cache, budget.checkpoints);
    const bool limited = budget.seconds <= 0 && budget.limit_seconds > 0;
    if (limited) forks.set_deadline(start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(budget.limit_seconds)));
    const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
    for (int i = 0;; ++i) {
        if (budget.seconds > 0 ? elapsed() >= budget.seconds : i >= budget.iterations) break;
        if (limited && i > 0 && elapsed() >= budget.limit_seconds) {
            out.stopped_at_limit = true;   // the copies so far decide (at least one was made)
            break;
        }
        if (budget.cancel && budget.cancel->load()) break;
        std::string failure, game_error;
        bool cut = false, lost = false;
        one_copy(forks, player, budget, tree, rng, seed ^ 0x5eedULL, failure, game_error, cut, lost);
        if (cut) {   // the safety limit came while the copy ran: the copies before it decide
            out.stopped_at_limit = true;
            break;
        }
        if (lost) continue;   // (counted in out.redeals.lost, not as a copy played)
        if (!game_error.empty()) {   // the game's own estimate is broken: say so, do not search on
            out.game_error = game_error;
            ++out.iterations;
            ++out.failed_copies;
            if (out.first_failure.empty()) out.first_failure = game_error;
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
    out.resumed_copies = forks.resumed();
    out.redeals = RedealCounts::of(forks);
    out.nodes = tree.nodes();
    out.node_bytes = tree.bytes();
    if (mine == ds.end()) return out;
    const auto& stats = tree.root().stats;
    for (const Joint& j : mine->joints) {
        // Two copies of one card are one answer (answers are named by their labels): one row.
        if (std::any_of(out.options.begin(), out.options.end(), [&](const OptionEstimate& o) { return o.label == j.key; }))
            continue;
        OptionEstimate e{j.key, j.answers, 0, 0.5, -1};
        if (auto it = stats.find(stat_key(player, j.key)); it != stats.end()) {
            e.visits = it->second.visits;
            if (e.visits > 0) e.value = it->second.sum / e.visits;
        }
        out.options.push_back(std::move(e));
    }
    // The answer: for a simultaneous choice, a draw from the solved mixed strategy; else the
    // most visited (ties: the better value, then the first offered).
    std::size_t pick = 0;
    if (out.simultaneous) {
        std::vector<std::string> keys;
        for (const auto& o : out.options) keys.push_back(o.label);
        // Only answers the search kept coming back to enter the matrix: UCB spends few copies
        // on an answer that looked bad, and one lucky win there must not make it the pick.
        int most = 0;
        for (const auto& e : out.options) most = std::max(most, e.visits);
        std::vector<bool> eligible;
        for (const auto& e : out.options) eligible.push_back(e.visits > 0 && 2 * e.visits >= most);
        const std::vector<double> sigma = root_strategy(keys, eligible, tree.root_samples());
        double total = 0;
        for (double p : sigma) total += p;
        for (std::size_t i = 0; i < out.options.size(); ++i)
            out.options[i].probability = total > 0 ? sigma[i] / total : 1.0 / static_cast<double>(out.options.size());
        const double u = unit_draw(rng);
        double acc = 0;
        for (std::size_t i = 1; i < out.options.size(); ++i)   // what rounding leaves over goes to the likeliest
            if (out.options[i].probability > out.options[pick].probability) pick = i;
        for (std::size_t i = 0; i < out.options.size(); ++i) {
            acc += out.options[i].probability;
            if (u < acc && out.options[i].probability > 0) {
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

}  // namespace

SearchResult search_decision(LuaHost& host, const Scenario& scenario, const std::vector<ScriptedDecision>& prefix,
                             std::span<const DecisionRequest> group, PlayerIndex player, const SearchBudget& budget,
                             std::uint64_t seed, ResumeCache* cache) {
    SearchBudget own = budget;
    if (own.copies_from_game && own.seconds <= 0) {   // plain `mcts`: the game may say how many copies (game_search.h)
        GameSearchDefaults declared;
        SearchResult refused;
        if (!read_game_search_defaults(host, declared, refused.game_error)) return refused;
        if (declared.copies) own.iterations = *declared.copies;
    }
    return search_with(host, scenario, prefix, group, player, own, seed, cache);
}

}  // namespace duelbox
