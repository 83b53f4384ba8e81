// bc_support.h - runs BattleCON scenarios in-process for the rules tests.
//
// Most tests are drills: setup.drill is Lua run after the normal setup instead of the beat
// loop (scripts/battlecon/drill.lua), with `bc` giving the rule procedures and test cards
// TS/TB (spec §10.0). A drill reports values with bc.note(name, value) -> "drill.value"
// events, read here with note()/notes(). Seats default to the SAMPLE fighter Kestrel with a
// fixed initial discard and the "first" agent, so a drill is deterministic.
#pragma once
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../../support/lua_harness.h"

namespace duelbox::test::bc {

using nlohmann::json;
using duelbox::Event;
using duelbox::PlayerIndex;
using duelbox::Scenario;
using duelbox::ScriptedDecision;
using duelbox::test::RunResult;
using duelbox::test::run_scenario;

inline std::string root() { return std::string(DUELBOX_TEST_SUPPORT) + "/../.."; }

// A seat: Kestrel, discards fixed (no setup decisions), special side 1; `extra` overrides.
inline json seat(json extra = json::object()) {
    json s = {{"fighter", "kestrel"},
              {"discard1", {"Hooked", "Grasp"}},
              {"discard2", {"Heavy", "Dash"}},
              {"special", 1}};
    for (auto& [k, v] : extra.items()) s[k] = v;
    return s;
}

inline Scenario scenario(json setup, json s1 = seat(), json s2 = seat(), std::vector<ScriptedDecision> d = {},
                         std::uint64_t seed = 1) {
    Scenario s;
    s.game = "battlecon";
    s.root = root();
    s.seed = seed;
    int n = 0;
    for (const json& st : {s1, s2}) {
        SeatSpec seat;
        seat.name = n++ == 0 ? "A" : "B";
        seat.agent = "first";
        seat.setup = st;
        s.seats.push_back(seat);
    }
    s.setup = std::move(setup);
    s.decisions = std::move(d);
    return s;
}

// The prelude every drill gets: short names for the rule modules.
inline const char* kPrelude =
    "local S, st, v, fire = bc.state, bc.stats, bc.verbs, bc.fire\n"
    "local A, B = 1, 2\n";

// Runs `code` as a drill (A holds the active player card unless setup says otherwise) and
// REQUIREs that the match ends without a script error.
inline RunResult drill(const std::string& code, json s1 = seat(), json s2 = seat(), std::vector<ScriptedDecision> d = {},
                       json setup = json::object()) {
    setup["drill"] = std::string(kPrelude) + code;
    if (!setup.contains("first_active")) setup["first_active"] = 1;
    RunResult r = run_scenario(scenario(setup, s1, s2, std::move(d)));
    INFO(r.error);
    REQUIRE(r.finished());
    return r;
}

inline std::vector<json> notes(const RunResult& r, const std::string& name) {
    std::vector<json> out;
    for (const Event* e : r.of_type("drill.value")) {
        json d = r.data(*e);
        if (d["name"] == name) out.push_back(d.contains("value") ? d["value"] : json());
    }
    return out;
}

// The last value noted under `name` (null when never noted).
inline json note(const RunResult& r, const std::string& name) {
    auto all = notes(r, name);
    return all.empty() ? json() : all.back();
}

inline ScriptedDecision choose(int player, std::string label, std::string id = "") {
    ScriptedDecision d;
    d.player = player - 1;
    d.id = std::move(id);
    d.labels = {std::move(label)};
    return d;
}

inline ScriptedDecision order(int player, std::vector<std::string> labels, std::string id = "") {
    ScriptedDecision d;
    d.player = player - 1;
    d.id = std::move(id);
    d.labels = std::move(labels);
    return d;
}

inline ScriptedDecision answer_yes(int player, bool yes, std::string id = "") {
    ScriptedDecision d;
    d.player = player - 1;
    d.id = std::move(id);
    d.yes = yes;
    return d;
}

inline int count(const RunResult& r, const std::string& type) { return static_cast<int>(r.of_type(type).size()); }

}  // namespace duelbox::test::bc
