// search_agents.cpp - the MCTS and greedy agents, and agents by name.
#include "search_agents.h"

#include <charconv>
#include <chrono>
#include <map>

#include "answers.h"
#include "forks.h"
#include "kernel/rng.h"
#include "lua/host.h"
#include "playout.h"

namespace duelbox {

namespace {

struct ParsedName {
    std::string kind;          // "mcts", "greedy", or a plain agent's name
    long long number = -1;     // after the colon
    bool milliseconds = false;
};

bool parse_name(const std::string& name, ParsedName& out, std::string& error) {
    const auto colon = name.find(':');
    out.kind = name.substr(0, colon);
    if (colon == std::string::npos) return true;
    std::string rest = name.substr(colon + 1);
    if (rest.size() > 2 && rest.ends_with("ms")) {
        out.milliseconds = true;
        rest.resize(rest.size() - 2);
    }
    const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), out.number);
    if (ec != std::errc{} || end != rest.data() + rest.size() || out.number < 1 || out.number > 10'000'000) {
        error = "'" + name + "': after the colon, a whole number from 1 (copies) or a number of milliseconds (\"250ms\")";
        return false;
    }
    return true;
}

// What both searching agents share: the host of their own and the group answered at once.
class Searcher : public Agent {
public:
    explicit Searcher(std::uint64_t seed) : rng_(seed) {}
    std::optional<Answer> answer(const DecisionRequest& r, const Match&) override { return first_legal_answer(r); }

    std::optional<Answer> answer(const DecisionRequest& r, const Match& m, const DecisionContext& ctx) override {
        if (!ctx.scenario || !ctx.taken || ctx.group.empty()) return first_legal_answer(r);
        // The player's other requests in this group were answered with the first (one joint answer).
        if (cached_at_ == ctx.taken->size() && cached_player_ == r.player && ctx.index < cached_.size() && cached_[ctx.index])
            return cached_[ctx.index];
        cached_.assign(ctx.group.size(), std::nullopt);
        cached_at_ = ctx.taken->size();
        cached_player_ = r.player;
        std::vector<std::size_t> mine;
        for (std::size_t i = 0; i < ctx.group.size(); ++i)
            if (ctx.group[i].player == r.player) mine.push_back(i);
        std::vector<Answer> answers;
        if (forced(ctx.group, mine, answers)) {
            last_ = SearchResult{};
            last_.answers = answers;
        } else {
            const std::string content = content_of(ctx.scripts);
            LuaHost& h = host(*ctx.scenario, content);
            // Checkpoints are of one match on hosts loaded from the same files (forks.h).
            std::string match_key = content + '\n' + std::to_string(ctx.scenario->seed) + '\n' + ctx.scenario->root + '\n' +
                                    ctx.scenario->game;
            if (match_key != resume_key_) {
                resume_ = ResumeCache{};
                resume_key_ = std::move(match_key);
            }
            last_ = think(h, *ctx.scenario, *ctx.taken, ctx.group, r.player, rng_.next());
            // A search none of whose copies played (a broken evaluate or search declaration, scripts that no longer
            // replay) must not pass for an answer: the match fails naming the cause.
            if (!last_.game_error.empty()) throw AgentError(std::string(kind()) + ": " + last_.game_error);
            if (last_.iterations > 0 && last_.failed_copies == last_.iterations)
                throw AgentError(std::string(kind()) + ": no copy of the match could be played: " + last_.first_failure);
            answers = last_.answers;
            ++searches_;
        }
        if (answers.size() != mine.size()) return first_legal_answer(r);
        for (std::size_t k = 0; k < mine.size(); ++k) cached_[mine[k]] = answers[k];
        return cached_[ctx.index];
    }

    const SearchResult& last() const { return last_; }
    int searches() const { return searches_; }
    void request_stop() { stop_.store(true); }

protected:
    ResumeCache* resume_cache() { return &resume_; }
    bool stop_requested() const { return stop_.load(); }
    const std::atomic<bool>* stop_flag() const { return &stop_; }
    virtual SearchResult think(LuaHost& host, const Scenario& s, const std::vector<ScriptedDecision>& prefix,
                               std::span<const DecisionRequest> group, PlayerIndex player, std::uint64_t seed) = 0;

private:
    // True when each of the player's requests has one answer only (nothing to think about).
    static bool forced(std::span<const DecisionRequest> group, const std::vector<std::size_t>& mine, std::vector<Answer>& out) {
        Rng unused(0);
        for (std::size_t i : mine) {
            auto c = candidate_answers(group[i], 2, unused);
            if (c.size() != 1) return false;
            out.push_back(c[0]);
        }
        return true;
    }

    static std::string content_of(const std::vector<ScriptHash>* scripts) {
        std::string c;
        if (scripts)
            for (const ScriptHash& f : *scripts) c += f.path + '=' + f.hash + ';';
        return c;
    }

