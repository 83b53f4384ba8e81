// run_command.cpp - `duelbox run` and `duelbox replay`.
#include <fstream>
#include <iostream>
#include <memory>
#include <filesystem>
#include <optional>
#include <sstream>
#include <vector>

#include "cli.h"
#include "lua/card_text.h"
#include "lua/game_narration.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "lua/scenario_fields.h"
#include "kernel/printable.h"
#include "scenario/expectations.h"
#include "scenario/file_text.h"
#include "scenario/rules_reference.h"
#include "scenario/scenario.h"
#include "kernel/json_text.h"

namespace duelbox::cli {

namespace {

struct RunOptions {
    std::optional<std::uint64_t> seed;
    bool step = false, json = false, quiet = false, strict_budget = false, verbose = false, rules = false;
    std::optional<std::string> view;   // "observer", "spectator" or a player number
    std::string record, root;
    std::string file;
    std::vector<std::string> mods;   // --mod DIR, after the scenario's own "mods"
};

bool parse_u64(const std::string& s, std::uint64_t& out) {
    if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) return false;
    try {
        out = std::stoull(s);
        return true;
    } catch (...) {
        return false;
    }
}

// Returns "" or a usage error.
std::string parse_args(const std::vector<std::string>& args, RunOptions& o, bool replay) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&](std::string& out) {
            if (i + 1 >= args.size()) return false;
            out = args[++i];
            return true;
        };
        std::string v;
        if (a == "--json") o.json = true;
        else if (a == "--verbose") o.verbose = true;
        else if (a == "--rules") o.rules = true;
        else if (a == "--quiet") o.quiet = true;
        else if (!replay && a == "--step") o.step = true;
        else if (!replay && a == "--strict-budget") o.strict_budget = true;
        else if (!replay && a == "--seed") {
            std::uint64_t s = 0;
            if (!value(v) || !parse_u64(v, s)) return "--seed needs a whole number";
            o.seed = s;
        } else if (a == "--as") {
            if (!value(v)) return "--as needs a player number, \"observer\" or \"spectator\"";
            o.view = v;
        } else if (!replay && a == "--record") {
            if (!value(o.record)) return "--record needs a file name";
        } else if (a == "--root") {
            if (!value(o.root) || o.root.empty()) return "--root needs a folder";   // "" would be the current folder, silently
        } else if (!replay && a == "--mod") {
            if (!value(v) || v.empty()) return "--mod needs a mod folder (one holding mod.json)";
            o.mods.push_back(std::filesystem::absolute(v).lexically_normal().string());
        } else if (!a.empty() && a[0] == '-') return "unknown option " + a;
        else if (o.file.empty()) o.file = a;
        else return "only one file may be given (got " + o.file + " and " + a + ")";
    }
    if (o.file.empty()) return replay ? "replay needs a replay file" : "run needs a scenario file";
    return "";
}

// Whose eyes the printed log uses; see --help.
std::string resolve_view(const RunOptions& o, const Scenario& s, PlayerIndex& viewer) {
    if (o.view) {
        if (*o.view == "observer") viewer = EventLog::kObserver;
        else if (*o.view == "spectator") viewer = EventLog::kSpectator;
        else {
            std::uint64_t p = 0;
            if (!parse_u64(*o.view, p) || p < 1 || p > s.seats.size())
                return "--as: expected a player number 1.." + std::to_string(s.seats.size()) + ", \"observer\" or \"spectator\"";
            viewer = static_cast<PlayerIndex>(p - 1);
        }
        return "";
    }
    int humans = 0;
    for (std::size_t i = 0; i < s.seats.size(); ++i)
        if (s.seats[i].agent == "human") {
            ++humans;
            viewer = static_cast<PlayerIndex>(i);
        }
    if (humans == 0) viewer = EventLog::kObserver;
    else if (humans > 1) viewer = EventLog::kSpectator;
    return "";
}

