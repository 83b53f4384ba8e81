// scenario_play_check.cpp - `duelbox check` plays each scenario: on a fresh host, where it must
// pass as `duelbox run` would pass it (no script error the scenario does not expect, no question
// left without an answer, every expectation met, no event type named that no event can have),
// and on a host that played it first with other seeds, where the log must be the same (#16.8).
//
// Why the second run: the sandbox freezes file-level globals and puts file-level locals back before
// every match (file_locals.h), but what a handler writes *into* a table a file-level local
// holds stays on the host, because module-level caches of definition data are a documented
// pattern. Nothing at run time can tell such a cache from match state kept where it must not
// be; a second run can: the first event that differs names the script line (its source).
#include "scenario_play_check.h"

#include <filesystem>
#include <set>

#include "kernel/narration_policy.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/expectations.h"
#include "scenario/file_text.h"

namespace duelbox::cli {

namespace {

// Whether some .lua file under `dir` (recursively) names `type` as a quoted string: how a
// game's log.event / log.kind types are written.
bool named_in_sources(const std::filesystem::path& dir, const std::string& type) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return false;
    const std::string dq = "\"" + type + "\"", sq = "'" + type + "'";
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (!it->is_regular_file() || it->path().extension() != ".lua") continue;
        std::string text;
        if (!read_input_file(it->path().string(), text).empty()) continue;
        if (text.find(dq) != std::string::npos || text.find(sq) != std::string::npos) return true;
    }
    return false;
}

// The event types the scenario's expect.absent and stop.at_event name that no event can have:
// not the kernel's, not in the match's log, and never named in the game's or its mods' scripts
// (a misspelt type makes "absent" hold and the stop never come, silently).
std::vector<std::string> unknown_event_types(const Scenario& s, const std::set<std::string>& logged) {
    std::vector<std::pair<std::string, std::string>> named;   // (field path, type)
    for (std::size_t i = 0; i < s.expect.absent.size(); ++i)
        named.push_back({"expect.absent[" + std::to_string(i) + "]", s.expect.absent[i]});
    if (!s.stop.at_event.empty()) named.push_back({"stop.at_event", s.stop.at_event});
    std::vector<std::string> out;
    for (const auto& [path, type] : named) {
        if (logged.count(type) || NarrationPolicy::kernel_type(type) || type == "say") continue;
        const std::filesystem::path root(s.root);
        bool found = named_in_sources(root / "scripts" / s.game, type) || named_in_sources(root / "cards" / s.game, type);
        for (std::size_t m = 0; !found && m < s.mods.size(); ++m) found = named_in_sources(s.mods[m], type);
        if (!found)
            out.push_back(path + ": no event has type '" + type + "': the kernel has no such type, the match logged none, and "
                          "the game's scripts never name it (misspelt?)");
    }
    return out;
}

// The scenario played with `seed` on `host`, as observer JSON lines (with their sources).
// `problems`, when given, gets what `duelbox run` would fail the run for, one line each.
std::vector<std::string> play(LuaHost& host, Scenario s, std::uint64_t seed, std::vector<std::string>* problems = nullptr) {
    s.seed = seed;
    std::set<std::string> logged_types;   // (with `problems`: the types the match logged)
    MatchRunner runner(host, s);
    runner.run();   // finished, stopped or failed: the log is compared whatever the outcome
    std::vector<std::string> lines;
    if (problems) {
        const bool failed = runner.state() == RunState::Failed;
        if (runner.state() == RunState::WaitingForAnswer)
            problems->push_back("a decision is waiting for an answer no agent can give (add decisions or an agent)");
        std::vector<std::string> unmet;
        if (s.expect.any() && runner.state() != RunState::NotStarted)
            unmet = check_expectations(s.expect, runner.match(), runner.error(), runner.visible_events());
        // A failure the scenario's "expect.error" asks for, with every expectation met, passes.
        if (failed && !(s.expect.error && unmet.empty())) problems->push_back("the match fails: " + runner.error());
        for (const std::string& u : unmet) problems->push_back("expectation not met: " + u);
    }
    if (runner.state() == RunState::NotStarted) return lines;
    const NameResolver names = runner.match().names();
    for (const Event& e : runner.match().log().events()) {
        lines.push_back(runner.match().log().to_json_line(e, EventLog::kObserver, &names));
        if (problems) logged_types.insert(std::string(e.type));
    }
    if (problems)
        for (std::string& u : unknown_event_types(s, logged_types)) problems->push_back(std::move(u));
    return lines;
}

}  // namespace

std::string scenario_play_problems(const Scenario& s, const std::string& shown) {
    for (const SeatSpec& seat : s.seats)
        if (seat.agent == "human") return "";   // nobody to answer here
    std::vector<std::string> errors;
    LuaHost fresh(s.limits), reused(s.limits);
    if (!fresh.load_game(s, errors) || !reused.load_game(s, errors)) return "";
    std::vector<std::string> problems;
    const std::vector<std::string> a = play(fresh, s, s.seed, &problems);
    if (!problems.empty()) {
        std::string all = shown + ": " + problems.front();
        for (std::size_t k = 1; k < problems.size(); ++k) all += "\n  " + shown + ": " + problems[k];
        return all;
    }
    for (std::uint64_t other : {s.seed + 1, s.seed + 2}) play(reused, s, other);
    const std::vector<std::string> b = play(reused, s, s.seed);
    std::size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
    if (i == a.size() && i == b.size()) return "";
    const auto at = [](const std::vector<std::string>& v, std::size_t k) { return k < v.size() ? v[k] : "(no event)"; };
    return shown + ": the match logs differently on a host that played it before with other seeds, from event " +
           std::to_string(i) + " (a file-level table keeping match state? keep it in the kernel)\n  fresh host:  " +
           at(a, i) + "\n  reused host: " + at(b, i);
}

}  // namespace duelbox::cli
