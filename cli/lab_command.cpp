// lab_command.cpp - `duelbox lab`: every pairing of a game's fighters, with intervals, as
// results.json, results.csv and report.html; `duelbox lab merge`: shards added up.
//
// The lab itself (plan, run, tally, figures, files) is the duelbox_lab library (lab/); this
// file reads the command line, shows progress and prints the short table.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "cli.h"
#include "cli_args.h"
#include "agent_duel.h"
#include "lab_html.h"
#include "lab_results.h"
#include "lab_run.h"
#include "scenario/json_fields.h"
#include "search/search_agents.h"
#include "kernel/json_text.h"
#include "kernel/printable.h"

namespace duelbox::cli {

namespace {

int usage(const std::string& why) {
    std::cerr << "duelbox lab: " << why << " (see duelbox --help)\n";
    return kUsage;
}

// Every part, empty ones included ("a,,b" has three: the callers refuse the empty one rather
// than drop it without a word).
std::vector<std::string> split_commas(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream in(s);
    for (std::string part; std::getline(in, part, ',');) out.push_back(part);
    if (!s.empty() && s.back() == ',') out.emplace_back();
    return out;
}

std::string clock_text(double seconds) {
    const long s = static_cast<long>(seconds + 0.5);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
    return buf;
}

// Progress on stderr while `done` climbs to `total`: a bar redrawn in place on a terminal,
// a plain line every 10% (and at the end) otherwise, so logs and CI output stay readable.
class Progress {
public:
    Progress(std::size_t total, const std::atomic<std::size_t>& done)
        : total_(total), done_(done), tty_(isatty(STDERR_FILENO) != 0), start_(Clock::now()),
          thread_([this](std::stop_token stop) { loop(stop); }) {}
    ~Progress() {
        thread_.request_stop();
        thread_.join();
        show(true);
    }

private:
    using Clock = std::chrono::steady_clock;
    void loop(std::stop_token stop) {
        std::mutex m;
        std::condition_variable_any wake;   // a stop request wakes the wait at once
        std::unique_lock lock(m);
        while (!wake.wait_for(lock, stop, std::chrono::milliseconds(250), [] { return false; })) {
            if (stop.stop_requested()) return;
            show(false);
        }
    }
    void show(bool final) {
        const std::size_t done = done_.load();
        const double secs = std::chrono::duration<double>(Clock::now() - start_).count();
        const double rate = secs > 0 ? static_cast<double>(done) / secs : 0;
        const double eta = rate > 0 ? static_cast<double>(total_ - done) / rate : 0;
        char line[160];
        if (tty_) {
            const int width = 30, filled = total_ ? static_cast<int>(width * done / total_) : width;
            std::snprintf(line, sizeof line, "\r[%-*.*s] %zu/%zu matches  %.0f/s  ETA %s ", width, filled,
                          "##############################", done, total_, rate, clock_text(eta).c_str());
            std::cerr << line << (final ? "\n" : "") << std::flush;
            return;
        }
        const std::size_t tenth = total_ ? done * 10 / total_ : 10;
        if (!final && tenth <= last_tenth_) return;
        if (final && last_tenth_ >= 10) return;
        last_tenth_ = tenth;
        std::snprintf(line, sizeof line, "lab: %zu/%zu matches, %.0f/s, %s elapsed\n", done, total_, rate,
                      clock_text(secs).c_str());
        std::cerr << line << std::flush;
    }
    std::size_t total_;
    const std::atomic<std::size_t>& done_;
    bool tty_;
    Clock::time_point start_;
    std::size_t last_tenth_ = 0;
    std::jthread thread_;
};

std::string pct(double v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%5.1f%%", 100 * v);
    return buf;
}

void print_table(const LabResult& r) {
    const LabFigures f = compute_figures(r.plan, r.tally, r.meta.wide_half_width);
    std::printf("%-22s %8s %8s  %-18s\n", "fighter", "matches", "score", "95% interval");
    for (std::size_t k = 0; k < r.plan.fighters.size(); ++k) {
        const EntryFigures& e = f.fighters[k];
        std::printf("%-22s %8lld %8s  [%s, %s]%s\n", r.plan.fighters[k].c_str(), static_cast<long long>(e.matches),
                    pct(e.score.value).c_str(), pct(e.score.lo).c_str(), pct(e.score.hi).c_str(),
                    e.score.wide ? "  wide" : "");
    }
    std::printf("first seat scores %s [%s, %s]%s over %lld matches; %lld draws, %lld failed; mean %.1f %ss\n",
                pct(f.first_seat.value).c_str(), pct(f.first_seat.lo).c_str(), pct(f.first_seat.hi).c_str(),
                f.first_seat.wide ? " wide" : "", static_cast<long long>(f.matches), static_cast<long long>(f.draws),
                static_cast<long long>(f.failed), f.mean_length, r.meta.unit_name.c_str());
}

// The files write_outputs (or a duel, `names`) would write into `dir`: "" when each can be
// written, else why not. Asked before any match is played, as run --record asks: a folder that
// cannot take the results would otherwise lose hours of matches at the end.
std::string out_dir_error(const std::string& dir, std::initializer_list<const char*> names) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (!std::filesystem::is_directory(dir, ec)) return "cannot write into " + dir + " (not a folder that can be made)";
    for (const char* name : names)
        if (std::string why = output_file_error(dir + "/" + name); !why.empty()) return why;
    return "";
}
constexpr std::initializer_list<const char*> kLabFiles = {"results.json", "results.csv", "report.html"};

// Writes results.json, results.csv and report.html into `dir`; false (and a message) on failure.
bool write_outputs(const LabResult& r, const std::string& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    const std::pair<std::string, std::string> files[] = {
        {"results.json", json_text(lab_result_json(r), 1) + "\n"},
        {"results.csv", lab_result_csv(r)},
        {"report.html", lab_report_html(r)},
    };
    for (const auto& [name, text] : files) {
        const std::string path = dir + "/" + name;
        std::ofstream out(path, std::ios::binary);
        out << text;
        if (!out) {
            std::cerr << "duelbox lab: cannot write " << path << "\n";
            return false;
        }
    }
    std::cout << "wrote " << dir << "/results.json, results.csv, report.html\n";
    return true;
}

int merge_command(const std::vector<std::string>& args) {
    std::string out = "lab-merged";
    std::vector<std::pair<std::string, LabResult>> shards;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--out") {
            if (i + 1 >= args.size() || args[i + 1].empty()) return usage("--out needs a folder");
            out = args[++i];
            continue;
        }
        if (!args[i].empty() && args[i][0] == '-') return usage("unexpected argument " + args[i]);
        try {
            // load_json_file: a regular file, under the size cap, with file:line:col for bad JSON.
            shards.emplace_back(args[i], parse_lab_result(fields::load_json_file(args[i]), args[i]));
        } catch (const std::exception& e) {
            std::cerr << "duelbox lab merge: " << e.what() << "\n";
            return kBadInput;
        }
    }
    if (shards.empty()) return usage("merge needs the shards' results.json files");
    // Writing over one of its own inputs would lose that shard's counts once merged.
    for (const auto& [path, shard] : shards) {
        std::error_code ec;
        if (std::filesystem::equivalent(path, out + "/results.json", ec)) {
            std::cerr << "duelbox lab merge: --out " << out << " would write over the input " << path << "\n";
            return kUsage;
        }
    }
    if (std::string why = out_dir_error(out, kLabFiles); !why.empty()) {
        std::cerr << "duelbox lab merge: " << why << "\n";
        return kUsage;
    }
    LabResult merged;
    try {
        merged = merge_lab_shards(shards);
    } catch (const std::exception& e) {
        std::cerr << "duelbox lab merge: " << e.what() << "\n";
        return kBadInput;
    }
    print_table(merged);
    return write_outputs(merged, out) ? kOk : kFailed;
}