// Without --verbose a player's narration shows the events the game's policy calls news
// (narration_policy.h); --verbose, --json and --rules (a walkthrough shows every step's
// events) show everything the viewer may see.
bool shown(const Event& e, PlayerIndex viewer, const RunOptions& o, const NarrationPolicy& policy) {
    return EventLog::sees(e, viewer) && (o.json || o.verbose || o.rules || policy.news(e.type));
}

// --rules: the rule an event implements (its "rule" field, see log.within_rule) as a heading
// line wherever it changes, so a walkthrough reads as rule steps with their events under them;
// under it, the rule's own words from the game's rules reference (docs/rules/<game>.md).
void print_rule_heading(const Event& e, PlayerIndex viewer, std::string& last_rule, const RulesReference& ref) {
    const Field* f = e.find("rule");
    if (!f || !EventLog::sees(*f, viewer) || !std::holds_alternative<std::string>(f->value)) return;
    const std::string& rule = std::get<std::string>(f->value);
    if (rule == last_rule) return;
    last_rule = rule;
    std::cout << "-- " << rule << "\n";
    if (const RuleText* t = ref.lookup(rule)) {
        // Wrapped at about 96 columns under a "--   " margin.
        std::string line;
        std::istringstream words(t->id + (t->title.empty() ? "" : " " + t->title) + ": " + t->text);
        for (std::string w; words >> w;) {
            if (!line.empty() && line.size() + 1 + w.size() > 96) {
                std::cout << "--   " << line << "\n";
                line.clear();
            }
            line += (line.empty() ? "" : " ") + w;
        }
        if (!line.empty()) std::cout << "--   " << line << "\n";
    }
}

// `number` is the event's number as this viewer counts: how many events they saw before it. The
// log's own seq would show a player the gaps where others were asked questions they must not
// know of (an unannounced "interrupt?"); for the observer the two are the same.
void print_event(const Match& m, const Event& e, PlayerIndex viewer, bool json, std::uint32_t number) {
    if (json) {
        const NameResolver names = m.names();
        std::string line = m.log().to_json_line(e, viewer, &names);
        const std::size_t comma = line.find(',');   // the line opens with {"seq":N,
        std::cout << "{\"seq\":" << number << line.substr(comma) << "\n";
        return;
    }
    const std::string text = m.narrate(e, viewer);
    std::cout << "[" << number << "] " << (text.empty() ? e.type : text) << "\n";
}

// --step: after each event the viewer presses Enter for the next one, `b` to see the one
// before again (and again: Enter then walks forward through what was shown), `q` to stop.
struct Stepper {
    bool on = false;
    bool quit = false;
    std::vector<std::size_t> shown;   // events printed so far, in order

    template <class Print>
    void after(std::size_t event, const Print& print) {
        shown.push_back(event);
        std::size_t cursor = shown.size() - 1;
        for (;;) {
            std::cout << "  (Enter: next, b: back, q: quit) " << std::flush;
            std::string line;
            if (!std::getline(std::cin, line)) {   // input closed: run on
                on = false;
                return;
            }
            line.erase(0, line.find_first_not_of(" \t\r"));
            line.erase(line.find_last_not_of(" \t\r") + 1);
            if (line == "q") {
                quit = true;
                return;
            }
            if (line == "b") {
                if (cursor == 0) {
                    std::cout << "  (this is the first event)\n";
                    continue;
                }
                --cursor;
                std::cout << "  back: ";
                print(shown[cursor]);
                continue;
            }
            if (cursor + 1 < shown.size()) {
                ++cursor;
                std::cout << "  again: ";
                print(shown[cursor]);
                continue;
            }
            return;
        }
    }
};

