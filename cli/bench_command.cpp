// bench_command.cpp - `duelbox bench <game>`: random-agent matches per second.
//
// Plays examples/<game>/bench.json (or the scenario file given) with every seat on the
// random agent and a new seed per match, twice: once without narration, once rendering the
// narration of every event (what a front end pays). The game names its unit of play in
// game.lua (`bench_unit = {event = "beat.start", name = "beat"}`) for the per-unit figure.
#include <chrono>
#include <filesystem>
#include <iostream>

#include "cli.h"
#include "lua/host.h"
#include "lua/match_runner.h"
#include "scenario/scenario.h"

namespace duelbox::cli {

namespace {

struct BenchFigures {
    int matches = 0, failed = 0;
    std::size_t events = 0, units = 0;
    double seconds = 0;
};

BenchFigures bench(LuaHost& host, const Scenario& base, int matches, std::uint64_t seed, bool narrate,
                   const std::string& unit_event, std::string& first_error) {
    BenchFigures f;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < matches; ++i) {
        Scenario s = base;
        s.seed = seed + static_cast<std::uint64_t>(i);
        s.decisions.clear();
        s.stop = StopAt{};
        for (auto& seat : s.seats) seat.agent = "random";
        MatchRunner runner(host, s);
        std::size_t chars = 0;
        if (narrate)
            runner.set_event_observer([&](const Match& m, const Event& e) { chars += m.narrate(e, EventLog::kObserver).size(); });
        const RunState end = runner.run();
        ++f.matches;
        if (end != RunState::Finished) {
            ++f.failed;
            if (first_error.empty()) first_error = "seed " + std::to_string(s.seed) + ": " + runner.error();
        }
        for (const Event& e : runner.match().log().events())
            if (e.type == unit_event) ++f.units;
        f.events += runner.match().log().size();
        (void)chars;
    }
    f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return f;
}

void print(const char* label, const BenchFigures& f, const std::string& unit) {
    std::cout << label << ": " << f.matches << " matches in " << f.seconds << " s = " << (f.matches / f.seconds)
              << " matches/s, " << (f.seconds * 1e6 / static_cast<double>(std::max<std::size_t>(f.events, 1)))
              << " us/event";
    if (f.units > 0)
        std::cout << ", " << (f.seconds * 1e6 / static_cast<double>(f.units)) << " us/" << unit << " ("
                  << f.units << " " << unit << "s)";
    std::cout << ", " << f.failed << " failed\n";
}

}  // namespace

int bench_command(const std::vector<std::string>& args) {
    std::string target;
    int matches = 200;
    std::uint64_t seed = 1;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--matches" && i + 1 < args.size()) matches = std::max(1, std::atoi(args[++i].c_str()));
        else if (args[i] == "--seed" && i + 1 < args.size()) seed = std::strtoull(args[++i].c_str(), nullptr, 10);
        else if (!args[i].empty() && args[i][0] != '-' && target.empty()) target = args[i];
        else {
            std::cerr << "duelbox bench: unexpected argument " << args[i] << "\n";
            return kUsage;
        }
    }
    if (target.empty()) {
        std::cerr << "duelbox bench: name a game (examples/<game>/bench.json) or a scenario file\n";
        return kUsage;
    }
    const std::string root = DUELBOX_SOURCE_ROOT;
    const std::string file = std::filesystem::exists(target) ? target : root + "/examples/" + target + "/bench.json";
    Scenario base;
    try {
        base = load_scenario(file, root);
    } catch (const ScenarioError& e) {
        std::cerr << e.what() << "\n";
        return kBadInput;
    }
    LuaHost host(base.limits);
    std::vector<std::string> errors;
    if (!host.load_game(base.root, base.game, errors)) {
        for (const auto& e : errors) std::cerr << e << "\n";
        return kBadInput;
    }
    std::string unit_event, unit = "unit";
    lua_State* L = host.state();
    host.push_game(L);
    if (lua_getfield(L, -1, "bench_unit") == LUA_TTABLE) {
        if (lua_getfield(L, -1, "event") == LUA_TSTRING) unit_event = lua_tostring(L, -1);
        if (lua_getfield(L, -2, "name") == LUA_TSTRING) unit = lua_tostring(L, -1);
        lua_pop(L, 2);
    }
    lua_pop(L, 2);
    std::cout << "command: duelbox bench " << target << " --matches " << matches << " --seed " << seed << "\n";
    std::string first_error;
    print("narration off", bench(host, base, matches, seed, false, unit_event, first_error), unit);
    print("narration on ", bench(host, base, matches, seed, true, unit_event, first_error), unit);
    if (!first_error.empty()) {
        std::cerr << "first failure: " << first_error << "\n";
        return kFailed;
    }
    return kOk;
}

}  // namespace duelbox::cli
