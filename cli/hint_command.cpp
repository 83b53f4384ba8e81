// hint_command.cpp - `duelbox hint`: what the search thinks of a pending decision.
//
// Plays the scenario (its agents and scripted decisions) to the decision asked after event
// --at (or where the scenario stops, or its first decision), then searches that decision for
// each player asked (or the one --as names) from that player's information set only, and
// prints every answer with its visits and estimated chance to win, and the mixed strategy of
// a simultaneous choice. The search is deterministic: the same scenario, --at, --agent and
// --seed print the same table.
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "cli.h"
#include "kernel/printable.h"
#include "cli_args.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "search/search_agents.h"

namespace duelbox::cli {

namespace {

// How the copies' hidden cards were re-dealt (search/forks.h), in a line: where, and what the
// player could have told apart. Empty when no copy was made.
std::string describe_redeals(const RedealCounts& d, PlayerIndex p) {
    const std::string who = "player " + std::to_string(p + 1);
    std::string out;
    const auto add = [&out](const std::string& part) { out += (out.empty() ? "" : "; ") + part; };
    if (d.before) add(std::to_string(d.before) + " before the question was built");
    if (d.refused) add(std::to_string(d.refused) + " re-deals drawn again (" + who + " could tell them from the match)");
    if (d.unfit) add(std::to_string(d.unfit) + " kept although " + who + " could tell them (no re-deal fitted)");
    if (d.lost) add(std::to_string(d.lost) + " copies lost (no re-deal reached " + who + "'s questions)");
    if (d.alone) add(std::to_string(d.alone) + " at the question (" + who + " is asked alone)");
    if (d.at_arrival)
        add(std::to_string(d.at_arrival) +
            " at the question (no question or checkpoint before it, or hidden cards it offers were made or in view since: the other "
            "players' questions show their real cards to the search, docs/ai.md)");
    return out.empty() ? out : "hidden cards re-dealt: " + out;
}

int usage(const std::string& why) {
    std::cerr << "duelbox hint: " << why << " (see duelbox --help)\n";
    return kUsage;
}

bool read_number(const std::string& s, long long lo, long long hi, long long& out) {
    char* end = nullptr;
    out = std::strtoll(s.c_str(), &end, 10);
    return !s.empty() && end && *end == '\0' && out >= lo && out <= hi;
}

}  // namespace

int hint_command(const std::vector<std::string>& args) {
    std::string file, agent = "mcts", root;
    long long at = -1, as = 0, seed = 1;
    std::vector<std::string> mods;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool has = i + 1 < args.size();
        if (a == "--at") {
            if (!has || !read_number(args[++i], 0, 100'000'000, at)) return usage("--at needs an event number (as `duelbox run` prints them)");
        } else if (a == "--as") {
            if (!has || !read_number(args[++i], 1, 32, as)) return usage("--as needs a player number (1, 2, ...)");
        } else if (a == "--seed") {
            if (!has || !read_number(args[++i], 0, INT64_MAX, seed)) return usage("--seed needs a whole number");
        } else if (a == "--agent") {
            if (!has) return usage("--agent needs mcts[:N] or greedy[:N]");
            agent = args[++i];
            if (!agent.starts_with("mcts") && !agent.starts_with("greedy")) return usage("--agent: only mcts and greedy search");
            if (std::string bad = agent_name_error(agent); !bad.empty()) return usage("--agent: " + bad);
        } else if (a == "--root") {
            if (!has || args[i + 1].empty()) return usage("--root needs a folder");
            root = args[++i];
        } else if (a == "--mod") {
            if (!has) return usage("--mod needs a folder");
            mods.push_back(args[++i]);
        } else if (file.empty() && !a.starts_with("--")) {
            file = a;
        } else {
            return usage("unexpected argument " + a);
        }
    }
    if (file.empty()) return usage("name a scenario file");
    Scenario s;
    try {
        s = load_scenario(file, root.empty() ? std::string(DUELBOX_SOURCE_ROOT) : root);
        if (!root.empty()) s.root = root;
    } catch (const ScenarioError& e) {
        std::cerr << e.what() << "\n";
        return kBadInput;
    }
    for (const auto& m : mods) s.mods.push_back(m);
    if (as > static_cast<long long>(s.seats.size())) return usage("--as " + std::to_string(as) + ": the scenario has " + std::to_string(s.seats.size()) + " players");
    Scenario played = s;
    if (at >= 0) played.stop = StopAt{at + 1, "", -1};
    else if (played.stop.after_events < 0 && played.stop.at_event.empty() && played.stop.after_decisions < 0) played.stop.after_decisions = 0;
    LuaHost host(played.limits), search_host(played.limits);
    std::vector<std::string> errors;
    if (!host.load_game(played, errors) || !search_host.load_game(played, errors)) {
        for (const auto& e : errors) std::cerr << printable_name(e) << "\n";
        return kBadInput;
    }
    MatchRunner runner(host, played);
    const RunState st = runner.run();
    if (st == RunState::Failed) {
        std::cerr << "the match failed before the decision: " << runner.error() << "\n";
        return kFailed;
    }
    if (runner.pending().empty()) {
        std::cerr << "no decision is pending there (the match " << (st == RunState::Finished ? "has finished" : "did not stop at a decision")
                  << "; " << runner.match().log().size() << " events)\n";
        return kFailed;
    }
    const auto& group = runner.pending();
    const Match& m = runner.match();
    std::cout << "after event " << m.log().size() - 1 << ", " << runner.taken().size() << " answers given; asked now:\n";
    // Seen as player --as sees the table: another player's secret question is only "a secret
    // choice" (its prompt and its number of options tell what that player holds: how many of
    // Anna's hidden cards Jabberwock may use), and one its asker alone knows of is not shown.
    for (const auto& r : group) {
        const bool own = as == 0 || r.player == as - 1;
        if (!own && r.unannounced) continue;
        std::cout << "  player " << r.player + 1 << " (" << printable_name(m.player(r.player).name) << "): ";
        if (!own && r.secret) std::cout << "a secret choice\n";
        else
            std::cout << printable_name(r.id) << (r.prompt.empty() ? "" : " \"" + printable_name(r.prompt) + "\"") << ", "
                      << r.options.size() << " options\n";
    }
    const SearchBudget budget = mcts_budget_of(agent);
    const int samples = greedy_samples_of(agent);
    int status = kOk;
    std::vector<PlayerIndex> players;
    for (const auto& r : group)
        if ((as == 0 || r.player == as - 1) && std::find(players.begin(), players.end(), r.player) == players.end()) players.push_back(r.player);
    if (players.empty()) return usage("--as " + std::to_string(as) + ": that player is not asked now");
    for (PlayerIndex p : players) {
        SearchResult res;
        if (agent.starts_with("mcts")) {
            res = search_decision(search_host, played, runner.taken(), group, p, budget, static_cast<std::uint64_t>(seed) + static_cast<std::uint64_t>(p));
        } else {
            auto g = make_greedy_agent(samples, static_cast<std::uint64_t>(seed) + static_cast<std::uint64_t>(p));
            std::size_t index = 0;
            while (group[index].player != p) ++index;
            (void)g->answer(group[index], m, DecisionContext{&played, &runner.taken(), group, index});
            if (const SearchResult* last = last_search(*g)) res = *last;
        }
        if (!res.game_error.empty()) {   // the game's search hooks failed (game.search, evaluate): nothing was searched
            std::cerr << "duelbox hint: player " << p + 1 << ": " << res.game_error << "\n";
            return kFailed;
        }
        const std::string resumed = res.resumed_copies ? " (" + std::to_string(res.resumed_copies) + " from checkpoints)" : "";
        std::printf("\nplayer %d (%s), searched by %s from what player %d can know: %d copies%s, %.2f s, %zu nodes (%.1f kB)%s\n", p + 1,
                    m.player(p).name.c_str(), agent.c_str(), p + 1, res.iterations, resumed.c_str(), res.seconds, res.nodes,
                    static_cast<double>(res.node_bytes) / 1024.0,
                    res.simultaneous ? "; a simultaneous choice: the answer is drawn from the mixed strategy" : "");
        if (const std::string redeals = describe_redeals(res.redeals, p); !redeals.empty()) std::printf("  %s\n", redeals.c_str());
        if (res.stopped_at_limit)
            std::printf("  stopped at the search's safety limit of %.0f s (its rules run slowly): the copies made so far "
                        "decided, so this answer is not reproducible\n", budget.limit_seconds);
        if (res.failed_copies) {
            std::printf("  %d copies failed; the first: %s\n", res.failed_copies, res.first_failure.c_str());
            status = kFailed;
        }
        std::printf("  %-56s %7s %7s%s\n", "answer", "visits", "win %", res.simultaneous ? "  strategy" : "");
        for (const auto& o : res.options) {
            std::string label = o.label.size() > 56 ? o.label.substr(0, 53) + "..." : o.label;
            if (res.simultaneous)
                std::printf("  %-56s %7d %6.1f%% %8.1f%%\n", label.c_str(), o.visits, 100 * o.value, 100 * o.probability);
            else
                std::printf("  %-56s %7d %6.1f%%\n", label.c_str(), o.visits, 100 * o.value);
        }
        std::string chosen;
        for (const auto& o : res.options)
            if (o.answers == res.answers) chosen = o.label;
        std::printf("  -> %s\n", chosen.c_str());
    }
    return status;
}

}  // namespace duelbox::cli