std::string result_text(const MatchRunner& r, PlayerIndex viewer) {
    const Match& m = r.match();
    switch (r.state()) {
        case RunState::Finished: {
            const MatchResult& res = m.result();
            // The reason and the names come from scripts and files: one line, control bytes written out.
            const std::string reason = printable_name(res.reason);
            if (res.winners.empty()) return "Result: a draw (" + reason + ")";
            std::string who;
            for (PlayerIndex p : res.winners) who += (who.empty() ? "" : ", ") + printable_name(m.player(p).name);
            return "Result: " + who + (res.winners.size() == 1 ? " wins" : " win") + " (" + reason + ")";
        }
        case RunState::Stopped: {
            // The events this viewer saw: a count of all would tell them how many hidden ones
            // there were (a red team: whether a card shown to another player was shown again).
            std::size_t seen = 0;
            for (std::size_t i = 0; i < r.visible_events(); ++i) seen += EventLog::sees(m.log().event(i), viewer) ? 1 : 0;
            return "Stopped after " + std::to_string(seen) + " events, as the scenario asks";
        }
        // One line: a newline in a script's message would start a forged "Result: ..." line.
        case RunState::Failed: return "Match failed: " + printable_name(r.error_for(viewer));
        default: return std::string("Match ") + run_state_name(r.state());
    }
}

// Whether a replay's "result" says the match finished (a made-up result may hold anything).
bool finished_result(const nlohmann::json& result) {
    const auto it = result.find("state");
    return it != result.end() && it->is_string() && it->get<std::string>() == "finished";
}

// --record: writes the match played so far as a replay; false (and says so) when the file cannot
// be written.
bool write_recording(const RunOptions& o, const MatchRunner& runner) {
    if (o.record.empty()) return true;
    const std::string text = json_text(replay_to_json(runner.replay()), 2) + "\n";
    // A recording replay cannot read back is no recording: refused, with why (a match that
    // logged a million events under its memory cap wrote 380 MB).
    if (text.size() > kMaxInputFileBytes) {
        std::cerr << "duelbox: not writing " << o.record << ": the recording would take " << (text.size() >> 20)
                  << " MB, more than the " << (kMaxInputFileBytes >> 20) << " MB a replay file may have\n";
        return false;
    }
    std::ofstream out(o.record);
    out << text;
    if (out) return true;
    std::cerr << "duelbox: cannot write " << o.record << "\n";
    return false;
}

