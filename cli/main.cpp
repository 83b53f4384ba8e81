// duelbox - run, replay and check scenarios of the Duelbox rules sandbox.
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "cli.h"
#include "kernel/process_memory.h"

namespace duelbox::cli {

const char* const kHelp = R"(duelbox - a scriptable rules sandbox for dueling games

Usage:
  duelbox run <scenario.json> [--seed N] [--step] [--json] [--as VIEW] [--record FILE]
                              [--root DIR] [--quiet] [--verbose] [--rules] [--strict-budget]
                              [--mod DIR]...
      Plays the scenario and prints the narrated event log.
      --seed N          override the scenario's seed
      --step            wait for Enter after each event
      --json            print events as JSON lines instead of narration
      --as VIEW         whose eyes the log is shown through: a player number, "observer"
                        (everything, the default without human seats) or "spectator"
                        (public information only; the default with 2+ human seats; with
                        one human seat, that seat's view is the default)
      --record FILE     write a replay (the scenario plus every decision taken), also when
                        a person leaves; a file that cannot be written is named before play
      --root DIR        folder holding scripts/ and cards/ (default: the scenario's "root",
                        else the Duelbox source folder)
      --quiet           print only the result
      --verbose         also print bookkeeping (cards moved, counters changed, decisions,
                        entities created): without it the log shows what the game calls
                        news, as players would tell the match
      --rules           print the rule each event implements (its "rule" field) as a
                        "-- rule" heading wherever it changes: a walkthrough as rule steps
      --strict-budget   count script instructions from the first one (deterministic cut-off)
      --mod DIR         layer a mod (a folder with mod.json) on the game, after the scenario's
                        own "mods"; repeatable (docs/modding.md). bench and lab take it too
  duelbox replay <replay.json> [--json] [--as VIEW] [--quiet]
      Replays a recorded match and checks that it produces the same events and result;
      reports the first event that differs and which scripts changed since the recording.
  duelbox check <dir-or-file>...
      Loads every script, game, card, scenario, replay and mod (a folder with mod.json)
      found and reports every error with its file:line or field path, including the
      game's own card checks (game.check_card); plays each scenario on a fresh host and
      reports it as run would fail it (a script error it does not expect, an unanswered
      question, an unmet expectation) or an expect.absent / stop.at_event type no event can
      have (misspelt?), then on a reused host and reports where the logs differ.
  duelbox bench <game|scenario.json> [--matches N] [--seed S] [--workers W] [--results FILE]
                                     [--reference] [--profile [--top N]] [--forks] [--whole-setup]
                                     [--narration off|on|both] [--mod DIR]...
      Plays N matches (default 200) of examples/<game>/bench.json with random agents, once
      without and once with narration, and prints matches/s (wall clock) and us per event
      and per the game's unit of play (a beat, a turn; CPU time summed over the workers).
      --seed S          match i uses seed S+i (default S = 1), whatever W is
      --workers W       threads, each with its own Lua state (default: one per core); a
                        match plays the same whatever W is
      --results FILE    one JSON line per match in seed order, e.g.
                        {"seed":12,"winner":1,"beats":9,"health":[0,7],"reason":"knockout"}
                        (winner 0: a draw or none; several winners add "winners":[1,3];
                        beats: the game's unit events; health: each seat's "health" counter)
      --reference       battlecon only: also play the same seeds with the hand-written C++
                        BattleCON of bench/reference (no Lua) and print its us/beat, the
                        engine's (1 worker and W) divided by it, and the cross-check: on how
                        many seeds both played the identical match (winner, beats, health)
                        and the 95% intervals of the outcome differences; exit 1 if a seed
                        differs (exit 2 when built with -DDUELBOX_REFERENCE=OFF)
      --profile         play the matches once, with the script profile on, and print where
                        script time goes per unit of play: the hottest lines (self time, the
                        kernel calls they make included), the most called C functions
                        ("zone.count") and Lua functions; --top N sets how many (default 25)
      --forks           what a search pays per copy of a match (docs/ai.md): plays N random
                        matches on one thread and times a copy made at every 4th decision
                        group (replaying the answers so far): copies/s, overall and by
                        quarter of the match
      --whole-setup     play every match from its start; by default a worker's later
                        matches start at its first match's seed-free checkpoint (the setup
                        before any random draw or question; the same matches, event for event).
                        --profile always plays whole matches
      --narration P     play only the narration-off pass (off), only the narration-on
                        pass (on), or both (default); callgrind and quick runs use off
  duelbox lab <game|scenario.json> [--fighters a,b,...] [--matches N] [--seed S]
                                   [--agent A] [--workers W] [--out DIR] [--shard i/N]
                                   [--wide H] [--mod DIR]...
      The balance lab: plays every pairing of the chosen fighters (all of the game's
      roster by default; a side is a team where a seat fields several), both seat orders,
      N matches each (default 100), and writes DIR/results.json (counts, scores with 95%
      Wilson intervals, first-seat advantage, match lengths, card impact; the command,
      seeds and script content hash), DIR/results.csv (one row per pairing) and
      DIR/report.html (self-contained: heat map, bars, histogram, card table). Prints a
      short table and, on a terminal, a progress bar. docs/lab.md explains the figures.
      --fighters a,b    roster names (the game's lab.roster; `duelbox lab <game> --fighters ?`
                        lists them)
      --matches N       matches per pairing and seat order
      --seed S          match g of the run uses seed S+g (default 1)
      --agent A         every seat's agent: random (default), first, greedy, mcts[:N]
      --agents A,B      instead of the fighter table: agent A against agent B on the
                        scenario as written; A takes each seat in turn, B every other
                        seat; prints A's score per seat and in all with 95% intervals,
                        and the median / 90th percentile time of the answers each agent
                        searched (docs/ai.md)
      --workers W       threads (default: one per core); results.json is the same for any W
      --out DIR         where the files go (default lab-<game>); with --agents, DIR/duel.json
                        (only when given): the printed figures as JSON
      --shard i/N       play only slice i (0-based) of N; `duelbox lab merge` adds shards up
      --wide H          flag an interval whose half-width exceeds H (default 0.10)
  duelbox lab merge <results.json>... [--out DIR]
      Adds up the shards of one lab run (every shard exactly once) into DIR (default
      lab-merged): the same results.json, byte for byte, as the unsharded run.
  duelbox hint <scenario.json> [--at N] [--as P] [--agent mcts[:N]|greedy[:N]] [--seed S]
               [--root DIR] [--mod DIR]...
      Plays the scenario to the decision pending after event N (default: where the
      scenario stops, else its first decision) and searches it for each player asked (or
      player P) from what that player can know: every answer with its visits and estimated
      chance to win, and for a simultaneous secret choice the mixed strategy the answer is
      drawn from (docs/ai.md). Default agent mcts (96 copies, or as many as the game's
      `search` declares); deterministic per --seed.
  duelbox --help

Exit status:
  0  success: the match finished (or stopped where the scenario says) and every
     expectation held; the replay matched; check found no error
  1  the match failed (a script error, a bad scripted decision, an agent that could not
     answer), an expectation did not hold, or the replay diverged
  2  bad command line
  3  an input could not be loaded (malformed scenario/replay/map, a game whose scripts do
     not load, a scenario field the game refuses: an unknown option, a fighter it does not
     have, a seat count it is not played by); check found errors
)";

}  // namespace duelbox::cli