std::string percent(const Rate& r) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%5.1f%% [%4.1f, %4.1f]", 100 * r.value, 100 * r.lo, 100 * r.hi);
    return buf;
}

// Why `name` cannot play a lab match: not an agent, or one that waits for a person or a script.
std::string lab_agent_error(const std::string& name) {
    if (std::string bad = agent_name_error(name); !bad.empty()) return bad;
    if (name == "human" || name == "scripted") return "'" + name + "' cannot play a lab match";
    return "";
}

// `--agents A,B`: A against B over every seat (lab/agent_duel.h), and what their answers cost.
// `out` (may be empty): the folder for duel.json; `wide`: the half-width that flags an interval.
int duel_command(const Scenario& base, const std::string& target, const std::string& agents, const RunFlags& flags,
                 const std::string& out, double wide) {
    const auto names = split_commas(agents);
    if (names.size() != 2) return usage("--agents needs two agents, A,B (e.g. mcts,random)");
    for (const auto& n : names)
        if (std::string bad = lab_agent_error(n); !bad.empty()) return usage("--agents: " + bad);
    DuelOptions opts;
    opts.agent_a = names[0];
    opts.agent_b = names[1];
    opts.matches = flags.matches;
    opts.seed = flags.seed;
    opts.workers = flags.workers;
    std::ostringstream cmd;   // what reproduces the run
    cmd << "duelbox lab " << target << " --agents " << agents << " --matches " << flags.matches << " --seed " << flags.seed;
    if (wide != 0.10) cmd << " --wide " << wide;
    for (const std::string& m : flags.mods) cmd << " --mod " << m;
    if (!out.empty())
        if (std::string why = out_dir_error(out, {"duel.json"}); !why.empty()) {
            std::cerr << "duelbox lab: " << why << "\n";
            return kUsage;
        }
    const std::string command = cmd.str();
    std::cout << "command: " << command << "\n"
              << opts.agent_a << " takes each of the " << base.seats.size() << " seats in turn, " << opts.agent_b
              << " every other seat; " << flags.matches << " matches on " << flags.workers << " worker"
              << (flags.workers == 1 ? "" : "s") << "\n";
    std::atomic<std::size_t> done{0};
    opts.done = &done;
    DuelResult r;
    {
        Progress progress(static_cast<std::size_t>(flags.matches), done);
        r = run_agent_duel(base, opts);
    }
    if (!r.load_errors.empty()) {
        for (const auto& e : r.load_errors) std::cerr << printable_name(e) << "\n";
        return kFailed;
    }
    std::cout << "\n" << opts.agent_a << "'s score (wins + draws/2) against " << opts.agent_b << ", 95% interval:\n";
    for (std::size_t s = 0; s < r.seats.size(); ++s) {
        const DuelSeat& d = r.seats[s];
        std::cout << "  seat " << s + 1 << ": " << percent(d.rate(wide)) << "  (" << d.wins << " won, " << d.draws << " drawn, "
                  << d.losses << " lost)\n";
    }
    std::cout << "  all:    " << percent(r.total.rate(wide)) << "  (" << r.total.wins << " won, " << r.total.draws << " drawn, "
              << r.total.losses << " lost)\n";
    if (r.failed) std::cout << "  failed: " << r.failed << " (first: " << r.first_failure << ")\n";
    const auto cost = [](const std::string& name, const AgentCost& c) {
        char buf[256];
        std::snprintf(buf, sizeof buf, "  %-10s %6zu answers, %6zu searched: median %.1f ms, 90th %.1f ms, max %.1f ms; biggest tree %zu nodes, %.1f kB\n",
                      name.c_str(), c.answers, c.searched_ms.size(), c.median_ms(), c.percentile_ms(0.9), c.percentile_ms(1.0),
                      c.max_nodes, static_cast<double>(c.max_node_bytes) / 1024.0);
        std::cout << buf;
    };
    std::cout << "time per answer (wall clock, one worker thread each):\n";
    cost(opts.agent_a, r.cost_a);
    cost(opts.agent_b, r.cost_b);
    std::cout << "wall " << clock_text(r.wall_seconds) << "\n";
    if (!out.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(out, ec);
        const std::string path = out + "/duel.json";
        std::ofstream file(path, std::ios::binary);
        file << json_text(duel_result_json(r, opts, command, wide), 1) << "\n";
        if (!file) {
            std::cerr << "duelbox lab: cannot write " << path << (ec ? ": " + ec.message() : std::string()) << "\n";
            return kFailed;
        }
        std::cout << "wrote " << path << "\n";
    }
    return r.failed ? kFailed : kOk;
}

}  // namespace