// Plays the scenario; when `recorded` is given, compares the log with it event by event.
int play(Scenario scenario, const RunOptions& o, const Replay* recorded) {
    if (o.seed) scenario.seed = *o.seed;
    for (const std::string& m : o.mods) scenario.mods.push_back(m);   // recorded with the scenario (replays)
    if (o.strict_budget) scenario.limits.time_slice_ms = 0;
    PlayerIndex viewer = EventLog::kObserver;
    if (std::string err = resolve_view(o, scenario, viewer); !err.empty()) {
        std::cerr << "duelbox: " << err << "\n";
        return kUsage;
    }
    if (!o.record.empty())
        if (std::string bad = output_file_error(o.record); !bad.empty()) {
            std::cerr << "duelbox: " << bad << "\n";
            return kUsage;
        }
    LuaHost host(scenario.limits);
    std::vector<std::string> errors;
    if (!host.load_game(scenario, errors)) {
        for (const auto& e : errors) std::cerr << printable_name(e) << "\n";
        std::cerr << "duelbox: game '" << scenario.game << "' did not load (" << errors.size() << " error"
                  << (errors.size() == 1 ? "" : "s") << ")\n";
        return kBadInput;
    }
    // A person at the terminal may take an answer back (u) or leave (q): the session outlives
    // the runner, which an undo replaces by one that replays every earlier decision.
    HumanSession session;
    session.definition_text = [&host](const std::string& key) { return card_definition_text(host, key); };
    auto make_agent = [&session](const SeatSpec& seat, PlayerIndex p, std::uint64_t seed) -> std::unique_ptr<Agent> {
        if (seat.agent == "human") return make_human_agent(std::cin, std::cout, &session);
        return default_agent(seat, p, seed);
    };
    const NarrationPolicy policy = read_narration_policy(host, errors);
    for (const auto& e : errors) std::cerr << "duelbox: " << printable_name(e) << "\n";   // a bad policy still plays
    Scenario current = scenario;
    std::unique_ptr<MatchRunner> owned;
    const auto start = [&] {
        owned = std::make_unique<MatchRunner>(host, current, make_agent);
        if (recorded) owned->set_ignore_stop(true);
        session.taken = [r = owned.get()] { return r->taken().size(); };
    };
    start();
    std::size_t printed = 0;
    std::vector<std::uint32_t> numbers;   // per event: how many events the viewer saw before it
    Stepper stepper;
    stepper.on = o.step;
    bool left = false;
    std::string last_rule;
    const RulesReference rules_text = o.rules ? RulesReference::load(scenario.root, scenario.game) : RulesReference{};
    for (;;) {
        MatchRunner& runner = *owned;
        const RunState s = runner.step();
        if (!o.quiet && runner.state() != RunState::NotStarted) {
            const auto& events = runner.match().log().events();
            const std::size_t upto = runner.visible_events();
            for (; printed < upto && !stepper.quit; ++printed) {
                numbers.resize(printed + 1);
                numbers[printed] = printed == 0 ? 0 : numbers[printed - 1] + (EventLog::sees(events[printed - 1], viewer) ? 1 : 0);
                if (!shown(events[printed], viewer, o, policy)) continue;
                if (o.rules && !o.json) print_rule_heading(events[printed], viewer, last_rule, rules_text);
                print_event(runner.match(), events[printed], viewer, o.json, numbers[printed]);
                if (stepper.on)
                    stepper.after(printed, [&](std::size_t i) { print_event(runner.match(), events[i], viewer, o.json, numbers[i]); });
            }
        }
        if (stepper.quit) break;
        if (s == RunState::Failed && session.request == HumanSession::Request::Undo) {
            // Replay every decision before the one taken back; the events up to its question
            // were printed already and come out the same.
            session.request = HumanSession::Request::None;
            const auto& taken = runner.taken();
            current.decisions.assign(taken.begin(), taken.begin() + static_cast<std::ptrdiff_t>(
                                                                        std::min(session.undone.taken, taken.size())));
            std::cout << "-- " << runner.match().player(session.undone.player).name
                      << " takes back the last answer; asked again:\n";
            printed = std::min(printed, session.undone.events);
            stepper.shown.clear();
            start();
            continue;
        }
        if (s == RunState::Failed && session.request == HumanSession::Request::Quit) left = true;
        if (s != RunState::Running) break;
    }
    MatchRunner& runner = *owned;
    std::cout << std::flush;
    if (stepper.quit || left) {
        std::cout << (left ? "Result: " + runner.error().substr(runner.error().find(": ") + 2) + " (the match was not finished)"
                           : std::string("Stopped by the viewer after ") + std::to_string(printed) + " events")
                  << "\n";
        // What was played is kept: its replay asks again where the person left.
        return write_recording(o, runner) ? kOk : kBadInput;
    }
    int status = kOk;
    const bool failed = runner.state() == RunState::Failed;
    if (runner.state() == RunState::WaitingForAnswer) {
        std::cerr << "duelbox: a decision is waiting for an answer no agent can give\n";
        status = kFailed;
    }
    (failed ? std::cerr : std::cout) << result_text(runner, viewer) << "\n";
    const bool bad_field = failed && !scenario.expect.error && names_scenario_field(runner.error());
    if (failed && !bad_field && !runner.traceback().empty() && !scenario.expect.error) std::cerr << printable_traceback(runner.traceback()) << "\n";
    if (bad_field) return kBadInput;   // the scenario is wrong, not the rules: no script stack to read

    if (scenario.expect.any() && runner.state() != RunState::NotStarted) {
        const auto problems = check_expectations(scenario.expect, runner.match(), runner.error(), runner.visible_events());
        for (const auto& p : problems) std::cerr << "expectation not met: " << p << "\n";
        if (!problems.empty()) status = kFailed;
        else if (!o.quiet) std::cout << "Every expectation held.\n";
        if (problems.empty() && failed) return kOk;   // the scenario expected this failure
    }
    if (failed) status = kFailed;

    if (recorded) {
        // Compared one event at a time, each made as the recording has it (the observer's JSON
        // line): the whole log as text is made only when it matched so far, so a re-run that
        // diverges early and then logs a million events is not kept twice over.
        // Each event is decoded on its own (EventLog::event), not through the readable cache of
        // the whole log (events()), which a long re-run would hold beside the recording.
        const EventLog& log = runner.match().log();
        const std::size_t count = log.size();
        const std::size_t n = std::min(count, recorded->events.size());
        std::size_t i = 0;
        while (i < n && log.to_json_line(log.event(i), EventLog::kObserver, nullptr) == recorded->events[i]) ++i;
        const Replay now = runner.replay(false);
        if (i < n || count != recorded->events.size()) {
            // The recording holds the observer's events: another view is shown the event as
            // it sees it now, and not the recorded one (a face-down draw, a secret answer).
            std::string recorded_line = i < recorded->events.size() ? recorded->events[i] : "(no more events)";
            const std::optional<Event> at = i < count ? std::optional<Event>(log.event(i)) : std::nullopt;
            std::string now_line = at ? log.to_json_line(*at, EventLog::kObserver, nullptr) : "(no more events)";
            if (viewer != EventLog::kObserver) {
                if (i < recorded->events.size()) recorded_line = "(shown to the observer only: replay without --as to read it)";
                if (at) {
                    const NameResolver names = runner.match().names();
                    now_line = EventLog::sees(*at, viewer) ? log.to_json_line(*at, viewer, &names)
                                                           : "(an event this view does not see)";
                }
            }
            // (A recording is a file anyone may have edited: its lines are shown as one line each.)
            std::cerr << "replay diverged at event " << i << ":\n  recorded: " << printable_name(recorded_line)
                      << "\n  now:      " << printable_name(now_line) << "\n";
            status = kFailed;
        } else if (!recorded->result.empty() && now.result != recorded->result &&
                   (finished_result(now.result) || finished_result(recorded->result))) {
            // The same events with another result: the file was edited (or the result is made up).
            // (A match left unfinished, a person's quit, fails again where its answers end: with
            // another message, which is not a divergence.)
            std::cerr << "replay diverged at its result:\n  recorded: " << json_text(recorded->result)
                      << "\n  now:      " << json_text(now.result) << "\n";
            status = kFailed;
        } else if (!o.quiet) {
            std::cout << "Replay matches the recording (" << count << " events).\n";
        }
        for (const ScriptHash& h : recorded->scripts) {
            auto it = std::find_if(now.scripts.begin(), now.scripts.end(), [&](const ScriptHash& x) { return x.path == h.path; });
            if (it == now.scripts.end()) std::cerr << "note: " << printable_name(h.path) << " was not loaded this time\n";
            else if (it->hash != h.hash) std::cerr << "note: " << printable_name(h.path) << " changed since the recording\n";
        }
    }
    if (!write_recording(o, runner)) return kBadInput;
    return status;
}