    // The search host: one per thread and game (with its mods), kept for the next match, as
    // the bench's hosts are (a host that played other matches plays as a fresh one does:
    // host_reuse_test.cpp); loading a big game takes tens of milliseconds. A host loaded from
    // other files than the match's (`content`: the editor reran after a save) is replaced.
    static LuaHost& host(const Scenario& s, const std::string& content) {
        struct Kept {
            std::string content;
            std::unique_ptr<LuaHost> host;
        };
        thread_local std::map<std::string, Kept> hosts;
        std::string key = s.root + '\n' + s.game;
        for (const auto& m : s.mods) key += '\n' + m;
        Kept& k = hosts[key];
        if (!k.host || k.content != content) {
            k.host.reset();
            auto fresh = std::make_unique<LuaHost>(s.limits);
            std::vector<std::string> errors;
            if (!fresh->load_game(s, errors)) {
                std::string all;
                for (const auto& e : errors) all += (all.empty() ? "" : "; ") + e;
                hosts.erase(key);
                throw AgentError("the search could not load the game: " + all);
            }
            k.content = content_of(&fresh->scripts());   // what it loaded (the files may have changed since)
            k.host = std::move(fresh);
        }
        return *k.host;
    }

    std::atomic<bool> stop_{false};
    ResumeCache resume_;        // the newest checkpoint this agent's copies passed
    std::string resume_key_;    // the match and files it belongs to
    Rng rng_;
    std::vector<std::optional<Answer>> cached_;
    std::size_t cached_at_ = static_cast<std::size_t>(-1);
    PlayerIndex cached_player_ = kNoPlayer;
    SearchResult last_;
    int searches_ = 0;
};

class MctsAgent final : public Searcher {
public:
    MctsAgent(SearchBudget b, std::uint64_t seed) : Searcher(seed), budget_(b) {}
    const char* kind() const override { return "mcts"; }

protected:
    SearchResult think(LuaHost& host, const Scenario& s, const std::vector<ScriptedDecision>& prefix,
                       std::span<const DecisionRequest> group, PlayerIndex player, std::uint64_t seed) override {
        SearchBudget b = budget_;
        b.cancel = stop_flag();
        return search_decision(host, s, prefix, group, player, b, seed, resume_cache());
    }

private:
    SearchBudget budget_;
};

// One-ply: every joint answer of its own, `samples` copies each (the others in the group and
// everyone after answer at random), the best mean reward wins (ties: the first offered).
class GreedyAgent final : public Searcher {
public:
    GreedyAgent(int samples, std::uint64_t seed, double limit_seconds)
        : Searcher(seed), samples_(samples), limit_seconds_(limit_seconds) {}
    const char* kind() const override { return "greedy"; }

protected:
    SearchResult think(LuaHost& host, const Scenario& s, const std::vector<ScriptedDecision>& prefix,
                       std::span<const DecisionRequest> group, PlayerIndex player, std::uint64_t seed) override {
        const auto start = std::chrono::steady_clock::now();
        SearchBudget b;
        b.limit_seconds = limit_seconds_;
        Rng rng(seed);
        SearchResult out;
        // The player's joint answers, as MCTS offers them (answers.h).
        const std::vector<Decider> ds = deciders_of(group, b.candidates, rng);
        const auto me = std::find_if(ds.begin(), ds.end(), [&](const Decider& d) { return d.player == player; });
        if (me == ds.end()) return out;
        const std::vector<std::size_t>& mine = me->requests;
        std::vector<OptionEstimate> options;
        for (const Joint& j : me->joints) options.push_back(OptionEstimate{j.key, j.answers, 0, 0.5, -1});
        Forks forks(host, s, prefix, resume_cache());
        // The safety limit of SearchBudget::limit_seconds (mcts.h): past it no new copy starts,
        // and a copy under way is cut short (Forks::set_deadline) and counts for nothing.
        if (b.limit_seconds > 0)
            forks.set_deadline(start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                           std::chrono::duration<double>(b.limit_seconds)));
        const auto over_limit = [&] {
            const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            return b.limit_seconds > 0 && out.iterations > 0 && spent >= b.limit_seconds;
        };
        for (auto& o : options) {
            double sum = 0;
            int taken = 0;   // copies made for this answer (fewer than samples_ when stopped)
            for (int k = 0; k < samples_ && !stop_requested(); ++k) {
                if (over_limit()) {
                    out.stopped_at_limit = true;
                    break;
                }
                const std::unique_ptr<Playout> made = forks.make_for(player, rng);
                Playout& copy = *made;
                if (forks.cut_short(copy)) {
                    out.stopped_at_limit = true;
                    break;
                }
                if (forks.last_lost()) continue;   // no re-deal reached the searcher's questions
                ++out.iterations;
                ++taken;
                if (!forks.resume_error().empty()) {   // the game's resume is broken: the agent fails the match
                    out.game_error = forks.resume_error();
                    return out;
                }
                if (!copy.reached()) {
                    ++out.failed_copies;
                    if (out.first_failure.empty()) out.first_failure = copy.error();
                    sum += 0.5;
                    continue;
                }
                bool first = true;
                int answered = 0;
                while (copy.waiting() && answered++ < b.max_playout_decisions) {
                    const auto& g = copy.pending();
                    std::vector<Answer> answers(g.size());
                    for (std::size_t i = 0; i < g.size(); ++i) answers[i] = random_answer(g[i], rng);
                    if (first)
                        for (std::size_t k2 = 0; k2 < mine.size() && mine[k2] < g.size(); ++k2)
                            if (validate_answer(g[mine[k2]], o.answers[k2]).empty()) answers[mine[k2]] = o.answers[k2];
                    first = false;
                    copy.answer(answers);
                }
                if (forks.cut_short(copy)) {   // the safety limit came while it ran
                    --out.iterations;
                    --taken;
                    out.stopped_at_limit = true;
                    break;
                }
                if (copy.state() == RunState::Failed) {
                    ++out.failed_copies;
                    if (out.first_failure.empty()) out.first_failure = copy.error();
                }
                sum += copy.rewards()[static_cast<std::size_t>(player)];
            }
            o.visits = taken;
            o.value = taken > 0 ? sum / taken : 0.5;
        }
        // The best mean among the answers that were tried (a search stopped early tried only some).
        std::size_t best = 0;
        for (std::size_t i = 1; i < options.size(); ++i)
            if (options[i].visits > 0 && (options[best].visits == 0 || options[i].value > options[best].value)) best = i;
        out.answers = options[best].answers;
        out.options = options;
        out.resumed_copies = forks.resumed();
        out.redeals = RedealCounts::of(forks);
        std::stable_sort(out.options.begin(), out.options.end(),
                         [](const OptionEstimate& a, const OptionEstimate& c) { return a.value > c.value; });
        out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return out;
    }

