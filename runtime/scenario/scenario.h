// scenario.h - a match described in a file: game, seats, seed, setup, decisions, stop, expectations.
//
// The same scenario runs in the CLI, the editor and the tests. A replay is a scenario
// plus every decision that was taken, the content hashes of the scripts that ran and the
// observer's event log, so a replay after an edit can say where it first diverges.
//
// Contracts
//  - Parsing is strict: malformed JSON, an unknown field or a bad value throws
//    ScenarioError whose message starts with the field path, e.g.
//    `players[1].agent: expected one of "random", "first", "greedy", "mcts", ... got "best"`.
//  - Seats are 1-based in files (as players read them) and 0-based in C++.
//  - `setup` and `options` are game-specific; the game's scripts validate their keys.
#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../kernel/decision.h"
#include "../kernel/ids.h"

namespace duelbox {

struct ScenarioError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct SeatSpec {
    std::string name;                        // "Player 1" when absent
    int team = 0;                            // defaults to the seat number (everyone alone)
    std::string agent = "random";            // random, first, human, scripted, greedy[:N], mcts[:N | :Nms] (search/search_agents.h)
    nlohmann::json setup = nlohmann::json::object();   // game-specific: fighter, deck, hand, position, ...
};

// One scripted answer. Picks by index, or by option label (resolved when asked), or yes/no.
struct ScriptedDecision {
    PlayerIndex player = kNoPlayer;          // 0-based
    std::string id;                          // when set, must equal the request's id
    std::vector<std::int64_t> picks;         // option numbers as in files and Lua (1-based), or the number
    std::vector<std::string> labels;         // option labels, for readable scenarios
    std::optional<bool> yes;                 // for yes/no questions
    bool operator==(const ScriptedDecision&) const = default;
};

struct StopAt {
    std::int64_t after_events = -1;          // stop once the log holds this many events
    std::string at_event;                    // stop right after the first event of this type
    std::int64_t after_decisions = -1;       // stop before asking decision number N+1
};

struct EventExpectation {
    std::string type;
    nlohmann::json fields = nlohmann::json::object();   // each listed field must equal
};

struct CounterExpectation {
    PlayerIndex player = kNoPlayer;          // the counter is on this player's entity ...
    std::string entity;                      // ... or on the first entity with this name or def key
    std::string counter;
    std::int64_t value = 0;
};

struct Expectations {
    std::optional<std::vector<PlayerIndex>> winners;    // empty vector = a draw
    std::optional<std::string> reason;
    std::vector<EventExpectation> events;    // must appear in this order (other events may lie between)
    std::vector<std::string> absent;         // event types that must not appear
    std::vector<CounterExpectation> counters;
    std::optional<std::string> error;        // the run must fail with a message containing this
    bool any() const {
        return winners || reason || !events.empty() || !absent.empty() || !counters.empty() || error;
    }
};

struct Limits {
    std::int64_t instructions = 50'000'000;  // per script call, once the watchdog arms the counter
    std::int64_t memory_bytes = 64ll << 20;  // per Lua state
    std::int64_t time_slice_ms = 20;         // a call running longer than this gets its instructions counted
    // A backstop for work the instruction budget cannot see: one Lua operation may do unbounded C
    // work (comparing two distinct 20 MB strings is one instruction of ~2 ms), so a loop of them
    // stays under any budget for hours. A call still running after this much wall-clock time is
    // stopped as the budget stops one. Well above what a budget allows (50 M counted instructions
    // take well under a second); only a pathological script ever meets it.
    std::int64_t wall_clock_ms = 30'000;
    // The same backstop for a whole match: the wall-clock time its rules run in all, summed over
    // every resume (waiting for an answer is not counted). Each resume may stay under every
    // per-call limit while a match of 20,000 questions, each just under them, ran for an hour;
    // this stops it. 2 minutes is about 4,000x the longest shipped match (the 20,091-event duel
    // runs ~30 ms).
    std::int64_t match_wall_clock_ms = 120'000;
    // Questions a match may ask in all. Each resume is short, so the instruction budget never
    // stops a loop of decide, and with thinking agents (a search per question, ~0.7 s) the memory
    // cap would take days: this stops it. 20,000 is 9x the longest shipped scenario (a
    // 20,091-event match asking 2,180) and 27x the longest bench match of the shipped games (735).
    std::int64_t decisions = 20'000;
};

struct Scenario {
    std::string file;                        // where it was read from ("" for one built in code)
    std::string title;
    std::string description;
    std::string game;                        // scripts/<game>/ and cards/<game>/ under root
    std::string root;                        // folder holding scripts/ and cards/; absolute once resolved
    std::vector<std::string> mods;           // mod folders layered on the game, in order; absolute once resolved
    std::uint64_t seed = 1;
    std::vector<SeatSpec> seats;
    nlohmann::json setup = nlohmann::json::object();    // game-specific, shared by all seats
    nlohmann::json options = nlohmann::json::object();  // named rule options
    std::vector<ScriptedDecision> decisions;
    StopAt stop;
    Expectations expect;
    Limits limits;
};

// Parses and validates; `file` resolves a relative root against the file's folder.
// `default_root` is used when the scenario names none.
Scenario parse_scenario(const nlohmann::json& j, const std::string& file, const std::string& default_root);
Scenario load_scenario(const std::string& path, const std::string& default_root);  // reads + parses
nlohmann::json scenario_to_json(const Scenario& s);   // round-trips through parse_scenario

struct ScriptHash {
    std::string path;                        // relative to the root
    std::string hash;                        // 16 hex digits, FNV-1a 64 of the content
};

struct Replay {
    Scenario scenario;                       // decisions inside are the ones recorded
    std::vector<ScriptHash> scripts;
    std::vector<std::string> events;         // the observer's JSON lines, for divergence reports
    nlohmann::json result = nlohmann::json::object();
};

nlohmann::json replay_to_json(const Replay& r);
Replay parse_replay(const nlohmann::json& j, const std::string& file, const std::string& default_root);
Replay load_replay(const std::string& path, const std::string& default_root);
std::string content_hash(const std::string& bytes);   // FNV-1a 64 as 16 hex digits

}  // namespace duelbox
