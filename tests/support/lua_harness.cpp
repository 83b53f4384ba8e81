// lua_harness.cpp - see lua_harness.h.
#include "lua_harness.h"

namespace duelbox::test {

RunState RunResult::resume() {
    state = runner->run();
    error = runner->error();
    return state;
}

std::vector<const Event*> RunResult::of_type(std::string_view type) const {
    std::vector<const Event*> out;
    if (!runner) return out;
    for (const Event& e : events())
        if (e.type == type) out.push_back(&e);
    return out;
}

const Event* RunResult::first(std::string_view type) const {
    const auto all = of_type(type);
    return all.empty() ? nullptr : all.front();
}

std::vector<std::string> RunResult::types() const {
    std::vector<std::string> out;
    if (!runner) return out;
    for (const Event& e : events()) out.emplace_back(e.type);
    return out;
}

std::vector<std::string> RunResult::script_types() const {
    std::vector<std::string> out;
    if (!runner) return out;
    for (const Event& e : events())
        if (e.source.file != 0 && e.type != "match.end") out.emplace_back(e.type);
    return out;
}

nlohmann::json RunResult::data(const Event& e, PlayerIndex viewer) const {
    return nlohmann::json::parse(match().log().to_json_line(e, viewer, nullptr))["data"];
}

std::string RunResult::narrate(const Event& e, PlayerIndex viewer) const { return match().narrate(e, viewer); }

std::string RunResult::where(const Event& e) const { return match().log().where(e); }

std::vector<nlohmann::json> RunResult::values(std::string_view type, std::string_view key) const {
    std::vector<nlohmann::json> out;
    for (const Event* e : of_type(type)) {
        const nlohmann::json d = data(*e);
        const auto it = d.find(std::string(key));
        out.push_back(it == d.end() ? nlohmann::json() : *it);
    }
    return out;
}

std::vector<std::string> RunResult::printed() const {
    std::vector<std::string> out;
    for (const Event* e : of_type("script.print")) out.push_back(data(*e)["text"].get<std::string>());
    return out;
}

Scenario snippet_scenario(const std::string& code, int players, std::vector<ScriptedDecision> decisions,
                          std::uint64_t seed) {
    Scenario s;
    s.game = "snippet";
    s.root = DUELBOX_TEST_SUPPORT;
    s.seed = seed;
    for (int i = 0; i < players; ++i) {
        SeatSpec seat;
        seat.agent = "first";
        s.seats.push_back(seat);
    }
    s.setup["code"] = code;
    s.decisions = std::move(decisions);
    // Count instructions from the first one, so a runaway snippet stops at the same point
    // on a loaded CI machine as on a quiet one; 5M is plenty for a few lines.
    s.limits.time_slice_ms = 0;
    s.limits.instructions = 5'000'000;
    return s;
}

RunResult run_scenario(Scenario scenario) {
    RunResult r;
    r.host = std::make_unique<LuaHost>(scenario.limits);
    std::vector<std::string> errors;
    if (!r.host->load_game(scenario.root, scenario.game, errors)) {
        r.state = RunState::Failed;
        for (const auto& e : errors) r.error += (r.error.empty() ? "" : "\n") + e;
        return r;
    }
    r.runner = std::make_unique<MatchRunner>(*r.host, std::move(scenario));
    r.state = r.runner->run();
    r.error = r.runner->error();
    return r;
}

RunResult run_snippet(const std::string& code, int players, std::vector<ScriptedDecision> decisions,
                      std::uint64_t seed) {
    return run_scenario(snippet_scenario(code, players, std::move(decisions), seed));
}

std::string error_of(const std::string& code, int players) {
    const RunResult r = run_snippet(code, players);
    if (r.state == RunState::Failed) return r.error;
    return std::string("(no error: ") + run_state_name(r.state) + ")";
}

ScriptedDecision pick(int player, std::vector<std::int64_t> picks, std::string id) {
    ScriptedDecision d;
    d.player = player - 1;
    d.id = std::move(id);
    d.picks = std::move(picks);
    return d;
}

ScriptedDecision yes(int player, bool answer, std::string id) {
    ScriptedDecision d;
    d.player = player - 1;
    d.id = std::move(id);
    d.yes = answer;
    return d;
}

}  // namespace duelbox::test