private:
    int samples_;
    double limit_seconds_;
};

}  // namespace

std::string agent_name_error(const std::string& name) {
    ParsedName p;
    std::string error;
    if (!parse_name(name, p, error)) return error;
    if (p.kind == "mcts") return "";
    if (p.kind == "greedy") return p.milliseconds ? "'" + name + "': greedy takes a number of copies per answer, not a time" : "";
    if (p.number >= 0 || p.milliseconds) return "'" + name + "': only mcts and greedy take a budget after a colon";
    if (p.kind == "random" || p.kind == "first" || p.kind == "human" || p.kind == "scripted") return "";
    return "expected one of \"random\", \"first\", \"greedy\", \"mcts\", \"mcts:<copies>\", \"mcts:<ms>ms\", \"human\", "
           "\"scripted\"; got \"" + name + "\"";
}

SearchBudget mcts_budget_of(const std::string& name) {
    ParsedName p;
    std::string error;
    SearchBudget b;
    if (!parse_name(name, p, error) || p.kind != "mcts") return b;
    if (p.milliseconds) b.seconds = static_cast<double>(p.number) / 1000.0;
    else if (p.number > 0) b.iterations = static_cast<int>(p.number);
    else b.copies_from_game = true;
    return b;
}

int greedy_samples_of(const std::string& name) {
    ParsedName p;
    std::string error;
    if (!parse_name(name, p, error) || p.kind != "greedy" || p.number < 1) return 8;
    return static_cast<int>(p.number);
}

std::unique_ptr<Agent> make_named_agent(const std::string& name, std::uint64_t seed) {
    ParsedName p;
    std::string error;
    if (!parse_name(name, p, error)) return nullptr;
    if (p.kind == "mcts") return make_mcts_agent(mcts_budget_of(name), seed);
    if (p.kind == "greedy") return make_greedy_agent(greedy_samples_of(name), seed);
    if (p.kind == "first") return make_first_agent();
    if (p.kind == "random") return make_random_agent(seed);
    return nullptr;
}

void request_stop(Agent& agent) {
    if (auto* s = dynamic_cast<Searcher*>(&agent)) s->request_stop();
}

bool searches(const Agent& agent) { return dynamic_cast<const Searcher*>(&agent) != nullptr; }

const SearchResult* last_search(const Agent& agent) {
    if (const auto* s = dynamic_cast<const Searcher*>(&agent)) return &s->last();
    return nullptr;
}

int searches_made(const Agent& agent) {
    if (const auto* s = dynamic_cast<const Searcher*>(&agent)) return s->searches();
    return 0;
}

std::unique_ptr<Agent> make_mcts_agent(SearchBudget budget, std::uint64_t seed) { return std::make_unique<MctsAgent>(budget, seed); }
std::unique_ptr<Agent> make_greedy_agent(int samples, std::uint64_t seed, double limit_seconds) {
    return std::make_unique<GreedyAgent>(samples, seed, limit_seconds);
}

}  // namespace duelbox