int main(int argc, char** argv) {
    using namespace duelbox::cli;
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        std::cerr << kHelp;
        return kUsage;
    }
    const std::string cmd = args.front();
    args.erase(args.begin());
    duelbox::keep_freed_memory();   // match after match reuses the memory the last one freed
    try {
        if (cmd == "--help" || cmd == "-h" || cmd == "help") {
            std::cout << kHelp;
            return kOk;
        }
        using Command = int (*)(const std::vector<std::string>&);
        const std::pair<const char*, Command> commands[] = {{"run", run_command},     {"replay", replay_command},
                                                            {"check", check_command}, {"bench", bench_command},
                                                            {"lab", lab_command},     {"hint", hint_command}};
        for (const auto& [name, command] : commands) {
            if (cmd != name) continue;
            // A flag given twice is refused: the last would silently win (--matches 5 ...
            // --matches 50000). --mod is the one flag meant to repeat.
            for (auto a = args.begin(); a != args.end(); ++a)
                if (a->size() > 2 && a->compare(0, 2, "--") == 0 && *a != "--mod" && std::find(args.begin(), a, *a) != a) {
                    std::cerr << "duelbox " << cmd << ": " << *a << " is given twice (say it once; see duelbox --help)\n";
                    return kUsage;
                }
            return command(args);
        }
    } catch (const std::exception& e) {
        // Every expected failure is handled inside the commands; this is the last guard.
        std::cerr << "duelbox: internal error: " << e.what() << "\n";
        return kFailed;
    }
    std::cerr << "duelbox: unknown command '" << cmd << "' (run, replay, check, bench, lab, hint, --help)\n";
    return kUsage;
}