int lab_command(const std::vector<std::string>& args) {
    if (!args.empty() && args.front() == "merge") return merge_command({args.begin() + 1, args.end()});
    std::string out, fighters_arg, agent = "random", shard_arg, agents;
    bool agent_given = false;
    RunFlags flags;
    flags.matches = 100;
    flags.max_matches = 10'000'000;
    flags.max_seed = UINT64_MAX / 2;   // seed + match index must not wrap
    flags.workers = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    double wide = 0.10;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool has_value = i + 1 < args.size();
        std::string bad;
        if (parse_run_flag(args, i, flags, bad)) {
            if (!bad.empty()) return usage(bad);
        } else if (a == "--fighters") {
            // (An empty list is no list: it used to mean the whole roster, silently.)
            if (!has_value || args[i + 1].empty()) return usage("--fighters needs a comma-separated list (or ? to list the roster)");
            fighters_arg = args[++i];
        } else if (a == "--agent") {
            if (!has_value) return usage("--agent needs an agent's name (random, first, greedy, mcts, mcts:N)");
            if (std::string bad = lab_agent_error(args[i + 1]); !bad.empty()) return usage("--agent: " + bad);
            agent = args[++i];
            agent_given = true;
        } else if (a == "--agents") {
            if (!has_value) return usage("--agents needs two agents, A,B (e.g. mcts,random)");
            agents = args[++i];
        } else if (a == "--out") {
            if (!has_value || args[i + 1].empty()) return usage("--out needs a folder");
            out = args[++i];
        } else if (a == "--shard") {
            if (!has_value) return usage("--shard needs i/N");
            shard_arg = args[++i];
        } else if (a == "--wide") {
            char* end = nullptr;
            if (has_value) wide = std::strtod(args[++i].c_str(), &end);
            if (!has_value || !end || *end != '\0' || !(wide > 0 && wide < 1))
                return usage("--wide needs a number between 0 and 1 (a half-width, e.g. 0.1)");
        } else {
            return usage("unexpected argument " + a);
        }
    }
    const std::string& target = flags.target;
    if (target.empty()) return usage("name a game (examples/<game>/bench.json) or a scenario file");
    const int matches = flags.matches, workers = flags.workers;
    const std::uint64_t seed = flags.seed;
    const std::vector<std::string>& mods = flags.mods;
    Shard shard;
    if (!shard_arg.empty())
        if (std::string why = parse_shard(shard_arg, shard); !why.empty()) return usage(why);

    const std::string root = DUELBOX_SOURCE_ROOT;
    const std::string file = bench_scenario_file(target);
    Scenario base;
    try {
        base = load_scenario(file, root);
    } catch (const ScenarioError& e) {
        std::cerr << e.what() << "\n";
        return kBadInput;
    }
    for (const std::string& m : mods) base.mods.push_back(m);
    if (!agents.empty()) {
        // The fighter table's own options would be silently ignored here: say so instead.
        if (!fighters_arg.empty() || agent_given || !shard_arg.empty())
            return usage("--agents plays the scenario's seats as written: --fighters, --agent and --shard do not apply");
        return duel_command(base, target, agents, flags, out, wide);
    }
    LabSpec spec;
    std::string content_hash;
    if (std::string why = load_lab_spec(base, spec, content_hash); !why.empty()) {
        std::cerr << why << "\n";
        return kBadInput;
    }
    std::vector<std::string> fighters;
    if (fighters_arg == "?") {   // (a mod's names: control bytes written out)
        for (const RosterEntry& e : spec.roster)
            std::cout << printable_name(e.name) << "\t" << printable_name(e.display) << "\t" << printable_name(e.key) << "\n";
        return kOk;
    }
    if (fighters_arg.empty()) {
        for (const RosterEntry& e : spec.roster) fighters.push_back(e.name);
    } else {
        for (const std::string& name : split_commas(fighters_arg)) {
            if (name.empty()) return usage("--fighters: an empty name in '" + printable_name(fighters_arg) + "'");
            const RosterEntry* e = spec.find(name);
            if (!e) {
                std::string have;
                for (const RosterEntry& r : spec.roster) have += (have.empty() ? "" : ", ") + r.name;
                return usage("--fighters: no fighter '" + printable_name(name) + "' in " + base.game + "'s roster (have: " + printable_name(have) + ")");
            }
            if (std::find(fighters.begin(), fighters.end(), e->name) != fighters.end())
                return usage("--fighters: '" + printable_name(name) + "' is listed twice");
            fighters.push_back(e->name);
        }
    }
    LabResult result;
    try {
        result.plan = make_plan(fighters, spec.side_picks, matches, seed);
    } catch (const std::invalid_argument& e) {
        return usage(std::string("--fighters: ") + e.what());
    }
    std::string fighters_list;
    for (const std::string& f : fighters) {
        fighters_list += (fighters_list.empty() ? "" : ",") + f;
        result.meta.roster.push_back(*spec.find(f));
    }
    std::ostringstream cmd;   // canonical: what changes a number, nothing else
    cmd << "duelbox lab " << target << " --fighters " << fighters_list << " --matches " << matches << " --seed " << seed
        << " --agent " << agent << " --wide " << wide;
    for (const std::string& m : mods) cmd << " --mod " << m;
    result.meta.command = cmd.str();
    result.meta.game = base.game;
    result.meta.scenario = target;
    result.meta.content_hash = content_hash;
    result.meta.engine_hash = engine_build_hash();
    result.meta.agent = agent;
    result.meta.unit_name = spec.unit_name;
    result.meta.wide_half_width = wide;
    result.meta.shard = shard;
    if (out.empty()) out = "lab-" + base.game + (shard.whole() ? "" : "-shard" + std::to_string(shard.index));

    if (std::string why = out_dir_error(out, kLabFiles); !why.empty()) {
        std::cerr << "duelbox lab: " << why << "\n";
        return kUsage;
    }
    const auto [first, end] = shard.range(result.plan.total());
    std::cout << "command: " << result.meta.command << (shard.whole() ? "" : " --shard " + shard_arg) << "\n"
              << result.plan.pairings.size() << " pairings x " << matches << " matches; playing " << end - first
              << " on " << workers << " worker" << (workers == 1 ? "" : "s") << "\n";
    std::atomic<std::size_t> done{0};
    LabOptions opts;
    opts.agent = agent;
    opts.workers = workers;
    opts.shard = shard;
    opts.done = &done;
    LabRun run;
    {
        Progress progress(end - first, done);
        run = run_lab(base, spec, result.plan, opts);
    }
    if (!run.load_errors.empty()) {
        for (const auto& e : run.load_errors) std::cerr << printable_name(e) << "\n";
        return kBadInput;
    }
    result.tally = std::move(run.tally);
    std::printf("%zu matches in %.2f s wall (%.0f matches/s), %.2f s CPU\n", end - first, run.pool.wall_seconds,
                run.pool.wall_seconds > 0 ? static_cast<double>(end - first) / run.pool.wall_seconds : 0.0,
                run.pool.cpu_seconds);
    print_table(result);
    if (!write_outputs(result, out)) return kFailed;
    if (!result.tally.failures.empty()) {
        const LabFailure& f = result.tally.failures.front();
        std::cerr << "duelbox lab: matches failed; the first: match " << f.index << ", seed " << f.seed << ": " << f.error
                  << "\n";
        return kFailed;
    }
    return kOk;
}

}  // namespace duelbox::cli
