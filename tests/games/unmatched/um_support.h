// um_support.h - running Unmatched scenarios in tests and reading the board back.
//
// um::run takes a scenario as JSON (players, decisions, stop...) and fills in what every
// Unmatched test shares: game "unmatched", the repository as root, the spec's §3.4 sample
// map (tests/support/maps/unmatched_sample.json) and "scripted" agents, so an unexpected
// question fails the test instead of being answered at random.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "../../support/lua_harness.h"

namespace duelbox::test::um {

std::string repo_root();

// Runs the scenario (defaults filled in as described above).
RunResult run(nlohmann::json scenario);

// As run(), on a copy of the game that also holds the test-only heroes Witness and Herald
// (tests/support/cards/unmatched/witnesses.lua: abilities that never return early, a card with
// an IMMEDIATELY effect). The copy is made once per test run in a private temp folder.
RunResult run_with_fixtures(nlohmann::json scenario);

// A seat: {"name": name, "agent": "scripted", "setup": setup}.
nlohmann::json seat(const std::string& name, nlohmann::json setup, int team = 0);

// A seat's setup: hero, positions (hero first; "" = already defeated), hand and deck (top
// first); Alice, if that is the hero, starts BIG.
nlohmann::json hero_setup(const char* hero, nlohmann::json positions, nlohmann::json hand, nlohmann::json deck);

// Team play: seats A1, B1, A2, B2 (teams 1, 2, 1, 2, in turn order) with these setups, scripted
// decisions and a stop (by default right after the first action of the match is done).
nlohmann::json team_match(nlohmann::json a1, nlohmann::json b1, nlohmann::json a2, nlohmann::json b2,
                          nlohmann::json decisions, nlohmann::json stop = {{"at_event", "action.done"}});

// A duel: Anna (seat 1, first turn) against Karl (seat 2), with scripted decisions and a stop
// (by default right after the first action of the match is done).
nlohmann::json duel(nlohmann::json anna, nlohmann::json karl, nlohmann::json decisions,
                    nlohmann::json stop = {{"at_event", "action.done"}});

// A scripted answer by option label(s), for player `p` (1-based) and question `id`.
nlohmann::json say(int p, const std::string& id, const std::string& label);
nlohmann::json say(int p, const std::string& id, const std::vector<std::string>& labels);

EntityId fighter(const RunResult& r, std::string_view name);        // by entity name; fails the test if absent
std::int64_t health(const RunResult& r, std::string_view name);
std::string space(const RunResult& r, std::string_view name);      // "" when off the board
std::vector<std::string> cards_in(const RunResult& r, std::string_view zone, int p);   // names, top first
std::vector<std::string> pending_labels(const RunResult& r, std::size_t i = 0);       // of a stopped run
std::string pending_id(const RunResult& r, std::size_t i = 0);
std::vector<int> winners(const RunResult& r);                       // 1-based
// Players (1-based) whose turns began, in order.
std::vector<int> turn_players(const RunResult& r);

}  // namespace duelbox::test::um