std::string default_root() { return DUELBOX_SOURCE_ROOT; }

}  // namespace

int run_command(const std::vector<std::string>& args) {
    RunOptions o;
    if (std::string err = parse_args(args, o, false); !err.empty()) {
        std::cerr << "duelbox run: " << err << "\n(see duelbox --help)\n";
        return kUsage;
    }
    Scenario s;
    try {
        s = load_scenario(o.file, o.root.empty() ? default_root() : o.root);
        if (!o.root.empty()) s.root = o.root;
    } catch (const ScenarioError& e) {
        std::cerr << e.what() << "\n";
        return kBadInput;
    }
    return play(std::move(s), o, nullptr);
}

int replay_command(const std::vector<std::string>& args) {
    RunOptions o;
    if (std::string err = parse_args(args, o, true); !err.empty()) {
        std::cerr << "duelbox replay: " << err << "\n(see duelbox --help)\n";
        return kUsage;
    }
    Replay r;
    try {
        r = load_replay(o.file, o.root.empty() ? default_root() : o.root);
        if (!o.root.empty()) r.scenario.root = o.root;
    } catch (const ScenarioError& e) {
        std::cerr << e.what() << "\n";
        return kBadInput;
    }
    return play(r.scenario, o, &r);
}

}  // namespace duelbox::cli
